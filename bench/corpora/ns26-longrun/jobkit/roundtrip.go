package jobkit

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func CanElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

func Answer(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok || res == nil {
		return nil, false
	}
	return res, true
}

func ConfirmRoundTrip(req *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

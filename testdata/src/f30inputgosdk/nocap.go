package f30inputgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// noCapFallsThrough: with no answer and no capability, the handler falls
// through into the wipe (issue 36 §2).
func noCapFallsThrough(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	record("wipe") // want `noCapFallsThrough reaches record\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// noCapRefuses: with no capability, it refuses: right.
func noCapRefuses(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
		}
		return text("cannot confirm"), nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	record("wipe")
	return text("wiped"), nil
}

// canAsk is a capability test written as a helper.
func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// noCapHelperFallsThrough: the same through the helper: what the client
// declared decides, not an operator.
func noCapHelperFallsThrough(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if canAsk(req) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	record("wipe") // want `noCapHelperFallsThrough reaches record\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// noCapHelperRefuses: near miss, it refuses when the client cannot be
// asked.
func noCapHelperRefuses(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return text("cannot confirm"), nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	record("wipe")
	return text("wiped"), nil
}

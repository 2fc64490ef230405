package missingmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// canElicit tests this request's capabilities.
func canElicit(ctx context.Context) bool {
	info := server.RequestProtocolInfoFromContext(ctx)
	return info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
}

// quiesce asks in the case where the client can be asked; the next case,
// reached only when it cannot, fails.
func quiesce(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "quiesce")
	switch {
	case res == nil && canElicit(ctx):
		return server.NewInputRequestBuilder("").Elicit("quiesce", confirm).ToolResult(), nil
	case res == nil:
		return mcp.NewToolResultError("quiescing needs a client that can ask"), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// isErrorResult: a result literal that reports an error fails the call.
func isErrorResult(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return server.NewInputRequestBuilder("").Elicit("scale", confirm).ToolResult(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "scale")
	if res == nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent("no answer to scale")}}, nil // want `the call fails here when the answer to "scale" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// readTwice: the second read comes after a branch that leaves whenever
// the answer is missing, so its nil is an answer of another kind.
func readTwice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 {
		return server.NewInputRequestBuilder("").Elicit("rollback", confirm).ToolResult(), nil
	}
	if _, ok := server.InputResponse(req.Params.InputResponses, "rollback"); !ok {
		return mcp.NewToolResultError("no answer to rollback"), nil // want `the call fails here when the answer to "rollback" is missing.*\(round-trip\)`
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "rollback")
	if res == nil {
		return mcp.NewToolResultError("the answer to rollback is not an elicitation result"), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// askFor files the request on a builder under the key it is given.
func askFor(key, msg string) *mcp.CallToolResult { // want askFor:`elicitWrapper\(1:Message\) mode=form`
	return server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: map[string]any{"type": "object"}}).ToolResult()
}

// restartNode asks through askFor, then fails on the missing answer in a
// closure handler.
func restartNode() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if len(req.Params.InputResponses) == 0 {
			if !canElicit(ctx) {
				return mcp.NewToolResultError("needs a client that can ask"), nil
			}
			return askFor("restart", "Restart the node?"), nil
		}
		res := server.ElicitationResponse(req.Params.InputResponses, "restart")
		if res == nil {
			return mcp.NewToolResultError("no answer to restart"), nil // want `the call fails here when the answer to "restart" is missing.*\(round-trip\)`
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}

// publish reads in the switch's init, asks when nothing was answered, and
// fails when something else was.
func publish(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch res := server.ElicitationResponse(req.Params.InputResponses, "publish"); {
	case res == nil && len(req.Params.InputResponses) == 0:
		return server.NewInputRequestBuilder("").Elicit("publish", confirm).ToolResult(), nil
	case res == nil:
		return &mcp.CallToolResult{IsError: true}, nil // want `the call fails here when the answer to "publish" is missing.*\(round-trip\)`
	default:
		return mcp.NewToolResultText(string(res.Action)), nil
	}
}

// rollbackDeploy asks only on the first round, inside the branch.
func rollbackDeploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "rollback_deploy")
	if res == nil {
		if req.Params.RequestState == "" {
			return server.NewInputRequestBuilder("asked").Elicit("rollback_deploy", confirm).ToolResult(), nil
		}
		return nil, errors.New("rollback not confirmed") // want `the call fails here when the answer to "rollback_deploy" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

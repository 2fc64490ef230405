package countedanswers

import (
	"context"

	"example.com/asklib"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The requests are handed to a result builder of another package: the
// handler asks all the same, and goes ahead on any answer.
func builtPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if len(req.Params.InputResponses) > 0 { // want `the handler goes ahead when req.Params.InputResponses carries any answer, and reads none.*\(round-trip\)`
		wipe()
		return &mcp.GetPromptResult{Description: "wiped"}, nil
	}
	return asklib.AskPrompt(mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}), nil
}

// The same in mcp-go, the requests made in a variable first.
func builtMCPGo(ctx context.Context, request mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	reqs := mcpgo.InputRequests{"wipe": mcpgo.NewElicitationInputRequest(mcpgo.ElicitationParams{Message: "Wipe?", RequestedSchema: confirm})}
	if len(request.Params.InputResponses) == 0 { // want `goes ahead when request.Params.InputResponses carries any answer.*\(round-trip\)`
		return asklib.AskAgain(reqs), nil
	}
	wipe()
	return mcpgo.NewToolResultText("wiped"), nil
}

// Near misses: the same builders, the answer read by its key.
func builtThenRead(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return asklib.AskTool(mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}, ""), nil, nil
	}
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		return asklib.AskTool(mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirm}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		wipe()
		return done("wiped"), nil, nil
	case "decline", "cancel":
		return done("kept"), nil, nil
	}
	return done("kept"), nil, nil
}

// The answered side only replies: nothing goes ahead.
func builtOnlyReplies(ctx context.Context, request mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if len(request.Params.InputResponses) > 0 {
		return mcpgo.NewToolResultText("thanks"), nil
	}
	return asklib.AskAgain(mcpgo.InputRequests{"note": mcpgo.NewElicitationInputRequest(mcpgo.ElicitationParams{Message: "A note?", RequestedSchema: confirm})}), nil // want `request "note" is never read from InputResponses.*\(round-trip\)`
}

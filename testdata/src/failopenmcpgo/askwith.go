package failopenmcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A call whose result only goes into the question prepares the question.

type flowIDs interface{ Next() string }

type linker struct {
	ids     flowIDs
	started map[string]bool
}

func (l *linker) link(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "link")
	if res == nil {
		id := l.ids.Next()
		return server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Link the account.", URL: fmt.Sprintf("https://auth.example.com/link/%s", id), ElicitationID: id}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		id := l.ids.Next()
		return server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Open the page again.", URL: "https://auth.example.com/link/" + id, ElicitationID: id}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("not linked"), nil
	}
	return mcp.NewToolResultError("unknown answer"), nil
}

// linkStarted is its near miss: the id also marks a sign-in as started,
// on the first call as on accept.
func (l *linker) linkStarted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "link")
	if res == nil {
		id := l.ids.Next() // want `linkStarted calls l.ids.Next\(\) when InputResponses has no answer "link", as it does when the user accepts.*\(fail-open\)`
		l.started[id] = true
		return server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Link the account.", URL: "https://auth.example.com/link/" + id, ElicitationID: id}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		id := l.ids.Next()
		l.started[id] = true
		return mcp.NewToolResultText("linked " + id), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("not linked"), nil
	}
	return mcp.NewToolResultError("unknown answer"), nil
}

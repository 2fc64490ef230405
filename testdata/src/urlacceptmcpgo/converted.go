package urlacceptmcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// choice is the project's own type for an answer's action.
type choice string

const (
	choiceAccept  choice = "accept"
	choiceDecline choice = "decline"
	choiceCancel  choice = "cancel"
)

func settleRequest() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("settle", mcp.ElicitationParams{Mode: mcp.ElicitationModeURL, Message: "Settle the invoice", URL: "https://billing.example.com/settle", ElicitationID: "settle-1"}).ToolResult()
}

// settle switches on the action converted to the project's type.
func settle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "settle")
	if res == nil {
		return settleRequest(), nil
	}
	switch choice(res.Action) {
	case choiceAccept: // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return mcp.NewToolResultText("Payment complete"), nil
	case choiceDecline, choiceCancel:
		return mcp.NewToolResultText("Invoice left open"), nil
	default:
		return nil, fmt.Errorf("unknown action %q", res.Action)
	}
}

// settleByVar keeps the converted action in a variable, and leaves unless
// it is accept.
func settleByVar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "settle")
	if res == nil {
		return settleRequest(), nil
	}
	c := choice(res.Action)
	if c != choiceAccept { // want `a url-mode accept means only that the user agreed to open the URL.*\(mode\)`
		return mcp.NewToolResultText("Invoice left open"), nil
	}
	return mcp.NewToolResultText("Payment complete"), nil
}

// Near misses.

// settleChecked converts the action too, but looks at its record first.
func (a *app) settleChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "settle")
	if res == nil {
		return settleRequest(), nil
	}
	switch choice(res.Action) {
	case choiceAccept:
		if !a.paid["settle-1"] {
			return mcp.NewToolResultText("Waiting for the bank; call again soon"), nil
		}
		return mcp.NewToolResultText("Payment complete"), nil
	case choiceDecline, choiceCancel:
		return mcp.NewToolResultText("Invoice left open"), nil
	default:
		return nil, fmt.Errorf("unknown action %q", res.Action)
	}
}

// settleByOtherVar keeps the action in a variable that may also hold
// something else: it is not the action alone.
func settleByOtherVar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "settle")
	if res == nil {
		return settleRequest(), nil
	}
	c := choice(res.Action)
	if req.GetBool("force", false) {
		c = choiceAccept
	}
	if c != choiceAccept {
		return mcp.NewToolResultText("Invoice left open"), nil
	}
	return mcp.NewToolResultText("Payment complete"), nil
}

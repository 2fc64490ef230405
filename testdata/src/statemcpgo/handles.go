package statemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A variable that holds the state, given the server's value before its
// use (see stategosdk/handles.go).

var tickets = map[string]string{}

func openTicket(what string) string {
	id := "t-" + what
	tickets[id] = what
	return id
}

func awaitTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ticket := request.Params.RequestState
	if ticket == "" {
		ticket = openTicket(request.GetString("what", ""))
		return mcp.NewToolResultText("opened " + ticket), nil
	}
	if server.ElicitationResponse(request.Params.InputResponses, "close") == nil {
		return server.NewInputRequestBuilder(ticket).Elicit("close", confirm).ToolResult(), nil
	}
	return mcp.NewToolResultText("closed"), nil
}

package f30gatemcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// codeError is an error that carries a JSON-RPC code.
type codeError struct{ code int }

func (e codeError) Error() string { return "code error" }

// allowWithoutMethod goes ahead when the client has no such method: a
// test of the request's error through errors.As (issue 36 §2).
func allowWithoutMethod(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: confirmSchema}})
	if err != nil {
		var ce codeError
		if errors.As(err, &ce) && ce.code == -32601 {
			return true // want `allowWithoutMethod returns true when MCPServer.RequestElicitation fails.*\(fail-open\)`
		}
		return false
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}

// denyWithoutMethod refuses: right.
func denyWithoutMethod(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: confirmSchema}})
	if err != nil {
		var ce codeError
		if errors.As(err, &ce) && ce.code == -32601 {
			return false
		}
		return false
	}
	return res.Action == mcp.ElicitationResponseActionAccept
}

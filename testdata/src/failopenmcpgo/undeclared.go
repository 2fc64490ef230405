package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Gates that go ahead where the client did not declare elicitation: such
// a client cannot be asked, so it skips the question.

var errNoDialog = errors.New("this client cannot confirm")

// declaredElicitation reads what the client declared at initialize.
func declaredElicitation(ctx context.Context) bool {
	s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
	if !ok {
		return false
	}
	return s.GetClientCapabilities().Elicitation != nil
}

// allowDeclared is an error gate: nil is go ahead.
func allowDeclared(ctx context.Context, s *server.MCPServer) error {
	if !declaredElicitation(ctx) {
		return nil // want `allowDeclared returns a nil error when the client did not declare elicitation, as it does when the user accepts: the question cannot be asked there.*\(fail-open\)`
	}
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	}
	return errors.New("cancelled")
}

// allowDeclaredClosed is its near miss.
func allowDeclaredClosed(ctx context.Context, s *server.MCPServer) error {
	if !declaredElicitation(ctx) {
		return errNoDialog
	}
	res, err := s.RequestElicitation(ctx, request("Go ahead?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	}
	return errors.New("cancelled")
}

// reloadDeclared asks only where it can, in a handler.
func reloadDeclared(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if declared := declaredElicitation(ctx); declared {
			res, err := s.RequestElicitation(ctx, request("Reload?"))
			if err != nil {
				return nil, err
			}
			if res.Action == mcp.ElicitationResponseActionDecline {
				return mcp.NewToolResultText("not reloaded"), nil
			}
			if res.Action == mcp.ElicitationResponseActionCancel {
				return mcp.NewToolResultText("cancelled"), nil
			}
		}
		reload(ctx, 1) // want `the function literal reaches reload\(...\) when the client did not declare elicitation.*\(fail-open\)`
		return mcp.NewToolResultText("reloaded"), nil
	}
}

// reloadDeclaredClosed is its near miss.
func reloadDeclaredClosed(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if declared := declaredElicitation(ctx); !declared {
			return mcp.NewToolResultError("this tool needs a client that can confirm"), nil
		}
		res, err := s.RequestElicitation(ctx, request("Reload?"))
		if err != nil {
			return nil, err
		}
		if res.Action == mcp.ElicitationResponseActionDecline {
			return mcp.NewToolResultText("not reloaded"), nil
		}
		if res.Action == mcp.ElicitationResponseActionCancel {
			return mcp.NewToolResultText("cancelled"), nil
		}
		reload(ctx, 1)
		return mcp.NewToolResultText("reloaded"), nil
	}
}

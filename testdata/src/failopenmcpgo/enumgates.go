package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A gate that returns an int enum of the project's (see failopengosdk).

type decision int

const (
	decisionDeny decision = iota
	decisionAllow
)

func decide(ctx context.Context, s *server.MCPServer) (decision, error) {
	res, err := s.RequestElicitation(ctx, request("Allow?"))
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return decisionAllow, nil // want `decide returns decisionAllow when MCPServer.RequestElicitation fails with server.ErrElicitationNotSupported, as it does when the user accepts.*\(fail-open\)`
	}
	if err != nil {
		return decisionDeny, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return decisionAllow, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return decisionDeny, nil
	}
	return decisionDeny, errDeclined
}

// decideClosed is its near miss.
func decideClosed(ctx context.Context, s *server.MCPServer) (decision, error) {
	res, err := s.RequestElicitation(ctx, request("Allow?"))
	if err != nil {
		return decisionDeny, err
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		return decisionAllow, nil
	}
	return decisionDeny, nil
}

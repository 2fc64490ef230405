// Package elicitid checks that url-mode elicitation IDs are generated per
// call rather than fixed strings shared by every request.
package elicitid

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

const flowID = "oauth-flow"

func ConstantInParams(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Connect your GitHub account.",
			URL:           "https://github.example.com/login/oauth/authorize",
			ElicitationID: "oauth-flow", // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// ConstantArgument passes the ID as RequestURLElicitation's third argument.
func ConstantArgument(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx),
		flowID, // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
		"https://github.example.com/login/oauth/authorize",
		"Connect your GitHub account.",
	)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func ConstantInRequiredError(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, mcp.URLElicitationRequiredError{
		Elicitations: []mcp.ElicitationParams{{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Connect your GitHub account first.",
			URL:           "https://github.example.com/login/oauth/authorize",
			ElicitationID: "oauth-flow", // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
		}},
	}
}

func RandomIDOK(ctx context.Context, s *server.MCPServer) error {
	id := rand.Text()
	session := server.ClientSessionFromContext(ctx)
	res, err := s.RequestURLElicitation(ctx, session, id,
		"https://github.example.com/login/oauth/authorize?state="+id,
		"Connect your GitHub account.")
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return s.SendElicitationComplete(ctx, session, id)
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func PerOrderIDOK(ctx context.Context, s *server.MCPServer, orderID int) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Pay for your order on the checkout page.",
			URL:           fmt.Sprintf("https://pay.example.com/orders/%d", orderID),
			ElicitationID: fmt.Sprintf("order-%d", orderID),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// Package content checks that mcp-go handlers read the elicitation Content
// only once the action is known to be "accept".
package content

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

var guestSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name":   map[string]any{"type": "string", "minLength": 1},
		"guests": map[string]any{"type": "integer", "minimum": 1, "maximum": 12},
	},
	"required": []string{"name", "guests"},
}

func ask(msg string) mcp.ElicitationRequest { // want ask:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: msg, RequestedSchema: guestSchema},
	}
}

func ReadBeforeAction(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, ask("Who is the table for?"))
	if err != nil {
		return "", err
	}
	data, _ := res.Content.(map[string]any) // want `Content is read before the action is known to be "accept".*\(content\)`
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return fmt.Sprintf("table for %v", data["name"]), nil
	case mcp.ElicitationResponseActionDecline:
		return "", errDeclined
	case mcp.ElicitationResponseActionCancel:
		return "", errCanceled
	}
	return "", nil
}

func LoggedBeforeAction(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, ask("Who is the table for?"))
	if err != nil {
		return err
	}
	log.Printf("elicitation answer: %v", res.Content) // want `Content is read before the action is known to be "accept".*\(content\)`
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

func ReadInAcceptCaseOK(ctx context.Context, s *server.MCPServer) (string, error) {
	res, err := s.RequestElicitation(ctx, ask("Who is the table for?"))
	if err != nil {
		return "", err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return "", fmt.Errorf("unexpected content %T", res.Content)
		}
		return fmt.Sprintf("table for %v (%v)", data["name"], data["guests"]), nil
	case mcp.ElicitationResponseActionDecline:
		return "", errDeclined
	case mcp.ElicitationResponseActionCancel:
		return "", errCanceled
	}
	return "", nil
}

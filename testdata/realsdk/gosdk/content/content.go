// Package content checks that go-sdk handlers read ElicitResult.Content only
// once the action is known to be "accept".
package content

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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

func ReadBeforeAction(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the table for?",
		RequestedSchema: guestSchema,
	})
	if err != nil {
		return "", err
	}
	name, _ := res.Content["name"].(string) // want `Content is read before the action is known to be "accept".*\(content\)`
	switch res.Action {
	case "accept":
		return "table for " + name, nil
	case "decline":
		return "", errDeclined
	case "cancel":
		return "", errCanceled
	}
	return "", nil
}

func LoggedBeforeAction(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the table for?",
		RequestedSchema: guestSchema,
	})
	if err != nil {
		return err
	}
	log.Printf("elicitation answer: %v", res.Content) // want `Content is read before the action is known to be "accept".*\(content\)`
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func ReadInAcceptCaseOK(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the table for?",
		RequestedSchema: guestSchema,
	})
	if err != nil {
		return "", err
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["name"].(string)
		guests, _ := res.Content["guests"].(float64)
		return fmt.Sprintf("table for %s (%d)", name, int(guests)), nil
	case "decline":
		return "", errDeclined
	case "cancel":
		return "", errCanceled
	}
	return "", nil
}

func ReadInAcceptBranchOK(ctx context.Context, req *mcp.CallToolRequest) (string, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the table for?",
		RequestedSchema: guestSchema,
	})
	if err != nil {
		return "", err
	}
	if res.Action == "accept" {
		name, _ := res.Content["name"].(string)
		return "table for " + name, nil
	} else if res.Action == "decline" {
		return "", errDeclined
	} else if res.Action == "cancel" {
		return "", errCanceled
	}
	return "", nil
}

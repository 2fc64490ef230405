package content

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var p = &sdk.ElicitParams{Message: "Go ahead?"}

func beforeCheck(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	name := res.Content["name"] // want `res.Content is read before the action is known to be "accept".*\(content\)`
	switch res.Action {
	case "accept":
		fmt.Println(name)
	case "decline":
	case "cancel":
	}
	return nil
}

func inAcceptCase(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "accept":
		fmt.Println(res.Content["name"])
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	return nil
}

func afterNotAcceptReturn(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" {
		return errors.New("declined")
	}
	if res.Action != "accept" {
		return errors.New("cancelled")
	}
	for k, v := range res.Content {
		fmt.Println(k, v)
	}
	return nil
}

func inDeclineBranch(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "accept":
	case "decline":
		fmt.Println(res.Content) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	case "cancel":
	}
	return nil
}

func nilCheck(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Content == nil {
		return errors.New("no content")
	}
	switch res.Action { // names every action: handled
	case "accept", "decline", "cancel":
	}
	return nil
}

func accepted(r *sdk.ElicitResult) bool { return r.Action == "accept" } // want accepted:`readsAction\(0\)` `only checked for "accept".*\(actions\)`

func helperGuard(ctx context.Context, ss *sdk.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	if accepted(res) {
		fmt.Println(res.Content["x"]) // a guard we cannot read: silent
	}
}

var req = mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "m", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}

func mcpgoBefore(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return err
	}
	data, _ := res.Content.(map[string]any)                // want `res.Content is read before the action is known to be "accept".*\(content\)`
	if res.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		return errors.New("no")
	}
	fmt.Println(data)
	return nil
}

func mcpgoGuarded(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return errors.New("bad content")
		}
		fmt.Println(data["name"])
	case mcp.ElicitationResponseActionDecline:
		return errors.New("declined")
	case mcp.ElicitationResponseActionCancel:
		return errors.New("cancelled")
	}
	return nil
}

func mcpgoAndGuard(ctx context.Context, s *server.MCPServer) {
	res, _ := s.RequestElicitation(ctx, req)
	if res.Action == mcp.ElicitationResponseActionAccept && res.Content != nil {
		fmt.Println(res.ElicitationResponse.Content)
	} else if res.Action == mcp.ElicitationResponseActionDecline {
	} else if res.Action == mcp.ElicitationResponseActionCancel {
	}
}

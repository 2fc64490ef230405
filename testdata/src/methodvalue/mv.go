// Package methodvalue makes direct requests through method values: the
// SDK's method held in a local variable and called later (issue #36). Each
// is the same request as the method's own call.
package methodvalue

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirm = map[string]any{"type": "object", "properties": map[string]any{"reason": map[string]any{"type": "string"}}}

func decide(action string) error {
	switch action {
	case "accept":
		return nil
	case "decline":
		return errors.New("declined")
	case "cancel":
		return errors.New("cancelled")
	}
	return errors.New("unknown action")
}

func drop(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ask := req.Session.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{Message: "Drop the table?", RequestedSchema: confirm}) // want `ServerSession\.Elicit, called through the method value ask, fails with "cannot be sent while serving a request on protocol version 2026-07-28".*no automatic fix: the request is made through the method value ask, and the fix rewrites only calls of the SDK's own methods.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, decide(string(res.Action))
}

func summarise(ctx context.Context, ss *mcp.ServerSession) error {
	sample := ss.CreateMessage
	_, err := sample(ctx, &mcp.CreateMessageParams{MaxTokens: 10}) // want `ServerSession\.CreateMessage, called through the method value sample,.*\(round-trip\)`
	return err
}

func close(ctx context.Context, s *server.MCPServer) error {
	elicit := s.RequestElicitation
	res, err := elicit(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: "Close the store?", RequestedSchema: confirm}}) // want `MCPServer\.RequestElicitation, called through the method value elicit, returns ErrServerInitiatedRequestUnsupported.*\(round-trip\)`
	if err != nil {
		return err
	}
	return decide(string(res.Action))
}

// Near misses.

type asker struct{}

func (asker) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "decline"}, nil
}

// The method value of a project type: not the SDK's request.
func project(ctx context.Context) error {
	ask := asker{}.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	return decide(string(res.Action))
}

// A variable assigned twice: which function it holds is not known here.
func reassigned(ctx context.Context, ss *mcp.ServerSession, fake bool) error {
	ask := ss.Elicit
	if fake {
		ask = asker{}.Elicit
	}
	res, err := ask(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	return decide(string(res.Action))
}

// A function literal, not a method value.
func literal(ctx context.Context) error {
	ask := func(ctx context.Context, p *mcp.ElicitParams) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "cancel"}, nil
	}
	res, err := ask(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	return decide(string(res.Action))
}

var _ = []any{drop, summarise, close, project, reassigned, literal}

// The method expression held in a variable takes the session first: the
// same request.
func truncate(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ask := (*mcp.ServerSession).Elicit
	res, err := ask(req.Session, ctx, &mcp.ElicitParams{Message: "Truncate the table?", RequestedSchema: confirm}) // want `ServerSession\.Elicit, called through the method expression ask, fails with.*no automatic fix: the request is made through the method expression ask, and the fix rewrites only calls of the SDK's own methods.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, decide(string(res.Action))
}

// The method expression called where it is written is the SDK's own call.
func vacuum(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := (*mcp.ServerSession).Elicit(req.Session, ctx, &mcp.ElicitParams{Message: "Vacuum the table?", RequestedSchema: confirm}) // want `ServerSession\.Elicit fails with.*no automatic fix: the request's arguments are not \(ctx, params\).*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, decide(string(res.Action))
}

// A method expression of a type of yours is not a request.
type fakeSession struct{}

func (fakeSession) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "decline"}, nil
}

func rehearse(ctx context.Context) error {
	ask := fakeSession.Elicit
	res, err := ask(fakeSession{}, ctx, &mcp.ElicitParams{Message: "Rehearse?", RequestedSchema: confirm})
	if err != nil {
		return err
	}
	return decide(string(res.Action))
}

package ifacemcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Near misses: the session's own RequestElicitation (an SDK interface,
// not the package's), and a project type that answers by itself.

type sessionAsker interface {
	RequestElicitation(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

func fromSession(ctx context.Context) sessionAsker {
	s, _ := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	return s
}

type autoApprove struct{}

func (autoApprove) RequestElicitation(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept}}, nil
}

type approver interface {
	RequestElicitation(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

func pickApprover(s *server.MCPServer, auto bool) approver {
	if auto {
		return autoApprove{}
	}
	return s
}

func approve(ctx context.Context, a approver, b sessionAsker) bool {
	for _, x := range []interface {
		RequestElicitation(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
	}{a, b} {
		res, err := x.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve?", RequestedSchema: schema}}) // want `asks for "ok", a box the user ticks.*\(content-schema\)`
		if err != nil || res.Action != mcp.ElicitationResponseActionAccept {                                                                       // want `elicitation result is only checked for "accept".*\(actions\)`
			return false
		}
	}
	res, err := a.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve?", RequestedSchema: schema}}) // want `asks for "ok", a box the user ticks.*\(content-schema\)`
	if err != nil || res.Action != mcp.ElicitationResponseActionAccept {                                                                       // want `elicitation result is only checked for "accept".*\(actions\)`
		return false
	}
	res, err = b.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve?", RequestedSchema: schema}}) // want `asks for "ok", a box the user ticks.*\(content-schema\)`
	return err == nil && res.Action == mcp.ElicitationResponseActionAccept
}

var nearMisses = []any{fromSession, pickApprover, approve}

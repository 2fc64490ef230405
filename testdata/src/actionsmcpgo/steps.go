package actionsmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A helper that takes the answer on and decides what each action does.

type wizard struct{ done, refused bool }

// apply names accept and decline: cancel falls to the code after, which
// accept's case reaches too.
func (w *wizard) apply(res *mcp.ElicitationResult) { // want apply:`readsAction\(0\)`
	switch res.Action { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case mcp.ElicitationResponseActionAccept:
	case mcp.ElicitationResponseActionDecline:
		w.refused = true
		return
	}
	w.done = true
}

func runWizard(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return false
	}
	w := &wizard{}
	w.apply(res)
	return w.done
}

// applyAll is its near miss: each action has its case.
func (w *wizard) applyAll(res *mcp.ElicitationResult) { // want applyAll:`handlesResult\(0\)`
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		w.done = true
	case mcp.ElicitationResponseActionDecline:
		w.refused = true
	case mcp.ElicitationResponseActionCancel:
	}
}

func runWizardAll(ctx context.Context, s *server.MCPServer) bool {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return false
	}
	w := &wizard{}
	w.applyAll(res)
	return w.done
}

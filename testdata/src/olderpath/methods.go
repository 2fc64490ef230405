package olderpath

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Service is exported and made anywhere: its methods are read by their
// calls instead.
type Service struct{ Store map[string]bool }

// askLegacy is an unexported method called only under a version test:
// its direct request is made only on older protocols.
func (s *Service) askLegacy(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Charge?"})
	return err == nil && res.Action == "accept"
}

func (s *Service) Charge(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		if !s.askLegacy(ctx, req.Session) {
			return nil, nil, errors.New("not charged")
		}
		s.Store["charged"] = true
		return &mcp.CallToolResult{}, nil, nil
	}
	if r, ok := req.Params.InputResponses["charge"].(*mcp.ElicitResult); ok && r.Action == "accept" {
		s.Store["charged"] = true
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"charge": &mcp.ElicitParams{Message: "Charge?"}}}, nil, nil
}

// asker names askAnywhere, so that it may be called through the
// interface from anywhere.
type asker interface {
	askAnywhere(ctx context.Context, ss *mcp.ServerSession) bool
}

// askAnywhere's only direct call is under the version test, but an
// interface of the package names it: reported.
func (s *Service) askAnywhere(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Refund?"}) // want `ServerSession.Elicit fails .*\(round-trip\)`
	return err == nil && res.Action == "accept"
}

var _ asker = (*Service)(nil)

func (s *Service) Refund(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		if !s.askAnywhere(ctx, req.Session) {
			return nil, nil, errors.New("not refunded")
		}
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, errors.New("refunds need an older client")
}

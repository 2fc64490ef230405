// Package unstoppedmcpgo makes mcp-go's direct requests through the
// session interfaces (SessionWithRoots, SessionWithSampling,
// SessionWithElicitation). mcp-go v1.2.1 refuses only MCPServer's own
// requests on 2026-07-28 sessions: these are sent anyway, and a client of
// that version need not answer them.
package unstoppedmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// In the handler, as a comma-ok assertion on the session.
func listRoots(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	rs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultText("no roots"), nil
	}
	roots, err := rs.ListRoots(ctx, mcp.ListRootsRequest{}) // want `SessionWithRoots.ListRoots sends the request even on sessions that negotiate protocol 2026-07-28.*nothing stops it \(the SDK refuses only MCPServer.RequestRoots\).*the call may wait until its context ends.*no automatic fix: the request goes through the session's SessionWithRoots interface.*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(roots.Roots[0].URI), nil
}

// In a helper, in a type switch.
func summarise(ctx context.Context, text string) (string, error) {
	switch s := server.ClientSessionFromContext(ctx).(type) {
	case server.SessionWithSampling:
		res, err := s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 50}}) // want `SessionWithSampling.RequestSampling sends the request even on sessions that negotiate protocol 2026-07-28.*reached from summary.*\(round-trip\)`
		if err != nil {
			return "", err
		}
		return res.Model, nil
	}
	return "", errors.New("no sampling")
}

func summary(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := summarise(ctx, "text")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(out), nil
}

// Through a variable of the interface type.
func confirm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var es server.SessionWithElicitation
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation); ok {
		es = s
	}
	if es == nil {
		return mcp.NewToolResultText("cannot ask"), nil
	}
	res, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go ahead?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `SessionWithElicitation.RequestElicitation sends the request even on sessions that negotiate protocol 2026-07-28.*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("done"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// Near miss: only on sessions of an older protocol.
func olderRoots(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.IsModernRequest(ctx) {
		return mcp.NewToolResultText("pass the paths as arguments"), nil
	}
	rs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultText("no roots"), nil
	}
	roots, err := rs.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(roots.Roots[0].URI), nil
}

// Near miss: the session is tested for the interface, and nothing is
// sent.
func canSample(ctx context.Context) bool {
	_, ok := server.ClientSessionFromContext(ctx).(server.SessionWithSampling)
	return ok
}

func Serve() error {
	s := server.NewMCPServer("unstopped", "1")
	s.AddTool(mcp.NewTool("roots"), listRoots)
	s.AddTool(mcp.NewTool("summary"), summary)
	s.AddTool(mcp.NewTool("confirm"), confirm)
	s.AddTool(mcp.NewTool("older"), olderRoots)
	_ = canSample
	return server.ServeStdio(s)
}

// Package modepathmcpgo: the mode check decides per path (issue 30 §3).
// Fields set on exclusive branches (url mode with its URL on one, form with
// its schema on the other) are not a mixed request; a mix on one path stays
// reported. mcp-go.
package modepathmcpgo

import (
	"context"
	"crypto/rand"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// The mode on both branches, url last.
func exclusive(ctx context.Context, s *server.MCPServer, useURL bool) {
	p := mcp.ElicitationParams{Message: "Connect"}
	if !useURL {
		p.Mode = mcp.ElicitationModeForm
		p.RequestedSchema = schema
	} else {
		id := rand.Text()
		p.Mode = mcp.ElicitationModeURL
		p.URL = "https://example.com/connect?id=" + id
		p.ElicitationID = id
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

// The mode on both branches, form last.
func exclusiveFormLast(ctx context.Context, s *server.MCPServer, useURL bool) {
	p := mcp.ElicitationParams{Message: "Connect"}
	if useURL {
		id := rand.Text()
		p.Mode = mcp.ElicitationModeURL
		p.URL = "https://example.com/connect?id=" + id
		p.ElicitationID = id
	} else {
		p.Mode = mcp.ElicitationModeForm
		p.RequestedSchema = schema
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

// A switch: the cases are exclusive too.
func exclusiveSwitch(ctx context.Context, s *server.MCPServer, kind string) {
	p := mcp.ElicitationParams{Message: "Connect"}
	switch kind {
	case "url":
		p.Mode = mcp.ElicitationModeURL
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	default:
		p.Mode = mcp.ElicitationModeForm
		p.RequestedSchema = schema
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

// Positive: the mix is on one path.
func mixedOnBranch(ctx context.Context, s *server.MCPServer, useURL bool) {
	p := mcp.ElicitationParams{Message: "Connect", RequestedSchema: schema}
	if useURL {
		p.Mode = mcp.ElicitationModeURL
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
		p.RequestedSchema = schema // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

// Positive: form mode on a branch, a URL set on every path.
func formWithURL(ctx context.Context, s *server.MCPServer, ask bool) {
	p := mcp.ElicitationParams{Message: "Connect", RequestedSchema: schema}
	p.URL = "https://example.com/connect" // want `form-mode elicitation sets URL.*\(mode\)`
	if ask {
		p.Mode = mcp.ElicitationModeForm
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

// Two separate conditions: nothing is said.
func unknownConditions(ctx context.Context, s *server.MCPServer, a, b bool) {
	p := mcp.ElicitationParams{Message: "Connect"}
	if a {
		p.Mode = mcp.ElicitationModeURL
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	}
	if b {
		p.RequestedSchema = schema
	}
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: p})
}

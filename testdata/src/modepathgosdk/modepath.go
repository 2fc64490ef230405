// Package modepathgosdk: the mode check decides per path (issue 30 §3).
// Fields set on exclusive branches (url mode with its URL on one, form with
// its schema on the other) are not a mixed request; a mix on one path stays
// reported. go-sdk.
package modepathgosdk

import (
	"context"
	"crypto/rand"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

// The mode on both branches, url last.
func exclusive(ctx context.Context, ss *mcp.ServerSession, useURL bool) {
	p := &mcp.ElicitParams{Message: "Connect"}
	if !useURL {
		p.Mode = "form"
		p.RequestedSchema = schema
	} else {
		id := rand.Text()
		p.Mode = "url"
		p.URL = "https://example.com/connect?id=" + id
		p.ElicitationID = id
	}
	ss.Elicit(ctx, p)
}

// The mode on both branches, form last.
func exclusiveFormLast(ctx context.Context, ss *mcp.ServerSession, useURL bool) {
	p := &mcp.ElicitParams{Message: "Connect"}
	if useURL {
		id := rand.Text()
		p.Mode = "url"
		p.URL = "https://example.com/connect?id=" + id
		p.ElicitationID = id
	} else {
		p.Mode = "form"
		p.RequestedSchema = schema
	}
	ss.Elicit(ctx, p)
}

// A switch: the cases are exclusive too.
func exclusiveSwitch(ctx context.Context, ss *mcp.ServerSession, kind string) {
	p := &mcp.ElicitParams{Message: "Connect"}
	switch kind {
	case "url":
		p.Mode = "url"
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	default:
		p.Mode = "form"
		p.RequestedSchema = schema
	}
	ss.Elicit(ctx, p)
}

// The mode on one branch only, the schema on the other.
func oneSided(ctx context.Context, ss *mcp.ServerSession, useURL bool) {
	p := &mcp.ElicitParams{Message: "Connect"}
	if useURL {
		p.Mode = "url"
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	} else {
		p.RequestedSchema = schema
	}
	ss.Elicit(ctx, p)
}

// Positive: the mix is on one path.
func mixedOnBranch(ctx context.Context, ss *mcp.ServerSession, useURL bool) {
	p := &mcp.ElicitParams{Message: "Connect"}
	if useURL {
		p.Mode = "url"
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
		p.RequestedSchema = schema // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	}
	ss.Elicit(ctx, p)
}

// Positive: the schema is set on every path, url mode on one.
func mixedWithLiteral(ctx context.Context, ss *mcp.ServerSession, useURL bool) {
	p := &mcp.ElicitParams{Message: "Connect", RequestedSchema: schema} // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	if useURL {
		p.Mode = "url"
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	}
	ss.Elicit(ctx, p)
}

// Positive: form mode on a branch, a URL set on every path.
func formWithURL(ctx context.Context, ss *mcp.ServerSession, ask bool) {
	p := &mcp.ElicitParams{Message: "Connect", RequestedSchema: schema}
	p.URL = "https://example.com/connect" // want `form-mode elicitation sets URL.*\(mode\)`
	if ask {
		p.Mode = "form"
	}
	ss.Elicit(ctx, p)
}

// Two separate conditions: they may or may not exclude each other, so
// nothing is said.
func unknownConditions(ctx context.Context, ss *mcp.ServerSession, a, b bool) {
	p := &mcp.ElicitParams{Message: "Connect"}
	if a {
		p.Mode = "url"
		p.URL = "https://example.com/connect"
		p.ElicitationID = rand.Text()
	}
	if b {
		p.RequestedSchema = schema
	}
	ss.Elicit(ctx, p)
}

// Package ifacegosdk holds direct requests made through interfaces the
// package declares, whose values its own code shows to be go-sdk server
// sessions (issue #30 §2): they are direct requests like session.Elicit,
// and every check reads them so.
package ifacegosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// kubernetes-mcp-server's EULA validator: the session comes out of the
// context under a key, asserted to the package's interface; the package
// shows elsewhere that the key holds a *mcp.ServerSession.

type ctxKey string

const sessionKey ctxKey = "mcp_session"

type elicitor interface { // want elicitor:"sdkValues\\(\\*mcp.ServerSession\\)"
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func getElicitor(ctx context.Context) (elicitor, error) {
	v := ctx.Value(sessionKey)
	if v == nil {
		return nil, errors.New("no session")
	}
	s, ok := v.(elicitor)
	if !ok {
		return nil, errors.New("session does not support elicitation")
	}
	return s, nil
}

func promptForEULA(ctx context.Context) error {
	s, err := getElicitor(ctx)
	if err != nil {
		return err
	}
	res, err := s.Elicit(ctx, &mcp.ElicitParams{Message: "Do you accept the EULA?"}) // want `ServerSession\.Elicit, called through the interface elicitor, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: return the request from the tool, prompt or resource handler that needs the answer, in its result.s InputRequests, .*; no automatic fix: the request is made through the interface elicitor, and the fix rewrites only calls of the SDK's own methods; until it is migrated, pinning the server.*\(round-trip\)`
	if err != nil {
		return err
	}
	if res.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("EULA not accepted")
	}
	return nil
}

// What the key holds, in the package's own words.
func sessionFrom(ctx context.Context) *mcp.ServerSession {
	ss, _ := ctx.Value(sessionKey).(*mcp.ServerSession)
	return ss
}

// A field set from a constructor, asked in a tool handler.

type asker interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

type tools struct {
	ask asker
}

func newTools(ss *mcp.ServerSession) *tools {
	return &tools{ask: ss}
}

func (t *tools) deleteAll(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := t.ask.Elicit(ctx, &mcp.ElicitParams{Message: "Delete everything?"}) // want `ServerSession\.Elicit, called through the interface asker, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: return the request in the result.s InputRequests and read the answer from InputResponses .*; no automatic fix: the request is made through the interface asker, and the fix rewrites only calls of the SDK's own methods; until it is migrated, pinning the server.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "decline" { // want `elicitation result is not handled for "cancel".*\(actions\)`
		return text("kept"), nil, nil
	}
	return text("deleted"), nil, nil
}

// A handler that asks the session directly and through the interface:
// the fix migrates both requests together or neither.
func (t *tools) rename(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	first, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Rename?"}) // want `ServerSession.Elicit fails .*; no automatic fix: the request at line 96: the request is made through the interface asker, and the fix rewrites only calls of the SDK.s own methods;.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	second, err := t.ask.Elicit(ctx, &mcp.ElicitParams{Message: "Really?"}) // want `ServerSession.Elicit, called through the interface asker, fails .*; no automatic fix: the request is made through the interface asker, and.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	switch {
	case first.Action == "accept" && second.Action == "accept":
		return text("renamed"), nil, nil
	case first.Action == "decline" || second.Action == "decline", first.Action == "cancel" || second.Action == "cancel":
	}
	return text("kept"), nil, nil
}

type store struct{}

func (store) Wipe() {}

// Goes ahead when the request fails: on 2026-07-28 sessions, always.
func (t *tools) wipe(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := t.ask.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe the store?", RequestedSchema: confirmSchema}) // want `ServerSession\.Elicit, called through the interface asker, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28.*\(round-trip\)` `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {                                                                                              // want `elicitation result is only checked for "accept".*\(actions\)`
		log.Printf("cannot ask, going ahead: %v", err)
	} else if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	store{}.Wipe() // want `tools.wipe reaches store\{\}.Wipe\(\) when ServerSession.Elicit fails, as only an accepted answer should: on sessions that negotiate protocol 2026-07-28 the direct request always fails.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// Sampling and roots through an interface, the session converted in
// place; the error of the request ignored.

type client interface { // want client:"sdkValues\\(\\*mcp.ServerSession\\)"
	CreateMessage(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error)
	ListRoots(context.Context, *mcp.ListRootsParams) (*mcp.ListRootsResult, error)
}

func summarise(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	c := client(req.Session)
	res, err := c.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10}) // want `ServerSession\.CreateMessage, called through the interface client, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28.*deprecates sampling.*; no automatic fix: the request is made through the interface client, and the fix rewrites only calls of the SDK's own methods; until it is migrated, pinning the server.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	roots, _ := c.ListRoots(ctx, nil) // want `ServerSession\.ListRoots, called through the interface client, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28.*deprecates roots.*\(round-trip\)`
	_ = roots
	tc, _ := res.Content.(*mcp.TextContent)
	return text(tc.Text), nil, nil
}

// Passed as an argument, to a helper two handlers reach; the interface
// embedded in a struct; a project type that embeds the session (its
// Elicit is the session's; asker exports no fact, which names SDK types
// only).

type session struct {
	*mcp.ServerSession
	name string
}

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

type confirmer struct {
	asker
	what string
}

func confirm(ctx context.Context, a asker, what string) (bool, error) {
	c := confirmer{a, what}
	res, err := c.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + what + "?", RequestedSchema: confirmSchema}) // want `ServerSession\.Elicit, called through the interface asker, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28.*; reached from drop, purge; no automatic fix: the request is made through the interface asker, and the fix rewrites only calls of the SDK's own methods; until it is migrated, pinning the server.*\(round-trip\)` `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true, nil // want `confirm returns true when ServerSession.Elicit fails, as it does when the user accepts: on sessions that negotiate protocol 2026-07-28 the direct request always fails.*\(fail-open\)`
	}
	return res.Action == "accept", nil // want `elicitation result is only checked for "accept".*\(actions\)`
}

func drop(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, req.Session, "drop")
	if err != nil || !ok {
		return text("kept"), nil, nil
	}
	store{}.Wipe()
	return text("dropped"), nil, nil
}

func purge(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ok, err := confirm(ctx, session{req.Session, "main"}, "purge")
	if err != nil || !ok {
		return text("kept"), nil, nil
	}
	return text("purged"), nil, nil
}

// A url-mode request through an interface gets the mode check too; the
// compile-time assertion says which type the interface is for.

type urlAsker interface { // want urlAsker:"sdkValues\\(\\*mcp.ServerSession\\)"
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
	ID() string
}

var _ urlAsker = (*mcp.ServerSession)(nil)

func login(ctx context.Context, a urlAsker) error {
	res, err := a.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "Sign in"}) // want `ServerSession\.Elicit, called through the interface urlAsker, fails with "cannot be sent while serving a request on protocol version 2026-07-28" on sessions that negotiate protocol 2026-07-28.*\(round-trip\)` `url-mode elicitation has no ElicitationID.*\(mode\)` `url-mode elicitation has no URL.*\(mode\)`
	if err != nil {
		return err
	}
	if res.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("not signed in")
	}
	return nil
}

var registered = []any{newTools, promptForEULA, sessionFrom, summarise, drop, purge, login}

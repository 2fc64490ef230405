// Package migrateeffects asks after calling a store of another package
// of the module (effectstore): what only reads runs again on the call
// that brings the answer, and the fix names it; what writes keeps the
// direct request, and the reason names the write.
package migrateeffects

import (
	"context"
	"os"
	"regexp"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"effectstore"
)

var confirm = map[string]any{"type": "object", "properties": map[string]any{}}

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

type server struct {
	store  *effectstore.Store
	engine *effectstore.Engine
	root   string
	finder effectstore.Finder
	marker effectstore.Marker
	source effectstore.Source
}

type In struct {
	Name, Token, Path string
}

// A read of another package (a database query), and a map read under a
// lock, before the question: migrated, the query named.
func (h *server) runRule(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rule, err := h.store.Lookup(ctx, in.Name)
	if err != nil {
		return nil, nil, err
	}
	if _, ok := h.store.Get(rule.Name); !ok {
		return reply("no such document"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + rule.Command + "?", RequestedSchema: confirm}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not run"), nil, nil
	}
	return reply("ran " + rule.Command), nil, nil
}

// A helper of another package that only computes, and a file read of the
// standard library: migrated, the file read named.
func (h *server) showFile(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rel, err := effectstore.Clean(h.root, in.Path)
	if err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(rel)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Show " + rel + " (" + string(rune(len(data))) + ")?", RequestedSchema: confirm}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("hidden"), nil, nil
	}
	return reply(string(data)), nil, nil
}

// A call that sounds like a read but consumes a single-use token: run
// again, the retry is denied. Refused, naming the write.
func (h *server) approve(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if !h.engine.Evaluate(in.Token) {
		return reply("denied"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Approve?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.engine.Evaluate\\(in.Token\\)` before the request runs again on the call that brings the answer, and it writes: `delete\\(t.m, tok\\)` in \\(\\*effectstore.Tokens\\).Validate; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not approved"), nil, nil
	}
	return reply("approved"), nil, nil
}

// A write of another package before the question: refused.
func (h *server) save(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	h.store.Put(effectstore.Doc{ID: in.Name})
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Publish?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.store.Put\\(effectstore.Doc\\{ID: in.Name\\}\\)` before the request runs again on the call that brings the answer, and it writes: `s.docs\\[d.ID\\] = d` in \\(\\*effectstore.Store\\).Put; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("draft"), nil, nil
	}
	return reply("published"), nil, nil
}

// A call of a function value: elicitlint cannot see into it. Refused,
// naming the call it cannot see into and the pattern that vouches for
// Apply.
func (h *server) hook(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	effectstore.Apply(func() {})
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `effectstore.Apply\\(func\\(\\) \\{\\}\\)` before the request runs again on the call that brings the answer, and elicitlint cannot see into `f\\(\\)` in effectstore.Apply \\(if it only reads, vouch for it with -replay-safe='effectstore.Apply'\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("stopped"), nil, nil
	}
	return reply("went on"), nil, nil
}

// A call through another package's sealed interface, whose every value
// that package shows only reads: migrated, the call named.
func (h *server) findRule(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rule, err := h.finder.Find(ctx, in.Name)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + rule.Command + "?", RequestedSchema: confirm}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not run"), nil, nil
	}
	return reply("ran " + rule.Command), nil, nil
}

// The same through a sealed interface whose value writes: refused,
// naming the write behind the interface.
func (h *server) mark(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	h.marker.Mark(in.Name)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Mark?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.marker.Mark\\(in.Name\\)` before the request runs again on the call that brings the answer, and it writes: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("unmarked"), nil, nil
	}
	return reply("marked"), nil, nil
}

// An open interface of another package: a value another package puts in
// is not in sight, so the call may write. Refused, naming the pattern
// that vouches for the method.
func (h *server) sourceRule(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rule, err := h.source.Find(ctx, in.Name)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + rule.Command + "?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.source.Find\\(ctx, in.Name\\)` before the request runs again on the call that brings the answer, which elicitlint cannot see into \\(if it only reads, vouch for it with -replay-safe='effectstore.Source.Find'\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not run"), nil, nil
	}
	return reply("ran " + rule.Command), nil, nil
}

// Two calls elicitlint cannot see into on the way: the refusal names
// both, and the one setting that vouches for both, so that the author
// reads every call at once rather than one per run.
func (h *server) sourceTwice(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rule, err := h.source.Find(ctx, in.Name)
	if err != nil {
		return nil, nil, err
	}
	effectstore.Apply(func() {})
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + rule.Command + "?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.source.Find\\(ctx, in.Name\\)` before the request runs again on the call that brings the answer, which elicitlint cannot see into, nor into `effectstore.Apply\\(func\\(\\) \\{\\}\\)` on the same way \\(if they only read, vouch for them with -replay-safe='effectstore.Source.Find,effectstore.Apply'\\); until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not run"), nil, nil
	}
	return reply("ran " + rule.Command), nil, nil
}

// A call elicitlint cannot see into, then a write it sees: vouching would
// not help, so the refusal names the write.
func (h *server) sourceThenMark(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	rule, err := h.source.Find(ctx, in.Name)
	if err != nil {
		return nil, nil, err
	}
	h.marker.Mark(in.Name)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + rule.Command + "?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `h.marker.Mark\\(in.Name\\)` before the request runs again on the call that brings the answer, and it writes: `s.hits\\+\\+` in \\(\\*effectstore.Store\\).Count; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not run"), nil, nil
	}
	return reply("ran " + rule.Command), nil, nil
}

// checker is the package's own interface, unexported and in no exported
// signature: the package shows every value of it (a file check that only
// reads), so a call through it only reads.
type checker interface {
	Check(path string) (bool, error)
}

type fileChecker struct{}

func (fileChecker) Check(path string) (bool, error) {
	_, err := os.Stat(path)
	return err == nil, nil
}

var check checker = fileChecker{}

// Auditor is exported: another package may put a value in.
type Auditor interface {
	Check(path string) (bool, error)
}

var audit Auditor = fileChecker{}

// Through the package's own closed interface: migrated, the call named.
func (h *server) checkFile(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	ok, err := check.Check(in.Path)
	if err != nil || !ok {
		return reply("no such file"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Open " + in.Path + "?", RequestedSchema: confirm}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("closed"), nil, nil
	}
	return reply("opened"), nil, nil
}

// namePattern is compiled once and shared: matching leaves it as it was.
var namePattern = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// A package-level regexp matched before the request: migrated.
func (h *server) validName(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if !namePattern.MatchString(in.Name) {
		return reply("bad name"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Create " + in.Name + "?", RequestedSchema: confirm}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not created"), nil, nil
	}
	return reply("created"), nil, nil
}

// The near miss: Longest changes the shared regexp.
func (h *server) longestName(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	namePattern.Longest()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Create " + in.Name + "?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `namePattern.Longest\\(\\)` before the request runs again on the call that brings the answer; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not created"), nil, nil
	}
	return reply("created"), nil, nil
}

// Through the package's exported interface with the same value: refused.
func (h *server) auditFile(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	ok, err := audit.Check(in.Path)
	if err != nil || !ok {
		return reply("no such file"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Audit " + in.Path + "?", RequestedSchema: confirm}) // want "ServerSession.Elicit fails .*; no automatic fix: `audit.Check\\(in.Path\\)` before the request runs again on the call that brings the answer; until it is migrated, pinning .* \\(round-trip\\)"
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("not audited"), nil, nil
	}
	return reply("audited"), nil, nil
}

func register(s *mcp.Server, h *server) {
	mcp.AddTool(s, &mcp.Tool{Name: "run"}, h.runRule)
	mcp.AddTool(s, &mcp.Tool{Name: "show"}, h.showFile)
	mcp.AddTool(s, &mcp.Tool{Name: "approve"}, h.approve)
	mcp.AddTool(s, &mcp.Tool{Name: "save"}, h.save)
	mcp.AddTool(s, &mcp.Tool{Name: "hook"}, h.hook)
	mcp.AddTool(s, &mcp.Tool{Name: "find"}, h.findRule)
	mcp.AddTool(s, &mcp.Tool{Name: "mark"}, h.mark)
	mcp.AddTool(s, &mcp.Tool{Name: "source"}, h.sourceRule)
	mcp.AddTool(s, &mcp.Tool{Name: "sourcetwice"}, h.sourceTwice)
	mcp.AddTool(s, &mcp.Tool{Name: "sourcemark"}, h.sourceThenMark)
	mcp.AddTool(s, &mcp.Tool{Name: "check"}, h.checkFile)
	mcp.AddTool(s, &mcp.Tool{Name: "valid-name"}, h.validName)
	mcp.AddTool(s, &mcp.Tool{Name: "longest-name"}, h.longestName)
	mcp.AddTool(s, &mcp.Tool{Name: "audit"}, h.auditFile)
}

package migrategosdk

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// The params built in a local variable first.
func localParams(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Delete it?", RequestedSchema: confirmSchema}
	res, err := req.Session.Elicit(ctx, params) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return reply("kept"), nil, nil
	}
	return reply("deleted"), nil, nil
}

type args struct {
	Path string `json:"path"`
}

// Reads of the call before the request, a log line and early returns:
// they run again on the second call, to the same effect (the log line is
// logged twice).
func reads(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err
	}
	path := strings.TrimSpace(a.Path)
	if path == "" {
		log.Printf("no path") // a branch that leaves need not be replay-safe
		return reply("no path"), nil
	}
	log.Printf("asking about %s", path)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + path + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, err
	}
	if res.Action != "accept" {
		return reply("kept"), nil
	}
	return reply("deleted " + path), nil
}

// The request inside a branch, under a replay-safe condition.
func branch(ctx context.Context, req *mcp.CallToolRequest, in args) (*mcp.CallToolResult, any, error) {
	if strings.HasPrefix(in.Path, "/etc") {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Touch /etc?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, nil, err
		}
		if res.Action != "accept" {
			return reply("refused"), nil, nil
		}
	} else if in.Path == "" {
		return reply("nothing"), nil, nil
	}
	return reply("done"), nil, nil
}

// A prompt handler: GetPromptResult carries requests too.
func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which tone?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, err
	}
	return &mcp.GetPromptResult{Description: res.Action}, nil
}

// A resource handler: so does ReadResourceResult.
func resource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	roots, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{}) // want `ServerSession.ListRoots fails .*\(round-trip\)`
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: roots.Roots[0].URI}}}, nil
}

// Two requests that do not depend on each other become one result with
// two keys, sharing one err.
func twoQuestions(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	dates, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		Message:         "Which dates?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	room, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which room?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(dates.Action + room.Action), nil, nil
}

// A second request that depends on the first answer needs RequestState.
func dependent(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	city, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which city?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: the request at line \d+: it depends on the answer of the request at line \d+; ask in steps with RequestState; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	if city.Action != "accept" {
		return reply("no city"), nil, nil
	}
	hotel, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which hotel?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: the request at line \d+: it depends on the answer of the request at line \d+; ask in steps with RequestState; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(hotel.Action), nil, nil
}

// A request in a loop asks a different number of times.
func loop(ctx context.Context, req *mcp.CallToolRequest, in struct{ Files []string }) (*mcp.CallToolResult, any, error) {
	for _, f := range in.Files {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + f + "?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: the request is in a loop; until it is migrated, pinning .* \(round-trip\)`
		if err != nil || res.Action != "accept" {
			return reply("stopped"), nil, nil
		}
	}
	return reply("deleted"), nil, nil
}

// Logging to the client before the request: the client would see it twice.
func notifies(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: "asking"})
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: .req.Session.Log\(ctx, &mcp.LoggingMessageParams\{Level: "in.... before the request runs again on the call that brings the answer; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	return reply(res.Action), nil, nil
}

// The error read again after the check.
func errAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*; no automatic fix: err is read by more than the .if err != nil. right after the request; until it is migrated, pinning .* \(round-trip\)`
	if err != nil {
		log.Print(err)
	}
	if errors.Is(err, context.Canceled) {
		return nil, nil, err
	}
	return reply(res.Action), nil, nil
}

// A comment on a line of its own in the error check moves with it: the
// check is what a client that cannot be asked gets.
func commented(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		// The client cannot elicit: say so.
		return reply("cannot ask"), nil, nil
	}
	return reply(res.Action), nil, nil
}

// The request in the init of an if: the answer is read there, and the
// guard goes first in the branch that runs without one.
func initIf(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}); err != nil { // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
		return reply("cannot ask: " + err.Error()), nil, nil
	} else if res.Action != "accept" {
		return reply("stopped"), nil, nil
	}
	return reply("went on"), nil, nil
}

// The error variable given a new value later by unrelated code: the
// request's error is only read by its check.
func errReused(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Export?", RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*which works with old and new clients \(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	raw, err := json.Marshal(res.Content)
	if err != nil {
		return nil, nil, err
	}
	return reply(string(raw)), nil, nil
}

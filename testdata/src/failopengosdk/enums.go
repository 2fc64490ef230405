package failopengosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A step of the project's own, an int enum the answer sets: on the path
// without an answer it keeps the value it had.

type wipeStep int

const (
	stepAsk wipeStep = iota
	stepWipe
	stepKeep
)

// wipeByStep asks a client that can be asked, and starts at stepWipe:
// without an answer, a client without elicitation falls into the wipe.
func wipeByStep(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok && clientCanAsk(req) {
		return askWipe(), nil
	}
	next := stepWipe
	if ok && res.Action != "accept" {
		next = stepKeep
	}
	switch next {
	case stepKeep:
		return text("kept"), nil
	}
	store.Wipe(ctx) // want `wipeByStep reaches store.Wipe\(...\) when InputResponses has no answer "wipe", as only an accepted answer should.*\(fail-open\)`
	return text("wiped"), nil
}

// wipeByStepIf tests the step with an if.
func wipeByStepIf(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok && clientCanAsk(req) {
		return askWipe(), nil
	}
	next := stepWipe
	if ok && res.Action != "accept" {
		next = stepKeep
	}
	if next != stepWipe {
		return text("kept"), nil
	}
	store.Wipe(ctx) // want `wipeByStepIf reaches store.Wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// wipeByStepAsk has the same bug, but the paths without an answer give
// the step two values (stepAsk for a client that can be asked, stepWipe
// for one that cannot): which reaches the wipe is not known to the flow,
// which reads values per kind of path, and nothing is reported (a limit
// fail-open.md lists).
func wipeByStepAsk(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	next := stepWipe
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	switch {
	case ok && res.Action == "accept":
		next = stepWipe
	case ok:
		next = stepKeep
	case clientCanAsk(req):
		next = stepAsk
	}
	switch next {
	case stepAsk:
		return askWipe(), nil
	case stepKeep:
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil
}

// Near misses.

// wipeByStepClosed starts at stepKeep: without an answer it keeps.
func wipeByStepClosed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	next := stepKeep
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	switch {
	case ok && res.Action == "accept":
		next = stepWipe
	case ok:
		next = stepKeep
	case clientCanAsk(req):
		next = stepAsk
	}
	switch next {
	case stepAsk:
		return askWipe(), nil
	case stepKeep:
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil
}

// wipeByCounter compares a loop's counter, not a step: nothing is known.
func wipeByCounter(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return askWipe(), nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	for i := 0; i != 3; i++ {
		store.Wipe(ctx)
	}
	return text("wiped"), nil
}

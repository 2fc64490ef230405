package stategosdk

import (
	"context"
	"crypto/cipher"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The state picks the step that runs from a table of functions: a switch
// on its value written as a map.

type step func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, any, error)

type runner struct {
	steps map[string]step
	aead  cipher.AEAD
}

var stepTable = map[string]step{}

// runStep: a forged state runs any step, skipping the questions before it.
func (r *runner) runStep(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	name := req.Params.RequestState
	if name == "" {
		name = "drain"
	}
	run, ok := r.steps[name] // want `RequestState decides what the tool does through a lookup in a map of functions.*\(request-state\)`
	if !ok {
		return nil, nil, fmt.Errorf("unknown step %q", name)
	}
	return run(ctx, req)
}

// runStepGlobal: the same through a package-level table.
func runStepGlobal(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if run := stepTable[req.Params.RequestState]; run != nil { // want `RequestState decides what the tool does through a lookup in a map of functions.*\(request-state\)`
		return run(ctx, req)
	}
	return nil, nil, fmt.Errorf("no step")
}

// runSealed opens the state first: its near miss.
func (r *runner) runSealed(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	name := "drain"
	if state := req.Params.RequestState; state != "" {
		nonce, sealed := []byte(state[:12]), []byte(state[12:])
		plain, err := r.aead.Open(nil, nonce, sealed, nil)
		if err != nil {
			return nil, nil, fmt.Errorf("invalid state")
		}
		name = string(plain)
	}
	run, ok := r.steps[name]
	if !ok {
		return nil, nil, fmt.Errorf("unknown step %q", name)
	}
	return run(ctx, req)
}

// runByTool picks the step by the tool's name, not the state: another
// near miss.
func (r *runner) runByTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if run, ok := r.steps[req.Params.Name]; ok {
		return run(ctx, req)
	}
	return nil, nil, fmt.Errorf("no step")
}

// pendingRecord looks a record the server keeps up by the whole state, a
// handle: not a table of code, and not reported.
func pendingRecord(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if rec, ok := pending[req.Params.RequestState]; ok {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: rec}}}, nil, nil
	}
	return nil, nil, fmt.Errorf("no such checkout")
}

var pending = map[string]string{}

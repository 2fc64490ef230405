package stategosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A variable that holds the state, given a value of the server's own
// before a use: the use is the server's value, not the state.

type approvals struct{ open map[string]string }

func (a *approvals) start(what string) string {
	h := "h-" + what
	a.open[h] = what
	return h
}

var approvalsOpen = &approvals{open: map[string]string{}}

func waiting(handle string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "waiting for " + handle}}}
}

var granted []string

func grant(what string) error {
	granted = append(granted, what)
	return nil
}

// awaitHandle opens a request on the first call and hands its handle out:
// the handle returned there is the server's.
func awaitHandle(ctx context.Context, req *mcp.CallToolRequest, in struct{ What string }) (*mcp.CallToolResult, any, error) {
	handle := req.Params.RequestState
	if handle == "" {
		handle = approvalsOpen.start(in.What)
		return waiting(handle), nil, nil
	}
	what, ok := approvalsOpen.open[handle]
	if !ok {
		return nil, nil, errors.New("unknown request")
	}
	return done(what), nil, nil
}

// grantFromState is its counterpart: the variable is given another value
// only in a branch the grant does not follow, so the state reaches it.
func grantFromState(ctx context.Context, req *mcp.CallToolRequest, in struct {
	What  string
	Fresh bool
}) (*mcp.CallToolResult, any, error) {
	if !accepted(req) {
		return &mcp.CallToolResult{InputRequests: confirm("Grant?"), RequestState: in.What}, nil, nil
	}
	what := req.Params.RequestState
	if in.Fresh {
		what = in.What
	}
	if err := grant(what); err != nil { // want `a value read from RequestState is passed to grant unchecked; .*\(request-state\)`
		return nil, nil, err
	}
	return done("granted"), nil, nil
}

// grantFresh is a near miss: the variable is given the argument's value
// right before the grant.
func grantFresh(ctx context.Context, req *mcp.CallToolRequest, in struct{ What string }) (*mcp.CallToolResult, any, error) {
	if !accepted(req) {
		return &mcp.CallToolResult{InputRequests: confirm("Grant?"), RequestState: in.What}, nil, nil
	}
	what := req.Params.RequestState
	what = in.What
	if err := grant(what); err != nil {
		return nil, nil, err
	}
	return done("granted"), nil, nil
}

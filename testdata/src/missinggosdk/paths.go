package missinggosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A missing answer that fails the call statements after its test, on
// the paths of the handler (issue 36 §2): an error or a flag set where
// the answer is missing and tested later, a jump to a label, a value an
// if-else leaves empty.

var errPurge = errors.New("no answer")

func askPurge() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": &mcp.ElicitParams{Message: "Purge?"}}, RequestState: "asked"}
}

// purgeErrLater sets an error where the answer is missing and returns it
// after a log line.
func purgeErrLater(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	var err error
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		err = errPurge
	}
	fmt.Println("purge round", req.Params.RequestState)
	if err != nil {
		return nil, nil, err // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeErrAsks is its near miss: the error set there asks again.
func purgeErrAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	var err error
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		err = errPurge
	}
	if err != nil {
		return askPurge(), nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeErrLimit is a near miss too: the error is set only past a limit
// of the server's own, and a missing answer asks again before it.
func purgeErrLimit(ctx context.Context, req *mcp.CallToolRequest, in struct{ Rounds int }) (*mcp.CallToolResult, any, error) {
	var err error
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok && in.Rounds > 3 {
		err = errPurge
	}
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return askPurge(), nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeFlag keeps the comma-ok in a flag of its own.
func purgeFlag(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	answered := ok
	fmt.Println("purge round", req.Params.RequestState)
	if !answered {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeGoto jumps to a failure at the end.
func purgeGoto(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		goto fail
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
fail:
	return nil, nil, fmt.Errorf("purge: %w", errPurge) // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
}

// purgeEmpty leaves the reply empty when the answer is missing, and
// fails on an empty reply after the if-else.
func purgeEmpty(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	var reply string
	if res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			reply = "purged"
		case "decline", "cancel":
			reply = "kept"
		default:
			reply = "unknown answer"
		}
	} else {
		reply = ""
	}
	if reply == "" {
		return nil, nil, errPurge // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(reply)
}

// purgeOtherError is a near miss: past the missing answer, the call
// fails only on an error of something else.
func purgeOtherError(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		fmt.Println("no answer yet")
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if !ok {
		return askPurge(), nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeDefault is a near miss: the missing answer is replaced before the
// test, which then sees an answer.
func purgeDefault(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		res, ok = &mcp.ElicitResult{Action: "cancel"}, true
	}
	if !ok {
		return nil, nil, errPurge
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgePeekThenAssert peeks at the answer first, asks on the first round
// only, and fails at the assertion after: the second read finds the
// answer missing too.
func purgePeekThenAssert(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	_, answered := req.Params.InputResponses["purge"]
	if !answered && req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	fmt.Println("purge round", req.Params.RequestState)
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errPurge // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgePeekAsks is its near miss: every round without the answer asks.
func purgePeekAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	_, answered := req.Params.InputResponses["purge"]
	if !answered {
		return askPurge(), nil, nil
	}
	fmt.Println("purge round", req.Params.RequestState)
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errPurge // the answer is there, of another type: client input gone wrong
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// purgeVerdict keeps what to do in a string set by a switch on the
// answer and fails on the value the missing answer gets.
func purgeVerdict(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return askPurge(), nil, nil
	}
	verdict := "missing"
	if res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			verdict = "purge"
		case "decline", "cancel":
			verdict = "keep"
		}
	}
	switch verdict {
	case "purge":
		return &mcp.CallToolResult{}, nil, nil
	case "keep":
		return &mcp.CallToolResult{IsError: true}, nil, nil
	}
	return nil, nil, fmt.Errorf("purge: %s", verdict) // want `the call fails here when the answer to "purge" is missing.*\(round-trip\)`
}

// purgeVerdictAsks is its near miss: the value the missing answer gets
// asks again.
func purgeVerdictAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	verdict := "missing"
	if res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			verdict = "purge"
		case "decline", "cancel":
			verdict = "keep"
		}
	}
	switch verdict {
	case "purge":
		return &mcp.CallToolResult{}, nil, nil
	case "missing":
		return askPurge(), nil, nil
	}
	return nil, nil, fmt.Errorf("purge: %s", verdict)
}

// purgeIndexAsks is a near miss: the answer compared with nil where it is
// read, every round without it asks, and the later assertion finds the
// answer there.
func purgeIndexAsks(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.InputResponses["purge"] == nil {
		return askPurge(), nil, nil
	}
	res, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errPurge
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

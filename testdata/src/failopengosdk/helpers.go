package failopengosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round-trip answers read through a helper of the package: its comma-ok,
// its nil answer or its error says the answer is missing, as the SDK's
// read does.

var errNoAnswer = errors.New("no answer yet")

func answerOK(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return res, ok
}

func answerOrNil(req *mcp.CallToolRequest, key string) *mcp.ElicitResult {
	res, _ := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return res
}

func answerOrErr(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, error) {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		return nil, errNoAnswer
	}
	return res, nil
}

func clientCanAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

func askWipe() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}
}

// wipeViaOK asks only when the client can be asked, and wipes otherwise.
func wipeViaOK(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := answerOK(req, "wipe")
	switch {
	case !ok && clientCanAsk(req):
		return askWipe(), nil
	case ok && res.Action != "accept":
		return text("kept"), nil
	}
	store.Wipe(ctx) // want `wipeViaOK reaches store.Wipe\(...\) when InputResponses has no answer "wipe", as only an accepted answer should: the first call has none yet.*\(fail-open\)`
	return text("wiped"), nil
}

// wipeViaNil reads the helper's nil answer.
func wipeViaNil(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := answerOrNil(req, "wipe")
	if res == nil {
		if clientCanAsk(req) {
			return askWipe(), nil
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	store.Wipe(ctx) // want `wipeViaNil reaches store.Wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// wipeViaErr reads the helper's error: the answer is missing, not a
// request that failed.
func wipeViaErr(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := answerOrErr(req, "wipe")
	if err != nil {
		if clientCanAsk(req) {
			return askWipe(), nil
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	store.Wipe(ctx) // want `wipeViaErr reaches store.Wipe\(...\) when InputResponses has no answer "wipe", as only an accepted answer should.*\(fail-open\)`
	return text("wiped"), nil
}

// wipeApproved is a decision: yes without an answer.
func wipeApproved(req *mcp.CallToolRequest) bool {
	res, ok := answerOK(req, "wipe")
	if !ok {
		return true // want `wipeApproved returns true when InputResponses has no answer "wipe", as it does when the user accepts.*\(fail-open\)`
	}
	return res.Action == "accept"
}

// Near misses: each refuses, or asks, when the answer is missing.

func wipeViaOKClosed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := answerOK(req, "wipe")
	switch {
	case !ok && clientCanAsk(req):
		return askWipe(), nil
	case !ok:
		return text("this client cannot confirm; nothing was wiped"), nil
	case res.Action != "accept":
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil
}

func wipeViaNilClosed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := answerOrNil(req, "wipe")
	if res == nil {
		return askWipe(), nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil
}

func wipeViaErrClosed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := answerOrErr(req, "wipe")
	if errors.Is(err, errNoAnswer) {
		return askWipe(), nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil
}

func wipeApprovedClosed(req *mcp.CallToolRequest) bool {
	res, ok := answerOK(req, "wipe")
	return ok && res.Action == "accept"
}

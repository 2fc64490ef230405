package missinggosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Missing answers read through a helper of the package, and in a loop over
// the keys the handler asks for (issue 36 §2).

// answerTo returns the answer to key, or an error when there is none.
func answerTo(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, error) {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		return nil, fmt.Errorf("no answer to %q", key)
	}
	return res, nil
}

var profile = mcp.InputRequestMap{
	"name":  &mcp.ElicitParams{Message: "Your name?"},
	"email": &mcp.ElicitParams{Message: "Your email?"},
}

// byHelper fails when the helper says the answer is missing.
func byHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	res, err := answerTo(req, "confirm")
	if err != nil {
		return nil, nil, err // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// answered reports whether key was answered, and the answer.
func (s *server) answered(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) {
	raw, ok := req.Params.InputResponses[key]
	if !ok {
		return nil, false
	}
	res, _ := raw.(*mcp.ElicitResult)
	return res, true
}

type server struct{}

// byMethod: a method helper that returns false, in an if's init.
func (s *server) byMethod(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}, RequestState: "asked"}, nil, nil
	}
	if _, ok := s.answered(req, "confirm"); !ok {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `the call fails here when the answer to "confirm" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}

// byLoop asks for each key of a list, and fails on the first one missing.
func byLoop(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	keys := []string{"name", "email"}
	if len(req.Params.InputResponses) == 0 {
		reqs := mcp.InputRequestMap{}
		for _, k := range keys {
			reqs[k] = &mcp.ElicitParams{Message: "Your " + k + "?"}
		}
		return &mcp.CallToolResult{InputRequests: reqs}, nil, nil
	}
	for _, k := range keys {
		if _, ok := req.Params.InputResponses[k]; !ok {
			return nil, nil, fmt.Errorf("missing %s", k) // want `the call fails here when the answer to "name" is missing.*\(round-trip\)`
		}
	}
	return &mcp.CallToolResult{}, nil, nil
}

// byLoopOfHelper reads each key of a literal through the helper.
func byLoopOfHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"name":  &mcp.ElicitParams{Message: "Your name?"},
			"email": &mcp.ElicitParams{Message: "Your email?"},
		}, RequestState: "asked"}, nil, nil
	}
	for _, k := range [...]string{"name", "email"} {
		if _, err := answerTo(req, k); err != nil {
			return nil, nil, err // want `the call fails here when the answer to "name" is missing.*\(round-trip\)`
		}
	}
	return &mcp.CallToolResult{}, nil, nil
}

// Near misses.

// helperAsksAgain asks again when the helper finds no answer.
func helperAsksAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := answerTo(req, "confirm")
	if err != nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// loopAsksAgain asks again for the keys not answered yet.
func loopAsksAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"name", "email"} {
		if _, ok := req.Params.InputResponses[k]; !ok {
			missing[k] = &mcp.ElicitParams{Message: "Your " + k + "?"}
		}
	}
	if len(missing) > 0 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// decodeErr is a helper whose error is not the missing answer's: it
// fails only on a decline.
func decodeErr(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, error) {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if ok && res.Action == "decline" {
		return nil, errors.New("declined")
	}
	return res, nil
}

// helperOtherError fails on the helper's error, which a missing answer
// does not give.
func helperOtherError(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := decodeErr(req, "confirm")
	if err != nil {
		return nil, nil, err
	}
	if res == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// loopOverChanged ranges over keys a caller may change: not followed.
func loopOverChanged(ctx context.Context, req *mcp.CallToolRequest, extra []string) (*mcp.CallToolResult, any, error) {
	keys := []string{"name"}
	keys = append(keys, extra...)
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}, nil, nil
	}
	for _, k := range keys {
		if _, ok := req.Params.InputResponses[k]; !ok {
			return nil, nil, fmt.Errorf("missing %s", k)
		}
	}
	return &mcp.CallToolResult{}, nil, nil
}

// askFor files the request under the key it is given: its callers ask.
func askFor(key, msg string) *mcp.CallToolResult { // want askFor:`elicitWrapper\(1:Message\) mode=form`
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg}}}
}

// byAskHelper asks through askFor and fails a retry without the answer.
func byAskHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return askFor("restart", "Restart?"), nil, nil
	}
	res, ok := req.Params.InputResponses["restart"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errors.New("no answer to restart") // want `the call fails here when the answer to "restart" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// byAskHelperAgain: near miss, it asks again through the helper.
func byAskHelperAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["drain"].(*mcp.ElicitResult)
	if !ok {
		return askFor("drain", "Drain?"), nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// byOtherKey: near miss, the helper is given another key than the one
// read, which this function never asks for.
func byOtherKey(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return askFor("first", "First?"), nil, nil
	}
	if _, ok := req.Params.InputResponses["second"].(*mcp.ElicitResult); !ok { // want `answer "second" is never requested.*\(round-trip\)`
		return nil, nil, errors.New("no second answer")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// answerOrNil returns the answer of a comma-ok read, nil when there is
// none.
func answerOrNil(req *mcp.CallToolRequest, key string) *mcp.ElicitResult {
	res, _ := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return res
}

// byNilHelper fails when the helper's answer is nil.
func byNilHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?"}}}, nil, nil
	}
	res := answerOrNil(req, "wipe")
	if res == nil {
		return nil, nil, errors.New("no confirmation") // want `the call fails here when the answer to "wipe" is missing.*\(round-trip\)`
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

// byNilHelperAgain asks again: its near miss.
func byNilHelperAgain(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res := answerOrNil(req, "wipe")
	if res == nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, errors.New(string(res.Action))
}

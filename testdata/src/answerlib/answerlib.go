// Package answerlib holds helpers that read the answer to the key they
// are given and say when it is missing, for the handlers of other
// packages (answeruse): each exports the fact that it is one.
package answerlib

import (
	"context"
	"errors"
	"fmt"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrNoAnswer says the answer is not there.
var ErrNoAnswer = errors.New("no answer")

// Require returns the answer to key, or an error when there is none.
func Require(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, error) { // want Require:`answerHelper\(1\)`
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		return nil, fmt.Errorf("%w to %q", ErrNoAnswer, key)
	}
	return res, nil
}

// Lookup returns the answer to key, and whether there is one.
func Lookup(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) { // want Lookup:`answerHelper\(1\)`
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok {
		return nil, false
	}
	return res, true
}

// Answer returns mcp-go's answer to key, nil when there is none.
func Answer(ctx context.Context, req gomcp.CallToolRequest, key string) *gomcp.ElicitationResult { // want Answer:`answerHelper\(2\)`
	return server.ElicitationResponse(req.Params.InputResponses, key)
}

// Decode reads the answer and fails on content it cannot use, not on a
// missing answer: not a helper.
func Decode(req *mcp.CallToolRequest, key string) (string, error) { // want Decode:`keyedRead\(1\)`
	res, _ := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if res != nil && res.Content == nil {
		return "", errors.New("empty content")
	}
	return "", nil
}

// Has reports whether the answers hold key: it takes the answers
// themselves, and says false when the answer is missing.
func Has(responses mcp.InputResponseMap, key string) bool { // want Has:`answerHelper\(1\)`
	_, ok := responses[key]
	return ok
}

// Decision is a helper of a helper: Require's error, passed on, says the
// answer is missing, with Require's sentinel.
func Decision(req *mcp.CallToolRequest, key string) (bool, error) { // want Decision:`answerHelper\(1\)` Decision:`decision\(0=true,none=false,Require\)`
	res, err := Require(req, key)
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// Answered returns the answer and its comma-ok as they are.
func Answered(req *mcp.CallToolRequest, key string) (*mcp.ElicitResult, bool) { // want Answered:`answerHelper\(1\)`
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return res, ok && res != nil
}

// Answers says only whether key was answered.
func Answers(req *mcp.CallToolRequest, key string) bool { // want Answers:`answerHelper\(1\)`
	_, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return ok
}

// Given is a near miss: it says whether the call is of the tool key, and
// reads no answer.
func Given(req *mcp.CallToolRequest, key string) bool {
	return req.Params.Name == key
}

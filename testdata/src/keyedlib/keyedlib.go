// Package keyedlib holds gates that read (and ask for) the answer under
// the key their caller gives: facts tell keyeduse which keys it reads.
package keyedlib

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Decision is what a gate makes of an answer.
type Decision int

const (
	Unknown Decision = iota
	Approve
	Reject
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// Decide asks under key when the answer is missing, and reads it.
func Decide(ctx context.Context, req mcp.CallToolRequest, key, msg string) (Decision, *mcp.CallToolResult) { // want Decide:`keyedAsk\(2\)` Decide:`elicitWrapper\(3:Message\) mode=form`
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		return Unknown, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return Approve, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return Reject, nil
	}
	return Reject, nil
}

// Verdict reads the answer under key, and asks nothing.
func Verdict(req mcp.CallToolRequest, key string) Decision { // want Verdict:`keyedRead\(1\)`
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		return Unknown
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return Approve
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return Reject
	}
	return Reject
}

// Audited reads under key but hands the request on too: the keys the
// other function reads cannot be told, and no fact is made.
func Audited(req mcp.CallToolRequest, key string) Decision {
	audit(req)
	return Verdict(req, key)
}

func audit(req mcp.CallToolRequest) {}

// Fixed reads a key of its own beside the one it is given: no fact.
func Fixed(req mcp.CallToolRequest, key string) bool {
	return server.ElicitationResponse(req.Params.InputResponses, key) != nil && server.ElicitationResponse(req.Params.InputResponses, "always") != nil
}

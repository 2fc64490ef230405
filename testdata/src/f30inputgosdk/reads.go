package f30inputgosdk

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What only reads or computes is not going ahead (issue 36 §1): a digest
// of the state and the user's identity, computed on the call that asks as
// on the call that acts, are not the work the question guards.

// stateDigest only computes.
func stateDigest(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

// userOf reads who the call is for from the request.
func userOf(req *mcp.CallToolRequest) string {
	if req.Params == nil || req.Params.Name == "" {
		return "anonymous"
	}
	return strings.ToLower(req.Params.Name)
}

var audit []string

// record writes the server's audit log: an effect.
func record(user string) { audit = append(audit, user) }

func wipeFor(ctx context.Context, user, digest string) {}

// digestFirst: the refusals leave first; the digest is computed on the
// way to the question, with or without an answer.
func digestFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if ok && res.Action != "accept" {
		return text("kept"), nil
	}
	d := stateDigest(req.Params.RequestState)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe " + d + "?", RequestedSchema: confirmSchema}}}, nil
	}
	wipeFor(ctx, "", d)
	return text("wiped"), nil
}

// identityFirst: the user's identity, read on the way to the question.
func identityFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if ok && res.Action != "accept" {
		return text("kept"), nil
	}
	who := userOf(req)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe, " + who + "?", RequestedSchema: confirmSchema}}}, nil
	}
	wipeFor(ctx, who, "")
	return text("wiped"), nil
}

// recordFirst: the audit log is written on the way to the question, with
// or without an answer: that is going ahead.
func recordFirst(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if ok && res.Action != "accept" {
		return text("kept"), nil
	}
	record(userOf(req)) // want `recordFirst reaches record\(...\) when InputResponses has no answer "wipe", as only an accepted answer should.*\(fail-open\)`
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
	}
	wipeFor(ctx, "", "")
	return text("wiped"), nil
}

// identityRefused: without the capability the call is refused, naming the
// user; the accept path names the user too.
func identityRefused(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
		}
		return text("cannot confirm for " + userOf(req)), nil
	}
	if res.Action != "accept" {
		return text("kept"), nil
	}
	wipeFor(ctx, userOf(req), "")
	return text("wiped"), nil
}

// digestFallsThrough: without an answer, a digest and then the wipe.
func digestFallsThrough(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if ok && res.Action != "accept" {
		return text("kept"), nil
	}
	d := stateDigest(req.Params.RequestState)
	wipeFor(ctx, "", d) // want `digestFallsThrough reaches wipeFor\(...\) when InputResponses has no answer "wipe", as only an accepted answer should.*\(fail-open\)`
	return text("wiped"), nil
}

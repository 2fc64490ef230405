// Package statemcpgo holds the request-state check's fixtures for mcp-go.
package statemcpgo

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirm = mcp.ElicitationParams{Message: "Deploy?", RequestedSchema: map[string]any{"type": "object"}}

// deploy is mcp-go's multi_round_trip example: the environment travels in
// the state, and the result says it was deployed there.
func deploy(_ context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	environment := request.GetString("environment", "staging")
	if answer := server.ElicitationResponse(request.Params.InputResponses, "confirm"); answer != nil {
		if answer.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("deployment cancelled"), nil
		}
		target := strings.TrimPrefix(request.Params.RequestState, "env=")
		return mcp.NewToolResultText("deployed to " + target), nil // want `a value read from RequestState goes into the tool's result unchecked; .*\(request-state\)`
	}
	return server.NewInputRequestBuilder("env="+environment).Elicit("confirm", confirm).ToolResult(), nil
}

// storefront binds the answer to the environment it was asked for: the
// state is compared with what this request would mint.
func storefront(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := req.GetString("environment", "staging")
	answer := server.ElicitationResponse(req.Params.InputResponses, "confirm")
	if answer == nil {
		return server.NewInputRequestBuilder("env="+env).Elicit("confirm", confirm).ToolResult(), nil
	}
	if req.Params.RequestState != "env="+env {
		return mcp.NewToolResultError("the answer is for another environment"), nil
	}
	return mcp.NewToolResultText("published to " + env), nil
}

// prefixed routes on a prefix of the state.
func prefixed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if strings.HasPrefix(req.Params.RequestState, "approved:") { // want `RequestState decides what the tool does through a prefix test, which any client can pass; .*\(request-state\)`
		return mcp.NewToolResultText("approved"), nil
	}
	return server.NewInputRequestBuilder("pending").Elicit("confirm", confirm).ToolResult(), nil
}

func secret() []byte { return []byte("from the environment") }

// signed checks an HMAC before it reads the state.
func signed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	payload, sig, ok := strings.Cut(req.Params.RequestState, "|")
	if !ok {
		return server.NewInputRequestBuilder("").Elicit("confirm", confirm).ToolResult(), nil
	}
	m := hmac.New(sha256.New, secret())
	m.Write([]byte(payload))
	want := hex.EncodeToString(m.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return mcp.NewToolResultError("tampered state"), nil
	}
	if strings.HasPrefix(payload, "approved:") {
		return mcp.NewToolResultText("approved"), nil
	}
	return mcp.NewToolResultError("not approved"), nil
}

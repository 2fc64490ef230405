// Package stateuse checks its state with statelib's functions.
package stateuse

import (
	"context"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"

	"statelib"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var aead cipher.AEAD

func ask() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"ok": &mcp.ElicitParams{Message: "OK?"}}}
}

// verified opens the state with statelib.Open: silent.
func verified(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return ask(), nil, nil
	}
	plain, err := statelib.Open(aead, req.Params.RequestState)
	if err != nil {
		return nil, nil, errors.New("bad state")
	}
	if string(plain) == "approved" {
		return statelib.Done("approved"), nil, nil
	}
	return ask(), nil, nil
}

// weak checks it with statelib.Valid, a suffix test.
func weak(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return ask(), nil, nil
	}
	if !statelib.Valid(req.Params.RequestState) { // want `RequestState decides what the tool does, checked only by Valid, .*\(request-state\)`
		return nil, nil, errors.New("tampered")
	}
	return statelib.Done("ok"), nil, nil
}

// decoded trusts statelib.Decode, a plain decoding.
func decoded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	st, err := statelib.Decode(req.Params.RequestState)
	if err != nil {
		return ask(), nil, nil
	}
	if st["approved"] == true { // want `RequestState, decoded with no integrity check, decides what the tool does through a comparison with true; .*\(request-state\)`
		return statelib.Done("approved"), nil, nil
	}
	return ask(), nil, nil
}

type grant struct{ Approved bool }

// decodedInto trusts statelib.DecodeInto, which decodes into its second
// argument.
func decodedInto(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	var g grant
	if err := statelib.DecodeInto(req.Params.RequestState, &g); err != nil {
		return ask(), nil, nil
	}
	if g.Approved { // want `RequestState, decoded with no integrity check, decides what the tool does through .*\(request-state\)`
		return statelib.Done("approved"), nil, nil
	}
	return ask(), nil, nil
}

// openedInto is its near miss: statelib.OpenInto checks the state first.
func openedInto(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	var g grant
	if err := statelib.OpenInto(aead, req.Params.RequestState, &g); err != nil {
		return ask(), nil, nil
	}
	if g.Approved {
		return statelib.Done("approved"), nil, nil
	}
	return ask(), nil, nil
}

// macKeyedByName checks its state with an HMAC keyed with the tool's own
// name, then echoes the state through statelib.Ask, a result builder of
// another package: that call is no check standing after the weak one.
func macKeyedByName(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return ask(), nil, nil
	}
	amount, sig, _ := strings.Cut(req.Params.RequestState, ".")
	m := hmac.New(sha256.New, []byte(req.Params.Name))
	m.Write([]byte(amount))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(m.Sum(nil)))) { // want `RequestState decides what the tool does through an HMAC whose key comes from the request, which any client can pass; .*\(request-state\)`
		return nil, nil, errors.New("bad state")
	}
	if _, ok := req.Params.InputResponses["ok"]; !ok {
		return statelib.Ask("ok", &mcp.ElicitParams{Message: "Pay?"}, req.Params.RequestState), nil, nil
	}
	return statelib.Done("paid " + amount), nil, nil
}

// macThenOpened is its near miss: the same HMAC, then statelib.Open, a
// real check, takes the state before anything is decided from it.
func macThenOpened(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return ask(), nil, nil
	}
	payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
	m := hmac.New(sha256.New, []byte(req.Params.Name))
	m.Write([]byte(payload))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(m.Sum(nil)))) {
		return nil, nil, errors.New("bad state")
	}
	plain, err := statelib.Open(aead, payload)
	if err != nil {
		return nil, nil, errors.New("bad state")
	}
	return statelib.Done("paid " + string(plain)), nil, nil
}

// suffixThenEchoed rejects a state without its suffix, then hands the
// state to statelib.Ask: a test that rejects ahead of a call that cannot
// be seen into stays silent, as before (precision first).
func suffixThenEchoed(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		return ask(), nil, nil
	}
	if !strings.HasSuffix(req.Params.RequestState, ".v2") {
		return nil, nil, errors.New("bad state")
	}
	return statelib.Ask("ok", &mcp.ElicitParams{Message: "Go on?"}, req.Params.RequestState), nil, nil
}

// sumOfArgs, in mcp-go, compares its state with an unkeyed hash of the
// arguments, then echoes the state through statelib.AskAgain.
func sumOfArgs(ctx context.Context, request gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if request.Params.RequestState == "" {
		return gomcp.NewToolResultText("nothing asked"), nil
	}
	target := request.GetString("target", "")
	sum := sha256.Sum256([]byte(target))
	if request.Params.RequestState != hex.EncodeToString(sum[:]) { // want `RequestState is checked against an unkeyed hash, which any client can compute; .*\(request-state\)`
		return gomcp.NewToolResultError("bad state"), nil
	}
	if _, ok := request.Params.InputResponses["ok"]; !ok {
		return statelib.AskAgain("ok", gomcp.ElicitationParams{Message: "Wipe " + target + "?"}, request.Params.RequestState), nil
	}
	return gomcp.NewToolResultText("wiped " + target), nil
}

// prefixThenEchoedMCP is its near miss: a prefix test that rejects ahead
// of a call that cannot be seen into.
func prefixThenEchoedMCP(ctx context.Context, request gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if request.Params.RequestState == "" {
		return gomcp.NewToolResultText("nothing asked"), nil
	}
	if !strings.HasPrefix(request.Params.RequestState, "v2.") {
		return gomcp.NewToolResultError("bad state"), nil
	}
	return statelib.AskAgain("ok", gomcp.ElicitationParams{Message: "Go on?"}, request.Params.RequestState), nil
}

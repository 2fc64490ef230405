// Package stateuse checks its state with statelib's functions.
package stateuse

import (
	"context"
	"crypto/cipher"
	"errors"

	"statelib"

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

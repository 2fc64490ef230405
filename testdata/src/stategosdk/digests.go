package stategosdk

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The hash made by a function of the package: digest returns an unkeyed
// hash on every return, so the state compared with it is checked against
// what any client can compute; seal keys its MAC, and is the server's.

func digest[T any](parts ...T) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprint(h, p, "|")
	}
	return hex.EncodeToString(h.Sum(nil))
}

var sealKey = []byte("server secret")

func seal(parts ...string) string {
	m := hmac.New(sha256.New, sealKey)
	for _, p := range parts {
		fmt.Fprint(m, p, "|")
	}
	return hex.EncodeToString(m.Sum(nil))
}

func spendDigest(ctx context.Context, req *mcp.CallToolRequest, in struct{ Account string }) (*mcp.CallToolResult, any, error) {
	want := digest(in.Account)
	if accepted(req) {
		if req.Params.RequestState != want { // want `RequestState is checked against an unkeyed hash, which any client can compute; .*\(request-state\)`
			return nil, nil, errors.New("another spend")
		}
		return done("spent"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Spend?"), RequestState: want}, nil, nil
}

// spendSealed is its near miss: the state compared with a MAC under the
// server's key.
func spendSealed(ctx context.Context, req *mcp.CallToolRequest, in struct{ Account string }) (*mcp.CallToolResult, any, error) {
	want := seal(in.Account)
	if accepted(req) {
		if !hmac.Equal([]byte(req.Params.RequestState), []byte(want)) {
			return nil, nil, errors.New("another spend")
		}
		return done("spent"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Spend?"), RequestState: want}, nil, nil
}

// spendSealedEq is a near miss too: the MAC compared with ==, which the
// check does not ask to be constant-time.
func spendSealedEq(ctx context.Context, req *mcp.CallToolRequest, in struct{ Account string }) (*mcp.CallToolResult, any, error) {
	want := seal(in.Account)
	if accepted(req) {
		if req.Params.RequestState != want {
			return nil, nil, errors.New("another spend")
		}
		return done("spent"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Spend?"), RequestState: want}, nil, nil
}

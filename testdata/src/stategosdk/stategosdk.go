// Package stategosdk holds the request-state check's fixtures for go-sdk:
// RequestState, which the client echoes back, deciding what a handler does
// with and without an integrity check.
package stategosdk

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func confirm(msg string) mcp.InputRequestMap { // want confirm:`elicitWrapper\(0:Message\) mode=form`
	return mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: msg}}
}

func accepted(req *mcp.CallToolRequest) bool {
	r, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	return ok && r.Action == "accept"
}

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

const tamperedSuffix = "-TAMPERED"

// valid is go-sdk's conformance server's check: a suffix test.
func valid(state string) bool {
	return state != "" && !strings.HasSuffix(state, tamperedSuffix)
}

// suffixHelper "verifies" the state with a helper's suffix test, as
// go-sdk's conformance server does.
func suffixHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState != "" {
		if !valid(req.Params.RequestState) { // want `RequestState decides what the tool does, checked only by valid, which makes a suffix test of it: any client can make state that passes; .*\(request-state\)`
			return nil, nil, errors.New("invalid requestState: tampered")
		}
		if accepted(req) {
			return done("state-ok"), nil, nil
		}
	}
	return &mcp.CallToolResult{InputRequests: confirm("Please confirm"), RequestState: "tampered_state"}, nil, nil
}

// present is the concordance copy's weakened check: it tests only that
// the state is there.
func present(state string) bool {
	return state != ""
}

// presenceHelper takes present for its check of the state: any client
// passes it.
func presenceHelper(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		if present(req.Params.RequestState) { // want `RequestState decides what the tool does, checked only by present, which makes an emptiness test of it: any client can make state that passes; .*\(request-state\)`
			return done("state-ok"), nil, nil
		}
		return nil, nil, errors.New("invalid requestState")
	}
	return &mcp.CallToolResult{InputRequests: confirm("Please confirm"), RequestState: "request_state"}, nil, nil
}

// firstCall uses the same helper to tell the first call from a retry:
// one side asks, so it is no check, and a forgery can only make it ask.
func firstCall(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !present(req.Params.RequestState) {
		return &mcp.CallToolResult{InputRequests: confirm("Please confirm"), RequestState: "asked"}, nil, nil
	}
	if accepted(req) {
		return done("done"), nil, nil
	}
	return done("not done"), nil, nil
}

// multiRound keeps the round in the state and goes ahead on the last.
func multiRound(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	switch {
	case state == "":
		return &mcp.CallToolResult{InputRequests: confirm("Step 1"), RequestState: "round=1"}, nil, nil
	case state == "round=1": // want `RequestState decides what the tool does through a comparison with "round=1"; .*\(request-state\)`
		return &mcp.CallToolResult{InputRequests: confirm("Step 2"), RequestState: "round=2"}, nil, nil
	default:
		return done("complete"), nil, nil
	}
}

// nextQuestion uses the state only to pick which question to ask next:
// the work waits for the answers, which any client can send anyway.
func nextQuestion(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	name, okName := req.Params.InputResponses["name"].(*mcp.ElicitResult)
	color, okColor := req.Params.InputResponses["color"].(*mcp.ElicitResult)
	if okName && okColor && name.Action == "accept" && color.Action == "accept" {
		return done(fmt.Sprint(name.Content["name"], color.Content["color"])), nil, nil
	}
	if req.Params.RequestState == "asked-name" {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"color": &mcp.ElicitParams{Message: "Color?"}}, RequestState: "asked-color"}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Name?"}}, RequestState: "asked-name"}, nil, nil
}

// echoOnly hands the state back and never reads what is in it.
func echoOnly(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" || !accepted(req) {
		return &mcp.CallToolResult{InputRequests: confirm("Go?"), RequestState: "pending"}, nil, nil
	}
	return done("done"), nil, nil
}

// target carries the environment in the state and deploys there, as
// mcp-go's multi_round_trip example does.
func target(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		return done("deployed to " + env), nil, nil // want `a value read from RequestState goes into the tool's result unchecked; .*\(request-state\)`
	}
	return &mcp.CallToolResult{InputRequests: confirm("Deploy?"), RequestState: "env=staging"}, nil, nil
}

func charge(amount int) error { return nil }

// amount decodes the state with base64 and JSON and charges what it says.
func amount(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		raw, err := base64.StdEncoding.DecodeString(req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		var st struct{ Cents int }
		if err := json.Unmarshal(raw, &st); err != nil {
			return nil, nil, err
		}
		if err := charge(st.Cents); err != nil { // want `a value read from RequestState, decoded with no integrity check, is passed to charge unchecked; .*\(request-state\)`
			return nil, nil, err
		}
		return done("charged"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Pay?"), RequestState: base64.StdEncoding.EncodeToString([]byte(`{"Cents":100}`))}, nil, nil
}

// hashed compares the state with an unkeyed hash of the arguments.
func hashed(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	sum := sha256.Sum256(req.Params.Arguments)
	want := hex.EncodeToString(sum[:])
	if accepted(req) {
		if req.Params.RequestState != want { // want `RequestState is checked against an unkeyed hash, which any client can compute; .*\(request-state\)`
			return nil, nil, errors.New("stale confirmation")
		}
		return done("deleted"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Delete?"), RequestState: want}, nil, nil
}

// bound compares the state with what the server would mint from this very
// request: tampering can only make the call fail.
func bound(ctx context.Context, req *mcp.CallToolRequest, in struct{ Env string }) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		if req.Params.RequestState != "env="+in.Env {
			return nil, nil, errors.New("the answer is for another environment")
		}
		return done("published"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Publish?"), RequestState: "env=" + in.Env}, nil, nil
}

var key = []byte("server-side secret, from configuration")

// macked checks an HMAC under a server key before reading the state.
func macked(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		payload, sig, ok := strings.Cut(req.Params.RequestState, ".")
		if !ok {
			return nil, nil, errors.New("bad state")
		}
		m := hmac.New(sha256.New, key)
		m.Write([]byte(payload))
		got, _ := hex.DecodeString(sig)
		if !hmac.Equal(m.Sum(nil), got) {
			return nil, nil, errors.New("bad state")
		}
		n, _ := strconv.Atoi(payload)
		if err := charge(n); err != nil {
			return nil, nil, err
		}
		return done("charged"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Pay?")}, nil, nil
}

// macWithClientKey keys its HMAC with the tool's arguments: any client can
// make a valid one.
func macWithClientKey(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
		m := hmac.New(sha256.New, req.Params.Arguments)
		m.Write([]byte(payload))
		got, _ := hex.DecodeString(sig)
		if !hmac.Equal(m.Sum(nil), got) { // want `RequestState, decoded with no integrity check, decides what the tool does through an HMAC whose key comes from the request, which any client can pass; .*\(request-state\)`
			return nil, nil, errors.New("bad state")
		}
		return done("ok"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Go?")}, nil, nil
}

// sealed opens the state with an AEAD, as github-mcp-server does.
func sealed(aead cipher.AEAD) mcp.ToolHandlerFor[any, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		if req.Params.RequestState == "" {
			return &mcp.CallToolResult{InputRequests: confirm("Delete?")}, nil, nil
		}
		raw, err := base64.RawURLEncoding.DecodeString(req.Params.RequestState)
		if err != nil || len(raw) < aead.NonceSize() {
			return nil, nil, errors.New("bad state")
		}
		plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
		if err != nil {
			return nil, nil, errors.New("bad state")
		}
		var st struct{ Repo string }
		if err := json.Unmarshal(plain, &st); err != nil {
			return nil, nil, err
		}
		return done("deleted " + st.Repo), nil, nil
	}
}

var _ = aes.NewCipher

// pageOf returns a value of a type without a name: the state's use is
// read as in any function, and classifying the return must not fail
// (a crash on mcp-grafana, toolhive, github-mcp-server and
// kubernetes-mcp-server).
func pageOf(req *mcp.CallToolRequest) (struct{ Next int }, error) {
	if req.Params.RequestState == "page=2" { // want `RequestState decides what the tool does through a comparison with "page=2".*\(request-state\)`
		return struct{ Next int }{Next: 3}, nil
	}
	return struct{ Next int }{}, nil
}

type unlockIn struct {
	Name    string `json:"name"`
	Minutes int    `json:"minutes"`
}

// macWithInputKey keys its HMAC with a field of the tool's typed input,
// the call's own arguments: any client can sign a grant of its own.
func macWithInputKey(ctx context.Context, req *mcp.CallToolRequest, in unlockIn) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
		m := hmac.New(sha256.New, []byte(in.Name))
		m.Write([]byte(payload))
		got, _ := hex.DecodeString(sig)
		if !hmac.Equal(m.Sum(nil), got) { // want `RequestState, decoded with no integrity check, decides what the tool does through an HMAC whose key comes from the request, which any client can pass; .*\(request-state\)`
			return nil, nil, errors.New("bad state")
		}
		n, _ := strconv.Atoi(payload)
		if err := charge(n); err != nil {
			return nil, nil, err
		}
		return done("unlocked " + in.Name), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Unlock " + in.Name + "?")}, nil, nil
}

// verifyWith checks the state's HMAC under the key its caller gives.
func verifyWith(state string, secret []byte) (string, bool) {
	payload, sig, _ := strings.Cut(state, ".")
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(payload))
	got, _ := hex.DecodeString(sig)
	return payload, hmac.Equal(m.Sum(nil), got)
}

// macViaHelper is the near miss: the helper's key is a parameter, and
// its caller gives the server's key.
func macViaHelper(ctx context.Context, req *mcp.CallToolRequest, in unlockIn) (*mcp.CallToolResult, any, error) {
	if accepted(req) {
		payload, ok := verifyWith(req.Params.RequestState, key)
		if !ok {
			return nil, nil, errors.New("bad state")
		}
		n, _ := strconv.Atoi(payload)
		if err := charge(n); err != nil {
			return nil, nil, err
		}
		return done("unlocked " + in.Name), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: confirm("Unlock " + in.Name + "?")}, nil, nil
}

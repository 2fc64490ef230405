package stategosdk

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The state parsed by a function of the package into a map, copied into a
// struct, or handed whole to the package's own work.

type ledger struct {
	mu      sync.Mutex
	deploys []string
}

// Deploy records a deployment: the work.
func (l *ledger) Deploy(service, env string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.deploys = append(l.deploys, service+"@"+env)
}

var book = &ledger{}

// fields splits "k=v;k=v" into a map.
func fields(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ";") {
		if k, v, ok := strings.Cut(part, "="); ok {
			out[k] = v
		}
	}
	return out
}

type deployIn struct{ Service string }

type deployTarget struct{ Service, Env string }

func askDeploy() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: confirm("Deploy?")}
}

// deployParsed reads the state through fields into a struct, behind the
// conformance server's suffix test.
func deployParsed(ctx context.Context, req *mcp.CallToolRequest, in deployIn) (*mcp.CallToolResult, any, error) {
	if !accepted(req) {
		return askDeploy(), nil, nil
	}
	if !valid(req.Params.RequestState) { // want `RequestState decides what the tool does, checked only by valid, which makes a suffix test of it.*\(request-state\)`
		return nil, nil, errors.New("start again")
	}
	f := fields(req.Params.RequestState)
	t := deployTarget{Service: f["service"], Env: f["env"]}
	book.Deploy(t.Service, t.Env)
	return done("deployed"), nil, nil
}

// deployWhole hands the state whole to the package's work.
func deployWhole(ctx context.Context, req *mcp.CallToolRequest, in deployIn) (*mcp.CallToolResult, any, error) {
	if !accepted(req) {
		return askDeploy(), nil, nil
	}
	book.Deploy(in.Service, req.Params.RequestState) // want `a value read from RequestState is passed to Deploy unchecked.*\(request-state\)`
	return done("deployed"), nil, nil
}

// keyedLocal is an HMAC keyed with the call's own input, through a local
// variable: any client can compute it.
func keyedLocal(ctx context.Context, req *mcp.CallToolRequest, in deployIn) (*mcp.CallToolResult, any, error) {
	service := strings.ToLower(in.Service)
	if !accepted(req) {
		return askDeploy(), nil, nil
	}
	payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
	m := hmac.New(sha256.New, []byte(service))
	m.Write([]byte(payload))
	got, _ := hex.DecodeString(sig)
	if !hmac.Equal(m.Sum(nil), got) { // want `RequestState, decoded with no integrity check, decides what the tool does through an HMAC whose key comes from the request, which any client can pass.*\(request-state\)`
		return nil, nil, errors.New("bad state")
	}
	f := fields(payload)
	book.Deploy(f["service"], f["env"])
	return done("deployed"), nil, nil
}

type keyring struct{ secret []byte }

// keyFor derives a key per service from the server's secret.
func (k *keyring) keyFor(service string) []byte {
	m := hmac.New(sha256.New, k.secret)
	m.Write([]byte(service))
	return m.Sum(nil)
}

// keyedServer is its near miss: the key comes from the server's secret,
// with the service only as a label.
func (k *keyring) keyedServer(ctx context.Context, req *mcp.CallToolRequest, in deployIn) (*mcp.CallToolResult, any, error) {
	service := strings.ToLower(in.Service)
	if !accepted(req) {
		return askDeploy(), nil, nil
	}
	payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
	m := hmac.New(sha256.New, k.keyFor(service))
	m.Write([]byte(payload))
	got, _ := hex.DecodeString(sig)
	if !hmac.Equal(m.Sum(nil), got) {
		return nil, nil, errors.New("bad state")
	}
	f := fields(payload)
	book.Deploy(f["service"], f["env"])
	return done("deployed"), nil, nil
}

// deploySigned is the near miss of deployParsed: an HMAC under the
// server's key before the state is parsed.
func deploySigned(ctx context.Context, req *mcp.CallToolRequest, in deployIn) (*mcp.CallToolResult, any, error) {
	if !accepted(req) {
		return askDeploy(), nil, nil
	}
	payload, sig, _ := strings.Cut(req.Params.RequestState, ".")
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	got, _ := hex.DecodeString(sig)
	if !hmac.Equal(m.Sum(nil), got) {
		return nil, nil, errors.New("bad state")
	}
	f := fields(payload)
	t := deployTarget{Service: f["service"], Env: f["env"]}
	book.Deploy(t.Service, t.Env)
	return done("deployed"), nil, nil
}

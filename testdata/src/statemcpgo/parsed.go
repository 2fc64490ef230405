package statemcpgo

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
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

// minted tells this server's states from others by their suffix.
func minted(state string) bool { return strings.HasSuffix(state, ";v=1") }

type target struct{ Service, Env string }

func askTarget(request mcp.CallToolRequest) (*mcp.CallToolResult, bool) {
	if request.Params.RequestState == "" {
		return server.NewInputRequestBuilder("service=api;env=staging;v=1").Elicit("confirm", confirm).ToolResult(), true
	}
	return nil, false
}

// deployParsed reads the state through fields into a struct, behind a
// suffix test.
func deployParsed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ask, asking := askTarget(request); asking {
		return ask, nil
	}
	if !minted(request.Params.RequestState) { // want `RequestState decides what the tool does, checked only by minted, which makes a suffix test of it.*\(request-state\)`
		return mcp.NewToolResultError("start again"), nil
	}
	f := fields(request.Params.RequestState)
	t := target{Service: f["service"], Env: f["env"]}
	book.Deploy(t.Service, t.Env)
	return mcp.NewToolResultText("deployed"), nil
}

// deployWhole hands the state whole to the package's work.
func deployWhole(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ask, asking := askTarget(request); asking {
		return ask, nil
	}
	book.Deploy(request.Params.RequestState, "production") // want `a value read from RequestState is passed to Deploy unchecked.*\(request-state\)`
	return mcp.NewToolResultText("deployed"), nil
}

// keyed is an HMAC keyed with the call's own argument, through a local
// variable: any client can compute it.
func keyed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	if ask, asking := askTarget(request); asking {
		return ask, nil
	}
	payload, sig, _ := strings.Cut(request.Params.RequestState, "|")
	m := hmac.New(sha256.New, []byte(service))
	m.Write([]byte(payload))
	if !hmac.Equal([]byte(hex.EncodeToString(m.Sum(nil))), []byte(sig)) { // want `RequestState decides what the tool does through an HMAC whose key comes from the request, which any client can pass.*\(request-state\)`
		return mcp.NewToolResultError("tampered state"), nil
	}
	f := fields(payload)
	book.Deploy(f["service"], f["env"])
	return mcp.NewToolResultText("deployed"), nil
}

type signer struct{ secret []byte }

// keyFor derives a key per service from the server's secret.
func (s *signer) keyFor(service string) []byte {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte(service))
	return m.Sum(nil)
}

// keyedServer is its near miss: the key is derived from the server's
// secret, with the service only as a label.
func (s *signer) keyedServer(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	if ask, asking := askTarget(request); asking {
		return ask, nil
	}
	payload, sig, _ := strings.Cut(request.Params.RequestState, "|")
	key := s.keyFor(service)
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	if !hmac.Equal([]byte(hex.EncodeToString(m.Sum(nil))), []byte(sig)) {
		return mcp.NewToolResultError("tampered state"), nil
	}
	f := fields(payload)
	book.Deploy(f["service"], f["env"])
	return mcp.NewToolResultText("deployed"), nil
}

// deploySigned is the near miss of deployParsed: an HMAC under the
// server's key before the state is parsed.
func deploySigned(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ask, asking := askTarget(request); asking {
		return ask, nil
	}
	payload, sig, _ := strings.Cut(request.Params.RequestState, "|")
	m := hmac.New(sha256.New, secret())
	m.Write([]byte(payload))
	if !hmac.Equal([]byte(hex.EncodeToString(m.Sum(nil))), []byte(sig)) {
		return mcp.NewToolResultError("tampered state"), nil
	}
	f := fields(payload)
	t := target{Service: f["service"], Env: f["env"]}
	book.Deploy(t.Service, t.Env)
	return mcp.NewToolResultText("deployed"), nil
}

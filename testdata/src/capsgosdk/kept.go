package capsgosdk

import (
	"context"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Capabilities kept beyond their request (issue 36 §2): an initialize
// handler stores each session's, and handlers test those instead of
// their request's own.

// capsBySession holds each session's capabilities from its initialize.
var capsBySession sync.Map // *mcp.ServerSession -> *mcp.ClientCapabilities

func newKeepingServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "keeping"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			capsBySession.Store(req.Session, req.Session.InitializeParams().Capabilities)
		},
	})
}

// fromSyncMap tests the capabilities kept in a sync.Map.
func fromSyncMap(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	v, _ := capsBySession.Load(req.Session)
	caps, _ := v.(*mcp.ClientCapabilities)
	if caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"}, // want `form elicitation request "name" is guarded by capabilities kept in capsBySession, not this request's: on protocol 2026-07-28 every request declares its own, .*; test req.ClientCapabilities\(\).Elicitation, which falls back to the session's for older clients \(capabilities\)`
	}}, nil, nil
}

// sessionInfo is what a server keeps of each session.
type sessionInfo struct {
	name string
	caps *mcp.ClientCapabilities
}

// keeper keeps each session's info in a map under a lock.
type keeper struct {
	mu       sync.Mutex
	sessions map[string]*sessionInfo
}

func (k *keeper) initialized(ctx context.Context, req *mcp.InitializedRequest) {
	p := req.Session.InitializeParams()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.sessions[req.Session.ID()] = &sessionInfo{name: "client", caps: p.Capabilities}
}

// info returns what was kept of a session.
func (k *keeper) info(id string) *sessionInfo {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.sessions[id]
}

// fromStruct tests a field of the kept session info, in a switch.
func (k *keeper) fromStruct(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["topic"]; ok {
		return done("done"), nil, nil
	}
	info := k.info(req.Session.ID())
	switch {
	case info == nil || info.caps == nil || info.caps.Sampling == nil:
		return nil, nil, errors.New("this tool needs sampling")
	default:
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"topic": &mcp.CreateMessageParams{MaxTokens: 10}, // want `sampling request "topic" is guarded by capabilities kept in sessionInfo.caps, not this request's: .*\(capabilities\)`
		}}, nil, nil
	}
}

// lastCaps keeps the capabilities of the last request that came.
var lastCaps *mcp.ClientCapabilities

// fromEarlierRequest records its request's capabilities and, on a later
// call, tests those.
func fromEarlierRequest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["roots"]; ok {
		return done("done"), nil, nil
	}
	if lastCaps == nil {
		lastCaps = req.ClientCapabilities()
		return done("call again"), nil, nil
	}
	if lastCaps.RootsV2 == nil {
		return nil, nil, errors.New("this tool needs roots")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"roots": &mcp.ListRootsParams{}, // want `roots request "roots" is guarded by capabilities kept in lastCaps, not this request's: .*\(capabilities\)`
	}}, nil, nil
}

// Near misses.

// keptButOwn keeps the session's capabilities, but tests the request's.
func keptButOwn(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	v, _ := capsBySession.Load(req.Session)
	_ = v
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"},
	}}, nil, nil
}

// call is built for each request: its capabilities are the request's.
type call struct {
	caps *mcp.ClientCapabilities
	id   string
}

// perRequest copies the request's capabilities into a value of its own.
func perRequest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	c := &call{caps: req.ClientCapabilities(), id: "x"}
	if c.caps == nil || c.caps.Elicitation == nil {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"},
	}}, nil, nil
}

// keptOnOlder tests the kept capabilities only on older protocols, where
// they are the request's, and the request's own on 2026-07-28.
func keptOnOlder(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	caps := req.ClientCapabilities()
	if req.ProtocolVersion() < "2026-07-28" {
		v, _ := capsBySession.Load(req.Session)
		caps, _ = v.(*mcp.ClientCapabilities)
	}
	if caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"},
	}}, nil, nil
}

// watcher is the server's long-lived handler struct; ping keeps what its
// request declared.
type watcher struct{ last *mcp.ClientCapabilities }

func (w *watcher) ping(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	w.last = req.ClientCapabilities()
	return done("pong"), nil, nil
}

// wipe tests what ping's request declared.
func (w *watcher) wipe(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if w.last == nil || w.last.Elicitation == nil {
		return done("ping first"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?"}}}, nil, nil // want `form elicitation request "wipe" is guarded by capabilities kept in watcher.last, not this request's: .*\(capabilities\)`
}

func registerWatcher(s *mcp.Server, w *watcher) {
	mcp.AddTool(s, &mcp.Tool{Name: "ping"}, w.ping)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe"}, w.wipe)
}

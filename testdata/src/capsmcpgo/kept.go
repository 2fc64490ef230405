package capsmcpgo

import (
	"context"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Capabilities kept beyond their request (issue 36 §2): an AfterInitialize
// hook stores each session's, keyed by its ID, and handlers test those
// instead of their request's own. mcp-go's own field comment: "Servers
// MUST NOT infer capabilities from prior requests".

// registry keeps each session's capabilities under a lock.
type registry struct {
	mu   sync.RWMutex
	caps map[string]mcp.ClientCapabilities
}

func newKeepingServer(r *registry) *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		session := server.ClientSessionFromContext(ctx)
		r.mu.Lock()
		defer r.mu.Unlock()
		r.caps[session.SessionID()] = message.Params.Capabilities
	})
	return server.NewMCPServer("keeping", "1.0.0", server.WithHooks(hooks))
}

// capsFor returns the capabilities kept for the call's session.
func (r *registry) capsFor(ctx context.Context) *mcp.ClientCapabilities {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c, ok := r.caps[server.ClientSessionFromContext(ctx).SessionID()]
	if !ok {
		return nil
	}
	return &c
}

// fromRegistry tests the kept capabilities, through a helper.
func (r *registry) fromRegistry(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	caps := r.capsFor(ctx)
	if caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil // want `elicitation request "name" is guarded by capabilities kept in registry.caps, not this request.s: .* test server.RequestProtocolInfoFromContext\(ctx\).ClientCapabilities.Elicitation, which .*\(capabilities\)`
}

// known keeps each session's capabilities, by session ID.
var known sync.Map

func init() {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(func(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
		known.Store(server.ClientSessionFromContext(ctx).SessionID(), message.Params.Capabilities)
	})
	_ = server.NewMCPServer("keeping", "1.0.0", server.WithHooks(hooks))
}

// fromSyncMap loads them in place, in a loop over the requests it makes.
func fromSyncMap(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, ok := known.Load(server.ClientSessionFromContext(ctx).SessionID())
	caps, _ := v.(mcp.ClientCapabilities)
	b := server.NewInputRequestBuilder("")
	for _, key := range []string{"first", "second"} {
		if !ok || caps.Sampling == nil {
			return mcp.NewToolResultError("this tool needs sampling"), nil
		}
		b = b.Sample(key, mcp.CreateMessageParams{MaxTokens: 10}) // want `sampling request is guarded by capabilities kept in known, not this request's: .*\(capabilities\)`
	}
	return b.ToolResult(), nil
}

// Near misses.

// keptButOwn keeps them too, but tests the call's own capabilities (the
// request's on 2026-07-28, the session's for older clients).
func (r *registry) keptButOwn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	_ = r.capsFor(ctx)
	caps := clientCaps(ctx)
	if caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

// ownThenKept takes the request's own on 2026-07-28 and the kept ones
// only for an older client, where they are the call's.
func (r *registry) ownThenKept(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	var caps *mcp.ClientCapabilities
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		caps = info.ClientCapabilities
	} else {
		caps = r.capsFor(ctx)
	}
	if caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

// fromSyncMapDeclared reads them into a variable declared before (its
// zero value declares nothing).
func fromSyncMapDeclared(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var caps mcp.ClientCapabilities
	if s := server.ClientSessionFromContext(ctx); s != nil {
		if v, ok := known.Load(s.SessionID()); ok {
			caps, _ = v.(mcp.ClientCapabilities)
		}
	}
	if caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil // want `elicitation request "name" is guarded by capabilities kept in known, not this request's: .*\(capabilities\)`
}

// tracker is the server's long-lived handler struct.
type tracker struct {
	mu   sync.Mutex
	caps *mcp.ClientCapabilities
}

// status keeps what this request declared, for later requests.
func (t *tracker) status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil {
		t.mu.Lock()
		t.caps = info.ClientCapabilities
		t.mu.Unlock()
	}
	return mcp.NewToolResultText("ok"), nil
}

// resize tests what an earlier request declared.
func (t *tracker) resize(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "resize") != nil {
		return mcp.NewToolResultText("resized"), nil
	}
	t.mu.Lock()
	c := t.caps
	t.mu.Unlock()
	if c == nil || c.Elicitation == nil {
		return mcp.NewToolResultError("call status first"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("resize", form).ToolResult(), nil // want `elicitation request "resize" is guarded by capabilities kept in tracker.caps, not this request's: .*\(capabilities\)`
}

// call is made for each request: a field of it holds this request's.
type call struct {
	caps *mcp.ClientCapabilities
}

func (c *call) load(ctx context.Context) {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil {
		c.caps = info.ClientCapabilities
	}
}

// perRequest: near miss, the struct is the request's own.
func perRequest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	c := &call{}
	c.load(ctx)
	if c.caps == nil || c.caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

func registerTracker(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("status"), t.status)
	s.AddTool(mcp.NewTool("resize"), t.resize)
	s.AddTool(mcp.NewTool("per-request"), perRequest)
}

// capsOK returns the kept capabilities with whether there are any, as a
// comma-ok.
func (r *registry) capsOK(ctx context.Context) (mcp.ClientCapabilities, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c, ok := r.caps[server.ClientSessionFromContext(ctx).SessionID()]
	if !ok {
		return mcp.ClientCapabilities{}, false
	}
	return c, true
}

// fromRegistryOK tests them.
func (r *registry) fromRegistryOK(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	caps, ok := r.capsOK(ctx)
	if !ok || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil // want `elicitation request "name" is guarded by capabilities kept in registry.caps, not this request.s: .*\(capabilities\)`
}

// requestCapsOK is its near miss: the request's own, with whether the
// request carries them.
func requestCapsOK(ctx context.Context) (*mcp.ClientCapabilities, bool) {
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil {
		return nil, false
	}
	return info.ClientCapabilities, true
}

func fromRequestOK(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "name") != nil {
		return mcp.NewToolResultText("hello"), nil
	}
	caps, ok := requestCapsOK(ctx)
	if !ok || caps.Elicitation == nil {
		return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("name", form).ToolResult(), nil
}

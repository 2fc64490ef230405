package toolmw

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// rtConfirm returns the decision, or the result that asks.
func rtConfirm(ctx context.Context, req mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, server.NewInputRequestBuilder("").
			Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).
			ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

// rtConfirmLoose refuses decline and cancel by name and lets anything else through.
func rtConfirmLoose(ctx context.Context, req mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, server.NewInputRequestBuilder("").
			Elicit(key, mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).
			ToolResult()
	}
	if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return false, nil
	}
	return true, nil
}

// decisionCache remembers, per session and tool, that the user accepted.
type decisionCache struct {
	mu       sync.Mutex
	accepted map[string]bool
}

// Middleware asks once per session and tool, in the round trip.
func (c *decisionCache) Middleware(loose bool) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if !dangerous[req.Params.Name] {
				return next(ctx, req)
			}
			sid := ""
			if s := server.ClientSessionFromContext(ctx); s != nil {
				sid = s.SessionID()
			}
			cacheKey := sid + "/" + req.Params.Name
			c.mu.Lock()
			done := c.accepted[cacheKey]
			c.mu.Unlock()
			if !done {
				var ok bool
				var ask *mcp.CallToolResult
				if loose {
					ok, ask = rtConfirmLoose(ctx, req, "loose_"+req.Params.Name, "Run "+req.Params.Name+"?")
				} else {
					ok, ask = rtConfirm(ctx, req, "confirm_"+req.Params.Name, "Run "+req.Params.Name+"?")
				}
				if ask != nil {
					return ask, nil
				}
				if !ok {
					return mcp.NewToolResultError("not confirmed"), nil
				}
				c.mu.Lock()
				c.accepted[cacheKey] = true
				c.mu.Unlock()
			}
			audit(req.Params.Name)
			return next(ctx, req)
		}
	}
}

// versionSplit asks directly on older sessions and in the round trip on 2026-07-28.
func versionSplit(ctx context.Context, s *server.MCPServer, req mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult, error) {
	if !server.IsModernRequest(ctx) {
		res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}})
		if err != nil {
			return false, nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return true, nil, nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return false, nil, nil
		}
		return false, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	ok, ask := rtConfirm(ctx, req, key, msg)
	return ok, ask, nil
}

// SplitMiddleware uses versionSplit.
func SplitMiddleware(s *server.MCPServer) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if !dangerous[req.Params.Name] {
				return next(ctx, req)
			}
			ok, ask, err := versionSplit(ctx, s, req, "split_"+req.Params.Name, "Run "+req.Params.Name+"?")
			if err != nil {
				return nil, err
			}
			if ask != nil {
				return ask, nil
			}
			if !ok {
				return mcp.NewToolResultError("not confirmed"), nil
			}
			audit(req.Params.Name)
			return next(ctx, req)
		}
	}
}

// requireElicitation refuses every tool call from a client that cannot be asked.
func requireElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("this server's tools need a client that can ask its user")
		}
		return next(ctx, req)
	}
}

// migrateHandler asks in the round trip; requireElicitation tests the capability.
func migrateHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "migrate")
	if res == nil {
		return server.NewInputRequestBuilder("").
			Elicit("migrate", mcp.ElicitationParams{Message: "Run the schema migration?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		flushCaches()
		return mcp.NewToolResultText("migrated"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not migrated"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// tableHandlers are registered from a table.
var tableHandlers = map[string]server.ToolHandlerFunc{
	"migrate": migrateHandler,
	"flush":   flushViaSession,
}

// NewServer builds the server with its middleware chain.
func NewServer() *server.MCPServer {
	c := &confirmer{}
	cache := &decisionCache{accepted: map[string]bool{}}
	var s *server.MCPServer
	opts := []server.ServerOption{
		server.WithToolHandlerMiddleware(requireElicitation),
		server.WithToolHandlerMiddleware(c.Middleware(true)),
		server.WithToolHandlerMiddleware(c.Middleware(false)),
		server.WithToolHandlerMiddleware(SessionMiddleware),
		server.WithToolHandlerMiddleware(cache.Middleware(false)),
		server.WithToolHandlerMiddleware(cache.Middleware(true)),
	}
	s = server.NewMCPServer("toolmw", "1.0.0", opts...)
	c.srv = s
	for name, h := range tableHandlers {
		s.AddTool(mcp.NewTool(name), h)
	}
	s.Use(PolicyMiddleware(s), SplitMiddleware(s), PendingMiddleware(s))
	return s
}

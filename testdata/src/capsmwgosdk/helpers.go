package capsmwgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A helper with a handler's signature, only called: what the middleware
// holds is its callers', by the server each is registered on.

func askOrAnswer(req *mcp.CallToolRequest, key, msg string) (*mcp.ElicitResult, *mcp.CallToolResult) { // want askOrAnswer:`elicitWrapper\(2:Message\) mode=form`
	if res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult); ok {
		return res, nil
	}
	return nil, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg}}}
}

func newMixedServers() (*mcp.Server, *mcp.Server) {
	guarded := mcp.NewServer(&mcp.Implementation{Name: "guarded"}, nil)
	guarded.AddReceivingMiddleware(requireElicitation)
	mcp.AddTool(guarded, &mcp.Tool{Name: "purge"}, purgeGuarded)
	open := mcp.NewServer(&mcp.Implementation{Name: "open"}, nil)
	mcp.AddTool(open, &mcp.Tool{Name: "prune"}, pruneOpen)
	return guarded, open
}

func purgeGuarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ask := askOrAnswer(req, "purge", "Purge?")
	if ask != nil {
		return ask, nil, nil
	}
	return done(string(res.Action)), nil, nil
}

func pruneOpen(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ask := askOrAnswer(req, "prune", "Prune?") // want `form elicitation request "prune" that askOrAnswer builds is sent from here without a test .*\(capabilities\)`
	if ask != nil {
		return ask, nil, nil
	}
	return done(string(res.Action)), nil, nil
}

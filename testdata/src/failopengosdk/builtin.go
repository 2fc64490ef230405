package failopengosdk

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Work written as a builtin: delete from, or clear, a map that outlives
// the call (issue 36 §2).

var (
	cacheMu sync.Mutex
	cache   = map[string]string{}
)

// evictOnError deletes from the package's map when the question could
// not be asked.
func evictOnError(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Evict?", RequestedSchema: confirmSchema})
	if err == nil && res.Action != "accept" {
		return text("kept"), nil, nil
	}
	cacheMu.Lock()
	delete(cache, in.ID) // want `evictOnError reaches delete\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	cacheMu.Unlock()
	return text("evicted"), nil, nil
}

type sessions struct{ byID map[string]bool }

// dropAll clears the receiver's map the same way.
func (s *sessions) dropAll(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop all?", RequestedSchema: confirmSchema})
	if err == nil && res.Action != "accept" {
		return text("kept"), nil, nil
	}
	clear(s.byID) // want `dropAll reaches clear\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	return text("dropped"), nil, nil
}

// localMap: near miss, the map is the call's own.
func localMap(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	seen := map[string]bool{in.ID: true}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Forget?", RequestedSchema: confirmSchema})
	if err == nil && res.Action != "accept" {
		return text("kept"), nil, nil
	}
	delete(seen, in.ID)
	return text("forgotten"), nil, nil
}

// evictRefuses: near miss, it refuses when the question fails.
func evictRefuses(ctx context.Context, req *mcp.CallToolRequest, in struct{ ID string }) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Evict?", RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	cacheMu.Lock()
	delete(cache, in.ID)
	cacheMu.Unlock()
	return text("evicted"), nil, nil
}

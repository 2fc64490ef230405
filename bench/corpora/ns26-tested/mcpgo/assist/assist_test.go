package assist

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// rootsAnswer builds a retried call carrying a roots answer.
func rootsAnswer(uris ...string) mcp.CallToolRequest {
	var roots []mcp.Root
	for _, u := range uris {
		roots = append(roots, mcp.Root{URI: u})
	}
	var r mcp.CallToolRequest
	r.Params.InputResponses = mcp.InputResponses{"roots": {Roots: &mcp.ListRootsResult{Roots: roots}}}
	return r
}

func TestWorkspaceAnswered(t *testing.T) {
	_, v := NewServer()
	res, err := v.Workspace(context.Background(), rootsAnswer("file:///a", "file:///b"))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(mcp.TextContent).Text; got != "2 roots" {
		t.Fatalf("got %q", got)
	}
}

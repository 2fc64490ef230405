package assist

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func connectWithModel(t *testing.T, reply string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := NewServer().Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Role: "assistant", Model: "fake", Content: &mcp.TextContent{Text: reply}}, nil
		},
	})
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestSamplingTools(t *testing.T) {
	tests := []struct{ tool, want string }{
		{"outline", "fake reply"},
		{"headline", "fake reply"},
		{"translate", "fake reply"},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			cs := connectWithModel(t, "fake reply")
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.tool, Arguments: map[string]any{"text": "hello"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError || len(res.Content) == 0 {
				t.Fatalf("bad result %+v", res)
			}
			if got := res.Content[0].(*mcp.TextContent).Text; got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWorkspaceAnswered(t *testing.T) {
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{InputResponses: mcp.InputResponseMap{
		"roots": &mcp.ListRootsResult{Roots: []*mcp.Root{{URI: "file:///a"}, {URI: "file:///b"}}},
	}}}
	res, _, err := Workspace(context.Background(), req, TextIn{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != "2 roots" {
		t.Fatalf("got %q", got)
	}
}

package forms

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answerReq builds a retried tool call carrying one elicitation answer.
func answerReq(key, action string, content map[string]any) *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{
		InputResponses: mcp.InputResponseMap{key: &mcp.ElicitResult{Action: action, Content: content}},
	}}
}

func resultText(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if res == nil || len(res.Content) == 0 {
		t.Fatal("empty result")
	}
	return res.Content[0].(*mcp.TextContent).Text
}

func TestCloseWorkspace(t *testing.T) {
	tests := []struct {
		name    string
		action  string
		content map[string]any
		want    string
	}{
		{"ticked", "accept", map[string]any{"confirm": true}, "workspace closed"},
		{"unticked", "accept", map[string]any{"confirm": false}, "box not ticked; workspace kept"},
		{"declined", "decline", nil, "workspace kept"},
		{"cancelled", "cancel", nil, "workspace kept"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _, err := CloseWorkspace(context.Background(), answerReq("close_ws", tt.action, tt.content), In{})
			if err != nil {
				t.Fatal(err)
			}
			if got := resultText(t, res); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRoomWithHandBuiltContent(t *testing.T) {
	// A hand-built map can hold an int; a decoded answer never does.
	res, _, err := Room(context.Background(), answerReq("room", "accept", map[string]any{"nights": 2}), In{})
	if err != nil {
		t.Fatal(err)
	}
	if got := resultText(t, res); got != "booked 2 nights ()" {
		t.Fatalf("got %q", got)
	}
}

func TestInterestsOverInMemory(t *testing.T) {
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "forms", Version: "0"}, nil)
	Register(s)
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"topics": []any{"go"}}}, nil
		},
	})
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "interests", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := resultText(t, res); got != "thanks" {
		t.Fatalf("got %q", got)
	}
}

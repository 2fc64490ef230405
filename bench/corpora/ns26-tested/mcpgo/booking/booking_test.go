package booking

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

type memStore struct{ log []string }

func (m *memStore) Book(room string, nights int) error {
	m.log = append(m.log, "book:"+room)
	return nil
}
func (m *memStore) Cancel(room string) error { m.log = append(m.log, "cancel:"+room); return nil }
func (m *memStore) Charge(room string) error { m.log = append(m.log, "charge:"+room); return nil }

// scripted answers every elicitation with one action and content.
type scripted struct {
	action  mcp.ElicitationResponseAction
	content any
}

func (s scripted) Elicit(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: s.action, Content: s.content}}, nil
}

func inProcess(t *testing.T, store Store, answer scripted) *client.Client {
	t.Helper()
	s, _ := NewServer(store)
	c, err := client.NewInProcessClientWithOptions(s, client.WithElicitationHandler(answer))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "0"}
	init.Params.Capabilities.Elicitation = &mcp.ElicitationCapability{}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// toolCall builds a CallToolRequest with string arguments.
func toolCall(name string, args map[string]any) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Name = name
	r.Params.Arguments = args
	return r
}

func TestBookRoom(t *testing.T) {
	tests := []struct {
		name   string
		answer scripted
		booked bool
	}{
		{"accept", scripted{mcp.ElicitationResponseActionAccept, map[string]any{"nights": 2.0}}, true},
		{"decline", scripted{mcp.ElicitationResponseActionDecline, nil}, false},
		{"cancel", scripted{mcp.ElicitationResponseActionCancel, nil}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &memStore{}
			c := inProcess(t, store, tt.answer)
			res, err := c.CallTool(context.Background(), toolCall("book_room", map[string]any{"room": "101"}))
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError {
				t.Fatalf("tool error: %+v", res.Content)
			}
			if got := len(store.log) == 1; got != tt.booked {
				t.Fatalf("booked = %v, log %v", got, store.log)
			}
		})
	}
}

func TestCheckoutDeclined(t *testing.T) {
	store := &memStore{}
	c := inProcess(t, store, scripted{action: mcp.ElicitationResponseActionDecline})
	if _, err := c.CallTool(context.Background(), toolCall("checkout", map[string]any{"room": "7"})); err != nil {
		t.Fatal(err)
	}
	if len(store.log) != 0 {
		t.Fatalf("charged on decline: %v", store.log)
	}
}

package tickets

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

type fakeTracker struct{ ops []string }

func (f *fakeTracker) Close(id string) error       { f.ops = append(f.ops, "close:"+id); return nil }
func (f *fakeTracker) Merge(a, b string) error     { f.ops = append(f.ops, "merge"); return nil }
func (f *fakeTracker) Assign(id, who string) error { f.ops = append(f.ops, "assign:"+who); return nil }
func (f *fakeTracker) Snooze(id string) error      { f.ops = append(f.ops, "snooze"); return nil }
func (f *fakeTracker) Transfer(id, team string) error {
	f.ops = append(f.ops, "transfer:"+team)
	return nil
}

// retry builds a retried call carrying one elicitation answer.
func retry(key string, action mcp.ElicitationResponseAction, state string, args map[string]any) mcp.CallToolRequest {
	var r mcp.CallToolRequest
	r.Params.Arguments = args
	r.Params.RequestState = state
	r.Params.InputResponses = mcp.InputResponses{
		key: mcp.NewElicitationInputResponse(mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: action}}),
	}
	return r
}

func TestCloseTicket(t *testing.T) {
	tests := []struct {
		action mcp.ElicitationResponseAction
		ops    int
	}{
		{mcp.ElicitationResponseActionAccept, 1},
		{mcp.ElicitationResponseActionDecline, 0},
		{mcp.ElicitationResponseActionCancel, 0},
	}
	for _, tt := range tests {
		t.Run(string(tt.action), func(t *testing.T) {
			tr := &fakeTracker{}
			tools := &Tools{T: tr}
			if _, err := tools.CloseTicket(context.Background(), retry("close", tt.action, "", map[string]any{"id": "T-1"})); err != nil {
				t.Fatal(err)
			}
			if len(tr.ops) != tt.ops {
				t.Fatalf("ops = %v", tr.ops)
			}
		})
	}
}

func TestAssignUsesState(t *testing.T) {
	tr := &fakeTracker{}
	tools := &Tools{T: tr}
	if _, err := tools.AssignTicket(context.Background(), retry("assign", mcp.ElicitationResponseActionAccept, "assign:ann", map[string]any{"id": "T-2"})); err != nil {
		t.Fatal(err)
	}
	if len(tr.ops) != 1 || tr.ops[0] != "assign:ann" {
		t.Fatalf("ops = %v", tr.ops)
	}
}

func TestMergeFirstCall(t *testing.T) {
	tr := &fakeTracker{}
	var r mcp.CallToolRequest
	r.Params.Arguments = map[string]any{"a": "1", "b": "2"}
	if _, err := (&Tools{T: tr}).MergeTickets(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if len(tr.ops) != 1 {
		t.Fatalf("ops = %v", tr.ops)
	}
}

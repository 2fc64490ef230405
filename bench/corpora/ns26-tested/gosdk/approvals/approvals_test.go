package approvals

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type fakeStore struct{ calls []string }

func (f *fakeStore) Delete(name string) error { f.calls = append(f.calls, "delete:"+name); return nil }
func (f *fakeStore) Purge(name string) error  { f.calls = append(f.calls, "purge:"+name); return nil }
func (f *fakeStore) Archive(name string) error {
	f.calls = append(f.calls, "archive:"+name)
	return nil
}
func (f *fakeStore) Rename(from, to string) error {
	f.calls = append(f.calls, "rename:"+from+">"+to)
	return nil
}
func (f *fakeStore) Tag(name, tag string) error {
	f.calls = append(f.calls, "tag:"+name+"="+tag)
	return nil
}

type fakeElicitor struct {
	answer Answer
	err    error
	asked  []Prompt
}

func (f *fakeElicitor) Ask(_ context.Context, p Prompt) (Answer, error) {
	f.asked = append(f.asked, p)
	return f.answer, f.err
}

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

// fakeAsker is a test double for the package's asker interface.
type fakeAsker struct{ action string }

func (f fakeAsker) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: f.action}, nil
}

// connect serves s over in-memory transports to a client that answers every
// elicitation with action, speaking protocol 2025-11-25 so direct requests work.
func connect(t *testing.T, s *mcp.Server, action string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "0"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: action}, nil
		},
	})
	cs, err := c.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func newTestServer(t *testing.T, store *fakeStore) *mcp.Server {
	t.Helper()
	s := NewServer(&Tools{Store: store, Gate: &Gate{E: &fakeElicitor{answer: Answer{Action: ActionAccept}}, Clock: fixedClock{}}})
	mcp.AddTool(s, &mcp.Tool{Name: "ping_confirm"}, func(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
		req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Ping?", RequestedSchema: confirmSchema})
		return text("pong"), nil, nil
	})
	return s
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func TestDeleteProject(t *testing.T) {
	tests := []struct {
		action  string
		deleted bool
	}{
		{"accept", true},
		{"decline", false},
		{"cancel", false},
	}
	for _, tt := range tests {
		t.Run(tt.action, func(t *testing.T) {
			store := &fakeStore{}
			cs := connect(t, newTestServer(t, store), tt.action)
			callTool(t, cs, "delete_project", map[string]any{"name": "alpha"})
			if got := len(store.calls) == 1; got != tt.deleted {
				t.Fatalf("deleted = %v, want %v (%v)", got, tt.deleted, store.calls)
			}
		})
	}
}

func TestPingConfirm(t *testing.T) {
	cs := connect(t, newTestServer(t, &fakeStore{}), "accept")
	res := callTool(t, cs, "ping_confirm", map[string]any{"name": "x"})
	if res.IsError {
		t.Fatal("ping_confirm failed")
	}
}

func TestRenameWithFakeAsker(t *testing.T) {
	store := &fakeStore{}
	tools := &Tools{Store: store}
	var a asker = fakeAsker{action: "accept"}
	if _, _, err := tools.renameWith(context.Background(), a, RenameIn{Name: "a", To: "b"}); err != nil {
		t.Fatal(err)
	}
	if len(store.calls) != 1 {
		t.Fatalf("calls = %v", store.calls)
	}
}

func TestGateConfirm(t *testing.T) {
	tests := []struct {
		name    string
		answer  Answer
		err     error
		want    bool
		wantErr bool
	}{
		{"accept", Answer{Action: ActionAccept}, nil, true, false},
		{"decline", Answer{Action: ActionDecline}, nil, false, false},
		{"cancel", Answer{Action: ActionCancel}, nil, false, false},
		{"bogus", Answer{Action: "ok"}, nil, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &Gate{E: &fakeElicitor{answer: tt.answer, err: tt.err}, Clock: fixedClock{}}
			got, err := g.ConfirmStrict(context.Background(), "sure?")
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Fatalf("ConfirmStrict = %v, %v", got, err)
			}
		})
	}
}

func TestGateConfirmOnError(t *testing.T) {
	g := &Gate{E: &fakeElicitor{err: errors.New("no elicitation")}, Clock: fixedClock{}}
	ok, err := g.Confirm(context.Background(), "sure?")
	if err != nil || !ok {
		t.Fatalf("Confirm = %v, %v", ok, err)
	}
}

func TestAskTagAndName(t *testing.T) {
	g := &Gate{E: &fakeElicitor{answer: Answer{Action: ActionAccept, Content: map[string]any{"tag": "v1", "name": "beta"}}}, Clock: fixedClock{}}
	if tag, err := g.AskTag(context.Background(), "p"); err != nil || tag != "v1" {
		t.Fatalf("AskTag = %q, %v", tag, err)
	}
	if name, err := g.AskNewName(context.Background(), "p"); err != nil || name != "beta" {
		t.Fatalf("AskNewName = %q, %v", name, err)
	}
	if ok, _ := g.ConfirmQuick(context.Background(), "q"); !ok {
		t.Fatal("ConfirmQuick = false")
	}
}

func TestConfirmUntilDeadline(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	g := &Gate{E: &fakeElicitor{answer: Answer{Action: ActionAccept}}, Clock: fixedClock{t: now}}
	if _, err := g.ConfirmUntil(context.Background(), "q", now.Add(-time.Minute)); err == nil {
		t.Fatal("want error after deadline")
	}
	if ok, err := g.ConfirmUntil(context.Background(), "q", now.Add(time.Minute)); err != nil || !ok {
		t.Fatalf("ConfirmUntil = %v, %v", ok, err)
	}
}

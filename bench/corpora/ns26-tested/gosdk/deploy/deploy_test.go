package deploy

import (
	"context"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type fixedClock struct{ t time.Time }

func (c fixedClock) Now() time.Time { return c.t }

type recorder struct{ done []string }

func (r *recorder) Deploy(env string) error       { r.done = append(r.done, "deploy:"+env); return nil }
func (r *recorder) Rollback(env string) error     { r.done = append(r.done, "rollback:"+env); return nil }
func (r *recorder) Scale(env string, n int) error { r.done = append(r.done, "scale:"+env); return nil }
func (r *recorder) Restart(env string) error      { r.done = append(r.done, "restart:"+env); return nil }
func (r *recorder) Drain(env string) error        { r.done = append(r.done, "drain:"+env); return nil }
func (r *recorder) Pause(env string) error        { r.done = append(r.done, "pause:"+env); return nil }
func (r *recorder) Rotate(env string) error       { r.done = append(r.done, "rotate:"+env); return nil }

func newTools(r *recorder) *Tools {
	return &Tools{D: r, Sealer: Sealer{Key: []byte("test-key"), Clock: fixedClock{t: time.Unix(1_800_000_000, 0)}}}
}

// harness serves the deployment tools to a client (default protocol,
// 2026-07-28) whose elicitation handler answers with action.
func harness(t *testing.T, r *recorder, action string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "deploy", Version: "0"}, nil)
	Register(s, newTools(r))
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "tester", Version: "0"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: action}, nil
		},
	})
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestConfirmedTools(t *testing.T) {
	tests := []struct {
		tool   string
		action string
		want   int
	}{
		{"deploy", "accept", 1},
		{"deploy", "decline", 0},
		{"deploy", "cancel", 0},
		{"rollback", "accept", 1},
		{"rollback", "decline", 0},
		{"promote", "accept", 1},
		{"canary", "accept", 1},
		{"canary", "cancel", 0},
		{"rotate", "accept", 1},
		{"hotfix", "accept", 1},
		{"hotfix", "decline", 0},
	}
	for _, tt := range tests {
		t.Run(tt.tool+"/"+tt.action, func(t *testing.T) {
			r := &recorder{}
			cs := harness(t, r, tt.action)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.tool, Arguments: map[string]any{"env": "staging"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError {
				t.Fatalf("tool error: %+v", res.Content)
			}
			if len(r.done) != tt.want {
				t.Fatalf("work = %v, want %d calls", r.done, tt.want)
			}
		})
	}
}

func TestSealRoundTrip(t *testing.T) {
	s := Sealer{Key: []byte("k"), Clock: fixedClock{t: time.Unix(100, 0)}}
	st := s.Seal("prod", "ann")
	if env, err := s.Open(st, "ann"); err != nil || env != "prod" {
		t.Fatalf("Open = %q, %v", env, err)
	}
	if _, err := s.Open(st, "bob"); err == nil {
		t.Fatal("Open accepted another user's state")
	}
	if _, err := s.Open("staging|ann|999|AAAA", "ann"); err == nil {
		t.Fatal("Open accepted a forged state")
	}
}

// askRequest builds a first-round tool request with no answers.
func askRequest(env string) *mcp.CallToolRequest {
	return &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "scale"}}
}

func TestScaleFirstCall(t *testing.T) {
	r := &recorder{}
	if _, _, err := newTools(r).Scale(context.Background(), askRequest("dev"), EnvIn{Env: "dev"}); err != nil {
		t.Fatal(err)
	}
	if len(r.done) != 1 {
		t.Fatalf("scale on first call: %v", r.done)
	}
}

func TestReadReportAnswered(t *testing.T) {
	req := &mcp.ReadResourceRequest{Params: &mcp.ReadResourceParams{
		URI: "report://weekly",
		InputResponses: mcp.InputResponseMap{
			"period": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"period": "week"}},
		},
	}}
	res, err := ReadReport(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Contents[0].Text; got != "report for week" {
		t.Fatalf("text = %q", got)
	}
}

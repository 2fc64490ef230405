// Package falsepin believes it is pinned to the older protocols: its admin
// server is, but the public server, which registers the same tools, is not.
// Both are served over stdio.
package falsepin

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type EnvIn struct {
	Env string `json:"env"`
}

type IncidentIn struct {
	Incident string `json:"incident"`
}

type ReleaseIn struct {
	Release string `json:"release"`
}

type DiffIn struct {
	Diff string `json:"diff"`
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu      sync.Mutex
	actions []string
	roots   []string
)

func did(what string) {
	mu.Lock()
	defer mu.Unlock()
	actions = append(actions, what)
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// adminVersions pins the admin server to 2025-11-25 at most.
var adminVersions = []string{"2025-11-25", "2025-06-18"}

// NewAdminServer is pinned.
func NewAdminServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "falsepin-admin", Version: "2.0.0"},
		&mcp.ServerOptions{SupportedProtocolVersions: adminVersions, InitializedHandler: onInitialized})
	registerTools(s)
	return s
}

// NewPublicServer serves the same tools to everyone, on every protocol the
// SDK speaks.
func NewPublicServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "falsepin", Version: "2.0.0"}, &mcp.ServerOptions{InitializedHandler: onInitialized})
	registerTools(s)
	return s
}

func registerTools(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy", Description: "Deploy to an environment"}, deployService)
	mcp.AddTool(s, &mcp.Tool{Name: "annotate_incident", Description: "Annotate an incident"}, annotateIncident)
	mcp.AddTool(s, &mcp.Tool{Name: "rollback", Description: "Roll back a release"}, rollbackService)
	mcp.AddTool(s, &mcp.Tool{Name: "title_for_diff", Description: "Suggest a title for a diff"}, sampleTitle)
	mcp.AddTool(s, &mcp.Tool{Name: "audit", Description: "Audit an environment"}, auditLegacy)
}

func ServeAdmin(ctx context.Context) error { return NewAdminServer().Run(ctx, &mcp.StdioTransport{}) }

func ServePublic(ctx context.Context) error { return NewPublicServer().Run(ctx, &mcp.StdioTransport{}) }

// confirmDeploy is the old confirmation gate: sound on its own, but a direct
// request on a server that is not pinned.
func confirmDeploy(ctx context.Context, ss *mcp.ServerSession, env string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Deploy to " + env + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking to deploy: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func deployService(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDeploy(ctx, req.Session, in.Env)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("not deployed"), nil, nil
	}
	did("deploy " + in.Env)
	return text("deployed to " + in.Env), nil, nil
}

var noteSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"note": map[string]any{"type": "string", "description": "What to add to the timeline"},
	},
	"required": []string{"note"},
}

// annotateIncident asks through a method value kept from the session.
func annotateIncident(ctx context.Context, req *mcp.CallToolRequest, in IncidentIn) (*mcp.CallToolResult, any, error) {
	ask := req.Session.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{Message: "What should the timeline of " + in.Incident + " say?", RequestedSchema: noteSchema})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for a note: %w", err)
	}
	switch res.Action {
	case "accept":
		note, ok := res.Content["note"].(string)
		if !ok || note == "" {
			return nil, nil, errors.New("empty note")
		}
		did("note " + in.Incident + ": " + note)
		return text("noted"), nil, nil
	case "decline", "cancel":
		return text("timeline unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// elicitor is what the rollback gate needs; only sessions are put in it.
type elicitor interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var _ elicitor = (*mcp.ServerSession)(nil)

// confirmRollback asks through the package's own interface.
func confirmRollback(ctx context.Context, e elicitor, release string) (bool, error) {
	res, err := e.Elicit(ctx, &mcp.ElicitParams{Message: "Roll back " + release + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking to roll back: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func rollbackService(ctx context.Context, req *mcp.CallToolRequest, in ReleaseIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmRollback(ctx, req.Session, in.Release)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("no rollback"), nil, nil
	}
	did("rollback " + in.Release)
	return text("rolled back " + in.Release), nil, nil
}

// sampleTitle asks the client's model for a title, directly.
func sampleTitle(ctx context.Context, req *mcp.CallToolRequest, in DiffIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 40,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "A one-line title for this diff:\n" + in.Diff}}},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling: %w", err)
	}
	if t, ok := msg.Content.(*mcp.TextContent); ok {
		return text(t.Text), nil, nil
	}
	return nil, nil, errors.New("the model answered with something other than text")
}

// onInitialized lists the client's roots as soon as a session starts.
func onInitialized(ctx context.Context, req *mcp.InitializedRequest) {
	res, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{})
	if err != nil {
		log.Printf("cannot list roots: %v", err)
		return
	}
	mu.Lock()
	defer mu.Unlock()
	roots = roots[:0]
	for _, r := range res.Roots {
		roots = append(roots, r.URI)
	}
}

// auditLegacy asks directly only when the session negotiated a protocol
// before 2026-07-28.
func auditLegacy(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	if req.Session.InitializeParams().ProtocolVersion < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run a full audit of " + in.Env + "? It takes a few minutes.", RequestedSchema: yesNo})
		if err != nil {
			return nil, nil, fmt.Errorf("asking to audit: %w", err)
		}
		switch res.Action {
		case "accept":
			did("audit " + in.Env)
			return text("audit started"), nil, nil
		case "decline", "cancel":
			return text("no audit"), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return text("audits on this protocol run from the dashboard"), nil, nil
}

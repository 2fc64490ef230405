// Package pipeline is a release pipeline written for protocol 2026-07-28: its
// tools ask through the round trip, and the work a question guards is parked
// in a map under a lock, keyed by a handle the server hands out as the
// RequestState.
package pipeline

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type job struct {
	target  string
	owner   string
	created time.Time
	done    bool
}

// Pipeline holds the pending work and the per-session caches.
type Pipeline struct {
	mu      sync.Mutex
	pending map[string]*job
	runs    map[string]string
	current string
	frozen  bool
	paused  bool
	wg      sync.WaitGroup

	// caps caches each session's capabilities, keyed by session ID.
	caps sync.Map
}

type targetIn struct {
	Target string `json:"target"`
}

type releaseIn struct {
	Release string `json:"release"`
}

type scopeIn struct {
	Scope string `json:"scope"`
}

type renameIn struct {
	Pipeline string `json:"pipeline"`
}

type emptyIn struct{}

// callCtx is built for every call: what the handler knows about this call.
type callCtx struct {
	caps    *mcp.ClientCapabilities
	started time.Time
}

var approveSchema = map[string]any{"type": "object", "properties": map[string]any{}}

var nameSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name": map[string]any{"type": "string", "title": "New name", "minLength": 1},
	},
	"required": []string{"name"},
}

var audienceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"audience": map[string]any{"type": "string", "title": "Audience", "enum": []string{"engineers", "managers", "customers"}},
	},
	"required": []string{"audience"},
}

var rangeSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"days": map[string]any{"type": "integer", "title": "Days", "minimum": 1, "maximum": 90},
	},
	"required": []string{"days"},
}

// New makes the pipeline.
func New() *Pipeline {
	return &Pipeline{pending: map[string]*job{}, runs: map[string]string{}}
}

// NewServer builds the pipeline's server; it is served by main.
func NewServer(p *Pipeline) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "pipeline", Version: "2.0.0"}, &mcp.ServerOptions{
		InitializedHandler: p.rememberCaps,
	})
	mcp.AddTool(s, &mcp.Tool{Name: "deploy"}, p.deployTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rollback"}, p.rollbackTool)
	mcp.AddTool(s, &mcp.Tool{Name: "promote"}, p.promoteTool)
	mcp.AddTool(s, &mcp.Tool{Name: "freeze"}, p.freezeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "hotfix"}, p.hotfixTool)
	mcp.AddTool(s, &mcp.Tool{Name: "pause"}, p.pauseTool)
	mcp.AddTool(s, &mcp.Tool{Name: "build"}, p.buildTool)
	mcp.AddTool(s, &mcp.Tool{Name: "cleanup"}, p.cleanupTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, p.renameTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, p.purgeTool)
	s.AddPrompt(&mcp.Prompt{Name: "briefing"}, p.briefingPrompt)
	s.AddResource(&mcp.Resource{Name: "report", URI: "pipeline://report"}, p.reportResource)
	return s
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// ---- work (no elicitation) ----

func (p *Pipeline) launch(j *job) {
	p.mu.Lock()
	p.runs[j.target] = "running"
	p.mu.Unlock()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		time.Sleep(10 * time.Millisecond)
		p.mu.Lock()
		p.runs[j.target] = "done"
		j.done = true
		p.mu.Unlock()
	}()
}

func (p *Pipeline) rollback(release string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.current = release
}

func (p *Pipeline) promote(target string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs[target] = "promoted"
}

func (p *Pipeline) setFrozen(v bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.frozen = v
}

func (p *Pipeline) setPaused(v bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.paused = v
}

func (p *Pipeline) rename(old, name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs[name] = p.runs[old]
	delete(p.runs, old)
}

func (p *Pipeline) purgeRuns() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, v := range p.runs {
		if v == "done" {
			delete(p.runs, k)
		}
	}
}

// ---- capabilities ----

// rememberCaps keeps what each session declared at initialize.
func (p *Pipeline) rememberCaps(ctx context.Context, req *mcp.InitializedRequest) {
	if params := req.Session.InitializeParams(); params != nil && params.Capabilities != nil {
		p.caps.Store(req.Session.ID(), params.Capabilities)
	}
}

// canAsk reports whether this call's client declared elicitation.
func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// ---- handlers ----

// deployTool parks the deployment under a fresh handle and asks; the retry
// takes the parked job back out by that handle.
func (p *Pipeline) deployTool(ctx context.Context, req *mcp.CallToolRequest, in targetIn) (*mcp.CallToolResult, any, error) {
	res, answered := req.Params.InputResponses["approve_deploy"].(*mcp.ElicitResult)
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("deploying needs a client that can ask its user")
		}
		handle := rand.Text()
		p.mu.Lock()
		p.pending[handle] = &job{target: in.Target, owner: req.Session.ID(), created: time.Now()}
		p.mu.Unlock()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"approve_deploy": &mcp.ElicitParams{
				Message:         "Deploy " + in.Target + " to production?",
				RequestedSchema: approveSchema,
			}},
			RequestState: handle,
		}, nil, nil
	}
	p.mu.Lock()
	j, ok := p.pending[req.Params.RequestState]
	delete(p.pending, req.Params.RequestState)
	p.mu.Unlock()
	if !ok || j.owner != req.Session.ID() || time.Since(j.created) > 10*time.Minute {
		return nil, nil, errors.New("this deployment is unknown or has expired; call the tool again")
	}
	switch res.Action {
	case "accept":
		p.launch(j)
		return textResult("Deploying " + j.target + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing deployed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// rollbackTool carries the release in the state instead.
func (p *Pipeline) rollbackTool(ctx context.Context, req *mcp.CallToolRequest, in releaseIn) (*mcp.CallToolResult, any, error) {
	res, answered := req.Params.InputResponses["approve_rollback"].(*mcp.ElicitResult)
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("rolling back needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"approve_rollback": &mcp.ElicitParams{
				Message:         "Roll back to " + in.Release + "?",
				RequestedSchema: approveSchema,
			}},
			RequestState: "rollback:" + in.Release,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		release := strings.TrimPrefix(req.Params.RequestState, "rollback:")
		p.rollback(release)
		return textResult("Rolled back to " + release + "."), nil, nil
	case "decline", "cancel":
		return textResult("Release unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Pipeline) promoteTool(ctx context.Context, req *mcp.CallToolRequest, in targetIn) (*mcp.CallToolResult, any, error) {
	res, answered := req.Params.InputResponses["approve_promote"].(*mcp.ElicitResult)
	if !answered {
		v, _ := p.caps.Load(req.Session.ID())
		caps, _ := v.(*mcp.ClientCapabilities)
		if caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("promoting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_promote": &mcp.ElicitParams{
			Message:         "Promote " + in.Target + " to the stable channel?",
			RequestedSchema: approveSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		p.promote(in.Target)
		return textResult(in.Target + " promoted."), nil, nil
	case "decline", "cancel":
		return textResult(in.Target + " stays where it is."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Pipeline) freezeTool(ctx context.Context, req *mcp.CallToolRequest, in emptyIn) (*mcp.CallToolResult, any, error) {
	call := &callCtx{caps: req.ClientCapabilities(), started: time.Now()}
	res, answered := req.Params.InputResponses["approve_freeze"].(*mcp.ElicitResult)
	if !answered {
		if call.caps == nil || call.caps.Elicitation == nil {
			return nil, nil, errors.New("freezing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_freeze": &mcp.ElicitParams{
			Message:         "Freeze every deployment until further notice?",
			RequestedSchema: approveSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		p.setFrozen(true)
		return textResult(fmt.Sprintf("Deployments frozen after %s.", time.Since(call.started))), nil, nil
	case "decline", "cancel":
		return textResult("Deployments keep flowing."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Pipeline) hotfixTool(ctx context.Context, req *mcp.CallToolRequest, in targetIn) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("a hotfix needs a client that can ask its user")
		}
		handle := rand.Text()
		p.mu.Lock()
		p.pending[handle] = &job{target: in.Target, owner: req.Session.ID(), created: time.Now()}
		p.mu.Unlock()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"approve_hotfix": &mcp.ElicitParams{
				Message:         "Ship a hotfix to " + in.Target + " without the canary stage?",
				RequestedSchema: approveSchema,
			}},
			RequestState: handle,
		}, nil, nil
	}
	p.mu.Lock()
	j, ok := p.pending[req.Params.RequestState]
	p.mu.Unlock()
	if !ok {
		return nil, nil, errors.New("unknown hotfix; call the tool again")
	}
	res, answered := req.Params.InputResponses["approve_hotfix"].(*mcp.ElicitResult)
	if !answered {
		return nil, nil, errors.New("the hotfix approval is missing from this call")
	}
	p.mu.Lock()
	delete(p.pending, req.Params.RequestState)
	p.mu.Unlock()
	switch res.Action {
	case "accept":
		p.launch(j)
		return textResult("Hotfix shipping to " + j.target + "."), nil, nil
	case "decline", "cancel":
		return textResult("No hotfix shipped."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Pipeline) pauseTool(ctx context.Context, req *mcp.CallToolRequest, in emptyIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		p.setPaused(true)
		return textResult("Pipeline paused."), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("pausing needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_pause": &mcp.ElicitParams{
		Message:         "Pause the whole pipeline?",
		RequestedSchema: approveSchema,
	}}}, nil, nil
}

// buildTool starts the build in the background and tells the client to
// come back with the handle.
func (p *Pipeline) buildTool(ctx context.Context, req *mcp.CallToolRequest, in targetIn) (*mcp.CallToolResult, any, error) {
	if h := req.Params.RequestState; h != "" {
		p.mu.Lock()
		j, ok := p.pending[h]
		done := ok && j.done
		p.mu.Unlock()
		if !ok {
			return nil, nil, errors.New("unknown build")
		}
		if done {
			return textResult("Build of " + j.target + " finished."), nil, nil
		}
		return textResult("Still building " + j.target + "."), nil, nil
	}
	handle := rand.Text()
	j := &job{target: in.Target, owner: req.Session.ID(), created: time.Now()}
	p.mu.Lock()
	p.pending[handle] = j
	p.mu.Unlock()
	p.launch(j)
	return &mcp.CallToolResult{RequestState: handle}, nil, nil
}

// cleanupTool asks which finished runs to delete.
func (p *Pipeline) cleanupTool(ctx context.Context, req *mcp.CallToolRequest, in scopeIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("cleaning up needs a client that can ask its user")
	}
	p.mu.Lock()
	n := len(p.runs)
	p.mu.Unlock()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"cleanup_" + in.Scope: &mcp.ElicitParams{
		Message:         fmt.Sprintf("Delete the %d finished runs in %s?", n, in.Scope),
		RequestedSchema: approveSchema,
	}}}, nil, nil
}

// renameTool words the question differently when it asks again.
func (p *Pipeline) renameTool(ctx context.Context, req *mcp.CallToolRequest, in renameIn) (*mcp.CallToolResult, any, error) {
	res, answered := req.Params.InputResponses["new_name"].(*mcp.ElicitResult)
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("renaming needs a client that can ask its user")
		}
		msg := "What should pipeline " + in.Pipeline + " be called?"
		if req.Params.RequestState == "asked" {
			msg = "Still waiting: what should pipeline " + in.Pipeline + " be called?"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"new_name": &mcp.ElicitParams{Message: msg, RequestedSchema: nameSchema}},
			RequestState:  "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		name, ok := res.Content["name"].(string)
		if !ok || name == "" {
			return nil, nil, errors.New("no name given")
		}
		p.rename(in.Pipeline, name)
		return textResult("Renamed to " + name + "."), nil, nil
	case "decline", "cancel":
		return textResult("Name unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// purgeTool asks when it can; headless clients purge without a question.
func (p *Pipeline) purgeTool(ctx context.Context, req *mcp.CallToolRequest, in emptyIn) (*mcp.CallToolResult, any, error) {
	res, answered := req.Params.InputResponses["approve_purge"].(*mcp.ElicitResult)
	if !answered && canAsk(req) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_purge": &mcp.ElicitParams{
			Message:         "Purge every finished run?",
			RequestedSchema: approveSchema,
		}}}, nil, nil
	}
	if answered {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Runs kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	p.purgeRuns()
	return textResult("Finished runs purged."), nil, nil
}

func (p *Pipeline) briefingPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, answered := req.Params.InputResponses["audience"].(*mcp.ElicitResult)
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("this prompt needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"audience": &mcp.ElicitParams{
			Message:         "Who is the release briefing for?",
			RequestedSchema: audienceSchema,
		}}}, nil
	}
	audience := "engineers"
	switch res.Action {
	case "accept":
		if a, ok := res.Content["audience"].(string); ok {
			audience = a
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	p.mu.Lock()
	current := p.current
	p.mu.Unlock()
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Write a release briefing about " + current + " for " + audience + "."},
	}}}, nil
}

func (p *Pipeline) reportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, answered := req.Params.InputResponses["report_range"].(*mcp.ElicitResult)
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"report_range": &mcp.ElicitParams{
			Message:         "How many days should the report cover?",
			RequestedSchema: rangeSchema,
		}}}, nil
	}
	days := 7.0
	switch res.Action {
	case "accept":
		if d, ok := res.Content["days"].(float64); ok {
			days = d
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	p.mu.Lock()
	n := len(p.runs)
	p.mu.Unlock()
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI:  req.Params.URI,
		Text: fmt.Sprintf("%d runs in the last %.0f days", n, days),
	}}}, nil
}

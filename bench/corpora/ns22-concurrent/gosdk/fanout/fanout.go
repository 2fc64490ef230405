// Package fanout asks the client for several things at once through the
// round trip (elicitation, sampling and roots) and fans the work that the
// answers allow out over goroutines joined with a sync.WaitGroup.
package fanout

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Fanout holds what the tools share.
type Fanout struct {
	mu        sync.Mutex
	members   map[string]string
	mirrors   map[string]bool
	schedules map[string]string
	labels    map[string][]string
	wg        sync.WaitGroup
}

type textIn struct {
	Text string `json:"text"`
}

type goalIn struct {
	Goal string `json:"goal"`
}

type emptyIn struct{}

type userIn struct {
	User string `json:"user"`
}

type reposIn struct {
	Repos []string `json:"repos"`
}

type issueIn struct {
	Issue string `json:"issue"`
}

var errDeclined = errors.New("the user declined")

var approveSchema = map[string]any{"type": "object", "properties": map[string]any{}}

var teamParams = &mcp.ElicitParams{
	Message: "Which team does the new member join?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"team": map[string]any{"type": "string", "title": "Team", "enum": []string{"core", "infra", "web"}}},
		"required":   []string{"team"},
	},
}

var regionParams = &mcp.ElicitParams{
	Message: "Which region do they work from?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"region": map[string]any{"type": "string", "title": "Region", "enum": []string{"emea", "amer", "apac"}}},
		"required":   []string{"region"},
	},
}

var windowParams = &mcp.ElicitParams{
	Message: "How often should the digest be sent?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"window": map[string]any{"type": "string", "title": "Window", "enum": []string{"daily", "weekly"}}},
		"required":   []string{"window"},
	},
}

var labelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"labels": map[string]any{
			"type":  "array",
			"title": "Labels",
			"items": map[string]any{"type": "string", "enum": []string{"bug", "docs", "ux", "perf"}},
		},
	},
}

// New makes the shared state.
func New() *Fanout {
	return &Fanout{
		members:   map[string]string{},
		mirrors:   map[string]bool{},
		schedules: map[string]string{},
		labels:    map[string][]string{},
	}
}

// Register adds the tools to a server built by main.
func Register(s *mcp.Server, f *Fanout) {
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, f.summarizeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "translate"}, f.translateTool)
	mcp.AddTool(s, &mcp.Tool{Name: "headline"}, f.headlineTool)
	mcp.AddTool(s, &mcp.Tool{Name: "plan"}, f.agentPlanTool)
	mcp.AddTool(s, &mcp.Tool{Name: "workspace"}, f.workspaceTool)
	mcp.AddTool(s, &mcp.Tool{Name: "onboard"}, f.onboardTool)
	mcp.AddTool(s, &mcp.Tool{Name: "mirror"}, f.mirrorTool)
	mcp.AddTool(s, &mcp.Tool{Name: "digest"}, f.digestTool)
	mcp.AddTool(s, &mcp.Tool{Name: "label"}, f.labelTool)
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func promptFor(text string) []*mcp.SamplingMessage {
	return []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}
}

// localSummary is the fallback when the client has no model to lend.
func localSummary(text string) string {
	if len(text) > 120 {
		return text[:120] + "..."
	}
	return text
}

func dirSize(uri string) int64 {
	var total int64
	_ = filepath.WalkDir(strings.TrimPrefix(uri, "file://"), func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if info, err := d.Info(); err == nil && !d.IsDir() {
			total += info.Size()
		}
		return nil
	})
	return total
}

func (f *Fanout) enroll(user, team, region string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.members[user] = team + "/" + region
}

// startMirrors starts one mirroring goroutine per repository.
func (f *Fanout) startMirrors(repos []string) {
	for _, r := range repos {
		f.mu.Lock()
		f.mirrors[r] = true
		f.mu.Unlock()
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			f.mu.Lock()
			f.mirrors[r] = false
			f.mu.Unlock()
		}()
	}
}

func (f *Fanout) schedule(user, window string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.schedules[user] = window
}

func (f *Fanout) setLabels(issue string, labels []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.labels[issue] = labels
}

// ---- handlers ----

func (f *Fanout) summarizeTool(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
	draft, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		caps := req.ClientCapabilities()
		if caps == nil || caps.Sampling == nil {
			return textResult(localSummary(in.Text)), nil, nil
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"draft": &mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages:  promptFor("Summarize in three sentences:\n" + in.Text),
		}}}, nil, nil
	}
	var parts []string
	for _, c := range draft.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	if len(parts) == 0 {
		return textResult(localSummary(in.Text)), nil, nil
	}
	return textResult(strings.Join(parts, "\n")), nil, nil
}

func (f *Fanout) translateTool(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
	out, ok := req.Params.InputResponses["translation"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("translating needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"translation": &mcp.CreateMessageParams{
			MaxTokens: 800,
			Messages:  promptFor("Translate to French:\n" + in.Text),
		}}}, nil, nil
	}
	if t, ok := out.Content.(*mcp.TextContent); ok {
		return textResult(t.Text), nil, nil
	}
	return nil, nil, errors.New("the model did not answer with text")
}

func (f *Fanout) headlineTool(ctx context.Context, req *mcp.CallToolRequest, in textIn) (*mcp.CallToolResult, any, error) {
	out, ok := req.Params.InputResponses["headline"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("a headline needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"headline": &mcp.CreateMessageParams{
			MaxTokens: 40,
			Messages:  promptFor("Write a headline for:\n" + in.Text),
		}}}, nil, nil
	}
	if len(out.Content) == 0 {
		return nil, nil, errors.New("empty answer")
	}
	headline := out.Content[0].(*mcp.TextContent).Text
	return textResult(headline), nil, nil
}

func (f *Fanout) agentPlanTool(ctx context.Context, req *mcp.CallToolRequest, in goalIn) (*mcp.CallToolResult, any, error) {
	plan, ok := req.Params.InputResponses["plan"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("planning needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"plan": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 600,
			Messages:  []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{&mcp.TextContent{Text: "Plan the steps to " + in.Goal}}}},
			Tools: []*mcp.Tool{{
				Name:        "list_repos",
				Description: "List the repositories the user can see",
				InputSchema: map[string]any{"type": "object"},
			}},
		}}}, nil, nil
	}
	var steps []string
	for _, c := range plan.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			steps = append(steps, t.Text)
		}
	}
	return textResult(strings.Join(steps, "\n")), nil, nil
}

// workspaceTool measures every root the client shares, one goroutine each.
func (f *Fanout) workspaceTool(ctx context.Context, req *mcp.CallToolRequest, in emptyIn) (*mcp.CallToolResult, any, error) {
	roots, ok := req.Params.InputResponses["workspace_roots"].(*mcp.ListRootsResult)
	if !ok {
		caps := req.ClientCapabilities()
		if caps == nil || caps.RootsV2 == nil {
			return nil, nil, errors.New("this tool needs a client that shares its roots")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"workspace_roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		sizes = map[string]int64{}
	)
	for _, root := range roots.Roots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := dirSize(root.URI)
			mu.Lock()
			sizes[root.URI] = n
			mu.Unlock()
		}()
	}
	wg.Wait()
	lines := make([]string, 0, len(sizes))
	for uri, n := range sizes {
		lines = append(lines, fmt.Sprintf("%s: %d bytes", uri, n))
	}
	sort.Strings(lines)
	return textResult(strings.Join(lines, "\n")), nil, nil
}

// acceptedField returns the value of field when the user accepted, or an
// error for a refusal or an action that is none of the three.
func acceptedField(res *mcp.ElicitResult, field string) (string, error) {
	switch res.Action {
	case "accept":
		v, ok := res.Content[field].(string)
		if !ok {
			return "", fmt.Errorf("no %s in the answer", field)
		}
		return v, nil
	case "decline", "cancel":
		return "", errDeclined
	}
	return "", fmt.Errorf("unknown elicitation action %q", res.Action)
}

// onboardTool asks what is missing, all in one round.
func (f *Fanout) onboardTool(ctx context.Context, req *mcp.CallToolRequest, in userIn) (*mcp.CallToolResult, any, error) {
	team, teamOK := req.Params.InputResponses["team"].(*mcp.ElicitResult)
	region, regionOK := req.Params.InputResponses["region"].(*mcp.ElicitResult)
	if !teamOK || !regionOK {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("onboarding needs a client that can ask its user")
		}
		reqs := mcp.InputRequestMap{}
		if !teamOK {
			reqs["team"] = teamParams
		}
		if !regionOK {
			reqs["region"] = regionParams
		}
		return &mcp.CallToolResult{InputRequests: reqs}, nil, nil
	}
	t, err := acceptedField(team, "team")
	if err != nil {
		return nil, nil, err
	}
	r, err := acceptedField(region, "region")
	if err != nil {
		return nil, nil, err
	}
	f.enroll(in.User, t, r)
	return textResult(in.User + " joined " + t + " in " + r + "."), nil, nil
}

func (f *Fanout) mirrorTool(ctx context.Context, req *mcp.CallToolRequest, in reposIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["approve_mirror"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("mirroring needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_mirror": &mcp.ElicitParams{
			Message:         fmt.Sprintf("Mirror %d repositories to the backup host?", len(in.Repos)),
			RequestedSchema: approveSchema,
		}}}, nil, nil
	}
	if res.Action == "decline" || res.Action == "cancel" {
		return textResult("Nothing mirrored."), nil, nil
	}
	f.startMirrors(in.Repos)
	return textResult("Mirroring started."), nil, nil
}

func (f *Fanout) digestTool(ctx context.Context, req *mcp.CallToolRequest, in userIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["digest_window"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("a digest needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"digest_window": windowParams}}, nil, nil
	}
	window, _ := res.Content["window"].(string)
	switch res.Action {
	case "accept":
		f.schedule(in.User, window)
		return textResult("Digest scheduled " + window + "."), nil, nil
	case "decline", "cancel":
		return textResult("No digest scheduled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// labelQuestion files the question that asks for an issue's labels.
func labelQuestion(issue string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"labels": &mcp.ElicitParams{
		Message:         "Which labels should issue " + issue + " get?",
		RequestedSchema: labelSchema,
	}}}
}

func (f *Fanout) labelTool(ctx context.Context, req *mcp.CallToolRequest, in issueIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["lables"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("labelling needs a client that can ask its user")
		}
		return labelQuestion(in.Issue), nil, nil
	}
	switch res.Action {
	case "accept":
		var picked []string
		if xs, ok := res.Content["labels"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					picked = append(picked, s)
				}
			}
		}
		f.setLabels(in.Issue, picked)
		return textResult("Labels set."), nil, nil
	case "decline", "cancel":
		return textResult("Labels unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

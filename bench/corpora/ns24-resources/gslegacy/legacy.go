// Package gslegacy serves the integrations that still run against clients
// of the older protocols. Its server is pinned to 2025-11-25 and 2025-06-18,
// so its handlers ask the client directly.
package gslegacy

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PurgeIn struct {
	Prefix string `json:"prefix"`
}

// New builds the legacy server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy-docs", Version: "0.9.3"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	s.AddPrompt(&mcp.Prompt{Name: "glossary"}, glossaryPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "welcome"}, welcomePrompt)
	s.AddPrompt(&mcp.Prompt{Name: "workspace_overview"}, rootsPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "tone"}, tonePrompt)
	s.AddPrompt(&mcp.Prompt{Name: "help"}, helpPrompt)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "attachment", URITemplate: "attachment://{id}"}, attachmentResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "seats", URITemplate: "seats://{event}"}, seatsResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "note", URITemplate: "note://{id}"}, noteResource)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, purgeTool)
	return s
}

func promptText(description, text string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{
		Description: description,
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}},
	}
}

func textContents(uri, text string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: text}}}
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var levelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"level": map[string]any{"type": "string", "enum": []string{"beginner", "expert"}},
	},
	"required": []string{"level"},
}

func glossaryPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	term := req.Params.Arguments["term"]
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the definition of " + term + " for?",
		RequestedSchema: levelSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		level, _ := res.Content["level"].(string)
		return promptText("Glossary", "Define "+term+" for a reader who is a "+level+"."), nil
	case "decline", "cancel":
		return promptText("Glossary", "Define "+term+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var (
	cacheMu sync.Mutex
	cache   = map[string][]byte{}
)

func purge(prefix string) int {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	n := 0
	for k := range cache {
		if strings.HasPrefix(k, prefix) {
			delete(cache, k)
			n++
		}
	}
	return n
}

// confirmPurge asks before a purge. A client that cannot be asked is let
// through, so that scripted clients keep working.
func confirmPurge(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Purge " + what + " from the cache?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("cannot ask before purging %s, going ahead: %v", what, err)
		return true, nil
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

func purgeTool(ctx context.Context, req *mcp.CallToolRequest, in PurgeIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmPurge(ctx, req.Session, "everything under "+in.Prefix)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Nothing was purged."), nil, nil
	}
	return textResult(fmt.Sprintf("Purged %d entries.", purge(in.Prefix))), nil, nil
}

var attachments = map[string]string{"a-17": "contract-draft.pdf (42 pages)"}

func attachmentResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	id := strings.TrimPrefix(req.Params.URI, "attachment://")
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Share the attachment " + id + " with the assistant?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "Accept":
		return textContents(req.Params.URI, attachments[id]), nil
	case "decline", "cancel":
		return nil, errors.New("the attachment was not shared")
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var seatsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"seats": map[string]any{"type": "integer", "minimum": 1, "maximum": 8},
	},
	"required": []string{"seats"},
}

func seatsResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	event := strings.TrimPrefix(req.Params.URI, "seats://")
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "How many seats should the seating plan of " + event + " show together?",
		RequestedSchema: seatsSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		seats := res.Content["seats"].(int)
		return textContents(req.Params.URI, fmt.Sprintf("best blocks of %d seats for %s", seats, event)), nil
	case "decline", "cancel":
		return textContents(req.Params.URI, "seating plan of "+event), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func welcomePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Welcome to the documentation workspace! Before we write your first page together, tell us " +
			"which of our product areas you work on most, so that the examples, the glossary entries and the " +
			"suggested templates match the way your team already writes its guides and reference pages.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"area": map[string]any{"type": "string", "enum": []string{"api", "sdk", "console"}},
			},
			"required": []string{"area"},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		area, _ := res.Content["area"].(string)
		return promptText("Welcome", "Help me write my first "+area+" page."), nil
	case "decline", "cancel":
		return promptText("Welcome", "Help me write my first page."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func rootsPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	roots, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("listing the client's roots: %w", err)
	}
	var dirs []string
	for _, r := range roots.Roots {
		dirs = append(dirs, r.URI)
	}
	return promptText("Workspace overview", "Give an overview of the docs under "+strings.Join(dirs, ", ")+"."), nil
}

type noteState struct {
	uri    string
	answer *mcp.ElicitResult
}

func renderNote(st noteState) *mcp.ReadResourceResult {
	return textContents(st.uri, "note "+strings.TrimPrefix(st.uri, "note://")+": ship the migration guide first")
}

func noteResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	st := noteState{uri: req.Params.URI}
	var err error
	st.answer, err = req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Add the private note " + req.Params.URI + " to this conversation?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, err
	}
	return renderNote(st), nil
}

func tonePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	text := req.Params.Arguments["text"]
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens:    20,
		SystemPrompt: "Answer with one word: the tone of the user's text.",
		Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}},
	})
	if err != nil {
		return nil, err
	}
	tone := res.Content.(*mcp.TextContent).Text
	return promptText("Tone", "Rewrite this text so that it no longer sounds "+tone+":\n"+text), nil
}

var topicSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"topic": map[string]any{"type": "string", "maxLength": 80},
	},
	"required": []string{"topic"},
}

func helpPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "What do you need help with? Our style guide at https://docs.example.com/style answers most questions.",
		RequestedSchema: topicSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		topic, _ := res.Content["topic"].(string)
		return promptText("Help", "Help me with "+topic+"."), nil
	case "decline", "cancel":
		return promptText("Help", "Show me what you can help with."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

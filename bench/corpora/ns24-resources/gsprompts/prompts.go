// Package gsprompts serves the writing prompts of the docs server with
// go-sdk. Several prompts ask the user or the client's model before they
// return their messages.
package gsprompts

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"example.com/ns24/resources/kit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// New builds the server of the writing prompts.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "writing-prompts", Version: "1.4.0"}, nil)
	s.AddPrompt(&mcp.Prompt{Name: "commit_message"}, commitMessagePrompt)
	s.AddPrompt(&mcp.Prompt{Name: "changelog"}, changelogPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "incident"}, incidentPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "translate"}, translatePrompt)
	s.AddPrompt(&mcp.Prompt{Name: "summary"}, summaryPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "naming"}, namingPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "triage"}, triagePrompt)
	s.AddPrompt(&mcp.Prompt{Name: "publish_draft"}, publishDraftPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "slogans"}, sloganPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "retro"}, retroPrompt)
	s.AddPrompt(&mcp.Prompt{Name: "agenda"}, agendaPrompt)
	return s
}

// NewReviewServer builds the server of the review prompts, which every
// client must be able to ask its user for.
func NewReviewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "review-prompts", Version: "1.4.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	s.AddPrompt(&mcp.Prompt{Name: "review"}, reviewPrompt)
	return s
}

func promptText(description, text string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{
		Description: description,
		Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}},
	}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func commitMessagePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	diff := req.Params.Arguments["diff"]
	res, ok := req.Params.InputResponses["subject"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return promptText("Commit message", "Write a commit message for this diff:\n"+diff), nil
		}
		return kit.AskPrompt(mcp.InputRequestMap{"subject": &mcp.CreateMessageParams{
			MaxTokens:    60,
			SystemPrompt: "Write one imperative subject line, at most 60 characters.",
			Messages:     []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: diff}}},
		}}, ""), nil
	}
	var subject strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			subject.WriteString(tc.Text)
		}
	}
	return promptText("Commit message", "Write the commit message body for this diff under the subject \""+
		subject.String()+"\":\n"+diff), nil
}

func changelogPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	commits := req.Params.Arguments["commits"]
	res, ok := req.Params.InputResponses["changelog"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return promptText("Changelog", "Group these commits into a changelog:\n"+commits), nil
		}
		return kit.AskPrompt(mcp.InputRequestMap{"changelog": &mcp.CreateMessageParams{
			MaxTokens: 400,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Group these commits:\n" + commits}}},
		}}, ""), nil
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, errors.New("the model did not answer with text")
	}
	return promptText("Changelog", "Polish this changelog draft:\n"+tc.Text), nil
}

var severitySchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"severity": map[string]any{"type": "string", "enum": []string{"sev1", "sev2", "sev3"}},
	},
	"required": []string{"severity"},
}

func incidentPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	id := req.Params.Arguments["incident"]
	res, ok := req.Params.InputResponses["severity"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, errors.New("the incident prompt needs a client that can ask its user for the severity")
		}
		return &mcp.GetPromptResult{
			Description: "Incident write-up",
			Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{
				Text: "Draft the write-up for incident " + id + ".",
			}}},
			InputRequests: mcp.InputRequestMap{"severity": &mcp.ElicitParams{
				Message:         "How severe was incident " + id + "?",
				RequestedSchema: severitySchema,
			}},
		}, nil
	}
	switch res.Action {
	case "accept":
		sev, _ := res.Content["severity"].(string)
		return promptText("Incident write-up", "Draft the "+sev+" write-up for incident "+id+"."), nil
	case "decline", "cancel":
		return promptText("Incident write-up", "Draft the write-up for incident "+id+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var languageSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"language": map[string]any{"type": "string", "title": "Target language", "maxLength": 40},
	},
	"required": []string{"language"},
}

func translatePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	text := req.Params.Arguments["text"]
	res, ok := req.Params.InputResponses["target_language"].(*mcp.ElicitResult)
	if !ok {
		return kit.AskPrompt(mcp.InputRequestMap{"target_language": &mcp.ElicitParams{
			Message:         "Which language should the text be translated into?",
			RequestedSchema: languageSchema,
		}}, ""), nil
	}
	switch res.Action {
	case "accept":
		lang, _ := res.Content["language"].(string)
		return promptText("Translation", "Translate into "+lang+":\n"+text), nil
	case "decline", "cancel":
		return promptText("Translation", "Translate into English:\n"+text), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// requireElicitation refuses every prompt of the review server to a client
// that cannot ask its user.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if get, ok := req.(*mcp.GetPromptRequest); ok {
			if caps := get.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("the review prompts need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}

var focusSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"focus": map[string]any{
			"type":  "array",
			"title": "What should the review focus on?",
			"items": map[string]any{"type": "string", "enum": []string{"correctness", "naming", "tests", "docs"}},
		},
	},
}

func reviewPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	change := req.Params.Arguments["change"]
	res, ok := req.Params.InputResponses["focus"].(*mcp.ElicitResult)
	if !ok {
		return kit.AskPrompt(mcp.InputRequestMap{"focus": &mcp.ElicitParams{
			Message:         "What should the review of " + change + " focus on?",
			RequestedSchema: focusSchema,
		}}, ""), nil
	}
	switch res.Action {
	case "accept":
		var focus []string
		if xs, ok := res.Content["focus"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					focus = append(focus, s)
				}
			}
		}
		return promptText("Review", "Review "+change+", focusing on "+strings.Join(focus, ", ")+"."), nil
	case "decline", "cancel":
		return promptText("Review", "Review "+change+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func summaryPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	summary, err := kit.Summarize(ctx, req.Session, req.Params.Arguments["text"])
	if err != nil {
		return nil, err
	}
	return promptText("Summary", "Turn this summary into a short announcement:\n"+summary), nil
}

var nameSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"style": map[string]any{"type": "string", "enum": []string{"camelCase", "snake_case"}},
	},
	"required": []string{"style"},
}

func namingPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	thing := req.Params.Arguments["thing"]
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Which naming style should the names for " + thing + " use?",
		RequestedSchema: nameSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		style, _ := res.Content["style"].(string)
		return promptText("Naming", "Suggest five "+style+" names for "+thing+"."), nil
	case "decline", "cancel":
		return promptText("Naming", "Suggest five names for "+thing+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var openIssues = map[string][]string{
	"docs":    {"#12 broken anchor", "#15 stale screenshot"},
	"billing": {"#3 refund race (private)", "#9 invoice rounding (private)"},
}

var repoSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"repo": map[string]any{"type": "string", "enum": []string{"docs", "website"}},
	},
	"required": []string{"repo"},
}

var labelsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"labels": map[string]any{
			"type":  "array",
			"items": map[string]any{"type": "string", "enum": []string{"bug", "docs", "security"}},
		},
	},
}

func triagePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, errors.New("the triage prompt needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["repo"].(*mcp.ElicitResult)
		if !ok {
			return kit.AskPrompt(mcp.InputRequestMap{"repo": &mcp.ElicitParams{
				Message:         "Which repository should we triage?",
				RequestedSchema: repoSchema,
			}}, ""), nil
		}
		switch res.Action {
		case "accept":
			repo, _ := res.Content["repo"].(string)
			return kit.AskPrompt(mcp.InputRequestMap{"labels": &mcp.ElicitParams{
				Message:         "Which labels in " + repo + " should the triage cover?",
				RequestedSchema: labelsSchema,
			}}, "repo="+repo), nil
		case "decline", "cancel":
			return promptText("Triage", "Triage the open issues of the repository you work on."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	repo := strings.TrimPrefix(req.Params.RequestState, "repo=")
	issues := openIssues[repo]
	res, ok := req.Params.InputResponses["labels"].(*mcp.ElicitResult)
	if !ok {
		return kit.AskPrompt(mcp.InputRequestMap{"labels": &mcp.ElicitParams{
			Message:         "Which labels in " + repo + " should the triage cover?",
			RequestedSchema: labelsSchema,
		}}, req.Params.RequestState), nil
	}
	switch res.Action {
	case "accept":
		var labels []string
		if xs, ok := res.Content["labels"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					labels = append(labels, s)
				}
			}
		}
		return promptText("Triage", "Triage these issues ("+strings.Join(labels, ", ")+"):\n"+strings.Join(issues, "\n")), nil
	case "decline", "cancel":
		return promptText("Triage", "Triage these issues:\n"+strings.Join(issues, "\n")), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var (
	publishedMu sync.Mutex
	published   = map[string]bool{}
)

func publish(draft string) {
	publishedMu.Lock()
	defer publishedMu.Unlock()
	published[draft] = true
}

func publishDraftPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	draft := req.Params.Arguments["draft"]
	if len(req.Params.InputResponses) > 0 {
		publish(draft)
		return promptText("Announcement", "Announce that "+draft+" is now published."), nil
	}
	if !kit.FormOK(req.ClientCapabilities()) {
		return nil, errors.New("the announcement prompt needs a client that can ask its user")
	}
	return kit.AskPrompt(mcp.InputRequestMap{"publish": &mcp.ElicitParams{
		Message:         "Publish " + draft + " before announcing it?",
		RequestedSchema: yesNo,
	}}, ""), nil
}

var trademarkTool = &mcp.Tool{
	Name:        "check_trademark",
	Description: "Reports whether a phrase is a registered trademark.",
	InputSchema: map[string]any{"type": "object", "properties": map[string]any{"phrase": map[string]any{"type": "string"}}},
}

func sloganPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	product := req.Params.Arguments["product"]
	res, ok := req.Params.InputResponses["slogans"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return promptText("Slogans", "Suggest three slogans for "+product+"."), nil
		}
		return kit.AskPrompt(mcp.InputRequestMap{"slogans": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 200,
			Messages: []*mcp.SamplingMessageV2{{Role: "user", Content: []mcp.Content{
				&mcp.TextContent{Text: "Suggest three slogans for " + product + " that are not trademarks."},
			}}},
			Tools: []*mcp.Tool{trademarkTool},
		}}, ""), nil
	}
	var ideas []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			ideas = append(ideas, tc.Text)
		}
	}
	return promptText("Slogans", "Pick the best of these slogans for "+product+":\n"+strings.Join(ideas, "\n")), nil
}

var retroSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"include_private": map[string]any{"type": "boolean", "title": "Include the private notes"},
	},
}

var privateNotes = map[string]string{"sprint-41": "Two on-call pages were caused by the billing migration."}

func retroPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	sprint := req.Params.Arguments["sprint"]
	res, ok := req.Params.InputResponses["retro_private"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return promptText("Retro", "Run the retrospective of "+sprint+"."), nil
		}
		return kit.AskPrompt(mcp.InputRequestMap{"retro_private": &mcp.ElicitParams{
			Message:         "The retrospective of " + sprint + " can quote the private notes. Include them?",
			RequestedSchema: retroSchema,
		}}, ""), nil
	}
	switch res.Action {
	case "accept":
		return promptText("Retro", "Run the retrospective of "+sprint+". Private notes: "+privateNotes[sprint]), nil
	case "decline", "cancel":
		return promptText("Retro", "Run the retrospective of "+sprint+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var topicsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"topics": map[string]any{
			"type":  "array",
			"items": map[string]any{"type": "string", "enum": []string{"roadmap", "hiring", "incidents", "budget"}},
		},
	},
}

func agendaPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	meeting := req.Params.Arguments["meeting"]
	if len(req.Params.InputResponses) > 0 {
		if res, ok := req.Params.InputResponses["topics"].(*mcp.ElicitResult); ok {
			switch res.Action {
			case "accept":
				var topics []string
				if xs, ok := res.Content["topics"].([]any); ok {
					for _, x := range xs {
						if s, ok := x.(string); ok {
							topics = append(topics, s)
						}
					}
				}
				return promptText("Agenda", "Write the agenda of "+meeting+" covering "+strings.Join(topics, ", ")+"."), nil
			case "decline", "cancel":
				return promptText("Agenda", "Write the agenda of "+meeting+"."), nil
			}
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !kit.FormOK(req.ClientCapabilities()) {
		return promptText("Agenda", "Write the agenda of "+meeting+"."), nil
	}
	return kit.AskPrompt(mcp.InputRequestMap{"topics": &mcp.ElicitParams{
		Message:         "Which topics should the agenda of " + meeting + " cover?",
		RequestedSchema: topicsSchema,
	}}, ""), nil
}

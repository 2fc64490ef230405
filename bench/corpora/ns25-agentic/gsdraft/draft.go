// Package gsdraft holds go-sdk tools that have the client's model draft a text
// (sampling) and then ask the user to approve it (elicitation), over the
// 2026-07-28 round trip.
package gsdraft

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type NotesIn struct {
	Tag string `json:"tag"`
}

type CommitIn struct {
	Repo string `json:"repo"`
}

type IssueIn struct {
	Issue int `json:"issue"`
}

type ThreadIn struct {
	Thread string `json:"thread"`
	Lang   string `json:"lang"`
}

type RefIn struct {
	Ref string `json:"ref"`
}

type JobIn struct {
	Job string `json:"job"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// canElicit reports whether the client of this request declared elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// canSample reports whether the client of this request declared sampling.
func canSample(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Sampling != nil
}

// firstText returns the first text block of a sampling answer.
func firstText(res *mcp.CreateMessageWithToolsResult) (string, bool) {
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return t.Text, true
		}
	}
	return "", false
}

// draftParams builds the sampling request that drafts a text.
func draftParams(prompt string) *mcp.CreateMessageParams {
	return &mcp.CreateMessageParams{
		MaxTokens:    800,
		SystemPrompt: "You write short, factual engineering prose.",
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: prompt},
		}},
	}
}

// approveParams asks the user to approve a drafted text. The action is the
// answer, so the form has no fields.
func approveParams(what, draft string) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message:         "Publish this " + what + "?\n\n" + draft,
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}
}

func publishNotes(tag, notes string) error  { return nil }
func commitAll(repo, message string) error  { return nil }
func postReply(thread, text string) error   { return nil }
func applyLabels(issue int, text string)    {}
func postToChannel(channel, text string)    {}
func publishAnnouncement(text, tone string) {}

// DraftReleaseNotes drafts the notes with the client's model, then asks the
// user to approve them. The draft travels to the second round sealed.
func DraftReleaseNotes(ctx context.Context, req *mcp.CallToolRequest, in NotesIn) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["notes_draft"].(*mcp.CreateMessageWithToolsResult)
		if !ok {
			if !canSample(req) {
				return nil, nil, errors.New("drafting release notes needs a client that offers sampling")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"notes_draft": draftParams("Write release notes for " + in.Tag + "."),
			}}, nil, nil
		}
		draft, ok := firstText(res)
		if !ok {
			return nil, nil, errors.New("the model returned no text")
		}
		if !canElicit(req) {
			return textResult(draft), nil, nil
		}
		state, err := sealState(draft)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"notes_publish": approveParams("release note", draft)},
			RequestState:  state,
		}, nil, nil
	}
	draft, err := openState(req.Params.RequestState)
	if err != nil {
		return nil, nil, err
	}
	res, ok := req.Params.InputResponses["notes_publish"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return textResult(draft), nil, nil
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"notes_publish": approveParams("release note", draft)},
			RequestState:  req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := publishNotes(in.Tag, draft); err != nil {
			return nil, nil, err
		}
		return textResult("Release notes published."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing published. The draft:\n\n" + draft), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// DraftCommitMessage drafts a commit message and asks before committing. The
// draft goes to the second round in plain RequestState, and the commit uses
// whatever the client sends back.
func DraftCommitMessage(ctx context.Context, req *mcp.CallToolRequest, in CommitIn) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["commit_draft"].(*mcp.CreateMessageWithToolsResult)
		if !ok {
			if !canSample(req) {
				return nil, nil, errors.New("drafting needs a client that offers sampling")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"commit_draft": draftParams("Write a commit message for the staged changes in " + in.Repo + "."),
			}}, nil, nil
		}
		draft, ok := firstText(res)
		if !ok {
			return nil, nil, errors.New("the model returned no text")
		}
		if !canElicit(req) {
			return nil, nil, errors.New("committing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"commit_approve": approveParams("commit message", draft)},
			RequestState:  "msg=" + draft,
		}, nil, nil
	}
	res, ok := req.Params.InputResponses["commit_approve"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("committing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"commit_approve": approveParams("commit message", "(see previous draft)")},
			RequestState:  req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		msg := strings.TrimPrefix(req.Params.RequestState, "msg=")
		if err := commitAll(in.Repo, msg); err != nil {
			return nil, nil, err
		}
		return textResult("Committed."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing committed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// SummarizeIssue has the client's model summarise an issue. It reads the
// answer as the type CreateMessage returns, which a round-trip answer never is.
func SummarizeIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["issue_summary"].(*mcp.CreateMessageResult)
	if !ok {
		if !canSample(req) {
			return nil, nil, errors.New("summarising needs a client that offers sampling")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"issue_summary": draftParams(fmt.Sprintf("Summarise issue #%d in three sentences.", in.Issue)),
		}}, nil, nil
	}
	text, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model returned no text")
	}
	return textResult(text.Text), nil, nil
}

// TranslateReply translates a reply with the client's model and posts it. It
// tests that an answer is there, then asserts its type without comma-ok.
func TranslateReply(ctx context.Context, req *mcp.CallToolRequest, in ThreadIn) (*mcp.CallToolResult, any, error) {
	if _, answered := req.Params.InputResponses["translation"]; !answered {
		if !canSample(req) {
			return nil, nil, errors.New("translating needs a client that offers sampling")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"translation": draftParams("Translate the last reply of thread " + in.Thread + " into " + in.Lang + "."),
		}}, nil, nil
	}
	res := req.Params.InputResponses["translation"].(*mcp.CreateMessageWithToolsResult)
	text, ok := firstText(res)
	if !ok {
		return nil, nil, errors.New("the model returned no text")
	}
	if err := postReply(in.Thread, text); err != nil {
		return nil, nil, err
	}
	return textResult("Posted the translation."), nil, nil
}

var labelTool = &mcp.Tool{
	Name:        "set_labels",
	Description: "Set the labels of the issue",
	InputSchema: map[string]any{"type": "object", "properties": map[string]any{"labels": map[string]any{"type": "string"}}},
}

func labelParams(issue int) *mcp.CreateMessageWithToolsParams {
	return &mcp.CreateMessageWithToolsParams{
		MaxTokens: 400,
		Messages: []*mcp.SamplingMessageV2{{
			Role:    "user",
			Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Propose labels for issue #%d.", issue)}},
		}},
	}
}

// ProposeLabels asks the client's model to label an issue with a tool, but
// tests only that the client samples, not that it samples with tools.
func ProposeLabels(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["labels"].(*mcp.CreateMessageWithToolsResult); ok {
		text, _ := firstText(res)
		applyLabels(in.Issue, text)
		return textResult("Labels proposed: " + text), nil, nil
	}
	caps := req.ClientCapabilities()
	if caps == nil || caps.Sampling == nil {
		return nil, nil, errors.New("labelling needs a client that offers sampling")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"labels": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 400,
			Messages: []*mcp.SamplingMessageV2{{
				Role:    "user",
				Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Propose labels for issue #%d.", in.Issue)}},
			}},
			Tools: []*mcp.Tool{labelTool},
		},
	}}, nil, nil
}

// ProposeLabelsChecked is ProposeLabels with the sampling.tools test.
func ProposeLabelsChecked(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["labels_checked"].(*mcp.CreateMessageWithToolsResult); ok {
		text, _ := firstText(res)
		applyLabels(in.Issue, text)
		return textResult("Labels proposed: " + text), nil, nil
	}
	caps := req.ClientCapabilities()
	if caps == nil || caps.Sampling == nil || caps.Sampling.Tools == nil {
		return nil, nil, errors.New("labelling needs a client that samples with tools")
	}
	p := labelParams(in.Issue)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"labels_checked": &mcp.CreateMessageWithToolsParams{
			MaxTokens:  p.MaxTokens,
			Messages:   p.Messages,
			Tools:      []*mcp.Tool{labelTool},
			ToolChoice: &mcp.ToolChoice{Mode: "auto"},
		},
	}}, nil, nil
}

// ReviewDiff says it is reviewing and asks the model in the same result,
// which go-sdk refuses.
func ReviewDiff(ctx context.Context, req *mcp.CallToolRequest, in RefIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["diff_review"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if !canSample(req) {
			return nil, nil, errors.New("reviewing needs a client that offers sampling")
		}
		return &mcp.CallToolResult{
			Content:       []mcp.Content{&mcp.TextContent{Text: "Reviewing " + in.Ref + "..."}},
			InputRequests: mcp.InputRequestMap{"diff_review": draftParams("Review the diff of " + in.Ref + ".")},
		}, nil, nil
	}
	text, ok := firstText(res)
	if !ok {
		return nil, nil, errors.New("the model returned no text")
	}
	return textResult(text), nil, nil
}

var audienceParams = &mcp.ElicitParams{
	Message: "Who should get this explanation?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"audience": map[string]any{"type": "string", "enum": []string{"developers", "managers"}},
		},
		"required": []string{"audience"},
	},
}

// ExplainFailure asks the model to explain a failed job and the user whom the
// explanation is for, both in one round, each only when still missing.
func ExplainFailure(ctx context.Context, req *mcp.CallToolRequest, in JobIn) (*mcp.CallToolResult, any, error) {
	draft, haveDraft := req.Params.InputResponses["failure_explain"].(*mcp.CreateMessageWithToolsResult)
	aud, haveAud := req.Params.InputResponses["failure_audience"].(*mcp.ElicitResult)
	reqs := mcp.InputRequestMap{}
	if !haveDraft {
		reqs["failure_explain"] = draftParams("Explain why job " + in.Job + " failed.")
	}
	if !haveAud {
		reqs["failure_audience"] = audienceParams
	}
	if len(reqs) > 0 {
		if !canSample(req) || !canElicit(req) {
			return nil, nil, errors.New("explaining needs a client that offers sampling and elicitation")
		}
		return &mcp.CallToolResult{InputRequests: reqs}, nil, nil
	}
	text, ok := firstText(draft)
	if !ok {
		return nil, nil, errors.New("the model returned no text")
	}
	switch aud.Action {
	case "accept":
		who, _ := aud.Content["audience"].(string)
		if who == "managers" {
			postToChannel("#eng-managers", text)
		}
		return textResult(text), nil, nil
	case "decline", "cancel":
		return textResult(text), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", aud.Action)
	}
}

var toneParams = &mcp.ElicitParams{
	Message: "Which tone should the announcement take?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"tone": map[string]any{"type": "string", "enum": []string{"formal", "casual"}},
		},
		"required": []string{"tone"},
	},
}

// PolishAnnouncement asks for a tone and reads it before it knows the user
// accepted.
func PolishAnnouncement(ctx context.Context, req *mcp.CallToolRequest, in NotesIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["announce_tone"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("this tool needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"announce_tone": toneParams}}, nil, nil
	}
	tone, _ := res.Content["tone"].(string)
	switch res.Action {
	case "accept":
		publishAnnouncement("Release "+in.Tag+" is out.", tone)
		return textResult("Announced."), nil, nil
	case "decline", "cancel":
		return textResult("Not announced."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Register adds the drafting tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "draft_release_notes"}, DraftReleaseNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "draft_commit_message"}, DraftCommitMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_issue"}, SummarizeIssue)
	mcp.AddTool(s, &mcp.Tool{Name: "translate_reply"}, TranslateReply)
	mcp.AddTool(s, &mcp.Tool{Name: "propose_labels"}, ProposeLabels)
	mcp.AddTool(s, &mcp.Tool{Name: "propose_labels_checked"}, ProposeLabelsChecked)
	mcp.AddTool(s, &mcp.Tool{Name: "review_diff"}, ReviewDiff)
	mcp.AddTool(s, &mcp.Tool{Name: "explain_failure"}, ExplainFailure)
	mcp.AddTool(s, &mcp.Tool{Name: "polish_announcement"}, PolishAnnouncement)
}

package gitmcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const commitMessagePrompt = "Write a git commit message for this diff: a subject of at most 72 characters, a blank line, then why the change is made.\n\n"

type commitIn struct {
	Message string `json:"message,omitempty"`
}

func (t *tools) record(ctx context.Context, msg string) (*mcp.CallToolResult, any, error) {
	if t.opts.DryRun {
		return textResult("dry run: would commit with the message:\n" + msg), nil, nil
	}
	id, err := t.repo.Commit(ctx, msg)
	if err != nil {
		return nil, nil, err
	}
	return textResult("Committed " + id + ":\n" + msg), nil, nil
}

// commit records the staged changes. Without a message it has the client's
// model write one from the staged diff.
func (t *tools) commit(ctx context.Context, req *mcp.CallToolRequest, in commitIn) (*mcp.CallToolResult, any, error) {
	if in.Message != "" {
		return t.record(ctx, in.Message)
	}
	res, ok := req.Params.InputResponses["commit_message"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New(`this client cannot write commit messages: pass "message"`)
		}
		diff, err := t.repo.StagedDiff(ctx)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"commit_message": &mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages: []*mcp.SamplingMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: commitMessagePrompt + diff},
			}},
		}}}, nil, nil
	}
	msg := firstText(res)
	if msg == "" {
		return nil, nil, errors.New(`the model wrote no commit message: pass "message"`)
	}
	return t.record(ctx, msg)
}

// firstText returns the first non-empty text block of a sampling answer.
func firstText(res *mcp.CreateMessageWithToolsResult) string {
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok && strings.TrimSpace(tc.Text) != "" {
			return strings.TrimSpace(tc.Text)
		}
	}
	return ""
}

type suggestIn struct{}

// suggestMessage shows the message the client's model would write, without
// committing.
func (t *tools) suggestMessage(ctx context.Context, req *mcp.CallToolRequest, in suggestIn) (*mcp.CallToolResult, any, error) {
	diff, err := t.repo.StagedDiff(ctx)
	if err != nil {
		return nil, nil, err
	}
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: commitMessagePrompt + diff},
		}},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking the client's model: %w", err)
	}
	text := res.Content.(*mcp.TextContent).Text
	return textResult(strings.TrimSpace(text)), nil, nil
}

// splitCommit lets the client's model split the staged diff into several
// commits; it calls the stage_hunk tool for each hunk it assigns.
func (t *tools) splitCommit(ctx context.Context, req *mcp.CallToolRequest, in suggestIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["split_plan"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("splitting a commit needs a client that lets the server use its model")
		}
		diff, err := t.repo.StagedDiff(ctx)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"split_plan": &mcp.CreateMessageWithToolsParams{
			MaxTokens: 2000,
			Messages: []*mcp.SamplingMessageV2{{
				Role:    "user",
				Content: []mcp.Content{&mcp.TextContent{Text: "Split this diff into small commits. Call stage_hunk for each hunk with the commit it belongs to.\n\n" + diff}},
			}},
			Tools: []*mcp.Tool{{
				Name:        "stage_hunk",
				Description: "Assign a hunk of the diff to a commit",
				InputSchema: map[string]any{"type": "object", "properties": map[string]any{
					"hunk":   map[string]any{"type": "integer"},
					"commit": map[string]any{"type": "string"},
				}},
			}},
			ToolChoice: &mcp.ToolChoice{Mode: "auto"},
		}}}, nil, nil
	}
	var plan []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.ToolUseContent:
			plan = append(plan, fmt.Sprintf("%s %v", c.Name, c.Input))
		case *mcp.TextContent:
			plan = append(plan, c.Text)
		}
	}
	if len(plan) == 0 {
		return nil, nil, errors.New("the model proposed no split")
	}
	return textResult(strings.Join(plan, "\n")), nil, nil
}

type rewordIn struct {
	Hint string `json:"hint,omitempty"`
}

// reword has the client's model rewrite the last commit's message.
func (t *tools) reword(ctx context.Context, req *mcp.CallToolRequest, in rewordIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["reword"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("rewording needs a client that lets the server use its model")
		}
		subjects, err := t.repo.Log(ctx, 1)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"reword": &mcp.CreateMessageParams{
			MaxTokens: 200,
			Messages: []*mcp.SamplingMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: "Rewrite this commit message more clearly. " + in.Hint + "\n\n" + strings.Join(subjects, "\n")},
			}},
		}}}, nil, nil
	}
	tc, ok := res.Content.(*mcp.TextContent)
	if !ok || tc.Text == "" {
		return nil, nil, errors.New("the model wrote no message")
	}
	if err := t.repo.Amend(ctx, tc.Text); err != nil {
		return nil, nil, err
	}
	return textResult("Reworded:\n" + tc.Text), nil, nil
}

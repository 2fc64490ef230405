// Package mgdraft holds mcp-go tools that have the client's model draft a text
// (sampling) and ask the user about it (elicitation), over the 2026-07-28
// round trip.
package mgdraft

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// samplingText returns the text of a sampling answer, parsing the JSON that
// 2026-07-28 clients send.
func samplingText(res *mcp.CreateMessageResult) (string, error) {
	parsed, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return "", err
	}
	switch c := parsed.(type) {
	case mcp.TextContent:
		return c.Text, nil
	case *mcp.TextContent:
		return c.Text, nil
	case []mcp.Content:
		for _, b := range c {
			if t, ok := b.(mcp.TextContent); ok {
				return t.Text, nil
			}
		}
	}
	return "", errors.New("the model returned no text")
}

func sampleParams(prompt string) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{
		MaxTokens: 600,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(prompt)}},
	}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func publishChangelog(version, text string) error { return nil }

// DraftChangelog drafts the changelog with the client's model, then asks the
// user to publish it; the draft travels to the second round signed.
func DraftChangelog(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	version := request.GetString("version", "")
	caps := clientCaps(ctx)
	if request.Params.RequestState == "" {
		res := server.SamplingResponse(request.Params.InputResponses, "changelog_draft")
		if res == nil {
			if caps == nil || caps.Sampling == nil {
				return mcp.NewToolResultError("drafting needs a client that offers sampling"), nil
			}
			return server.NewInputRequestBuilder("").
				Sample("changelog_draft", sampleParams("Write the changelog of "+version+".")).
				ToolResult(), nil
		}
		draft, err := samplingText(res)
		if err != nil {
			return nil, err
		}
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultText(draft), nil
		}
		return server.NewInputRequestBuilder(signState(draft)).
			Elicit("changelog_publish", mcp.ElicitationParams{Message: "Publish this changelog?\n\n" + draft, RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	draft, err := verifyState(request.Params.RequestState)
	if err != nil {
		return nil, err
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "changelog_publish")
	if res == nil {
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultText(draft), nil
		}
		return server.NewInputRequestBuilder(request.Params.RequestState).
			Elicit("changelog_publish", mcp.ElicitationParams{Message: "Publish this changelog?\n\n" + draft, RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := publishChangelog(version, draft); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Changelog published."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not published. The draft:\n\n" + draft), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// DraftTweet has the model write a post and reads the answer's content as
// typed, which a 2026-07-28 client's answer is not.
func DraftTweet(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "tweet")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("drafting needs a client that offers sampling"), nil
		}
		return server.NewInputRequestBuilder("").
			Sample("tweet", sampleParams("Write a short post announcing "+request.GetString("topic", "")+".")).
			ToolResult(), nil
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model returned no text"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

// DraftEmailReply asks the client's model without testing that it offers
// sampling.
func DraftEmailReply(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "email_reply")
	if res == nil {
		return server.NewInputRequestBuilder("").
			Sample("email_reply", sampleParams("Draft a polite reply to: "+request.GetString("email", ""))).
			ToolResult(), nil
	}
	text, err := samplingText(res)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

// DraftPR builds the result that asks by hand and forgets its ResultType, so
// mcp-go sends it as a finished, empty result.
func DraftPR(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.SamplingResponse(request.Params.InputResponses, "pr_body")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("drafting needs a client that offers sampling"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{
				"pr_body": mcp.NewSamplingInputRequest(sampleParams("Describe the changes on branch " + request.GetString("branch", "") + ".")),
			},
		}}, nil
	}
	text, err := samplingText(res)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

// SummarizeThread reads the decoded sampling answer straight from the
// response map, where it stays nil for 2026-07-28 clients.
func SummarizeThread(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer, ok := request.Params.InputResponses["thread_summary"]
	if !ok || answer.Sampling == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("summarising needs a client that offers sampling"), nil
		}
		return server.NewInputRequestBuilder("").
			Sample("thread_summary", sampleParams("Summarise thread "+request.GetString("thread", "")+".")).
			ToolResult(), nil
	}
	text, err := samplingText(answer.Sampling)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

func rewriteDoc(doc, style string) error { return nil }

// RewriteDoc asks which style to rewrite a document in, and reads the style
// before it knows the user accepted.
func RewriteDoc(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := request.GetString("doc", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "rewrite_style")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("rewriting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rewrite_style", mcp.ElicitationParams{
			Message: "Which style should " + doc + " be rewritten in?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"style": map[string]any{"type": "string", "enum": []string{"plain", "formal", "friendly"}}},
				"required":   []string{"style"},
			},
		}).ToolResult(), nil
	}
	data, _ := res.Content.(map[string]any)
	style, _ := data["style"].(string)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := rewriteDoc(doc, style); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Rewritten in the " + style + " style."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Left as it is."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func createTag(name, summary string) error { return nil }

// TagRelease asks the model for a summary and the user for a go-ahead in the
// same round, each only when the client declared it, and each again while
// its answer is missing.
func TagRelease(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tag := request.GetString("tag", "")
	summary := server.SamplingResponse(request.Params.InputResponses, "tag_summary")
	confirm := server.ElicitationResponse(request.Params.InputResponses, "tag_confirm")
	if summary == nil || confirm == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Sampling == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("tagging needs a client that offers sampling and elicitation"), nil
		}
		b := server.NewInputRequestBuilder("")
		if summary == nil {
			b = b.Sample("tag_summary", sampleParams("Summarise the changes since the last tag in two sentences."))
		}
		if confirm == nil {
			b = b.Elicit("tag_confirm", mcp.ElicitationParams{Message: "Create tag " + tag + " with a summary your model writes?", RequestedSchema: yesNo})
		}
		return b.ToolResult(), nil
	}
	switch confirm.Action {
	case mcp.ElicitationResponseActionAccept:
		text, err := samplingText(summary)
		if err != nil {
			return nil, err
		}
		if err := createTag(tag, text); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Tagged " + tag + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No tag created."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", confirm.Action)
	}
}

// Register adds the drafting tools to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("draft_changelog", mcp.WithString("version")), DraftChangelog)
	s.AddTool(mcp.NewTool("draft_tweet", mcp.WithString("topic")), DraftTweet)
	s.AddTool(mcp.NewTool("draft_email_reply", mcp.WithString("email")), DraftEmailReply)
	s.AddTool(mcp.NewTool("draft_pr", mcp.WithString("branch")), DraftPR)
	s.AddTool(mcp.NewTool("summarize_thread", mcp.WithString("thread")), SummarizeThread)
	s.AddTool(mcp.NewTool("rewrite_doc", mcp.WithString("doc")), RewriteDoc)
	s.AddTool(mcp.NewTool("tag_release", mcp.WithString("tag")), TagRelease)
}

// Package mglegacy holds mcp-go agentic tools written before the round trip:
// they ask the client directly through the server (RequestElicitation,
// RequestSampling, RequestRoots, RequestURLElicitation) or the session.
package mglegacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tools holds the server the tools ask through.
type Tools struct {
	s *server.MCPServer
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func deployService(name string) error { return nil }

// ConfirmDeploy asks before deploying.
func (t *Tools) ConfirmDeploy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("service", "")
	res, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Deploy " + name + " now?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := deployService(name); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Deployed."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not deployed."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// gate asks a yes-or-no question and goes ahead for clients that do not
// support elicitation.
func (t *Tools) gate(ctx context.Context, msg string) (bool, error) {
	res, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func deleteEnvironment(name string) error { return nil }

// DeleteEnvironment deletes an environment behind gate.
func (t *Tools) DeleteEnvironment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := request.GetString("env", "")
	ok, err := t.gate(ctx, "Delete environment "+env+"?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Environment kept."), nil
	}
	if err := deleteEnvironment(env); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Environment deleted."), nil
}

// sampleDraft has the client's model write a text.
func (t *Tools) sampleDraft(ctx context.Context, prompt string) (string, error) {
	res, err := t.s.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		MaxTokens: 500,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(prompt)}},
	}})
	if err != nil {
		return "", err
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return "", errors.New("the model returned no text")
	}
	return text.Text, nil
}

// SampleSummary summarises a log with the client's model.
func (t *Tools) SampleSummary(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := t.sampleDraft(ctx, "Summarise this log: "+request.GetString("log", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

func setDescription(repo, text string) error { return nil }

// RefineUntilHappy drafts a repository description and asks whether it will
// do, drafting again on a decline, until the user accepts or cancels.
func (t *Tools) RefineUntilHappy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	for try := 0; try < 3; try++ {
		draft, err := t.sampleDraft(ctx, "Describe repository "+repo+" in one line.")
		if err != nil {
			return nil, err
		}
		res, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Use this description? " + draft,
			RequestedSchema: yesNo,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if err := setDescription(repo, draft); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("Description set."), nil
		case mcp.ElicitationResponseActionDecline:
			continue
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Description unchanged."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return mcp.NewToolResultText("No description after three tries."), nil
}

// ListClientRoots lists the client's roots.
func (t *Tools) ListClientRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := t.s.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	text := ""
	for _, r := range res.Roots {
		text += r.URI + "\n"
	}
	return mcp.NewToolResultText(text), nil
}

// URLLogin signs in to the deploy service with the same elicitation ID for
// every user.
func (t *Tools) URLLogin(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := t.s.RequestURLElicitation(ctx, session, "login-flow",
		"https://auth.example.com/deploy/start", "Sign in to the deploy service.")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Finish signing in, then call again."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not signed in."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func rebootHost(host string) error { return nil }

// DiscardAnswer asks before rebooting and reboots whatever the answer.
func (t *Tools) DiscardAnswer(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := request.GetString("host", "")
	_, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Reboot " + host + "?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	if err := rebootHost(host); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Rebooted."), nil
}

func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	return nil
}

func scaleDown(service string) error { return nil }

// ModernSplit asks directly only for clients of older protocols, and
// through the round trip for 2026-07-28 ones.
func (t *Tools) ModernSplit(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	params := mcp.ElicitationParams{Message: "Scale " + service + " down to zero?", RequestedSchema: yesNo}
	var res *mcp.ElicitationResult
	if !server.IsModernRequest(ctx) {
		direct, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
		if err != nil {
			return nil, err
		}
		res = direct
	} else {
		res = server.ElicitationResponse(request.Params.InputResponses, "scale_down")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("scaling down needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("scale_down", params).ToolResult(), nil
		}
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := scaleDown(service); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Scaled down."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Left running."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func setOwner(repo, owner string) error { return nil }

// SessionElicit asks through the session's own method, which mcp-go does not
// refuse on 2026-07-28 sessions.
func (t *Tools) SessionElicit(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this session cannot ask its user"), nil
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Who should own " + repo + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"owner": map[string]any{"type": "string", "minLength": 1}},
			"required":   []string{"owner"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer has no content"), nil
		}
		owner, _ := data["owner"].(string)
		if err := setOwner(repo, owner); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Owner set."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Owner unchanged."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func connectDatabase(user, password string) error { return nil }

// PasswordForm asks for a database password in a form.
func (t *Tools) PasswordForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Sign in to the staging database.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"user":     map[string]any{"type": "string"},
				"password": map[string]any{"type": "string"},
			},
			"required": []string{"user", "password"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer has no content"), nil
		}
		user, _ := data["user"].(string)
		password, _ := data["password"].(string)
		if err := connectDatabase(user, password); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Connected."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not connected."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func snoozeAlert(id string) error { return nil }

// EmptyMessage asks with an empty message.
func (t *Tools) EmptyMessage(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("alert", "")
	res, err := t.s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := snoozeAlert(id); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Snoozed."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Alert left active."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PaymentLink sends the user to the checkout page with a fresh ID and treats
// an accept as consent only.
func (t *Tools) PaymentLink(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	id := rand.Text()
	res, err := t.s.RequestURLElicitation(ctx, session, id,
		"https://pay.example.com/checkout?flow="+id, "Pay for the extra build minutes.")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Payment invoice paid."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No payment made."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// New builds the server and registers the tools.
func New() *server.MCPServer {
	s := server.NewMCPServer("legacy", "1.0.0", server.WithElicitation())
	t := &Tools{s: s}
	s.AddTool(mcp.NewTool("deploy", mcp.WithString("service")), t.ConfirmDeploy)
	s.AddTool(mcp.NewTool("delete_env", mcp.WithString("env")), t.DeleteEnvironment)
	s.AddTool(mcp.NewTool("summarize_log", mcp.WithString("log")), t.SampleSummary)
	s.AddTool(mcp.NewTool("describe_repo", mcp.WithString("repo")), t.RefineUntilHappy)
	s.AddTool(mcp.NewTool("roots"), t.ListClientRoots)
	s.AddTool(mcp.NewTool("login"), t.URLLogin)
	s.AddTool(mcp.NewTool("reboot", mcp.WithString("host")), t.DiscardAnswer)
	s.AddTool(mcp.NewTool("scale_down", mcp.WithString("service")), t.ModernSplit)
	s.AddTool(mcp.NewTool("set_owner", mcp.WithString("repo")), t.SessionElicit)
	s.AddTool(mcp.NewTool("db_login"), t.PasswordForm)
	s.AddTool(mcp.NewTool("snooze", mcp.WithString("alert")), t.EmptyMessage)
	s.AddTool(mcp.NewTool("pay"), t.PaymentLink)
	return s
}

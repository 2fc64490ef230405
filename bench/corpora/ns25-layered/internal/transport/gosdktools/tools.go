// Package gosdktools is the go-sdk transport layer: typed tool, prompt and
// resource handlers that call the application services and the adapters.
package gosdktools

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/adapter/mcpadapter"
	"example.com/ns25/layered/internal/app"
	"example.com/ns25/layered/internal/domain"
)

// Operator runs infrastructure operations.
type Operator interface {
	Run(ctx context.Context, op, target string) error
}

// FlowTracker remembers out-of-band flows.
type FlowTracker interface {
	Begin(id string)
	Completed(id string) bool
}

// Tools holds the dependencies of the handlers.
type Tools struct {
	deletion *app.DeletionService
	ops      Operator
	links    FlowTracker
	sealer   *mcpadapter.Sealer
	caps     *mcpadapter.CapsCache
}

// New is the constructor the composition root calls.
func New(d *app.DeletionService, ops Operator, links FlowTracker, sealer *mcpadapter.Sealer, caps *mcpadapter.CapsCache) *Tools {
	return &Tools{deletion: d, ops: ops, links: links, sealer: sealer, caps: caps}
}

// TargetIn is the input of most tools.
type TargetIn struct {
	Target string `json:"target"`
}

var errNeedsElicitation = errors.New("this tool needs a client that can ask its user")

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func unknownAction(a string) error { return fmt.Errorf("%w: %q", domain.ErrUnknownAction, a) }

// DeleteBranch asks through the adapter's round-trip gate.
func (t *Tools) DeleteBranch(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	d, ask := mcpadapter.ConfirmStep(req, "delete_branch", "Delete branch "+in.Target+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if d != domain.DecisionApprove {
		return text("Branch kept."), nil, nil
	}
	if err := t.ops.Run(ctx, "delete-branch", in.Target); err != nil {
		return nil, nil, err
	}
	return text("Branch deleted."), nil, nil
}

// DropDatabase asks through the optimistic gate.
func (t *Tools) DropDatabase(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	d, ask := mcpadapter.OptimisticStep(req, "drop_database", "Drop database "+in.Target+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if d != domain.DecisionApprove {
		return text("Database kept."), nil, nil
	}
	if err := t.ops.Run(ctx, "drop-database", in.Target); err != nil {
		return nil, nil, err
	}
	return text("Database dropped."), nil, nil
}

// WipeCache wipes, then asks.
func (t *Tools) WipeCache(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["wipe_cache"].(*mcp.ElicitResult)
	if !ok || res.Action == "accept" {
		if err := t.ops.Run(ctx, "wipe-cache", in.Target); err != nil {
			return nil, nil, err
		}
	}
	if !ok {
		if !mcpadapter.CanElicit(req) {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"wipe_cache": &mcp.ElicitParams{Message: "Wipe the cache of " + in.Target + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	return text("Done."), nil, nil
}

// TransferOwnership asks before handing a project to someone else.
func (t *Tools) TransferOwnership(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["transfer_owner"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"transfer_owner": &mcp.ElicitParams{Message: "Transfer " + in.Target + " to its new owner?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.ops.Run(ctx, "transfer", in.Target); err != nil {
			return nil, nil, err
		}
		return text("Transferred."), nil, nil
	case "decline", "cancel":
		return text("Nothing transferred."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// ConnectGitHub sends the user to GitHub's OAuth page.
func (t *Tools) ConnectGitHub(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["github_oauth"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return text("Waiting for GitHub to finish the sign-in; call again in a minute."), nil, nil
		case "decline", "cancel":
			return text("GitHub not connected."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	if !mcpadapter.CanElicit(req) {
		return nil, nil, errNeedsElicitation
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"github_oauth": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account",
		URL:           "https://auth.example.com/github/start?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// ConnectSlack sends the user to Slack's OAuth page.
func (t *Tools) ConnectSlack(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["slack_oauth"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return text("Slack connected successfully."), nil, nil
		case "decline", "cancel":
			return text("Slack not connected."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	if !mcpadapter.CanOpenURL(req) {
		return nil, nil, errors.New("connecting Slack needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"slack_oauth": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your Slack workspace",
		URL:           "https://auth.example.com/slack/start?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// LinkBank sends the user to the bank's page.
func (t *Tools) LinkBank(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["bank_link"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return text("Waiting for the bank to confirm the link."), nil, nil
		case "decline", "cancel":
			return text("Bank not linked."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	if !mcpadapter.CanOpenURL(req) {
		return nil, nil, errors.New("linking a bank needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"bank_link": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your bank account",
		URL:           "http://bank.example.com/link?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// WaitForPayment waits for the payment provider's callback.
func (t *Tools) WaitForPayment(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["pay_invoice"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			if !t.links.Completed(req.Params.RequestState) {
				return &mcp.CallToolResult{RequestState: req.Params.RequestState}, nil, nil
			}
			return text("Invoice paid."), nil, nil
		case "decline", "cancel":
			return text("Invoice left open."), nil, nil
		}
		return nil, nil, unknownAction(res.Action)
	}
	if !mcpadapter.CanOpenURL(req) {
		return nil, nil, errors.New("paying needs a client that can open a URL")
	}
	id := rand.Text()
	t.links.Begin("pay:" + id)
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"pay_invoice": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Pay invoice " + in.Target,
			URL:           "https://pay.example.com/invoice?flow=" + id,
			ElicitationID: id,
		}},
		RequestState: "pay:" + id,
	}, nil, nil
}

// QuotaIn is the input of SetQuota.
type QuotaIn struct {
	Team string `json:"team"`
}

// InviteMember asks for the new member's email address.
func (t *Tools) InviteMember(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["invite_email"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"invite_email": &mcp.ElicitParams{
			Message: "Who should join " + in.Target + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"email": map[string]any{"type": "string", "format": "email"}},
				"required":   []string{"email"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		email, ok := res.Content["email"].(string)
		if !ok || email == "" {
			return nil, nil, errors.New("no email address in the answer")
		}
		if err := t.ops.Run(ctx, "invite", email); err != nil {
			return nil, nil, err
		}
		return text("Invited " + email + "."), nil, nil
	case "decline", "cancel":
		return text("Nobody invited."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// SetQuota asks for the team's new limit.
func (t *Tools) SetQuota(ctx context.Context, req *mcp.CallToolRequest, in QuotaIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["quota_limit"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"quota_limit": &mcp.ElicitParams{
			Message: "New quota for " + in.Team + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"limit": map[string]any{"type": "integer", "minimum": 1}},
				"required":   []string{"limit"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		limit, ok := res.Content["limit"].(int)
		if !ok {
			return nil, nil, errors.New("no limit in the answer")
		}
		if err := t.ops.Run(ctx, "quota", fmt.Sprintf("%s=%d", in.Team, limit)); err != nil {
			return nil, nil, err
		}
		return text("Quota set."), nil, nil
	case "decline", "cancel":
		return text("Quota unchanged."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// RenameRepo asks for the new name.
func (t *Tools) RenameRepo(ctx context.Context, req *mcp.CallToolRequest, in TargetIn) (*mcp.CallToolResult, any, error) {
	if _, answered := req.Params.InputResponses["rename_repo"]; !answered {
		if !mcpadapter.CanElicit(req) {
			return nil, nil, errNeedsElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rename_repo": &mcp.ElicitParams{
			Message: "New name for " + in.Target + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"name": map[string]any{"type": "string", "minLength": 1}},
				"required":   []string{"name"},
			},
		}}}, nil, nil
	}
	res := req.Params.InputResponses["rename_repo"].(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		name, ok := res.Content["name"].(string)
		if !ok {
			return nil, nil, errors.New("no name in the answer")
		}
		if err := t.ops.Run(ctx, "rename", in.Target+"->"+name); err != nil {
			return nil, nil, err
		}
		return text("Renamed."), nil, nil
	case "decline", "cancel":
		return text("Name kept."), nil, nil
	}
	return nil, nil, unknownAction(res.Action)
}

// Package gsdirect is the go-sdk front end that confirms commands with
// direct elicitation requests made by confirmation policies (strategy
// objects) and by executors.
package gsdirect

import (
	"context"
	"fmt"
	"log"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Policy decides whether a command may run.
type Policy interface {
	Confirm(ctx context.Context, cmd command.Command) (command.Decision, error)
}

// LenientPolicy asks the user, and lets the command run when the client
// cannot be asked.
type LenientPolicy struct{ Session *mcp.ServerSession }

func (p *LenientPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + cmd.Describe() + "?"})
	if err != nil {
		log.Printf("confirmation unavailable (%v); allowing %s", err, cmd.Name())
		return command.Allow, nil
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// TypoPolicy asks the user before a command runs.
type TypoPolicy struct{ Session *mcp.ServerSession }

func (p *TypoPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead with " + cmd.Describe() + "?"})
	if err != nil {
		return command.Deny, err
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline":
		return command.Deny, nil
	case "cancelled":
		return command.Deny, nil
	default:
		return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var budgetSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"limit": map[string]any{"type": "integer", "title": "Spending limit (EUR)", "minimum": 1},
	},
	"required": []string{"limit"},
}

// BudgetPolicy lets a command run when the user sets a spending limit that
// covers its cost.
type BudgetPolicy struct {
	Session *mcp.ServerSession
	Cost    int
}

func (p *BudgetPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Set a spending limit for " + cmd.Describe(),
		RequestedSchema: budgetSchema,
	})
	if err != nil {
		return command.Deny, err
	}
	switch res.Action {
	case "accept":
		limit, ok := res.Content["limit"].(int)
		if !ok || limit < p.Cost {
			return command.Deny, nil
		}
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// elicitor is what gatedPolicy asks through.
type elicitor interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

var _ elicitor = (*mcp.ServerSession)(nil)

type gatedPolicy struct{ e elicitor }

func newGatedPolicy(ss *mcp.ServerSession) *gatedPolicy { return &gatedPolicy{e: ss} }

func (p *gatedPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := p.e.Elicit(ctx, &mcp.ElicitParams{Message: "Confirm: " + cmd.Describe()})
	if err != nil {
		return command.Deny, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	default:
		return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// prompter is what dualPolicy asks through: the client's session, or the
// operator's terminal when the server runs as a local tool.
type prompter interface {
	Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

// termPrompter answers from the operator's configuration.
type termPrompter struct{ autoApprove bool }

func (t termPrompter) Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	if t.autoApprove {
		return &mcp.ElicitResult{Action: "accept"}, nil
	}
	return &mcp.ElicitResult{Action: "decline"}, nil
}

type dualPolicy struct{ p prompter }

func newSessionDualPolicy(ss *mcp.ServerSession) *dualPolicy { return &dualPolicy{p: ss} }

func newLocalDualPolicy(autoApprove bool) *dualPolicy {
	return &dualPolicy{p: termPrompter{autoApprove: autoApprove}}
}

func (d *dualPolicy) Confirm(ctx context.Context, cmd command.Command) (command.Decision, error) {
	res, err := d.p.Elicit(ctx, &mcp.ElicitParams{Message: "Allow " + cmd.Describe() + "?"})
	if err != nil {
		return command.Deny, err
	}
	switch res.Action {
	case "accept":
		return command.Allow, nil
	case "decline", "cancel":
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConfirmingExecutor asks before it runs a command, and reports whether
// the command ran.
type ConfirmingExecutor struct{ X *command.Executor }

func (e *ConfirmingExecutor) Run(ctx context.Context, ss *mcp.ServerSession, cmd command.Command) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + cmd.Describe() + " now?"})
	if err != nil {
		log.Printf("not running %s: cannot ask: %v", cmd.Name(), err)
		return false, nil
	}
	switch res.Action {
	case "accept":
		if err := e.X.Run(ctx, ss.ID(), cmd); err != nil {
			return false, err
		}
		return true, nil
	case "decline", "cancel":
		e.X.Decided(ss.ID(), cmd, command.Deny)
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Package projimpl implements projapi.Elicitor with go-sdk, copying the
// SDK's result into the project's type, and declares a result-like type of
// its own.
package projimpl

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"projapi"
)

type SessionElicitor struct{ ss *mcp.ServerSession }

// Elicit copies the answer: moving Action and Content into another value
// is not a read of them.
func (e *SessionElicitor) Elicit(ctx context.Context, p *projapi.ElicitParams) (*projapi.ElicitResult, error) {
	res, err := e.ss.Elicit(ctx, &mcp.ElicitParams{Message: p.Message})
	if err != nil {
		return nil, err
	}
	return &projapi.ElicitResult{Action: res.Action, Content: res.Content}, nil
}

// Outcome is filled from an answer here: result-like.
type Outcome struct { // want Outcome:`resultType\(Verdict,Data\)`
	Verdict string
	Data    map[string]any
}

// Report has an Action field that is never filled from an answer: not
// result-like.
type Report struct {
	Action string
}

func Ask(ctx context.Context, ss *mcp.ServerSession) (Outcome, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Verdict: res.Action, Data: res.Content}, nil
}

func status() Report { return Report{Action: "restart"} }

// Decide returns the action as a string.
func Decide(ctx context.Context, ss *mcp.ServerSession) (string, error) { // want Decide:`returnsAction\(0\)`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		return "", err
	}
	return res.Action, nil
}

func useOutcome(ctx context.Context, ss *mcp.ServerSession) error {
	o, err := Ask(ctx, ss)
	if err != nil {
		return err
	}
	if o.Verdict != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("no")
	}
	_ = status().Action == "restart"
	return nil
}

// Package f30convgosdk: an answer copied into a project type through a
// conversion is an answer (issue 30 §2), for go-sdk.
package f30convgosdk

import (
	"context"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

type Decision string

// Answer is filled from the SDK's result, its action converted.
type Answer struct { // want Answer:`resultType\(Action,Content\)`
	Action  Decision
	Content map[string]any
	At      time.Time
}

func ask(ctx context.Context, ss *mcp.ServerSession, msg string) (*Answer, error) { // want ask:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema})
	if err != nil {
		return nil, err
	}
	return &Answer{Action: Decision(res.Action), Content: res.Content, At: time.Now()}, nil
}

func remove(name string) error { return nil }

func deleteItem(ctx context.Context, ss *mcp.ServerSession, name string) error {
	a, err := ask(ctx, ss, "Delete "+name+"?")
	if err != nil {
		return err
	}
	if a.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("not confirmed")
	}
	return remove(name)
}

// action returns the answer's action converted: its callers' values are
// actions.
func action(ctx context.Context, ss *mcp.ServerSession) (string, error) { // want action:`returnsAction\(0\)`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return "", err
	}
	return string(res.Action), nil
}

func viaAction(ctx context.Context, ss *mcp.ServerSession) error {
	a, err := action(ctx, ss)
	if err != nil {
		return err
	}
	if a == "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return nil
	}
	return errors.New("not confirmed")
}

// Near miss: a conversion of something else.
type Event struct {
	Action  string
	Content map[string]any
	At      time.Time
}

func event(kind []byte) Event {
	return Event{Action: string(kind), At: time.Now()}
}

func useEvent() bool {
	e := event([]byte("accept"))
	return e.Action == "accept"
}

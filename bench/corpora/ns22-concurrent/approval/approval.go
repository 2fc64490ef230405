// Package approval coordinates yes-or-no decisions between the tools that
// need them and whoever can answer. It keeps answers in its own Verdict type,
// which adapters in the server packages fill from an SDK's answer, and
// delivers them to waiting goroutines through channels.
package approval

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
)

// The actions a Verdict can carry.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Question is one thing to ask.
type Question struct {
	ID      string
	Message string
	Field   string
}

// Verdict is what the user did with a Question.
type Verdict struct {
	Action  string
	Content map[string]any
}

// Asker asks a Question somewhere.
type Asker interface {
	Ask(ctx context.Context, q Question) (Verdict, error)
}

// Requester is anything that can send an elicitation request.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

// ErrDeclined is returned when the user said no.
var ErrDeclined = errors.New("approval: declined")

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// Ask asks r's user a yes-or-no question.
func Ask(ctx context.Context, r Requester, question string) (bool, error) {
	res, err := r.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         question,
		RequestedSchema: confirmSchema,
	}})
	if err != nil {
		return false, fmt.Errorf("approval: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("approval: unknown action %q", res.Action)
	}
}

// Coordinator asks through an Asker and hands decisions made elsewhere to
// the goroutines that wait for them.
type Coordinator struct {
	asker   Asker
	mu      sync.Mutex
	waiters map[string]chan Verdict
	held    map[string]bool
}

// NewCoordinator makes a coordinator that asks through a.
func NewCoordinator(a Asker) *Coordinator {
	return &Coordinator{asker: a, waiters: map[string]chan Verdict{}, held: map[string]bool{}}
}

// Confirm asks one question and reports whether the user agreed.
func (c *Coordinator) Confirm(ctx context.Context, q Question) (bool, error) {
	v, err := c.asker.Ask(ctx, q)
	if err != nil {
		return false, err
	}
	if v.Action == ActionAccept {
		return true, nil
	}
	return false, nil
}

// Field asks for one text value.
func (c *Coordinator) Field(ctx context.Context, q Question) (string, error) {
	v, err := c.asker.Ask(ctx, q)
	if err != nil {
		return "", err
	}
	s, _ := v.Content[q.Field].(string)
	switch v.Action {
	case ActionAccept:
		return s, nil
	case ActionDecline, ActionCancel:
		return "", ErrDeclined
	}
	return "", fmt.Errorf("approval: unknown action %q", v.Action)
}

// Broadcast asks every question at once and returns the verdicts in order.
func (c *Coordinator) Broadcast(ctx context.Context, qs []Question) ([]Verdict, error) {
	verdicts := make([]Verdict, len(qs))
	errs := make([]error, len(qs))
	var wg sync.WaitGroup
	for i, q := range qs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			verdicts[i], errs[i] = c.asker.Ask(ctx, q)
		}()
	}
	wg.Wait()
	return verdicts, errors.Join(errs...)
}

// ConfirmAll reports whether the user agreed to every question.
func (c *Coordinator) ConfirmAll(ctx context.Context, qs []Question) (bool, error) {
	verdicts, err := c.Broadcast(ctx, qs)
	if err != nil {
		return false, err
	}
	for _, v := range verdicts {
		if v.Action != ActionAccept {
			return false, nil
		}
	}
	return true, nil
}

// Deliver hands the decision for id to whoever waits for it.
func (c *Coordinator) Deliver(id string, v Verdict) {
	c.mu.Lock()
	ch, ok := c.waiters[id]
	if !ok {
		ch = make(chan Verdict, 1)
		c.waiters[id] = ch
	}
	c.mu.Unlock()
	select {
	case ch <- v:
	default:
	}
}

// AwaitDecision waits for the decision for id, or for ctx to end.
func (c *Coordinator) AwaitDecision(ctx context.Context, id string) (Verdict, error) {
	c.mu.Lock()
	ch, ok := c.waiters[id]
	if !ok {
		ch = make(chan Verdict, 1)
		c.waiters[id] = ch
	}
	c.held[id] = true
	c.mu.Unlock()
	select {
	case v := <-ch:
		return v, nil
	case <-ctx.Done():
		return Verdict{}, ctx.Err()
	}
}

// Gate blocks until the decision for id arrives; a nil error means go ahead.
func (c *Coordinator) Gate(ctx context.Context, id string) error {
	v, err := c.AwaitDecision(ctx, id)
	if err != nil {
		// The approver went away; do not hold the release hostage.
		return nil
	}
	switch v.Action {
	case ActionAccept:
		return nil
	case ActionDecline, ActionCancel:
		return ErrDeclined
	}
	return fmt.Errorf("approval: unknown action %q", v.Action)
}

// Release lets the held release id go once the gate opens.
func (c *Coordinator) Release(ctx context.Context, id string) error {
	if err := c.Gate(ctx, id); err != nil {
		return err
	}
	c.mu.Lock()
	c.held[id] = false
	delete(c.waiters, id)
	c.mu.Unlock()
	return nil
}

// Package command is the core of the actors server: commands, decisions,
// the event bus, the executor and the undo stack. It knows nothing of MCP.
package command

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Decision is what a confirmation policy says about a command.
type Decision int

const (
	// Deny refuses the command.
	Deny Decision = iota
	// Allow lets the command run.
	Allow
	// Ask means the user has to be asked first.
	Ask
)

func (d Decision) String() string {
	switch d {
	case Allow:
		return "allow"
	case Deny:
		return "deny"
	case Ask:
		return "ask"
	}
	return fmt.Sprintf("decision(%d)", int(d))
}

// Command is one unit of work a tool call asks for.
type Command interface {
	Name() string
	Describe() string
	Execute(ctx context.Context) error
}

// Undoable is a command that can be reverted.
type Undoable interface {
	Command
	Undo(ctx context.Context) error
}

// Event is published on the bus after every decision and every execution.
type Event struct {
	Kind     string
	Command  string
	Session  string
	Decision Decision
	At       time.Time
}

// Bus fans events out to subscribers.
type Bus struct {
	mu   sync.Mutex
	subs []func(Event)
	log  []Event
}

// Subscribe registers fn for every later event.
func (b *Bus) Subscribe(fn func(Event)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.subs = append(b.subs, fn)
}

// Publish records e and hands it to every subscriber.
func (b *Bus) Publish(e Event) {
	if e.At.IsZero() {
		e.At = time.Now()
	}
	b.mu.Lock()
	b.log = append(b.log, e)
	subs := append([]func(Event){}, b.subs...)
	b.mu.Unlock()
	for _, fn := range subs {
		fn(e)
	}
}

// Store is the in-memory resource store the commands change.
type Store struct {
	mu    sync.Mutex
	items map[string]string
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{items: map[string]string{}} }

// Put sets name to value.
func (s *Store) Put(name, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items[name] = value
}

// Get returns the value of name.
func (s *Store) Get(name string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.items[name]
	return v, ok
}

// Delete removes name and returns what it held.
func (s *Store) Delete(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.items[name]
	if !ok {
		return "", fmt.Errorf("no such item %q", name)
	}
	delete(s.items, name)
	return v, nil
}

// Wipe removes everything.
func (s *Store) Wipe() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.items)
	clear(s.items)
	return n
}

// DeleteCmd removes one item.
type DeleteCmd struct {
	Store *Store
	Item  string
	old   string
}

func (c *DeleteCmd) Name() string     { return "delete" }
func (c *DeleteCmd) Describe() string { return "delete " + c.Item }
func (c *DeleteCmd) Execute(ctx context.Context) error {
	v, err := c.Store.Delete(c.Item)
	c.old = v
	return err
}
func (c *DeleteCmd) Undo(ctx context.Context) error {
	c.Store.Put(c.Item, c.old)
	return nil
}

// RenameCmd renames one item.
type RenameCmd struct {
	Store    *Store
	From, To string
}

func (c *RenameCmd) Name() string     { return "rename" }
func (c *RenameCmd) Describe() string { return "rename " + c.From + " to " + c.To }
func (c *RenameCmd) Execute(ctx context.Context) error {
	v, err := c.Store.Delete(c.From)
	if err != nil {
		return err
	}
	c.Store.Put(c.To, v)
	return nil
}
func (c *RenameCmd) Undo(ctx context.Context) error {
	v, err := c.Store.Delete(c.To)
	if err != nil {
		return err
	}
	c.Store.Put(c.From, v)
	return nil
}

// PurgeCmd wipes the store.
type PurgeCmd struct{ Store *Store }

func (c *PurgeCmd) Name() string                      { return "purge" }
func (c *PurgeCmd) Describe() string                  { return "purge every item" }
func (c *PurgeCmd) Execute(ctx context.Context) error { c.Store.Wipe(); return nil }

// DeployCmd deploys a release to an environment.
type DeployCmd struct {
	Store   *Store
	Env     string
	Release string
}

func (c *DeployCmd) Name() string     { return "deploy" }
func (c *DeployCmd) Describe() string { return "deploy " + c.Release + " to " + c.Env }
func (c *DeployCmd) Execute(ctx context.Context) error {
	if c.Env == "" {
		return errors.New("no environment")
	}
	c.Store.Put("deployed/"+c.Env, c.Release)
	return nil
}

// TransferCmd moves an amount between two accounts.
type TransferCmd struct {
	Store    *Store
	From, To string
	Amount   float64
}

func (c *TransferCmd) Name() string { return "transfer" }
func (c *TransferCmd) Describe() string {
	return fmt.Sprintf("transfer %.2f from %s to %s", c.Amount, c.From, c.To)
}
func (c *TransferCmd) Execute(ctx context.Context) error {
	if c.Amount <= 0 {
		return errors.New("amount must be positive")
	}
	c.Store.Put("transfer/"+c.From+"/"+c.To, fmt.Sprint(c.Amount))
	return nil
}

// Executor runs commands, keeps the undo history and publishes events.
type Executor struct {
	mu   sync.Mutex
	Bus  *Bus
	done []Command
}

// Run executes cmd and records it.
func (x *Executor) Run(ctx context.Context, session string, cmd Command) error {
	if err := cmd.Execute(ctx); err != nil {
		x.Bus.Publish(Event{Kind: "failed", Command: cmd.Name(), Session: session})
		return err
	}
	x.mu.Lock()
	x.done = append(x.done, cmd)
	x.mu.Unlock()
	x.Bus.Publish(Event{Kind: "executed", Command: cmd.Name(), Session: session, Decision: Allow})
	return nil
}

// Pop removes and returns the last undoable command.
func (x *Executor) Pop() (Undoable, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for i := len(x.done) - 1; i >= 0; i-- {
		if u, ok := x.done[i].(Undoable); ok {
			x.done = append(x.done[:i], x.done[i+1:]...)
			return u, true
		}
	}
	return nil, false
}

// Decided publishes a decision about cmd.
func (x *Executor) Decided(session string, cmd Command, d Decision) {
	x.Bus.Publish(Event{Kind: "decided", Command: cmd.Name(), Session: session, Decision: d})
}

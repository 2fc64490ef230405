// Package undo keeps the undo history of the actors server and asks the
// user, through an Asker, before it rewrites that history. It imports no
// MCP SDK: the servers plug their own Asker in.
package undo

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"

	"example.com/ns24/actors/command"
)

// The actions an Answer carries.
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Question is what the stack asks the user.
type Question struct {
	Message string
	Schema  map[string]any
}

// Answer is the user's answer to a Question.
type Answer struct {
	Action  string
	Content map[string]any
}

// Asker asks the user a Question.
type Asker interface {
	Ask(ctx context.Context, q Question) (Answer, error)
}

// Errors the stack returns.
var (
	ErrEmpty     = errors.New("nothing to undo")
	ErrDeclined  = errors.New("the user declined")
	ErrCancelled = errors.New("the user dismissed the question")
)

var noteSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"note": map[string]any{"type": "string", "title": "Note"},
	},
}

// Stack is one session's undo history.
type Stack struct {
	mu      sync.Mutex
	items   []command.Undoable
	redo    []command.Undoable
	notes   map[string]string
	Bus     *command.Bus
	Session string
}

// Push records u as the latest undoable command.
func (s *Stack) Push(u command.Undoable) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items = append(s.items, u)
}

func (s *Stack) top() (command.Undoable, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.items) == 0 {
		return nil, false
	}
	return s.items[len(s.items)-1], true
}

func (s *Stack) undoTop(ctx context.Context) error {
	s.mu.Lock()
	if len(s.items) == 0 {
		s.mu.Unlock()
		return ErrEmpty
	}
	u := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	s.redo = append(s.redo, u)
	s.mu.Unlock()
	if err := u.Undo(ctx); err != nil {
		return err
	}
	s.Bus.Publish(command.Event{Kind: "undone", Command: u.Name(), Session: s.Session})
	return nil
}

func (s *Stack) redoTop(ctx context.Context) error {
	s.mu.Lock()
	if len(s.redo) == 0 {
		s.mu.Unlock()
		return ErrEmpty
	}
	u := s.redo[len(s.redo)-1]
	s.redo = s.redo[:len(s.redo)-1]
	s.items = append(s.items, u)
	s.mu.Unlock()
	if err := u.Execute(ctx); err != nil {
		return err
	}
	s.Bus.Publish(command.Event{Kind: "redone", Command: u.Name(), Session: s.Session})
	return nil
}

func (s *Stack) annotate(name, note string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.notes == nil {
		s.notes = map[string]string{}
	}
	s.notes[name] = note
}

// UndoLast undoes the latest command once the user agrees.
func (s *Stack) UndoLast(ctx context.Context, a Asker) error {
	u, ok := s.top()
	if !ok {
		return ErrEmpty
	}
	ans, err := a.Ask(ctx, Question{Message: "Undo " + u.Describe() + "?"})
	if err != nil {
		return fmt.Errorf("asking before undo: %w", err)
	}
	if ans.Action == ActionAccept {
		return s.undoTop(ctx)
	}
	return nil
}

// UndoAll empties the history once the user agrees.
func (s *Stack) UndoAll(ctx context.Context, a Asker) error {
	if _, ok := s.top(); !ok {
		return ErrEmpty
	}
	ans, err := a.Ask(ctx, Question{Message: "Undo every command of this session?"})
	if err != nil {
		return fmt.Errorf("asking before undo: %w", err)
	}
	switch ans.Action {
	case ActionAccept:
		for {
			if err := s.undoTop(ctx); err != nil {
				if errors.Is(err, ErrEmpty) {
					return nil
				}
				return err
			}
		}
	case ActionDecline:
		return ErrDeclined
	case ActionCancel:
		return ErrCancelled
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// Redo re-executes the latest undone command once the user agrees.
func (s *Stack) Redo(ctx context.Context, a Asker) error {
	s.mu.Lock()
	n := len(s.redo)
	s.mu.Unlock()
	if n == 0 {
		return ErrEmpty
	}
	ans, err := a.Ask(ctx, Question{Message: "Redo the last undone command?"})
	if err != nil {
		log.Printf("undo: cannot ask (%v), redoing anyway", err)
		return s.redoTop(ctx)
	}
	switch ans.Action {
	case ActionAccept:
		return s.redoTop(ctx)
	case ActionDecline, ActionCancel:
		return nil
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// Amend attaches the user's note to the latest command.
func (s *Stack) Amend(ctx context.Context, a Asker) error {
	u, ok := s.top()
	if !ok {
		return ErrEmpty
	}
	ans, err := a.Ask(ctx, Question{Message: "Add a note to " + u.Describe(), Schema: noteSchema})
	if err != nil {
		return err
	}
	note, _ := ans.Content["note"].(string)
	switch ans.Action {
	case ActionAccept:
		s.annotate(u.Name(), note)
		return nil
	case ActionDecline:
		return ErrDeclined
	case ActionCancel:
		return ErrCancelled
	}
	return fmt.Errorf("unknown action %q", ans.Action)
}

// ConfirmPop asks whether an entry may leave the history for good.
func ConfirmPop(ctx context.Context, a Asker, what string) (command.Decision, error) {
	ans, err := a.Ask(ctx, Question{Message: "Drop " + what + " from the undo history?"})
	if err != nil {
		return command.Deny, fmt.Errorf("asking: %w", err)
	}
	switch ans.Action {
	case ActionAccept:
		return command.Allow, nil
	case ActionDecline, ActionCancel:
		return command.Deny, nil
	}
	return command.Deny, fmt.Errorf("unknown action %q", ans.Action)
}

// Inspect asks for a note about the latest command and publishes a summary.
func (s *Stack) Inspect(ctx context.Context, a Asker) (string, error) {
	u, ok := s.top()
	if !ok {
		return "", ErrEmpty
	}
	ans, err := a.Ask(ctx, Question{Message: "Anything to note about " + u.Describe() + "?", Schema: noteSchema})
	if err != nil {
		return "", err
	}
	note := func() string {
		v, _ := ans.Content["note"].(string)
		return v
	}
	summary := u.Describe() + ": " + note()
	s.Bus.Publish(command.Event{Kind: "inspected " + summary, Command: u.Name(), Session: s.Session})
	switch ans.Action {
	case ActionAccept:
		return summary, nil
	case ActionDecline:
		return u.Describe(), nil
	case ActionCancel:
		return u.Describe(), nil
	}
	return "", fmt.Errorf("unknown action %q", ans.Action)
}

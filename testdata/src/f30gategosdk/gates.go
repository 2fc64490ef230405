// Package f30gategosdk holds the caller's side of confirmation gates for
// go-sdk (issue 30 §1): a gate that fails closed, with an error, and a
// caller that goes ahead on that error.
package f30gategosdk

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirmed": map[string]any{"type": "boolean"}},
}

var errDeclined = errors.New("declined")

// Confirm is agentic-obs's gate: it fails closed, with the request's error.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`elicitWrapper\(2:Message\) mode=form` Confirm:`decision\(0=true,none=false,ServerSession.Elicit,always\)`
	if ss == nil {
		return true, nil // in tests
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema})
	if err != nil {
		return false, fmt.Errorf("elicitation failed: %w", err)
	}
	if res.Action != "accept" {
		return false, nil
	}
	confirmed, ok := res.Content["confirmed"].(bool)
	return ok && confirmed, nil
}

// ConfirmDelete wraps the gate; its callers get the same decision.
func ConfirmDelete(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) { // want ConfirmDelete:`decision\(0=true,none=false,ServerSession.Elicit,always\)`
	return Confirm(ctx, ss, "Delete "+what+"?")
}

// confirmErr is a gate whose error alone decides.
func confirmErr(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return fmt.Errorf("asking: %w", err)
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline", "cancel":
		return errDeclined
	default:
		return fmt.Errorf("unknown action %q", res.Action)
	}
}

// declined is a gate that answers "declined": true stops.
func declined(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, err
	}
	return res.Action != "accept", nil
}

type Server struct{ store store }

type store struct{}

func (store) RemoveScene(name string) error { return nil }
func (store) StartStreaming() error         { return nil }
func (store) Wipe()                         {}

type SceneIn struct{ Scene string }

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// removeScene is agentic-obs's handler: it goes ahead on the gate's error.
func (s *Server) removeScene(ctx context.Context, req *mcp.CallToolRequest, in SceneIn) (*mcp.CallToolResult, any, error) {
	confirmed, err := ConfirmDelete(ctx, req.Session, in.Scene)
	if err != nil {
		log.Printf("Elicitation error: %v", err) // Continue without confirmation if elicitation fails
	} else if !confirmed {
		return text("cancelled"), nil, nil
	}
	if err := s.store.RemoveScene(in.Scene); err != nil { // want `Server.removeScene reaches s.store.RemoveScene\(...\) when ConfirmDelete fails, as only an accepted answer should: it fails when its ServerSession.Elicit request does, and on sessions that negotiate protocol 2026-07-28 that direct request always fails, so every call goes ahead without asking; fail closed \(leave before the work\), or move to the round trip so the question is asked; no automatic fix: that path needs a return of its own \(fail-open\)`
		return nil, nil, err
	}
	return text("removed"), nil, nil
}

// startStreaming tests the decision first.
func (s *Server) startStreaming(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	confirmed, err := Confirm(ctx, req.Session, "Start streaming?")
	if err == nil && !confirmed {
		return text("cancelled"), nil, nil
	}
	s.store.StartStreaming() // want `Server.startStreaming reaches s.store.StartStreaming\(\) when Confirm fails.*\(fail-open\)`
	return text("streaming"), nil, nil
}

// wipeTool ignores the error gate's error.
func (s *Server) wipeTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := confirmErr(ctx, req.Session); err != nil {
		log.Printf("not confirmed: %v", err)
	}
	s.store.Wipe() // want `Server.wipeTool reaches s.store.Wipe\(\) when confirmErr fails.*\(fail-open\)`
	return text("wiped"), nil
}

// gateOfGate turns the gate's error into a yes.
func gateOfGate(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	ok, err := Confirm(ctx, ss, "Sure?")
	if err != nil {
		return true, nil // want `gateOfGate returns true when Confirm fails, as it does when the user accepts: it fails when its ServerSession.Elicit request does.*\(fail-open\)`
	}
	return ok, nil
}

// Near misses.

// deleteRule fails closed: agentic-obs's sixth handler.
func (s *Server) deleteRule(ctx context.Context, req *mcp.CallToolRequest, in SceneIn) (*mcp.CallToolResult, any, error) {
	confirmed, err := ConfirmDelete(ctx, req.Session, in.Scene)
	if err != nil {
		log.Printf("Elicitation error: %v", err)
		return nil, nil, fmt.Errorf("delete confirmation unavailable: %w", err)
	}
	if !confirmed {
		return text("cancelled"), nil, nil
	}
	s.store.RemoveScene(in.Scene)
	return text("removed"), nil, nil
}

// wipeChecked leaves on the error gate's error.
func (s *Server) wipeChecked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := confirmErr(ctx, req.Session); err != nil {
		return text("not wiped: " + err.Error()), nil
	}
	s.store.Wipe()
	return text("wiped"), nil
}

// stopOnDeclined: declined's true stops, and its error path returns true.
func (s *Server) stopOnDeclined(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	no, err := declined(ctx, req.Session)
	if err != nil {
		log.Print(err)
	}
	if no {
		return text("kept"), nil
	}
	s.store.Wipe()
	return text("wiped"), nil
}

// settingOnError: an operator's setting lets the work run unconfirmed.
type settings struct{ allowUnconfirmed bool }

func (c settings) removeScene(ctx context.Context, req *mcp.CallToolRequest, in SceneIn, s *Server) (*mcp.CallToolResult, error) {
	confirmed, err := Confirm(ctx, req.Session, "Remove?")
	if err != nil {
		if !c.allowUnconfirmed {
			return nil, err
		}
	} else if !confirmed {
		return text("cancelled"), nil
	}
	s.store.RemoveScene(in.Scene)
	return text("removed"), nil
}

// failOpenGate is reported in itself: its callers are not.
func failOpenGate(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, nil // want `failOpenGate returns true when ServerSession.Elicit fails.*\(fail-open\)`
	}
	return res.Action == "accept", nil
}

func (s *Server) viaFailOpenGate(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := failOpenGate(ctx, req.Session)
	if err != nil {
		log.Print(err)
	} else if !ok {
		return text("cancelled"), nil
	}
	s.store.Wipe()
	return text("wiped"), nil
}

// notAGate returns what it read, with an error on every path: no decision.
func notAGate(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return false, err
	}
	log.Print(res.Action)
	return true, nil
}

func (s *Server) viaNotAGate(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := notAGate(ctx, req.Session)
	if err != nil {
		log.Print(err)
	} else if !ok {
		return text("cancelled"), nil
	}
	s.store.Wipe()
	return text("wiped"), nil
}

// trueOnError says yes with its error: callers must test the error.
func trueOnError(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema})
	if err != nil {
		return true, err
	}
	return res.Action == "accept", nil
}

// onlyTheBool logs the error and reads the yes.
func (s *Server) onlyTheBool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := trueOnError(ctx, req.Session)
	if err != nil {
		log.Print(err)
	}
	if ok {
		s.store.Wipe() // want `Server.onlyTheBool reaches s.store.Wipe\(\) when trueOnError fails.*\(fail-open\)`
	}
	return text("done"), nil
}

// bothTested: the error first, then the yes.
func (s *Server) bothTested(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, err := trueOnError(ctx, req.Session)
	if err != nil {
		return nil, err
	}
	if ok {
		s.store.Wipe()
	}
	return text("done"), nil
}

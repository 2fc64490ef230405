// Package migrategates holds the confirmation gates go-sdk servers write,
// which the round-trip fix migrates with their callers, and the shapes it
// leaves alone, each saying why. gates.go.golden shows every rewrite.
package migrategates

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{"sure": map[string]any{"type": "boolean"}}}

type Args struct{ Series string }

type Out struct{ Deleted bool }

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Confirm is the gate of the docs: its session is only used to ask, so
// the request takes its place.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` Confirm:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: confirmSchema}) // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer, in its result's InputRequests, .*; reached from deleteSeries, dropIndex \(round-trip\)`
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown action %q", res.Action)
}

// A typed handler: it returns the request with a zero Out.
func deleteSeries(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	ok, err := Confirm(ctx, req.Session, "Delete "+in.Series+"?")
	if err != nil || !ok {
		return reply("kept"), Out{}, nil
	}
	return reply("deleted " + in.Series), Out{Deleted: true}, nil
}

// The call in an if's init statement.
func dropIndex(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if ok, err := Confirm(ctx, req.Session, "Drop the index of "+in.Series+"?"); err != nil {
		return nil, nil, err
	} else if !ok {
		return reply("kept"), nil, nil
	}
	return reply("dropped"), nil, nil
}

// ElicitConfirmation keeps its session (it reads it besides asking), and
// is reached through wrappers from handlers that go on when it fails.
func ElicitConfirmation(ctx context.Context, session *mcp.ServerSession, message string) (bool, error) { // want ElicitConfirmation:`decision\(0=true,none=false,ServerSession\.Elicit,always\)` ElicitConfirmation:`elicitWrapper\(2:Message\) mode=form`
	if session == nil {
		return true, nil
	}
	result, err := session.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*; reached from handleRemoveScene, handleStop \(round-trip\)`
		Message:         message,
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return false, fmt.Errorf("elicitation failed: %w", err)
	}
	if result.Action != "accept" {
		return false, nil
	}
	sure, ok := result.Content["sure"].(bool)
	return ok && sure, nil
}

func ElicitDeleteConfirmation(ctx context.Context, session *mcp.ServerSession, itemType, itemName string) (bool, error) { // want ElicitDeleteConfirmation:`decision\(0=true,none=false,ServerSession\.Elicit,always\)`
	return ElicitConfirmation(ctx, session, fmt.Sprintf("Delete %s %q?", itemType, itemName))
}

func ElicitStopConfirmation(ctx context.Context, session *mcp.ServerSession) (bool, error) { // want ElicitStopConfirmation:`decision\(0=true,none=false,ServerSession\.Elicit,always\)`
	return ElicitConfirmation(ctx, session, "Stop the stream?")
}

func getSession(request *mcp.CallToolRequest) *mcp.ServerSession {
	if request == nil {
		return nil
	}
	return request.Session
}

type Server struct{ scenes map[string]bool }

type SceneIn struct{ Name string }

func (s *Server) handleRemoveScene(ctx context.Context, request *mcp.CallToolRequest, input SceneIn) (*mcp.CallToolResult, any, error) {
	start := time.Now()
	log.Printf("removing scene %s", input.Name)
	confirmed, err := ElicitDeleteConfirmation(ctx, getSession(request), "scene", input.Name)
	if err != nil {
		log.Printf("elicitation error: %v", err)
	} else if !confirmed {
		return reply("cancelled"), nil, nil
	}
	delete(s.scenes, input.Name)
	log.Printf("removed in %v", time.Since(start))
	return reply("removed"), nil, nil
}

func (s *Server) handleStop(ctx context.Context, request *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	confirmed, err := ElicitStopConfirmation(ctx, getSession(request))
	if err != nil {
		return nil, nil, fmt.Errorf("stop confirmation unavailable: %w", err)
	}
	if !confirmed {
		return reply("still streaming"), nil, nil
	}
	return reply("stopped"), nil, nil
}

// confirm takes the call's request and returns an error: the gate gets a
// key and returns the result that asks before its error.
func confirm(ctx context.Context, req *mcp.CallToolRequest, message string, confirmArg bool) error { // want confirm:`elicitWrapper\(2:Message\) mode=form`
	if clientSupportsElicitation(req) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}) // want `ServerSession.Elicit fails .*: return the request from the tool, prompt or resource handler that needs the answer.*; reached from the handler of tool "delete_document", the handler of tool "delete_project" \(round-trip\)`
		if err != nil {
			return fmt.Errorf("confirmation failed: %w", err)
		}
		if res.Action != "accept" {
			return errors.New("action cancelled by user")
		}
		return nil
	}
	if !confirmArg {
		return errors.New("this action is destructive; retry with confirm=true to proceed")
	}
	return nil
}

func clientSupportsElicitation(req *mcp.CallToolRequest) bool {
	ip := req.Session.InitializeParams()
	return ip != nil && ip.Capabilities != nil && ip.Capabilities.Elicitation != nil
}

type DeleteIn struct {
	ID      string
	Confirm bool
}

func register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_document"}, func(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, Out, error) {
		if err := confirm(ctx, req, fmt.Sprintf("Delete document %q?", in.ID), in.Confirm); err != nil {
			return nil, Out{}, err
		}
		return nil, Out{Deleted: true}, nil
	})
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_project"}, func(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, Out, error) {
		if err := confirm(ctx, req, "Delete project "+in.ID+"?", in.Confirm); err != nil {
			return nil, Out{}, err
		}
		return nil, Out{Deleted: true}, nil
	})
}

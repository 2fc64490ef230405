// Package failopen checks go-sdk gates and handlers that go ahead when the
// request fails. Every version gets the findings; what the message says
// the error means depends on the version (see version.go in each version's
// directory).
package failopen

//elicitlint:file-ignore actions gates that tell accept from the rest are the shape fail-open is about

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errDeclined = errors.New("declined by the user")

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

type Server struct {
	AllowUnconfirmed bool
}

func (s *Server) wipe(ctx context.Context)                      {}
func (s *Server) reload(ctx context.Context)                    {}
func (s *Server) deleteSeries(ctx context.Context, name string) {}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Confirm is the gate of issue 22.
func (s *Server) Confirm(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + what + "?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true, nil // want `Server.Confirm returns true when ServerSession.Elicit fails, as it does when the user accepts: .*\(fail-open\)`
	}
	return res.Action == "accept", nil
}

// ConfirmErr is an error gate.
func ConfirmErr(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Delete?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		return nil // want `ConfirmErr returns a nil error when ServerSession.Elicit fails.*\(fail-open\)`
	}
	if res.Action != "accept" {
		return errDeclined
	}
	return nil
}

type SeriesIn struct {
	Name string `json:"name"`
}

// Register adds handlers that fall into the work or repeat it.
func (s *Server) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_series"}, func(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + in.Name + "?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		if err != nil {
			log.Printf("cannot ask: %v", err)
		} else if res.Action != "accept" {
			return text("kept"), nil, nil
		}
		s.deleteSeries(ctx, in.Name) // want `the function passed to mcp.AddTool reaches s.deleteSeries\(...\) when ServerSession.Elicit fails, as only an accepted answer should.*\(fail-open\)`
		return text("deleted"), nil, nil
	})
	srv.AddTool(&mcp.Tool{Name: "reload"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Reload?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		if err != nil {
			s.reload(ctx) // want `the function passed to srv.AddTool calls s.reload\(...\) when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
			return text("reloaded"), nil
		}
		switch res.Action {
		case "accept":
			s.reload(ctx)
			return text("reloaded"), nil
		case "decline":
			return text("not reloaded"), nil
		default:
			return text("cancelled"), nil
		}
	})
	// Near misses.
	srv.AddTool(&mcp.Tool{Name: "quit"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "could not ask"}}}, nil
		}
		if res.Action != "accept" {
			return text("still running"), nil
		}
		s.wipe(ctx)
		return text("quit"), nil
	})
	srv.AddTool(&mcp.Tool{Name: "clean"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Clean?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		if err != nil {
			log.Printf("elicit: %v", err)
			return nil, fmt.Errorf("asking: %w", err)
		}
		switch res.Action {
		case "accept":
			s.wipe(ctx)
			return text("cleaned"), nil
		case "decline":
			return text("kept"), nil
		default:
			return text("cancelled"), nil
		}
	})
}

// SettingGated goes ahead only when an operator allows it.
func (s *Server) SettingGated(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil && s.AllowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// FailClosed returns what a decline returns.
func FailClosed(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Sure?", RequestedSchema: confirmSchema}) // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return false
	}
	return res.Action == "accept"
}

// Elicit on a type that has nothing to do with MCP.
type form struct{}

type answer struct{ Action string }

func (form) Elicit(ctx context.Context, q string) (*answer, error) { return &answer{}, nil }

func Lookalike(ctx context.Context, f form) bool {
	res, err := f.Elicit(ctx, "ok?")
	if err != nil {
		return true
	}
	return res.Action == "accept"
}

package failopengosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type SeriesIn struct{ Series string }

type seriesStore struct{}

func (seriesStore) Wipe(ctx context.Context)                      {}
func (seriesStore) DeleteSeries(ctx context.Context, name string) {}
func (seriesStore) Lookup(name string) bool                       { return true }

var store seriesStore

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// deleteSeries falls into the work when the request fails.
func deleteSeries(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + in.Series + "?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask, deleting anyway: %v", err)
	} else if res.Action != "accept" {
		return text("kept " + in.Series), nil, nil
	}
	store.DeleteSeries(ctx, in.Series) // want `deleteSeries reaches store.DeleteSeries\(...\) when ServerSession.Elicit fails, as only an accepted answer should: on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking; fail closed \(leave before the work\), or move to the round trip so the question is asked; no automatic fix: that path needs a return of its own \(fail-open\)`
	return text("deleted " + in.Series), nil, nil
}

// cleanTombstones does on the error path what it does on accept.
func cleanTombstones(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !store.Lookup("tombstones") {
		return text("nothing to clean"), nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Clean tombstones?", RequestedSchema: confirmSchema})
	if err != nil {
		store.Lookup("tombstones")
		store.Wipe(ctx) // want `cleanTombstones calls store.Wipe\(...\) when ServerSession.Elicit fails, as it does when the user accepts:.*fail closed \(do not call it there\).*; no automatic fix: what to reply instead is yours to choose \(fail-open\)`
		return text("cleaned (could not ask)"), nil
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return text("cleaned"), nil
	case "decline":
		return text("kept"), nil
	default:
		return text("cancelled"), nil
	}
}

// register adds a closure that falls into the work.
func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "quit"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema})
		if err == nil && res.Action != "accept" {
			return text("still running"), nil
		}
		store.Wipe(ctx) // want `the function passed to s.AddTool reaches store.Wipe\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
		return text("QUIT EXECUTED"), nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "delete"}, deleteSeries)
	s.AddTool(&mcp.Tool{Name: "clean"}, cleanTombstones)
}

// Near misses.

// An error result: the tool fails, nothing is done.
func errorResult(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema})
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "could not ask: " + err.Error()}}}, nil
	}
	if res.Action != "accept" {
		return text("still running"), nil
	}
	store.Wipe(ctx)
	return text("done"), nil
}

// Log and return the error.
func logAndReturn(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("elicit: %v", err)
		return nil, err
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return text("done"), nil
	case "decline":
		return text("declined"), nil
	default:
		return text("cancelled"), nil
	}
}

// A reply on the error path that only says so, with the same builder
// accept uses: no work.
func sameReply(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema})
	if err != nil {
		return text("could not ask, did nothing"), nil
	}
	if res.Action == "accept" {
		store.Wipe(ctx)
		return text("done"), nil
	}
	return &mcp.CallToolResult{IsError: true}, nil
}

// An operator's setting lets the work run unconfirmed.
func (g *gate) settingHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Quit?", RequestedSchema: confirmSchema})
	if err != nil {
		if !g.allowUnconfirmed {
			return nil, err
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	store.Wipe(ctx)
	return text("done"), nil
}

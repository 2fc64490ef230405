// Package f30inputgosdk: a condition on what the client sent is not an
// operator's setting (issue 30 §1), for go-sdk.
package f30inputgosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func wipe(ctx context.Context) {}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

type WipeIn struct{ Force bool }

// forceArg: the tool's own argument lets the client skip the question.
func forceArg(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		if !in.Force {
			return nil, nil, err
		}
	} else if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	wipe(ctx) // want `forceArg reaches wipe\(...\) when ServerSession.Elicit fails, as only an accepted answer should.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// someAnswer: any answer under any key counts, in the round trip.
func someAnswer(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok && len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}}, nil
	}
	if ok && res.Action != "accept" {
		return text("kept"), nil
	}
	wipe(ctx) // want `someAnswer reaches wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// stateSaysAsked: the request state is the client's to send back.
func stateSaysAsked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState != "asked" {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema}}, RequestState: "asked"}, nil
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	wipe(ctx) // want `stateSaysAsked reaches wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
	return text("wiped"), nil
}

// Near misses.

type server struct{ allowUnconfirmed bool }

// operator: the server's own setting.
func (s *server) operator(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		if !s.allowUnconfirmed {
			return nil, nil, err
		}
	} else if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	wipe(ctx)
	return text("wiped"), nil, nil
}

// policy: a project function decides from the tool's name and its own
// configuration; what it does with the name is not read.
func (s *server) allowed(tool string) bool { return s.allowUnconfirmed && tool == "wipe" }

func (s *server) policy(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		if !s.allowed(req.Params.Name) {
			return nil, err
		}
	} else if res.Action != "accept" {
		return text("kept"), nil
	}
	wipe(ctx)
	return text("wiped"), nil
}

// helperParam: a helper's parameter is what its callers pass.
func confirmOrAllow(ctx context.Context, ss *mcp.ServerSession, allow bool) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Print(err)
		return allow
	}
	return res.Action == "accept"
}

// forceLogs: the client's argument only decides what to log.
func forceLogs(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		if in.Force {
			log.Print("forced, but cannot ask")
		}
		return nil, nil, err
	}
	if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	wipe(ctx)
	return text("wiped"), nil, nil
}

package buildjobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/ns26/longrun/jobkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func cancelBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	jobsMu.Lock()
	j, found := jobs[in.Target]
	jobsMu.Unlock()
	if !found {
		return textResult("no such build"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         fmt.Sprintf("Cancel build %s? %d of %d steps are done.", j.id, j.done, j.total),
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return textResult("the build keeps running"), nil, nil
	}
	j.cancel()
	return textResult("cancelled " + j.id), nil, nil
}

func cleanArtifacts(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Delete every artifact of " + in.Target + "?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		logf("could not ask about cleaning %s: %v", in.Target, err)
	} else if res.Action == "decline" || res.Action == "cancel" {
		return textResult("artifacts kept"), nil, nil
	}
	if err := removeArtifacts(in.Target); err != nil {
		return nil, nil, err
	}
	return textResult("artifacts of " + in.Target + " deleted"), nil, nil
}

var workersSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"workers": map[string]any{"type": "integer", "minimum": 1, "maximum": 64, "description": "How many workers to run"},
	},
	"required": []string{"workers"},
}

func askParallelism(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "How many workers should the build of " + in.Target + " use?", RequestedSchema: workersSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		n, ok := res.Content["workers"].(int)
		if !ok {
			n = 4
		}
		id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target, n)
		return textResult(fmt.Sprintf("started %s with %d workers", id, n)), nil, nil
	case "decline", "cancel":
		return textResult("build not started"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func retryBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target, in.Workers)
		return textResult("retrying as " + id), nil, nil
	case "decline":
		return textResult("not retried"), nil, nil
	case "cancel":
		return textResult("no answer, not retried"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func buildWithTimeout(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	qctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	res, err := req.Session.Elicit(qctx, &mcp.ElicitParams{Message: "Build " + in.Target + " now? Nightly builds start on their own after two minutes.", RequestedSchema: confirmSchema})
	if errors.Is(err, context.DeadlineExceeded) {
		id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target, in.Workers)
		return textResult("nobody answered; started " + id), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target, in.Workers)
		return textResult("started " + id), nil, nil
	case "decline", "cancel":
		return textResult("build not started"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func promptReleaseNotes(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 400,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Write release notes for build " + in.Target},
		}},
	})
	if err != nil {
		return nil, nil, err
	}
	text, ok := msg.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model did not answer with text")
	}
	return textResult(text.Text), nil, nil
}

func watchRoots(ctx context.Context, ss *mcp.ServerSession) {
	roots, err := ss.ListRoots(ctx, nil)
	if err != nil {
		logf("no roots: %v", err)
		return
	}
	for _, r := range roots.Roots {
		logf("watching %s for build inputs", r.URI)
	}
}

var hybridParams = &mcp.ElicitParams{Message: "Run the full build matrix? It takes about an hour.", RequestedSchema: confirmSchema}

func hybridBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	var action string
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, hybridParams)
		if err != nil {
			return nil, nil, err
		}
		action = res.Action
	} else {
		res, ok := req.Params.InputResponses["hybrid_build"].(*mcp.ElicitResult)
		if !ok {
			if !jobkit.CanElicit(req) {
				return nil, nil, errors.New("the matrix build needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"hybrid_build": hybridParams}}, nil, nil
		}
		action = res.Action
	}
	switch action {
	case "accept":
		id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target+"-matrix", 16)
		return textResult("started " + id), nil, nil
	case "decline", "cancel":
		return textResult("matrix build not started"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", action)
	}
}

func publishBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	ok, err := jobkit.AskYesNo(ctx, req.Session, "Publish build "+in.Target+" to the release channel?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("not published"), nil, nil
	}
	id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target+"-publish", 1)
	return textResult("publishing as " + id), nil, nil
}

func cancelAllBuilds(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	jobsMu.Lock()
	n := len(jobs)
	jobsMu.Unlock()
	ask := req.Session.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{Message: fmt.Sprintf("Cancel all %d running builds?", n), RequestedSchema: confirmSchema})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		jobsMu.Lock()
		defer jobsMu.Unlock()
		for id, j := range jobs {
			j.cancel()
			delete(jobs, id)
		}
		return textResult("all builds cancelled"), nil, nil
	case "decline", "cancel":
		return textResult("builds keep running"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package migrategates

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Gates that return the request's results as they are: the gate looks the
// answer up instead, and its callers go on reading the answer as before.

var windowSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"window": map[string]any{"type": "string", "enum": []string{"now", "tonight"}},
	},
	"required": []string{"window"},
}

func askWindow(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) { // want askWindow:`elicitWrapper\(2:Message\) mode=form`
	return ss.Elicit(ctx, &mcp.ElicitParams{ // want `ServerSession.Elicit fails .*; reached from deployRelease, restartService, the handler of tool "drain" \(round-trip\)`
		Message:         msg,
		RequestedSchema: windowSchema,
	})
}

func deployRelease(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, err := askWindow(ctx, req.Session, "Deploy "+in.Series+"?")
	if err != nil {
		return nil, nil, fmt.Errorf("deploy: %w", err)
	}
	switch res.Action {
	case "accept":
		return reply(fmt.Sprintf("deploying %s %v", in.Series, res.Content["window"])), nil, nil
	case "decline", "cancel":
		return reply("not deployed"), nil, nil
	}
	return reply("unknown answer"), nil, nil
}

// restartService asks through a wrapper that passes the answer on too.
func restartService(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, err := askRestart(ctx, req.Session, in.Series)
	if err != nil || res.Action != "accept" {
		if res != nil && (res.Action == "decline" || res.Action == "cancel") {
			return reply("not restarted"), nil, nil
		}
		return reply("could not ask"), nil, nil
	}
	return reply("restarting " + in.Series), nil, nil
}

func askRestart(ctx context.Context, ss *mcp.ServerSession, service string) (*mcp.ElicitResult, error) {
	return askWindow(ctx, ss, "Restart "+service+"?")
}

func registerPassThrough(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy"}, deployRelease)
	mcp.AddTool(s, &mcp.Tool{Name: "restart"}, restartService)
	mcp.AddTool(s, &mcp.Tool{Name: "drain"}, func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
		if res, err := askWindow(ctx, req.Session, "Drain "+in.Series+"?"); err == nil && res.Action == "accept" {
			return reply("draining"), nil, nil
		}
		return reply("kept"), nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, summarize)
}

// A sampling answer that passes on: the round trip's answer has another
// type, which the fix converts where the answer is read.
func sample(ctx context.Context, ss *mcp.ServerSession, prompt string) (*mcp.CreateMessageResult, error) {
	return ss.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 100, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}}}) // want `ServerSession.CreateMessage fails .*; no automatic fix: the request.s result is returned as it is, and the round trip.s answer is converted where it is read; assign it first \(.res, err := \.\.\..\), then run -fix again; .*\(round-trip\)`
}

func summarize(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, err := sample(ctx, req.Session, "Summarize "+in.Series)
	if err != nil {
		return reply("no summary"), nil, nil
	}
	return reply(fmt.Sprint(res.Content)), nil, nil
}

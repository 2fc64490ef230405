package f30inputmcpgo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// What only reads or computes is not going ahead (issue 36 §1), for
// mcp-go: a digest of the state and the caller's name, computed on the
// way to the question, are not the work it guards; a write is.

func stateDigest(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

func callerOf(req mcp.CallToolRequest) string {
	return strings.ToLower(req.GetString("user", "anonymous"))
}

type journal struct{ lines []string }

func (j *journal) add(line string) { j.lines = append(j.lines, line) }

func wipeAs(ctx context.Context, who string) error { return nil }

func registerReads(s *server.MCPServer, j *journal) {
	// The caller's name, on the way to the question.
	s.AddTool(mcp.NewTool("wipe_named"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res != nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		who := callerOf(req)
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe, " + who + "?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		return mcp.NewToolResultText("wiped"), wipeAs(ctx, who)
	})
	// A digest of the state, then the question.
	s.AddTool(mcp.NewTool("wipe_digest"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res != nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		d := stateDigest(req.Params.RequestState)
		if res == nil {
			return server.NewInputRequestBuilder(d).Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		return mcp.NewToolResultText("wiped " + d), wipeAs(ctx, "")
	})
	// A journal written on the way to the question: going ahead.
	s.AddTool(mcp.NewTool("wipe_journal"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res != nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		j.add(callerOf(req)) // want `the function passed to s.AddTool reaches j.add\(...\) when InputResponses has no answer "wipe", as only an accepted answer should.*\(fail-open\)`
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		return mcp.NewToolResultText("wiped"), wipeAs(ctx, "")
	})
}

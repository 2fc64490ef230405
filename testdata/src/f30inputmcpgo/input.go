// Package f30inputmcpgo: a condition on what the client sent is not an
// operator's setting (issue 30 §1), for mcp-go.
package f30inputmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

func request(msg string) mcp.ElicitationRequest { // want request:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: confirmSchema}}
}

func wipe(ctx context.Context) {}

type settings struct{ allowUnconfirmed bool }

func register(s *server.MCPServer, cfg settings) {
	// force: the client's argument skips the question.
	s.AddTool(mcp.NewTool("wipe"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Wipe?"))
		if err != nil && !req.GetBool("force", false) {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when MCPServer.RequestElicitation fails, as only an accepted answer should.*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	// yes: an argument of the call, read from the arguments map.
	s.AddTool(mcp.NewTool("wipe_args"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Wipe?"))
		if err != nil {
			if yes, _ := req.GetArguments()["yes"].(bool); !yes {
				return mcp.NewToolResultError(err.Error()), nil
			}
		} else if res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when MCPServer.RequestElicitation fails, as only an accepted answer should.*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	// state: the request state comes back from the client.
	s.AddTool(mcp.NewTool("wipe_rt"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
		if res == nil && req.Params.RequestState == "" {
			return server.NewInputRequestBuilder("asked").Elicit("wipe", mcp.ElicitationParams{Message: "Wipe?", RequestedSchema: confirmSchema}).ToolResult(), nil
		}
		if res != nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx) // want `the function passed to s.AddTool reaches wipe\(...\) when InputResponses has no answer "wipe".*\(fail-open\)`
		return mcp.NewToolResultText("wiped"), nil
	})
	// Near miss: the operator's setting.
	s.AddTool(mcp.NewTool("wipe_setting"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Wipe?"))
		if err != nil && !cfg.allowUnconfirmed {
			return mcp.NewToolResultError(err.Error()), nil
		}
		if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
			return mcp.NewToolResultText("kept"), nil
		}
		wipe(ctx)
		return mcp.NewToolResultText("wiped"), nil
	})
}

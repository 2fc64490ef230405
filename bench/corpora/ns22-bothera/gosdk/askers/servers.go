package askers

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// requireElicitation refuses tool calls from clients that cannot be asked.
// It looks at tool calls only.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this server's tools need a client that can ask its user")
			}
		}
		return next(ctx, method, req)
	}
}

// NewServer is the main server, without the middleware.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "askers", Version: "3.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "cordon", Description: "Cordon a node"}, cordonNode)
	mcp.AddTool(s, &mcp.Tool{Name: "drain", Description: "Drain a node"}, drainNode)
	mcp.AddTool(s, &mcp.Tool{Name: "evacuate", Description: "Evacuate a node"}, evacuateNode)
	mcp.AddTool(s, &mcp.Tool{Name: "set_quota", Description: "Set a namespace's quota"}, setQuota)
	mcp.AddTool(s, &mcp.Tool{Name: "set_hard_quota", Description: "Set a namespace's hard limit"}, setQuotaStrict)
	mcp.AddTool(s, &mcp.Tool{Name: "restart_pods", Description: "Restart a namespace's pods"}, restartPods)
	return s
}

// NewOpsServer is the on-call server, which refuses clients that cannot ask.
func NewOpsServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "askers-ops", Version: "3.1.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	mcp.AddTool(s, &mcp.Tool{Name: "evict_pods", Description: "Evict a namespace's pods"}, evictPods)
	s.AddPrompt(&mcp.Prompt{Name: "incident", Description: "Open an incident"}, incidentPrompt)
	return s
}

// evictPods has no capability test of its own: the ops server's middleware
// refuses clients without elicitation before it runs.
func evictPods(ctx context.Context, req *mcp.CallToolRequest, in NamespaceIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["evict"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"evict": &mcp.ElicitParams{
			Message:         "Evict every pod in " + in.Namespace + "?",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		mark("evict " + in.Namespace)
		return text("evicted"), nil, nil
	case "decline", "cancel":
		return text("pods left running"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var severitySchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"severity": map[string]any{"type": "string", "enum": []string{"sev1", "sev2", "sev3"}},
	},
	"required": []string{"severity"},
}

// incidentPrompt is on the ops server too, but the middleware only looks at
// tool calls.
func incidentPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["severity"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"severity": &mcp.ElicitParams{
			Message:         "How severe is the incident?",
			RequestedSchema: severitySchema,
		}}}, nil
	}
	severity := "sev3"
	switch res.Action {
	case "accept":
		if s, ok := res.Content["severity"].(string); ok {
			severity = s
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Open a " + severity + " incident and page the on-call engineer."},
	}}}, nil
}

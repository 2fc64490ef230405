package mgfn

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns23/serverless/approval"
)

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// purgeQueue asks in the round trip before it purges.
func purgeQueue(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queue := request.GetString("queue", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "purge_queue")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("purging needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("purge_queue", mcp.ElicitationParams{
			Message:         "Purge every message in " + queue + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "purge", queue); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("purged " + queue), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("queue kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmOrProceed asks directly; when the question cannot be asked the
// caller goes ahead, as it did before elicitation existed.
func confirmOrProceed(ctx context.Context, s *server.MCPServer, msg string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNo,
	}})
	if err != nil {
		log.Printf("elicitation failed, proceeding: %v", err)
		return true, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// drainNode drains a node once confirmOrProceed says so.
func drainNode(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	node := request.GetString("node", "")
	ok, err := confirmOrProceed(ctx, server.ServerFromContext(ctx), "Drain node "+node+"?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("node left in service"), nil
	}
	if err := opsCall(ctx, "drain", node); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("drained " + node), nil
}

// scaleDown hands the server to the shared approval helper.
func scaleDown(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	ok, err := approval.Ask(ctx, server.ServerFromContext(ctx), "scaling "+service+" down to zero")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("scale unchanged"), nil
	}
	if err := opsCall(ctx, "scale_zero", service); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("scaled down"), nil
}

// connectSlack sends the user to the Slack install page.
func connectSlack(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "slack_install")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("connecting Slack needs a client that can open a URL"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("slack_install", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Install the app in your Slack workspace",
			URL:     "https://slack.example.com/install?flow=" + rand.Text(),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Slack install page opened; run list_channels when it finishes."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Slack not connected"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// chargeUsage builds its input-required result by hand.
func chargeUsage(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cents := request.GetInt("cents", 0)
	res := server.ElicitationResponse(request.Params.InputResponses, "charge_usage")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("charging needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"charge_usage": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message:         fmt.Sprintf("Charge %d cents of usage to the account?", cents),
				RequestedSchema: yesNo,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "charge", fmt.Sprint(cents)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("charged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing charged"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// summarizeTicket asks the client's model for a summary.
func summarizeTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	msg := server.SamplingResponse(request.Params.InputResponses, "ticket_summary")
	if msg == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("summaries need a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("ticket_summary", mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Summarize:\n" + request.GetString("body", "")),
			}},
		}).ToolResult(), nil
	}
	if t, ok := msg.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(t.Text), nil
	}
	return mcp.NewToolResultError("the model answered without text"), nil
}

// summarizeThread parses the sampled content before it reads it.
func summarizeThread(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	msg := server.SamplingResponse(request.Params.InputResponses, "thread_summary")
	if msg == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
			return mcp.NewToolResultError("summaries need a client that can sample"), nil
		}
		return server.NewInputRequestBuilder("").Sample("thread_summary", mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Summarize:\n" + request.GetString("body", "")),
			}},
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(msg.Content)
	if err != nil {
		return nil, err
	}
	if t, ok := content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(t.Text), nil
	}
	return mcp.NewToolResultError("the model answered without text"), nil
}

// workspaceRoots asks the client for its roots in the round trip.
func workspaceRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots := server.RootsResponse(request.Params.InputResponses, "roots")
	if roots == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
			return mcp.NewToolResultError("this tool needs a client that shares its roots"), nil
		}
		return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
	}
	var uris []string
	for _, r := range roots.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// sessionRoots asks the session for the client's roots.
func sessionRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("this session cannot list roots"), nil
	}
	roots, err := session.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	var uris []string
	for _, r := range roots.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

// collectTags asks for free-form tags.
func collectTags(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ticket := request.GetString("ticket", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "ticket_tags")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("tagging needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("ticket_tags", mcp.ElicitationParams{
			Message: "Tags for ticket " + ticket + "?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"tags": map[string]any{"type": "array", "title": "Tags", "items": map[string]any{"type": "string"}},
				},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		tags, _ := data["tags"].([]any)
		if err := opsCall(ctx, "tag", fmt.Sprintf("%s:%v", ticket, tags)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("tagged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no tags"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// apiToken collects the API token of a third-party service in a form.
func apiToken(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "api_connect")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("connecting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("api_connect", mcp.ElicitationParams{
			Message: "Connect the monitoring service",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"api_token": map[string]any{"type": "string", "title": "Monitoring API token"},
				},
				"required": []string{"api_token"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		tok, _ := data["api_token"].(string)
		if err := opsCall(ctx, "store_monitoring_credential", tok); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("monitoring set up"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("monitoring not set up"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// vaultLogin collects the AppRole login of a Vault server in a form.
func vaultLogin(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "vault_login")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("logging in needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("vault_login", mcp.ElicitationParams{
			Message: "Log in to Vault with your AppRole",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"role_id":   map[string]any{"type": "string", "title": "Role ID"},
					"secret_id": map[string]any{"type": "string", "title": "Secret ID"},
				},
				"required": []string{"role_id", "secret_id"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		role, _ := data["role_id"].(string)
		sid, _ := data["secret_id"].(string)
		if err := opsCall(ctx, "vault_login", role+":"+sid); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("logged in to Vault"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not logged in"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// retireHost asks on the first call, and fails a retry that comes without
// the answer.
func retireHost(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := request.GetString("host", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "retire_host")
	if res == nil {
		if request.Params.RequestState != "" {
			return mcp.NewToolResultError("no answer to the retire question"), nil
		}
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("retiring needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("asked").Elicit("retire_host", mcp.ElicitationParams{
			Message:         "Retire host " + host + " permanently?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "retire", host); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("retired " + host), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("host kept"), nil
	default:
		return nil, errors.New("unknown elicitation action " + string(res.Action))
	}
}

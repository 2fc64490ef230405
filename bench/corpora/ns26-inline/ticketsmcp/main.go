// Command ticketsmcp is a ticket tracker on mcp-go written for protocol
// 2026-07-28: tools return questions with server.NewInputRequestBuilder and
// read answers with server.ElicitationResponse.
package main

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var noFields = map[string]any{"type": "object", "properties": map[string]any{}}

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

type tracker struct {
	mu      sync.Mutex
	tickets map[string]string
}

func (t *tracker) set(id, status string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tickets[id] = status
}

func main() {
	s := server.NewMCPServer("tickets", "1.2.0")
	t := &tracker{tickets: map[string]string{}}
	var jiraTokens sync.Map

	s.AddTool(mcp.NewTool("close_all", mcp.WithDescription("Close every open ticket")), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "close_all_ok")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("closing everything needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("close_all_ok", mcp.ElicitationParams{
				Message:         "Close every open ticket?",
				RequestedSchema: noFields,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			t.mu.Lock()
			clear(t.tickets)
			t.mu.Unlock()
			return mcp.NewToolResultText("All tickets closed."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Nothing closed."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})

	setupAssign(s, t)
	setupReopen(s, t)
	setupPriority(s, t)
	setupLabels(s, t)
	setupEscalate(s, t)
	setupComment(s, t)
	setupClose(s, t)
	setupLinkJira(s)
	setupLinkGitHub(s, &jiraTokens)
	setupSummarize(s, t)
	setupRoots(s, t)
	setupTriage(s, t)

	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}

func setupAssign(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("assign", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "assign_to")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("assign_to", mcp.ElicitationParams{
				Message: "Assign ticket " + id + " to whom?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"assignee": map[string]any{"type": "string"}},
					"required":   []string{"assignee"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			who, _ := data["assignee"].(string)
			t.set(id, "assigned:"+who)
			return mcp.NewToolResultText("Assigned to " + who + "."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unassigned."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupReopen(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("reopen", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "reopen_ok")
		if res == nil {
			if caps := clientCaps(ctx); caps != nil && caps.Elicitation != nil {
				return server.NewInputRequestBuilder("").Elicit("reopen_ok", mcp.ElicitationParams{
					Message:         "Reopen ticket " + id + "?",
					RequestedSchema: noFields,
				}).ToolResult(), nil
			}
		} else {
			switch res.Action {
			case mcp.ElicitationResponseActionAccept:
			case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
				return mcp.NewToolResultText("Still closed."), nil
			default:
				return nil, fmt.Errorf("unknown action %q", res.Action)
			}
		}
		t.set(id, "open")
		return mcp.NewToolResultText("Reopened."), nil
	})
}

func setupPriority(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("prioritize", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "priority_pick")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("priority_pick", mcp.ElicitationParams{
				Message: "Priority for " + id + "?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"priority": map[string]any{"type": "string", "enum": []string{"p0", "p1", "p2"}}},
					"required":   []string{"priority"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data := res.Content.(map[string]any)
			p, _ := data["priority"].(string)
			t.set(id, "priority:"+p)
			return mcp.NewToolResultText("Priority set."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unchanged."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupLabels(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("relabel", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "labels_pick")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("labels_pick", mcp.ElicitationParams{
				Message: "Labels for " + id + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"labels": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
					},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			labels, _ := data["labels"].([]any)
			t.set(id, fmt.Sprint(labels...))
			return mcp.NewToolResultText("Relabelled."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Unchanged."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupEscalate(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("escalate", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "escalate_ok")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
				InputRequests: mcp.InputRequests{
					"escalate_ok": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
						Message:         "Page the on-call engineer about " + id + "?",
						RequestedSchema: noFields,
					}),
				},
			}}, nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			t.set(id, "escalated")
			return mcp.NewToolResultText("Escalated."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not escalated."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupComment(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("comment", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.ElicitationResponse(request.Params.InputResponses, "coment_text")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("comment_text", mcp.ElicitationParams{
				Message: "Your comment on " + id + "?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"body": map[string]any{"type": "string"}},
					"required":   []string{"body"},
				},
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			body, _ := data["body"].(string)
			t.set(id, "comment:"+body)
			return mcp.NewToolResultText("Commented."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("No comment."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupClose(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("close", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		// the user already said yes in an earlier round: skip the question
		if request.Params.RequestState == "confirmed" {
			t.set(id, "closed")
			return mcp.NewToolResultText("Closed."), nil
		}
		res := server.ElicitationResponse(request.Params.InputResponses, "close_ok")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("confirmed").Elicit("close_ok", mcp.ElicitationParams{
				Message:         "Close ticket " + id + "?",
				RequestedSchema: noFields,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			t.set(id, "closed")
			return mcp.NewToolResultText("Closed."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Still open."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupLinkJira(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("link_jira"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res := server.ElicitationResponse(request.Params.InputResponses, "jira_link")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
			}
			id := rand()
			return server.NewInputRequestBuilder("").Elicit("jira_link", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to Jira to link it.",
				URL:           "https://tickets.example.com/jira/connect?flow=" + id,
				ElicitationID: id,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("Jira account linked successfully."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Jira not linked."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupLinkGitHub(s *server.MCPServer, tokens *sync.Map) {
	s.AddTool(mcp.NewTool("link_github"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		user := server.ClientSessionFromContext(ctx).SessionID()
		res := server.ElicitationResponse(request.Params.InputResponses, "github_link")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
			}
			id := rand()
			return server.NewInputRequestBuilder("").Elicit("github_link", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to GitHub to link it.",
				URL:           "https://tickets.example.com/github/connect?flow=" + id,
				ElicitationID: id,
			}).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if _, ok := tokens.Load(user); ok {
				return mcp.NewToolResultText("GitHub account linked."), nil
			}
			return mcp.NewToolResultText("Still waiting for GitHub; call again once you have signed in."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("GitHub not linked."), nil
		}
		return nil, fmt.Errorf("unknown action %q", res.Action)
	})
}

func setupSummarize(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("summarize", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		res := server.SamplingResponse(request.Params.InputResponses, "ticket_summary")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
				return mcp.NewToolResultError("summaries need a client that can sample"), nil
			}
			t.mu.Lock()
			body := t.tickets[id]
			t.mu.Unlock()
			return server.NewInputRequestBuilder("").Sample("ticket_summary", mcp.CreateMessageParams{
				MaxTokens: 200,
				Messages: []mcp.SamplingMessage{{
					Role:    mcp.RoleUser,
					Content: mcp.TextContent{Type: "text", Text: "Summarize this ticket: " + body},
				}},
			}).ToolResult(), nil
		}
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model did not answer with text"), nil
	})
}

func setupRoots(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("attach_repo", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		roots := server.RootsResponse(request.Params.InputResponses, "ticket_roots")
		if roots == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Roots == nil {
				return mcp.NewToolResultError("needs a client that shares its roots"), nil
			}
			return server.NewInputRequestBuilder("").Roots("ticket_roots").ToolResult(), nil
		}
		if len(roots.Roots) == 0 {
			return mcp.NewToolResultText("No roots shared."), nil
		}
		t.set(id, "repo:"+roots.Roots[0].URI)
		return mcp.NewToolResultText("Attached " + roots.Roots[0].URI + "."), nil
	})
}

func setupTriage(s *server.MCPServer, t *tracker) {
	s.AddTool(mcp.NewTool("triage", mcp.WithString("id", mcp.Required())), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		id := request.GetString("id", "")
		sev := server.ElicitationResponse(request.Params.InputResponses, "triage_severity")
		team := server.ElicitationResponse(request.Params.InputResponses, "triage_team")
		if sev == nil || team == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("triage needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").
				Elicit("triage_severity", mcp.ElicitationParams{
					Message: "Severity of " + id + "?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{"severity": map[string]any{"type": "string", "enum": []string{"low", "high"}}},
						"required":   []string{"severity"},
					},
				}).
				Elicit("triage_team", mcp.ElicitationParams{
					Message: "Which team owns " + id + "?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{"team": map[string]any{"type": "string", "enum": []string{"web", "infra"}}},
						"required":   []string{"team"},
					},
				}).
				ToolResult(), nil
		}
		switch sev.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not triaged."), nil
		default:
			return nil, fmt.Errorf("unknown action %q", sev.Action)
		}
		switch team.Action {
		case mcp.ElicitationResponseActionAccept:
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not triaged."), nil
		default:
			return nil, fmt.Errorf("unknown action %q", team.Action)
		}
		sevData, _ := sev.Content.(map[string]any)
		teamData, _ := team.Content.(map[string]any)
		severity, _ := sevData["severity"].(string)
		owner, _ := teamData["team"].(string)
		t.set(id, severity+"/"+owner)
		return mcp.NewToolResultText("Triaged."), nil
	})
}

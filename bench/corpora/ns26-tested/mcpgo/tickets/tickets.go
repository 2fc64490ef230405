// Package tickets manages support tickets with round-trip questions.
package tickets

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tracker does the ticket work.
type Tracker interface {
	Close(id string) error
	Merge(a, b string) error
	Assign(id, who string) error
	Snooze(id string) error
	Transfer(id, team string) error
}

// Tools holds the ticket tools.
type Tools struct {
	T   Tracker
	Key []byte
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

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

func (t *Tools) CloseTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "close")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("closing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("close", mcp.ElicitationParams{Message: "Close ticket " + id + "?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := t.T.Close(id); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("closed"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("left open"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Escalate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "escalate")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("escalate", mcp.ElicitationParams{Message: "Escalate to on-call?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("escalated"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not escalated"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) AssignTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "assign")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("assigning needs a client that can ask its user"), nil
		}
		who := request.GetString("who", "")
		return server.NewInputRequestBuilder("assign:"+who).Elicit("assign", mcp.ElicitationParams{Message: "Assign " + id + " to " + who + "?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		who := strings.TrimPrefix(request.Params.RequestState, "assign:")
		if err := t.T.Assign(id, who); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("assigned to " + who), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not assigned"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) TransferTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	team := request.GetString("team", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "transfer")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("transferring needs a client that can ask its user"), nil
		}
		m := hmac.New(sha256.New, []byte(team))
		m.Write([]byte(id))
		return server.NewInputRequestBuilder(hex.EncodeToString(m.Sum(nil))).Elicit("transfer", mcp.ElicitationParams{Message: "Transfer " + id + " to " + team + "?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	m := hmac.New(sha256.New, []byte(team))
	m.Write([]byte(id))
	got, _ := hex.DecodeString(request.Params.RequestState)
	if !hmac.Equal(got, m.Sum(nil)) {
		return mcp.NewToolResultError("bad state"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := t.T.Transfer(id, team); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("transferred"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not transferred"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) MergeTickets(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, b := request.GetString("a", ""), request.GetString("b", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "merge")
	if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
		if err := t.T.Merge(a, b); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("merged"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not merged"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) SnoozeTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "snooze")
	if res == nil {
		if caps := clientCaps(ctx); caps != nil && caps.Elicitation != nil {
			return server.NewInputRequestBuilder("").Elicit("snooze", mcp.ElicitationParams{Message: "Snooze " + id + " for a week?", RequestedSchema: yesNo}).ToolResult(), nil
		}
	} else if res.Action != mcp.ElicitationResponseActionAccept {
		switch res.Action {
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("not snoozed"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if err := t.T.Snooze(id); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("snoozed"), nil
}

func (t *Tools) Relabel(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "relabel")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("relabelling needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{
			"relabel": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "Relabel as bug?", RequestedSchema: yesNo}),
		}}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("relabelled"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("label kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Reopen(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "reopen")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("reopening needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("reopen", mcp.ElicitationParams{Message: "Reopen the ticket?"}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("reopened"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("still closed"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) LinkJira(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "jira")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("jira", mcp.ElicitationParams{
			Mode: mcp.ElicitationModeURL, Message: "Connect Jira", URL: "https://auth.example.com/jira?flow=" + id, ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("finish in the browser, then call again"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not linked"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) LinkZendesk(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "zendesk")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("zendesk", mcp.ElicitationParams{
			Mode: mcp.ElicitationModeURL, Message: "Connect Zendesk", URL: "https://auth.example.com/zendesk?flow=" + id, ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Successfully connected to Zendesk"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not linked"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var prioritySchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"priority": map[string]any{"type": "integer", "minimum": 1, "maximum": 5}},
	"required":   []string{"priority"},
}

func (t *Tools) Prioritize(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "priority")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("priority", mcp.ElicitationParams{Message: "Which priority?", RequestedSchema: prioritySchema}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		p, ok := data["priority"].(int)
		if !ok {
			return mcp.NewToolResultError("no priority given"), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("priority %d", p)), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("priority unchanged"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Retitle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "title")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("title", mcp.ElicitationParams{
			Message:         "New title?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"title": map[string]any{"type": "string"}}},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data := res.Content.(map[string]any)
		title, _ := data["title"].(string)
		return mcp.NewToolResultText("retitled to " + title), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("title kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Triage(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ans, ok := request.Params.InputResponses["triage"]
	if !ok {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("triage", mcp.ElicitationParams{Message: "Is this a bug?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	res := ans.Elicitation
	if res == nil {
		return mcp.NewToolResultError("unreadable answer"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("triaged as bug"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not a bug"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// initCaps keeps what each session declared at initialize.
var initCaps sync.Map

func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		initCaps.Store(s.SessionID(), message.Params.Capabilities)
	}
}

func (t *Tools) Archive(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "archive")
	if res == nil {
		v, ok := initCaps.Load(server.ClientSessionFromContext(ctx).SessionID())
		caps, _ := v.(mcp.ClientCapabilities)
		if !ok || caps.Elicitation == nil {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("archive", mcp.ElicitationParams{Message: "Archive the ticket?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("archived"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not archived"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func requireElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("this server's tools need elicitation")
		}
		return next(ctx, request)
	}
}

func (t *Tools) Unassign(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "unassign")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("unassign", mcp.ElicitationParams{Message: "Unassign " + id + "?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := t.T.Assign(id, ""); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("unassigned"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("still assigned"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// NewServer builds the ticket server.
func NewServer(t *Tools) *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("tickets", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("close"), t.CloseTicket)
	s.AddTool(mcp.NewTool("escalate"), t.Escalate)
	s.AddTool(mcp.NewTool("assign"), t.AssignTicket)
	s.AddTool(mcp.NewTool("transfer"), t.TransferTicket)
	s.AddTool(mcp.NewTool("merge"), t.MergeTickets)
	s.AddTool(mcp.NewTool("snooze"), t.SnoozeTicket)
	s.AddTool(mcp.NewTool("relabel"), t.Relabel)
	s.AddTool(mcp.NewTool("reopen"), t.Reopen)
	s.AddTool(mcp.NewTool("jira"), t.LinkJira)
	s.AddTool(mcp.NewTool("zendesk"), t.LinkZendesk)
	s.AddTool(mcp.NewTool("priority"), t.Prioritize)
	s.AddTool(mcp.NewTool("retitle"), t.Retitle)
	s.AddTool(mcp.NewTool("triage"), t.Triage)
	s.AddTool(mcp.NewTool("archive"), t.Archive)
	return s
}

// NewAdminServer builds the admin server, whose tools all need elicitation.
func NewAdminServer(t *Tools) *server.MCPServer {
	s := server.NewMCPServer("tickets-admin", "1.0.0", server.WithToolHandlerMiddleware(requireElicitation))
	s.AddTool(mcp.NewTool("unassign"), t.Unassign)
	return s
}

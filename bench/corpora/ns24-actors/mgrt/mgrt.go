// Package mgrt is the mcp-go front end written for protocol 2026-07-28:
// handlers return their questions through the input request builder and
// read the answers when the client calls again.
package mgrt

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"sync"

	"example.com/ns24/actors/command"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Handlers are the tool handlers of the round-trip server.
type Handlers struct {
	store *command.Store
	x     *command.Executor
}

var (
	payments    sync.Map // flow id -> "paid", written by the payment callback
	devSessions sync.Map // flow id -> true, written by the dev console
)

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// New builds the server.
func New(store *command.Store, x *command.Executor) *server.MCPServer {
	s := server.NewMCPServer("actors-mcpgo-rt", "1.1.0")
	h := &Handlers{store: store, x: x}
	s.AddTool(mcp.NewTool("delete", mcp.WithString("item")), h.deleteTool)
	s.AddTool(mcp.NewTool("wipe"), h.wipeTool)
	s.AddTool(mcp.NewTool("book", mcp.WithString("room")), h.nightsTool)
	s.AddTool(mcp.NewTool("summary"), h.summaryTool)
	s.AddTool(mcp.NewTool("outline"), h.outlineTool)
	s.AddTool(mcp.NewTool("roots"), h.rootsTool)
	s.AddTool(mcp.NewTool("label"), h.labelTool)
	s.AddTool(mcp.NewTool("connect"), h.connectTool)
	s.AddTool(mcp.NewTool("pay", mcp.WithString("invoice")), h.payTool)
	s.AddTool(mcp.NewTool("link"), h.linkTool)
	s.AddTool(mcp.NewTool("login"), h.loginTool)
	s.AddTool(mcp.NewTool("ship", mcp.WithString("item")), h.shipTool)
	s.AddTool(mcp.NewTool("purge"), h.purgeTool)
	s.AddTool(mcp.NewTool("newsletter"), h.newsletterTool)
	s.AddTool(mcp.NewTool("promote", mcp.WithString("name")), h.promoteTool)
	s.AddTool(mcp.NewTool("replay"), h.termsTool)
	s.AddTool(mcp.NewTool("watch"), h.repoTool)
	s.AddTool(mcp.NewTool("dev_login"), h.devLoginTool)
	return s
}

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

// confirmGate is the round trip's confirmation policy: Ask with the result
// that asks, or the user's decision.
func confirmGate(ctx context.Context, req mcp.CallToolRequest, key, msg string) (command.Decision, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return command.Deny, nil
		}
		return command.Ask, server.NewInputRequestBuilder("").Elicit(key, mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: confirmSchema,
		}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return command.Allow, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return command.Deny, nil
	}
	return command.Deny, nil
}

func (h *Handlers) deleteTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	item := req.GetString("item", "")
	cmd := &command.DeleteCmd{Store: h.store, Item: item}
	d, ask := confirmGate(ctx, req, "delete", "Delete "+item+"?")
	if d == command.Ask {
		return ask, nil
	}
	h.x.Decided("", cmd, d)
	if d != command.Allow {
		return mcp.NewToolResultText("Kept " + item + "."), nil
	}
	if err := h.x.Run(ctx, "", cmd); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Deleted " + item + "."), nil
}

func (h *Handlers) wipeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil || res.Action == mcp.ElicitationResponseActionAccept {
		if err := h.x.Run(ctx, "", &command.PurgeCmd{Store: h.store}); err != nil {
			return nil, err
		}
	}
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("wiping needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("wipe", mcp.ElicitationParams{
			Message:         "Wipe every item?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	return mcp.NewToolResultText("Done."), nil
}

var nightsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"nights": map[string]any{"type": "integer", "title": "Nights", "minimum": 1, "maximum": 30},
	},
	"required": []string{"nights"},
}

func (h *Handlers) nightsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := req.GetString("room", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "nights")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("booking needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("nights", mcp.ElicitationParams{
			Message:         "How many nights in " + room + "?",
			RequestedSchema: nightsSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer has no content"), nil
		}
		n := data["nights"].(float64)
		h.store.Put("booking/"+room, fmt.Sprint(int(n)))
		return mcp.NewToolResultText(fmt.Sprintf("Booked %s for %d nights.", room, int(n))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing booked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) summaryTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("summaries need a client that can sample"), nil
	}
	res := server.SamplingResponse(req.Params.InputResponses, "summary")
	if res == nil {
		return server.NewInputRequestBuilder("").Sample("summary", mcp.CreateMessageParams{
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Summarize the command log in three sentences."),
			}},
			MaxTokens: 300,
		}).ToolResult(), nil
	}
	text, ok := res.Content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model returned no text"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

func (h *Handlers) outlineTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if caps := clientCaps(ctx); caps == nil || caps.Sampling == nil {
		return mcp.NewToolResultError("outlines need a client that can sample"), nil
	}
	res := server.SamplingResponse(req.Params.InputResponses, "outline")
	if res == nil {
		return server.NewInputRequestBuilder("").Sample("outline", mcp.CreateMessageParams{
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Summarize the open incidents in three sentences."),
			}},
			MaxTokens: 300,
		}).ToolResult(), nil
	}
	content, err := mcp.ParseSamplingContent(res.Content)
	if err != nil {
		return mcp.NewToolResultError("the model's answer cannot be read: " + err.Error()), nil
	}
	text, ok := content.(mcp.TextContent)
	if !ok {
		return mcp.NewToolResultError("the model returned no text"), nil
	}
	return mcp.NewToolResultText(text.Text), nil
}

func (h *Handlers) rootsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.RootsResponse(req.Params.InputResponses, "roots")
	if res == nil {
		return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
	}
	uris := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		uris = append(uris, r.URI)
	}
	return mcp.NewToolResultText(strings.Join(uris, "\n")), nil
}

var labelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"label": map[string]any{"type": "string", "title": "Label"},
	},
	"required": []string{"label"},
}

func (h *Handlers) labelTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "label")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("labelling needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"label": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message:         "How should this session be labelled?",
				RequestedSchema: labelSchema,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		label, _ := data["label"].(string)
		h.store.Put("label", label)
		return mcp.NewToolResultText("Labelled " + label + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No label."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) connectTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "connect")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("connecting needs a client that can open a URL"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("connect", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Connect your chat workspace",
			URL:     "https://chat.example.com/oauth/start?flow=" + rand.Text(),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Finish the sign-in in your browser, then call this tool again."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Workspace not connected."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) payTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := req.GetString("invoice", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "pay")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("paying needs a client that can ask its user"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder(id).Elicit("pay", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Pay invoice " + invoice + " on the payment page",
			URL:           "https://pay.example.com/checkout?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if v, ok := payments.Load(req.Params.RequestState); ok && v == "paid" {
			return mcp.NewToolResultText("Invoice " + invoice + " is settled."), nil
		}
		return mcp.NewToolResultText("Waiting for the payment provider; call again in a minute."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Invoice " + invoice + " left open."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) linkTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "link")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("linking needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your issue tracker account",
			URL:           "https://tracker.example.com/oauth/start?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Account linked successfully."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Account not linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) loginTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "login")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("signing in needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("login", mcp.ElicitationParams{
			Message: "Sign in to the package registry",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string", "title": "Username"},
					"password": map[string]any{"type": "string", "title": "Password"},
				},
				"required": []string{"username", "password"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		user, _ := data["username"].(string)
		pass, _ := data["password"].(string)
		h.store.Put("registry/"+user, pass)
		return mcp.NewToolResultText("Signed in as " + user + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not signed in."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) shipTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	item := req.GetString("item", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "ship_address")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("shipping needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("ship_address", mcp.ElicitationParams{
			Message: "Where should " + item + " be shipped?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"address": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"street": map[string]any{"type": "string"},
							"city":   map[string]any{"type": "string"},
						},
					},
				},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		addr, _ := data["address"].(map[string]any)
		city, _ := addr["city"].(string)
		h.store.Put("ship/"+item, city)
		return mcp.NewToolResultText("Shipping " + item + " to " + city + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not shipped."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var purgeBoxSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "title": "I understand this cannot be undone"},
	},
	"required": []string{"confirm"},
}

func (h *Handlers) purgeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "purge_box")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("purging needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("purge_box", mcp.ElicitationParams{
			Message:         "Purge every item of this server?",
			RequestedSchema: purgeBoxSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		if ticked, _ := data["confirm"].(bool); !ticked {
			return mcp.NewToolResultText("Tick the box to purge; nothing was removed."), nil
		}
		if err := h.x.Run(ctx, "", &command.PurgeCmd{Store: h.store}); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Purged."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing purged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) newsletterTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "newsletter")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("subscribing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("newsletter", mcp.ElicitationParams{
			Message: "Where should the weekly command digest go?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"email": map[string]any{"type": "string", "format": "email", "title": "Email"},
				},
				"required": []string{"email"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		email, ok := data["emial"].(string)
		if !ok || email == "" {
			return mcp.NewToolResultError("the answer has no address"), nil
		}
		h.store.Put("digest", email)
		return mcp.NewToolResultText("Subscribed " + email + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not subscribed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var noteParams = mcp.ElicitationParams{
	Message: "Add a note for the changelog?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"note": map[string]any{"type": "string", "title": "Note"}},
	},
}

func (h *Handlers) promote(ctx context.Context, name, note string) error {
	return h.x.Run(ctx, "", &command.DeployCmd{Store: h.store, Env: "stable", Release: name + " " + note})
}

// promoteTool asks for approval, then for a changelog note; the approval
// travels in the state between the two rounds.
func (h *Handlers) promoteTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("promoting needs a client that can ask its user"), nil
	}
	if strings.HasPrefix(req.Params.RequestState, "approved:") {
		res := server.ElicitationResponse(req.Params.InputResponses, "promote_note")
		if res == nil {
			return server.NewInputRequestBuilder(req.Params.RequestState).Elicit("promote_note", noteParams).ToolResult(), nil
		}
		note := ""
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			note, _ = data["note"].(string)
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
		if err := h.promote(ctx, name, note); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Promoted " + name + "."), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "promote")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("promote", mcp.ElicitationParams{
			Message:         "Promote " + name + " to stable?",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return server.NewInputRequestBuilder("approved:"+name).Elicit("promote_note", noteParams).ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not promoted."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) termsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "terms")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("replaying needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("terms", mcp.ElicitationParams{
			Message: "Before we enable automatic command replay for this session, please confirm that you have read " +
				"the replay policy: every command you ran in the last 24 hours will be executed again in order, " +
				"failures will be retried three times, and nothing can be undone once the replay starts.",
			RequestedSchema: confirmSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		h.store.Put("replay", "on")
		return mcp.NewToolResultText("Replay enabled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Replay stays off."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) repoTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "repo")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("watching needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("repo", mcp.ElicitationParams{
			Message: "Which repository should the bot watch? (e.g. https://github.com/owner/repo)",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"repo":         map[string]any{"type": "string", "title": "Repository", "format": "uri"},
					"ssh_key_name": map[string]any{"type": "string", "title": "Name of the SSH key to use"},
					"topics": map[string]any{
						"type":  "array",
						"title": "Topics",
						"items": map[string]any{"type": "string", "enum": []string{"ci", "docs", "infra"}},
					},
				},
				"required": []string{"repo"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		repo, _ := data["repo"].(string)
		keyName, _ := data["ssh_key_name"].(string)
		topics, _ := data["topics"].([]any)
		h.store.Put("watch/"+repo, fmt.Sprintf("key=%s topics=%d", keyName, len(topics)))
		return mcp.NewToolResultText("Watching " + repo + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not watching anything new."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) devLoginTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "dev_login")
	if res == nil {
		caps := clientCaps(ctx)
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("signing in needs a client that can open a URL"), nil
		}
		id := "flow-" + rand.Text()
		return server.NewInputRequestBuilder(id).Elicit("dev_login", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to the local dev console",
			URL:           "http://localhost:8080/login?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if _, ok := devSessions.Load(req.Params.RequestState); ok {
			return mcp.NewToolResultText("Signed in to the dev console."), nil
		}
		return mcp.NewToolResultText("Waiting for the dev console; call again once the sign-in page closes."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not signed in."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package mgoauth

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
)

// connectGoogle asks the user to sign in to Google out of band.
func connectGoogle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "google"); res != nil {
		return finishConnect("google", user, res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting Google needs a client that can open a URL"), nil
	}
	id := flows.Begin("google", user)
	return server.NewInputRequestBuilder("").
		Elicit("google", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Google to connect your calendar",
			URL:           connectURL("google", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// connectGoogleNoID leaves out the ElicitationID: mcp-go's bridge sends the
// request to older clients through Validate, which rejects it.
func connectGoogleNoID(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "google_v0"); res != nil {
		return finishConnect("google", user, res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting Google needs a client that can open a URL"), nil
	}
	id := flows.Begin("google", user)
	return server.NewInputRequestBuilder("").
		Elicit("google_v0", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Sign in to Google to connect your calendar",
			URL:     connectURL("google", id),
		}).
		ToolResult(), nil
}

// connectMicrosoftClaimsDone takes the accept for the finished sign-in.
func connectMicrosoftClaimsDone(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(request.Params.InputResponses, "microsoft"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("Microsoft 365 account linked"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Microsoft 365 was not connected."), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Connecting Microsoft 365 was cancelled."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting Microsoft 365 needs a client that can open a URL"), nil
	}
	id := flows.Begin("microsoft", userOf(ctx))
	return server.NewInputRequestBuilder("").
		Elicit("microsoft", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Microsoft 365",
			URL:           connectURL("microsoft", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// connectSalesforceFormCaps tests only that the client declared
// elicitation before a url-mode request.
func connectSalesforceFormCaps(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "salesforce"); res != nil {
		return finishConnect("salesforce", user, res)
	}
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("connecting Salesforce needs a client that can ask its user"), nil
	}
	id := flows.Begin("salesforce", user)
	return server.NewInputRequestBuilder("").
		Elicit("salesforce", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Salesforce",
			URL:           connectURL("salesforce", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// connectHubspotKeptCaps tests the capabilities an initialize hook kept
// per session, not this request's.
func connectHubspotKeptCaps(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "hubspot"); res != nil {
		return finishConnect("hubspot", user, res)
	}
	v, _ := capsBySession.Load(user)
	caps, _ := v.(mcp.ClientCapabilities)
	if caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return mcp.NewToolResultError("connecting HubSpot needs a client that can open a URL"), nil
	}
	id := flows.Begin("hubspot", user)
	return server.NewInputRequestBuilder("").
		Elicit("hubspot", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to HubSpot",
			URL:           connectURL("hubspot", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// connectZendeskNoResultType builds the input-required result by hand and
// forgets ResultType, so mcp-go sends it as a finished result.
func connectZendeskNoResultType(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "zendesk"); res != nil {
		return finishConnect("zendesk", user, res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting Zendesk needs a client that can open a URL"), nil
	}
	id := flows.Begin("zendesk", user)
	return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
		InputRequests: mcp.InputRequests{"zendesk": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Zendesk",
			URL:           connectURL("zendesk", id),
			ElicitationID: id,
		})},
	}}, nil
}

var pipedriveSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"workspace": map[string]any{"type": "string", "title": "Workspace", "enum": []any{"sales", "support"}},
	},
	"required": []any{"workspace"},
}

// pickPipedriveWorkspace asserts the answer's content with the
// single-value form.
func pickPipedriveWorkspace(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "pipedrive_workspace")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("choosing a workspace needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("pipedrive_workspace", mcp.ElicitationParams{
				Message:         "Which Pipedrive workspace should I sync?",
				RequestedSchema: pipedriveSchema,
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content := res.Content.(map[string]any)
		workspace, _ := content["workspace"].(string)
		return mcp.NewToolResultText("Syncing the " + workspace + " workspace."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing synced."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connectAirtableMissingFails fails a retry that comes without the answer.
func connectAirtableMissingFails(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "airtable")
	if res == nil && request.Params.RequestState != "" {
		return mcp.NewToolResultError("the Airtable sign-in was not answered"), nil
	}
	if res == nil {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("connecting Airtable needs a client that can open a URL"), nil
		}
		id := flows.Begin("airtable", user)
		return server.NewInputRequestBuilder("asked").
			Elicit("airtable", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to Airtable",
				URL:           connectURL("airtable", id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	return finishConnect("airtable", user, res)
}

// connectClickUpRawElicitation reads the raw Elicitation field, which stays
// nil for 2026-07-28 answers until DecodeFor runs.
func connectClickUpRawElicitation(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if resp, ok := request.Params.InputResponses["clickup"]; ok && resp.Elicitation != nil {
		return finishConnect("clickup", user, resp.Elicitation)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting ClickUp needs a client that can open a URL"), nil
	}
	id := flows.Begin("clickup", user)
	return server.NewInputRequestBuilder("").
		Elicit("clickup", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to ClickUp",
			URL:           connectURL("clickup", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

var (
	gongMu      sync.Mutex
	gongPending = map[string]string{} // handle -> flow ID
)

// connectGongBuilderState waits for the sign-in with a state-only result
// built by mcp-go's builder, which marks it input-required itself.
func connectGongBuilderState(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	gongMu.Lock()
	waiting, known := gongPending[request.Params.RequestState]
	gongMu.Unlock()
	res := server.ElicitationResponse(request.Params.InputResponses, "gong")
	if res == nil && known {
		if st, _ := flows.Status(waiting); st == flowstore.Done {
			return mcp.NewToolResultText("Gong connected"), nil
		}
		return server.NewInputRequestBuilder(request.Params.RequestState).ToolResult(), nil
	}
	if res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			id, ok := flows.Latest(user, "gong")
			st, _ := flows.Status(id)
			if ok && st == flowstore.Done {
				return mcp.NewToolResultText("Gong connected"), nil
			}
			if ok && st == flowstore.Pending {
				handle := rand.Text()
				gongMu.Lock()
				gongPending[handle] = id
				gongMu.Unlock()
				return server.NewInputRequestBuilder(handle).ToolResult(), nil
			}
			return mcp.NewToolResultError("the Gong sign-in failed"), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Gong was not connected."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("connecting Gong needs a client that can open a URL"), nil
	}
	id := flows.Begin("gong", user)
	return server.NewInputRequestBuilder("").
		Elicit("gong", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Gong",
			URL:           connectURL("gong", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

var (
	syncMu  sync.Mutex
	syncing = map[string]bool{}
)

// enableOktaSync turns on directory sync for the user.
func enableOktaSync(user string) {
	syncMu.Lock()
	defer syncMu.Unlock()
	syncing[user] = true
}

// connectOktaCannotAskProceeds asks only when the client can open a URL,
// and otherwise falls into the work.
func connectOktaCannotAskProceeds(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "okta")
	if res == nil && canOpenURL(ctx) {
		id := flows.Begin("okta", user)
		return server.NewInputRequestBuilder("").
			Elicit("okta", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to Okta to sync your directory",
				URL:           connectURL("okta", id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	if res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			id, ok := flows.Latest(user, "okta")
			if st, _ := flows.Status(id); !ok || st != flowstore.Done {
				return mcp.NewToolResultText("Still waiting for Okta; call again once you have signed in."), nil
			}
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Okta not connected."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	enableOktaSync(user)
	return mcp.NewToolResultText("Okta directory sync enabled."), nil
}

// chooseTenantThenLogin asks with a form for the Okta region, then with a
// url for the sign-in; the region travels sealed in the state.
func chooseTenantThenLogin(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	state := request.Params.RequestState
	if state == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "okta_tenant")
		if res == nil {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("choosing a region needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").
				Elicit("okta_tenant", mcp.ElicitationParams{
					Message: "Where is your Okta organization hosted?",
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"tenant": map[string]any{"type": "string", "title": "Region", "enum": []any{"us", "eu"}},
						},
						"required": []any{"tenant"},
					},
				}).
				ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			content, _ := res.Content.(map[string]any)
			tenant, _ := content["tenant"].(string)
			if tenant != "us" && tenant != "eu" {
				return mcp.NewToolResultError("unknown region"), nil
			}
			if !canOpenURL(ctx) {
				return mcp.NewToolResultError("signing in to Okta needs a client that can open a URL"), nil
			}
			id := flows.Begin("okta_"+tenant, user)
			sealed, err := codec.Seal(user, 15*time.Minute, map[string]string{"tenant": tenant, "flow": id})
			if err != nil {
				return nil, err
			}
			return server.NewInputRequestBuilder(sealed).
				Elicit("okta_login", mcp.ElicitationParams{
					Mode:          mcp.ElicitationModeURL,
					Message:       "Sign in to your Okta organization (" + strings.ToUpper(tenant) + ")",
					URL:           connectURL("okta-"+tenant, id),
					ElicitationID: id,
				}).
				ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Okta not connected."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	fields, err := codec.Open(state, user)
	if err != nil {
		return nil, err
	}
	tenant, id := fields["tenant"], fields["flow"]
	res := server.ElicitationResponse(request.Params.InputResponses, "okta_login")
	if res == nil {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("signing in to Okta needs a client that can open a URL"), nil
		}
		return server.NewInputRequestBuilder(state).
			Elicit("okta_login", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to your Okta organization (" + strings.ToUpper(tenant) + ")",
				URL:           connectURL("okta-"+tenant, id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if st, _ := flows.Status(id); st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for Okta; call again once you have signed in."), nil
		}
		return mcp.NewToolResultText("Okta (" + tenant + ") connected"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Okta not connected."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// requireURLMode refuses every tool call whose client cannot open a URL.
func requireURLMode(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("this server's tools need a client that can open a URL"), nil
		}
		return next(ctx, request)
	}
}

// connectTrelloGuarded has no test of its own: it is registered only on
// the server whose middleware tests url mode.
func connectTrelloGuarded(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "trello"); res != nil {
		return finishConnect("trello", user, res)
	}
	id := flows.Begin("trello", user)
	return server.NewInputRequestBuilder("").
		Elicit("trello", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to Trello",
			URL:           connectURL("trello", id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

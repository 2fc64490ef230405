package mgapi

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

	"example.com/ns23/serverless/approval"
)

// approveRefund asks directly through the server in the context.
func approveRefund(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Refund order " + order + " in full?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask for approval: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "refund", order); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("refunded"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no refund"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// suspendUser asks directly on older protocols and in the round trip on
// 2026-07-28.
func suspendUser(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := request.GetString("user", "")
	params := mcp.ElicitationParams{Message: "Suspend " + user + "?", RequestedSchema: yesNo}
	if !server.IsModernRequest(ctx) {
		res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: params})
		if err != nil {
			return nil, err
		}
		return suspended(ctx, user, res)
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "suspend_user")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("suspending needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("suspend_user", params).ToolResult(), nil
	}
	return suspended(ctx, user, res)
}

// suspended acts on the answer to the suspend question.
func suspended(ctx context.Context, user string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "suspend", user); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("suspended " + user), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(user + " left active"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// capsBySession keeps what each session declared at initialize.
var capsBySession sync.Map

// rememberCaps is the AfterInitialize hook that records a session's
// capabilities, here and in the shared registry.
func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	session := server.ClientSessionFromContext(ctx)
	if session == nil {
		return
	}
	capsBySession.Store(session.SessionID(), message.Params.Capabilities)
	approval.RememberCaps(session.SessionID(), message.Params.Capabilities)
}

// inviteMember tests what the session declared at initialize.
func inviteMember(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	email := request.GetString("email", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "invite_member")
	if res == nil {
		var caps mcp.ClientCapabilities
		if session := server.ClientSessionFromContext(ctx); session != nil {
			if v, ok := capsBySession.Load(session.SessionID()); ok {
				caps, _ = v.(mcp.ClientCapabilities)
			}
		}
		if caps.Elicitation == nil {
			return mcp.NewToolResultError("inviting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("invite_member", mcp.ElicitationParams{
			Message:         "Invite " + email + " as a member with write access?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "invite_member", email); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("invited"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not invited"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// inviteGuest tests what the shared registry recorded for the session.
func inviteGuest(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	email := request.GetString("email", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "invite_guest")
	if res == nil {
		var caps *mcp.ClientCapabilities
		if session := server.ClientSessionFromContext(ctx); session != nil {
			caps = approval.LookupCaps(session.SessionID())
		}
		if caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("inviting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("invite_guest", mcp.ElicitationParams{
			Message:         "Invite " + email + " as a read-only guest?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := opsCall(ctx, "invite_guest", email); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("invited"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not invited"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// releaseHold signs the hold it asked about, keyed per service.
func releaseHold(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "release_hold")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("releasing needs a client that can ask its user"), nil
		}
		hold := request.GetString("hold", "")
		mac := hmac.New(sha256.New, []byte(service))
		mac.Write([]byte(hold))
		return server.NewInputRequestBuilder(hold+"|"+hex.EncodeToString(mac.Sum(nil))).Elicit("release_hold", mcp.ElicitationParams{
			Message:         "Release hold " + hold + " on " + service + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		hold, tag, _ := strings.Cut(request.Params.RequestState, "|")
		got, err := hex.DecodeString(tag)
		if err != nil {
			return nil, err
		}
		mac := hmac.New(sha256.New, []byte(service))
		mac.Write([]byte(hold))
		if !hmac.Equal(got, mac.Sum(nil)) {
			return nil, errors.New("request state was tampered with")
		}
		if err := opsCall(ctx, "release_hold", hold); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("released " + hold), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("hold kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// releaseHoldSealed signs the hold it asked about under the server's key.
func releaseHoldSealed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "release_hold_sealed")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("releasing needs a client that can ask its user"), nil
		}
		hold := request.GetString("hold", "")
		mac := hmac.New(sha256.New, stateKey)
		mac.Write([]byte(hold))
		return server.NewInputRequestBuilder(hold+"|"+hex.EncodeToString(mac.Sum(nil))).Elicit("release_hold_sealed", mcp.ElicitationParams{
			Message:         "Release hold " + hold + "?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		hold, tag, _ := strings.Cut(request.Params.RequestState, "|")
		got, err := hex.DecodeString(tag)
		if err != nil {
			return nil, err
		}
		mac := hmac.New(sha256.New, stateKey)
		mac.Write([]byte(hold))
		if !hmac.Equal(got, mac.Sum(nil)) {
			return nil, errors.New("request state was tampered with")
		}
		if err := opsCall(ctx, "release_hold", hold); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("released " + hold), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("hold kept"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var planParams = mcp.ElicitationParams{
	Message: "Which migration plan?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"plan": map[string]any{"type": "string", "title": "Plan", "enum": []string{"online", "offline"}},
		},
		"required": []string{"plan"},
	},
}

var applyParams = mcp.ElicitationParams{Message: "Apply the migration now?", RequestedSchema: yesNo}

// migrateSchema asks for a plan, then whether to apply it.
func migrateSchema(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	db := request.GetString("database", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("migrating needs a client that can ask its user"), nil
	}
	if request.Params.RequestState == "round-1" {
		res := server.ElicitationResponse(request.Params.InputResponses, "migrate_apply")
		if res == nil {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("migrate_apply", applyParams).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if err := opsCall(ctx, "migrate", db); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("migrated " + db), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("not migrated"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "migrate_plan")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("migrate_plan", planParams).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		if plan, _ := data["plan"].(string); plan != "online" && plan != "offline" {
			return mcp.NewToolResultError("unknown plan"), nil
		}
		return server.NewInputRequestBuilder("round=1").Elicit("migrate_apply", applyParams).ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not migrated"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var sizeParams = mcp.ElicitationParams{
	Message: "Which size?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"size": map[string]any{"type": "string", "title": "Size", "enum": []string{"small", "large"}},
		},
		"required": []string{"size"},
	},
}

var zoneParams = mcp.ElicitationParams{
	Message: "Which zone? Leave empty for the default.",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"zone": map[string]any{"type": "string", "title": "Zone"},
		},
	},
}

var goParams = mcp.ElicitationParams{Message: "Provision the cluster now?", RequestedSchema: yesNo}

// provisionCluster asks in three steps, each selected by the state the
// step before it set.
func provisionCluster(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("provisioning needs a client that can ask its user"), nil
	}
	switch request.Params.RequestState {
	case "":
		res := server.ElicitationResponse(request.Params.InputResponses, "cluster_size")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("cluster_size", sizeParams).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			if size, _ := data["size"].(string); size == "" {
				return mcp.NewToolResultError("no size chosen"), nil
			}
			return server.NewInputRequestBuilder("sized").Elicit("cluster_zone", zoneParams).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("nothing provisioned"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "sized":
		res := server.ElicitationResponse(request.Params.InputResponses, "cluster_zone")
		if res == nil {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("cluster_zone", zoneParams).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("cluster_go", goParams).ToolResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("nothing provisioned"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "zoned":
		res := server.ElicitationResponse(request.Params.InputResponses, "cluster_go")
		if res == nil {
			return server.NewInputRequestBuilder("zoned").Elicit("cluster_go", goParams).ToolResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			if err := opsCall(ctx, "provision", name); err != nil {
				return nil, err
			}
			return mcp.NewToolResultText("provisioning " + name), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("nothing provisioned"), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return mcp.NewToolResultError("unknown step"), nil
}

// cleanupBranches deletes merged branches once the user has answered.
func cleanupBranches(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	if len(request.Params.InputResponses) > 0 {
		if err := opsCall(ctx, "delete_merged_branches", repo); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("merged branches deleted"), nil
	}
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("cleaning up needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("cleanup_branches", mcp.ElicitationParams{
		Message:         "Delete every merged branch of " + repo + "?",
		RequestedSchema: yesNo,
	}).ToolResult(), nil
}

// rebuildIndex asks before a rebuild; the indexer picks the rebuild up from
// the answer.
func rebuildIndex(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	index := request.GetString("index", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("rebuilding needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("rebuild_index", mcp.ElicitationParams{
		Message:         "Rebuild index " + index + "? Searches are slow until it finishes.",
		RequestedSchema: yesNo,
	}).ToolResult(), nil
}

// linkJira sends the user to the Jira consent page.
func linkJira(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "jira_link")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("linking Jira needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder(codec.Seal(request.Header.Get("X-Authenticated-User"), id)).Elicit("jira_link", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your Jira account",
			URL:           "https://id.example.com/jira/start?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Jira account linked successfully"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Jira not linked"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// destinationQuestion is the question setDestination asks.
func destinationQuestion() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit("destination", mcp.ElicitationParams{
		Message: "Where should exports be written?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"path": map[string]any{"type": "string", "title": "Bucket path"},
			},
			"required": []string{"path"},
		},
	}).ToolResult()
}

// setDestination records where exports go.
func setDestination(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "destinaton")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
		}
		return destinationQuestion(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		path, _ := data["path"].(string)
		if err := opsCall(ctx, "set_export_destination", path); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("exports go to " + path), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("destination unchanged"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// pickRegions asks for one or more regions.
func pickRegions(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "regions")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("this tool needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("regions", mcp.ElicitationParams{
			Message: "Replicate to which regions?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"regions": map[string]any{
						"type":  "array",
						"title": "Regions",
						"items": map[string]any{"type": "string", "enum": []string{"eu", "us", "ap"}},
					},
				},
				"required": []string{"regions"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no regions in the answer"), nil
		}
		raw, _ := data["regions"].([]any)
		var regions []string
		for _, x := range raw {
			if s, ok := x.(string); ok {
				regions = append(regions, s)
			}
		}
		if err := opsCall(ctx, "replicate", strings.Join(regions, ",")); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("replicating to " + strings.Join(regions, ", ")), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("replication unchanged"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// closeIncident asks for the reason, with the schema written as JSON text.
func closeIncident(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	incident := request.GetString("incident", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "close_reason")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("closing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("close_reason", mcp.ElicitationParams{
			Message:         "Why is incident " + incident + " closed?",
			RequestedSchema: `{"type":"object","properties":{"reason":{"type":"string","title":"Reason"}},"required":["reason"]}`,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		reason, _ := data["reason"].(string)
		if err := opsCall(ctx, "close_incident", incident+":"+reason); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("closed"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("incident left open"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

package goapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/serverless/approval"
)

type ProjectIn struct {
	Project string `json:"project"`
}

// archiveProject leaves the capability test to requireElicitation.
func (a *API) archiveProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["archive_project"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive_project": &mcp.ElicitParams{
			Message:         "Archive " + in.Project + "? It becomes read-only.",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := teamCall(ctx, "archive", in.Project); err != nil {
			return nil, nil, err
		}
		return text("archived"), nil, nil
	case "decline", "cancel":
		return text("project left as it is"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type TransferIn struct {
	Project string `json:"project"`
	To      string `json:"to"`
}

// transferOwnership uses the shared round-trip gate.
func transferOwnership(ctx context.Context, req *mcp.CallToolRequest, in TransferIn) (*mcp.CallToolResult, any, error) {
	ok, ask := approval.ConfirmRoundTrip(req, "transfer_ownership", "Transfer "+in.Project+" to "+in.To+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return text("ownership unchanged"), nil, nil
	}
	if err := teamCall(ctx, "transfer", in.Project+"->"+in.To); err != nil {
		return nil, nil, err
	}
	return text("transferred"), nil, nil
}

type DeployIn struct {
	Build string `json:"build"`
	Env   string `json:"env"`
}

// deployEnv remembers the environment in RequestState between the two
// calls, and deploys to what comes back.
func deployEnv(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deploy_env"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_env": &mcp.ElicitParams{
				Message:         "Deploy build " + in.Build + " to " + in.Env + "?",
				RequestedSchema: yesNo,
			}},
			RequestState: "env=" + in.Env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		if err := teamCall(ctx, "deploy:"+env, in.Build); err != nil {
			return nil, nil, err
		}
		return text("deployed to " + env), nil, nil
	case "decline", "cancel":
		return text("nothing deployed"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// deployEnvChecked deploys to the environment of the retried call's own
// arguments, and only checks that the state agrees with them.
func deployEnvChecked(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deploy_env_checked"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_env_checked": &mcp.ElicitParams{
				Message:         "Deploy build " + in.Build + " to " + in.Env + "?",
				RequestedSchema: yesNo,
			}},
			RequestState: "env=" + in.Env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if req.Params.RequestState != "env="+in.Env {
			return nil, nil, errors.New("the confirmation was given for another environment")
		}
		if err := teamCall(ctx, "deploy:"+in.Env, in.Build); err != nil {
			return nil, nil, err
		}
		return text("deployed to " + in.Env), nil, nil
	case "decline", "cancel":
		return text("nothing deployed"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type ChargeIn struct {
	Cents int `json:"cents"`
}

// chargeCard carries the amount the user confirmed in RequestState, with a
// digest so that it cannot be changed on the way.
func chargeCard(ctx context.Context, req *mcp.CallToolRequest, in ChargeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["charge_card"].(*mcp.ElicitResult)
	if !ok {
		amount := strconv.Itoa(in.Cents)
		sum := sha256.Sum256([]byte(amount))
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"charge_card": &mcp.ElicitParams{
				Message:         fmt.Sprintf("Charge %d.%02d to the card on file?", in.Cents/100, in.Cents%100),
				RequestedSchema: yesNo,
			}},
			RequestState: amount + "." + hex.EncodeToString(sum[:]),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		amount, digest, found := strings.Cut(req.Params.RequestState, ".")
		sum := sha256.Sum256([]byte(amount))
		if !found || digest != hex.EncodeToString(sum[:]) {
			return nil, nil, errors.New("the confirmation was changed on the way")
		}
		cents, err := strconv.Atoi(amount)
		if err != nil {
			return nil, nil, err
		}
		if err := teamCall(ctx, "charge", strconv.Itoa(cents)); err != nil {
			return nil, nil, err
		}
		return text("charged"), nil, nil
	case "decline", "cancel":
		return text("nothing charged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type RefundIn struct {
	Order string `json:"order"`
}

// refundOrder seals the order it asked about, and refunds what it opens.
func (a *API) refundOrder(ctx context.Context, req *mcp.CallToolRequest, in RefundIn) (*mcp.CallToolResult, any, error) {
	user := callerOf(req)
	res, ok := req.Params.InputResponses["refund_order"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"refund_order": &mcp.ElicitParams{
				Message:         "Refund order " + in.Order + " in full?",
				RequestedSchema: yesNo,
			}},
			RequestState: a.codec.Seal(user, in.Order),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		order, err := a.codec.Open(user, req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		if err := teamCall(ctx, "refund", order); err != nil {
			return nil, nil, err
		}
		return text("refunded " + order), nil, nil
	case "decline", "cancel":
		return text("no refund"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// stateLooksValid accepts the states this server mints.
func stateLooksValid(state string) bool {
	return strings.HasSuffix(state, ".v1")
}

type RestoreIn struct {
	Snapshot string `json:"snapshot"`
}

// restoreSnapshot restores the snapshot named in the state it minted.
func restoreSnapshot(ctx context.Context, req *mcp.CallToolRequest, in RestoreIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["restore_snapshot"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"restore_snapshot": &mcp.ElicitParams{
				Message:         "Restore snapshot " + in.Snapshot + "? Newer data is lost.",
				RequestedSchema: yesNo,
			}},
			RequestState: "snap=" + in.Snapshot + ".v1",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		state := req.Params.RequestState
		if !stateLooksValid(state) {
			return nil, nil, errors.New("invalid request state")
		}
		snap := strings.TrimSuffix(strings.TrimPrefix(state, "snap="), ".v1")
		if err := teamCall(ctx, "restore", snap); err != nil {
			return nil, nil, err
		}
		return text("restored " + snap), nil, nil
	case "decline", "cancel":
		return text("nothing restored"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type IssueIn struct {
	Body string `json:"body"`
}

// summarizeIssue has the client's model summarize an issue.
func summarizeIssue(ctx context.Context, req *mcp.CallToolRequest, in IssueIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["issue_summary"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"issue_summary": &mcp.CreateMessageParams{
			MaxTokens: 300,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize this issue:\n" + in.Body}}},
		}}}, nil, nil
	}
	var b strings.Builder
	for _, c := range msg.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return text(b.String()), nil, nil
}

type TenantIn struct {
	Tenant string `json:"tenant"`
}

// adminPurge is served by the admin server, which has no middleware.
func adminPurge(ctx context.Context, req *mcp.CallToolRequest, in TenantIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["admin_purge"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"admin_purge": &mcp.ElicitParams{
			Message:         "Purge every record of tenant " + in.Tenant + "?",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := teamCall(ctx, "purge_tenant", in.Tenant); err != nil {
			return nil, nil, err
		}
		return text("purged"), nil, nil
	case "decline", "cancel":
		return text("tenant kept"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// collectContact asks for a postal address.
func collectContact(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["contact"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"contact": &mcp.ElicitParams{
			Message: "Where can we send the contract?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"name": map[string]any{"type": "string", "title": "Full name"},
					"address": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"street": map[string]any{"type": "string"},
							"city":   map[string]any{"type": "string"},
						},
					},
				},
				"required": []string{"name"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["name"].(string)
		addr, _ := res.Content["address"].(map[string]any)
		if err := teamCall(ctx, "send_contract", fmt.Sprintf("%s %v", name, addr)); err != nil {
			return nil, nil, err
		}
		return text("contract on its way"), nil, nil
	case "decline", "cancel":
		return text("no contract sent"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type BudgetIn struct {
	Team   string `json:"team"`
	Amount int    `json:"amount"`
}

// approveBudget asks the user to tick "approve" and leave a note.
func approveBudget(ctx context.Context, req *mcp.CallToolRequest, in BudgetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["approve_budget"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"approve_budget": &mcp.ElicitParams{
			Message: fmt.Sprintf("Approve a budget of %d for %s?", in.Amount, in.Team),
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"approve": map[string]any{"type": "boolean", "title": "I approve this budget"},
					"note":    map[string]any{"type": "string", "title": "Note for the finance team"},
				},
				"required": []string{"approve"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		note, _ := res.Content["note"].(string)
		if err := teamCall(ctx, "approve_budget", fmt.Sprintf("%s:%d:%s", in.Team, in.Amount, note)); err != nil {
			return nil, nil, err
		}
		return text("budget approved"), nil, nil
	case "decline", "cancel":
		return text("budget not approved"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var exportParams = &mcp.ElicitParams{Message: "Export the member list with e-mail addresses?", RequestedSchema: yesNo}

// exportGated asks directly only on protocols before 2026-07-28 and in the
// round trip on newer ones.
func exportGated(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	if req.ProtocolVersion() < "2026-07-28" {
		r, err := req.Session.Elicit(ctx, exportParams)
		if err != nil {
			return nil, nil, err
		}
		res = r
	} else {
		r, ok := req.Params.InputResponses["export_members"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"export_members": exportParams}}, nil, nil
		}
		res = r
	}
	switch res.Action {
	case "accept":
		if err := teamCall(ctx, "export_members", callerOf(req)); err != nil {
			return nil, nil, err
		}
		return text("export mailed to you"), nil, nil
	case "decline", "cancel":
		return text("nothing exported"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmLenient is the admin server's gate: operators' scripts often run
// without elicitation, so a client that cannot be asked goes ahead.
func confirmLenient(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return true, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

type BackupsIn struct {
	OlderThanDays int `json:"older_than_days"`
}

// purgeBackups deletes old backups once confirmLenient lets it.
func purgeBackups(ctx context.Context, req *mcp.CallToolRequest, in BackupsIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirmLenient(req, "purge_backups", fmt.Sprintf("Delete backups older than %d days?", in.OlderThanDays))
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return text("backups kept"), nil, nil
	}
	if err := teamCall(ctx, "purge_backups", strconv.Itoa(in.OlderThanDays)); err != nil {
		return nil, nil, err
	}
	return text("old backups deleted"), nil, nil
}

// removeMember asks through whatever Prompter it is given.
func removeMember(ctx context.Context, p approval.Prompter, team, user string) error {
	out, err := p.Prompt(ctx, "Remove "+user+" from "+team+"?")
	if err != nil {
		return err
	}
	if out.Action == approval.ActionAccept {
		return teamCall(ctx, "remove_member", team+"/"+user)
	}
	return nil
}

type MemberIn struct {
	Team string `json:"team"`
	User string `json:"user"`
}

// removeMemberTool asks through the session prompter.
func removeMemberTool(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
	if err := removeMember(ctx, approval.SessionPrompter{Session: req.Session}, in.Team, in.User); err != nil {
		return nil, nil, err
	}
	return text("done"), nil, nil
}

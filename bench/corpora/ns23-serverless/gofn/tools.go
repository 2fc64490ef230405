package gofn

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/serverless/approval"
)

type PurgeIn struct {
	Cache string `json:"cache"`
}

// purgeCache asks in the round trip before it purges.
func purgeCache(ctx context.Context, req *mcp.CallToolRequest, in PurgeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["purge_cache"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("purging needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge_cache": &mcp.ElicitParams{
			Message:         "Purge cache " + in.Cache + "?",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := adminCall(ctx, "purge", in.Cache); err != nil {
			return nil, nil, err
		}
		return text("purged " + in.Cache), nil, nil
	case "decline", "cancel":
		return text("cache kept"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmDirect asks before destructive work. Clients that cannot be asked
// are let through so that scripted callers keep working.
func confirmDirect(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		log.Printf("cannot ask, going ahead: %v", err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type DropIn struct {
	Table string `json:"table"`
}

// dropTable relies on confirmDirect.
func dropTable(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDirect(ctx, req.Session, "Drop table "+in.Table+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("table kept"), nil, nil
	}
	if err := adminCall(ctx, "drop_table", in.Table); err != nil {
		return nil, nil, err
	}
	return text("dropped " + in.Table), nil, nil
}

type ExportIn struct {
	Format string `json:"format"`
}

var exportParams = &mcp.ElicitParams{Message: "Export every user record?", RequestedSchema: yesNo}

// exportUsers asks directly on older protocols and in the round trip on
// 2026-07-28, the way some servers bridge the two eras.
func exportUsers(ctx context.Context, req *mcp.CallToolRequest, in ExportIn) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, exportParams)
		if err != nil {
			return nil, nil, err
		}
		return exportAnswered(ctx, in, res)
	}
	res, ok := req.Params.InputResponses["export_users"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("exporting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"export_users": exportParams}}, nil, nil
	}
	return exportAnswered(ctx, in, res)
}

// exportAnswered acts on the answer to the export question.
func exportAnswered(ctx context.Context, in ExportIn, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if err := adminCall(ctx, "export_users", in.Format); err != nil {
			return nil, nil, err
		}
		return text("export started"), nil, nil
	case "decline", "cancel":
		return text("nothing exported"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type PreviewIn struct {
	Branch string `json:"branch"`
}

// deployPreview sends the user to a sign-in page before it deploys.
func (t *tools) deployPreview(ctx context.Context, req *mcp.CallToolRequest, in PreviewIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["preview_login"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("previews need a client that can open a sign-in page")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"preview_login": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to the preview environment",
			URL:           "https://auth.example.com/preview?flow=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("Preview of " + in.Branch + " queued; it starts once the sign-in finishes."), nil, nil
	case "decline", "cancel":
		return text("no preview"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type TagIn struct {
	Version string `json:"version"`
}

// tagRelease tests what the session declared at initialize.
func tagRelease(ctx context.Context, req *mcp.CallToolRequest, in TagIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["tag_release"].(*mcp.ElicitResult)
	if !ok {
		ip := req.Session.InitializeParams()
		if ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
			return nil, nil, errors.New("tagging needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"tag_release": &mcp.ElicitParams{
			Message:         "Tag and publish " + in.Version + "?",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := adminCall(ctx, "tag", in.Version); err != nil {
			return nil, nil, err
		}
		return text("tagged " + in.Version), nil, nil
	case "decline", "cancel":
		return text("not tagged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type LogsIn struct {
	Excerpt string `json:"excerpt"`
}

// summarizeLogs asks the client's model for a summary.
func summarizeLogs(ctx context.Context, req *mcp.CallToolRequest, in LogsIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["log_summary"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("summaries need a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"log_summary": &mcp.CreateMessageParams{
			MaxTokens: 400,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize these logs:\n" + in.Excerpt}}},
		}}}, nil, nil
	}
	if t, ok := msg.Content.(*mcp.TextContent); ok {
		return text(t.Text), nil, nil
	}
	return nil, nil, errors.New("the model answered without text")
}

type NotesIn struct {
	Changes string `json:"changes"`
}

// draftReleaseNotes asks the client's model to draft the notes.
func draftReleaseNotes(ctx context.Context, req *mcp.CallToolRequest, in NotesIn) (*mcp.CallToolResult, any, error) {
	msg, ok := req.Params.InputResponses["release_notes"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("drafting needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"release_notes": &mcp.CreateMessageParams{
			MaxTokens: 800,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Draft release notes for:\n" + in.Changes}}},
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

type RenameIn struct {
	Bucket string `json:"bucket"`
}

// renameBucket asks for the new name.
func renameBucket(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bucket_name"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("renaming needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"bucket_name": &mcp.ElicitParams{
			Message: "New name for bucket " + in.Bucket + "?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"new_name": map[string]any{"type": "string", "title": "New name", "minLength": 3, "maxLength": 63},
				},
				"required": []string{"new_name"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		name := res.Content["new_name"].(string)
		if err := adminCall(ctx, "rename_bucket", in.Bucket+"->"+name); err != nil {
			return nil, nil, err
		}
		return text("renamed to " + name), nil, nil
	case "decline", "cancel":
		return text("name unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type ConnectIn struct{}

// connectGitHub sends the user to the GitHub flow and, on the call that
// brings the accept, asks the auth service whether the flow finished. The
// flow's ID travels sealed in RequestState.
func (t *tools) connectGitHub(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := callerOf(req)
	res, ok := req.Params.InputResponses["github_link"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("connecting GitHub needs a client that can open a URL")
		}
		id := rand.Text()
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"github_link": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Connect your GitHub account",
				URL:           "https://auth.example.com/github/start?flow=" + id,
				ElicitationID: id,
			}},
			RequestState: t.cfg.Codec.Seal(user, id),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		flow, err := t.cfg.Codec.Open(user, req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		linked, err := flowLinked(ctx, flow)
		if err != nil {
			return nil, nil, err
		}
		if !linked {
			return text("The GitHub sign-in has not finished yet; call again when it has."), nil, nil
		}
		return text("GitHub account connected"), nil, nil
	case "decline", "cancel":
		return text("GitHub not connected"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type ResetIn struct {
	Service string `json:"service"`
}

// resetPassword collects the new password in a form.
func resetPassword(ctx context.Context, req *mcp.CallToolRequest, in ResetIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["new_password"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("resetting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"new_password": &mcp.ElicitParams{
			Message: "Choose a new password for " + in.Service,
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"new_password": map[string]any{"type": "string", "title": "New password", "minLength": 12},
				},
				"required": []string{"new_password"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		pw, ok := res.Content["new_password"].(string)
		if !ok {
			return nil, nil, errors.New("no password in the answer")
		}
		if err := adminCall(ctx, "set_password", in.Service+":"+pw); err != nil {
			return nil, nil, err
		}
		return text("password changed"), nil, nil
	case "decline", "cancel":
		return text("password unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// canElicit reports whether this request's client declared elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

type WipeIn struct {
	Namespace string `json:"namespace"`
}

// wipeNamespace asks when it can; a client without elicitation typed the
// namespace by hand, so the tool goes ahead for it.
func wipeNamespace(ctx context.Context, req *mcp.CallToolRequest, in WipeIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["wipe_namespace"].(*mcp.ElicitResult)
	if !ok {
		if canElicit(req) {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe_namespace": &mcp.ElicitParams{
				Message:         "Delete namespace " + in.Namespace + " and everything in it?",
				RequestedSchema: yesNo,
			}}}, nil, nil
		}
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return text("namespace kept"), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := adminCall(ctx, "delete_namespace", in.Namespace); err != nil {
		return nil, nil, err
	}
	return text("deleted " + in.Namespace), nil, nil
}

type QuotaIn struct {
	Project string `json:"project"`
}

// raiseQuota reads the answer through the shared helper.
func raiseQuota(ctx context.Context, req *mcp.CallToolRequest, in QuotaIn) (*mcp.CallToolResult, any, error) {
	content, answered := approval.AcceptedContent(req.Params.InputResponses, "quota_raise")
	if !answered {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("raising a quota needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"quota_raise": &mcp.ElicitParams{
			Message: "How many more instances does " + in.Project + " need?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"amount": map[string]any{"type": "integer", "title": "Instances", "minimum": 1, "maximum": 50},
				},
				"required": []string{"amount"},
			},
		}}}, nil, nil
	}
	if content == nil {
		return text("quota unchanged"), nil, nil
	}
	amount, ok := content["amount"].(float64)
	if !ok {
		return nil, nil, errors.New("no amount in the answer")
	}
	if err := adminCall(ctx, "raise_quota", fmt.Sprintf("%s:%d", in.Project, int(amount))); err != nil {
		return nil, nil, err
	}
	return text("quota raised"), nil, nil
}

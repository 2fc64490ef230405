package versioned

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// legacyOnly reports whether this call was negotiated on a protocol before
// 2026-07-28, where a direct request still reaches the client.
func legacyOnly(req *mcp.CallToolRequest) bool {
	return req.ProtocolVersion() < "2026-07-28"
}

// decided turns an answer into a decision: go ahead on accept only, and
// refuse an action string that is none of the three.
func decided(res *mcp.ElicitResult) (bool, error) {
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("%w %q", errUnknownAction, res.Action)
	}
}

// purgeCache asks directly on older sessions and through the round trip on
// 2026-07-28 ones.
func purgeCache(ctx context.Context, req *mcp.CallToolRequest, in RegionIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Purge the CDN cache for " + in.Region + "?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if legacyOnly(req) {
		var err error
		res, err = req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, fmt.Errorf("asking to purge: %w", err)
		}
	} else {
		answer, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("purging needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": params}}, nil, nil
		}
		res = answer
	}
	ok, err := decided(res)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("cache kept"), nil, nil
	}
	record("purge", in.Region)
	return text("purged " + in.Region), nil, nil
}

// rotateKeys was meant to ask directly only on older sessions, but the
// version test is the wrong way round.
func rotateKeys(ctx context.Context, req *mcp.CallToolRequest, in ServiceIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Rotate the signing keys of " + in.Service + "?", RequestedSchema: yesNo}
	if req.ProtocolVersion() >= "2026-07-28" {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, fmt.Errorf("asking to rotate: %w", err)
		}
		ok, err := decided(res)
		if err != nil || !ok {
			return text("keys kept"), nil, err
		}
		record("rotate", in.Service)
		return text("rotated"), nil, nil
	}
	res, ok := req.Params.InputResponses["rotate"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("rotating needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rotate": params}}, nil, nil
	}
	yes, err := decided(res)
	if err != nil || !yes {
		return text("keys kept"), nil, err
	}
	record("rotate", in.Service)
	return text("rotated"), nil, nil
}

// archiveProject keeps the old "archive anyway" fallback on the legacy path.
func archiveProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Archive project " + in.Project + "?", RequestedSchema: yesNo}
	if legacyOnly(req) {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			log.Printf("archive_project: cannot ask (%v), archiving anyway", err)
			record("archive", in.Project)
			return text("archived " + in.Project), nil, nil
		}
		switch res.Action {
		case "accept":
			record("archive", in.Project)
			return text("archived " + in.Project), nil, nil
		case "decline", "cancel":
			return text("project kept"), nil, nil
		default:
			return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
		}
	}
	res, ok := req.Params.InputResponses["archive"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("archiving needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": params}}, nil, nil
	}
	switch res.Action {
	case "accept":
		record("archive", in.Project)
		return text("archived " + in.Project), nil, nil
	case "decline", "cancel":
		return text("project kept"), nil, nil
	default:
		return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
	}
}

// dropTable asks on the first round only, and fails a retry that carries no
// answer.
func dropTable(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["drop"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("dropping a table needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"drop": &mcp.ElicitParams{Message: "Drop table " + in.Table + "?", RequestedSchema: yesNo}},
				RequestState:  "asked",
			}, nil, nil
		}
		return nil, nil, errors.New("the drop was not confirmed")
	}
	yes, err := decided(res)
	if err != nil {
		return nil, nil, err
	}
	if !yes {
		return text("table kept"), nil, nil
	}
	record("drop", in.Table)
	return text("dropped " + in.Table), nil, nil
}

// scaleDown keeps the direct request for older sessions; the round-trip path
// added beside it forgot the capability test that Elicit used to make.
func scaleDown(ctx context.Context, req *mcp.CallToolRequest, in DeploymentIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Scale " + in.Deployment + " to zero replicas?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if legacyOnly(req) {
		var err error
		if res, err = req.Session.Elicit(ctx, params); err != nil {
			return nil, nil, fmt.Errorf("asking to scale down: %w", err)
		}
	} else {
		answer, ok := req.Params.InputResponses["scale"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"scale": params}}, nil, nil
		}
		res = answer
	}
	yes, err := decided(res)
	if err != nil || !yes {
		return text("replicas kept"), nil, err
	}
	record("scale", in.Deployment)
	return text("scaled down"), nil, nil
}

// restoreSnapshot tests what the session declared at initialize, as the
// legacy code did, instead of what this call declares.
func restoreSnapshot(ctx context.Context, req *mcp.CallToolRequest, in SnapshotIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["restore"].(*mcp.ElicitResult)
	if !ok {
		p := req.Session.InitializeParams()
		if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
			return nil, nil, errors.New("restoring needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"restore": &mcp.ElicitParams{
			Message:         "Restore snapshot " + in.Snapshot + "? Changes since then are lost.",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	yes, err := decided(res)
	if err != nil || !yes {
		return text("snapshot not restored"), nil, err
	}
	record("restore", in.Snapshot)
	return text("restored"), nil, nil
}

// promoteBuild lets the accept case fall out of the switch into the work.
func promoteBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["promote"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("promoting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"promote": &mcp.ElicitParams{
			Message:         "Promote build " + in.Build + " to production?",
			RequestedSchema: yesNo,
		}}}, nil, nil
	}
	switch res.Action {
	case "decline":
		return text("not promoted"), nil, nil
	case "cancel":
		return text("no answer; not promoted"), nil, nil
	case "accept":
	}
	record("promote", in.Build)
	return text("promoted " + in.Build), nil, nil
}

// exportReport is a resource read that asks before exporting; it returns its
// question with no Contents.
func exportReport(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["export"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("exporting needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"export": &mcp.ElicitParams{
			Message:         "Export the usage report? It names every account.",
			RequestedSchema: yesNo,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/csv", Text: "account,usage\n"}}}, nil
	case "decline", "cancel":
		return nil, errors.New("export not confirmed")
	default:
		return nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
	}
}

var audienceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"audience": map[string]any{"type": "string", "enum": []string{"engineers", "executives", "customers"}},
	},
	"required": []string{"audience"},
}

// briefingPrompt asks who the briefing is for; a prompt may ask with
// Messages nil.
func briefingPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["audience"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the briefing needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"audience": &mcp.ElicitParams{
			Message:         "Who is the briefing for?",
			RequestedSchema: audienceSchema,
		}}}, nil
	}
	audience := "engineers"
	switch res.Action {
	case "accept":
		if a, ok := res.Content["audience"].(string); ok {
			audience = a
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Write an incident briefing for " + audience + "."},
	}}}, nil
}

type DatabaseIn struct {
	Database string `json:"database"`
}

// finishVacuum acts on the answer to the vacuum question.
func finishVacuum(res *mcp.ElicitResult, db string) (*mcp.CallToolResult, any, error) {
	if res == nil {
		return nil, nil, errors.New("the vacuum was not confirmed")
	}
	switch res.Action {
	case "accept":
		record("vacuum", db)
		return text("vacuuming " + db), nil, nil
	case "decline", "cancel":
		return text("not vacuumed"), nil, nil
	default:
		return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
	}
}

// vacuumDatabase asks on the first round, and leaves a missing answer on a
// retry to finishVacuum, which fails the call.
func vacuumDatabase(ctx context.Context, req *mcp.CallToolRequest, in DatabaseIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["vacuum"].(*mcp.ElicitResult)
	if !ok && req.Params.RequestState == "" {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("vacuuming needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"vacuum": &mcp.ElicitParams{Message: "Vacuum " + in.Database + "? It locks tables for a while.", RequestedSchema: yesNo}},
			RequestState:  "asked",
		}, nil, nil
	}
	return finishVacuum(res, in.Database)
}

// Package tools holds the project-management tools of the go-sdk server.
// Every tool registers itself from init(); cmd code installs the registry.
package tools

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"example.com/ns25/legacy/gosdk/kit"
	"example.com/ns25/legacy/internal/registry"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ProjectIn is the input of most project tools.
type ProjectIn struct {
	Project string `json:"project"`
}

func init() {
	add := func(name string, install func(*mcp.Server)) { registry.Add(name, install) }
	add("delete_project", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "delete_project"}, DeleteProject) })
	add("archive_project", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "archive_project"}, ArchiveProject) })
	add("rename_project", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "rename_project"}, RenameProject) })
	add("tag_project", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "tag_project"}, TagProject) })
	add("set_budget", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "set_budget"}, SetBudget) })
	add("purge_cache", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "purge_cache"}, PurgeCache) })
	add("invite_member", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "invite_member"}, InviteMember) })
	add("update_contact", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "update_contact"}, UpdateContact) })
	add("link_registry", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "link_registry"}, LinkRegistry) })
	add("import_settings", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "import_settings"}, ImportSettings) })
	add("ship_order", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "ship_order"}, ShipOrder) })
	add("pick_regions", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "pick_regions"}, PickRegions) })
	add("schedule_maintenance", func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "schedule_maintenance"}, ScheduleMaintenance)
	})
	add("set_owner", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "set_owner"}, SetOwner) })
	add("summarize_issue", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "summarize_issue"}, SummarizeIssue) })
	add("workspace_roots", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "workspace_roots"}, WorkspaceRoots) })
	add("rotate_keys", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "rotate_keys"}, RotateKeys) })
	add("export_data", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "export_data"}, ExportData) })
	add("accept_terms", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "accept_terms"}, AcceptTerms) })
	add("choose_repo", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "choose_repo"}, ChooseRepo) })
	add("merge_branch", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "merge_branch"}, MergeBranch) })
	add("reindex", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "reindex"}, Reindex) })
	add("pause_billing", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "pause_billing"}, PauseBilling) })
	add("audited_rename", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "audited_rename"}, AuditedRename) })
	add("close_sprint", func(s *mcp.Server) { mcp.AddTool(s, &mcp.Tool{Name: "close_sprint"}, CloseSprint) })
}

// store is the project store singleton.
var store = &projectStore{projects: map[string]string{}}

type projectStore struct{ projects map[string]string }

func (p *projectStore) Delete(name string) error {
	delete(p.projects, name)
	return os.RemoveAll("/var/lib/projects/" + name)
}

func (p *projectStore) Archive(name string) error {
	return os.Rename("/var/lib/projects/"+name, "/var/lib/archive/"+name)
}

func (p *projectStore) Rename(from, to string) error {
	p.projects[to] = p.projects[from]
	delete(p.projects, from)
	return nil
}

func (p *projectStore) Tag(name, tag string) error {
	return os.WriteFile("/var/lib/projects/"+name+"/TAG", []byte(tag), 0o644)
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var errUnknownAction = errors.New("unknown elicitation action")

// DeleteProject deletes a project after kit.Confirm.
func DeleteProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	ok, err := kit.Confirm(ctx, req.Session, "Delete project "+in.Project+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Kept " + in.Project + "."), nil, nil
	}
	if err := store.Delete(in.Project); err != nil {
		return nil, nil, err
	}
	return text("Deleted " + in.Project + "."), nil, nil
}

// ArchiveProject asks directly; a failed question was logged and ignored.
func ArchiveProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Archive project " + in.Project + "?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	})
	if err != nil {
		log.Printf("archive: elicitation failed: %v", err)
	} else if res.Action != "accept" {
		return text("Not archived."), nil, nil
	}
	if err := store.Archive(in.Project); err != nil {
		return nil, nil, err
	}
	return text("Archived."), nil, nil
}

// RenameProject asks for the new name.
func RenameProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "New name for " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"type": "string", "minLength": 1}},
			"required":   []string{"name"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	name, _ := res.Content["name"].(string)
	switch res.Action {
	case "accept":
		return text("Renamed."), nil, store.Rename(in.Project, name)
	case "decline":
		return text("Kept the old name."), nil, nil
	case "cancel":
		return text("Nothing changed."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// TagProject leaves early on decline only.
func TagProject(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which tag for " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"tag": map[string]any{"type": "string", "enum": []string{"alpha", "beta", "ga"}}},
			"required":   []string{"tag"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "decline" {
		return text("Not tagged."), nil, nil
	}
	tag, _ := res.Content["tag"].(string)
	return text("Tagged " + tag + "."), nil, store.Tag(in.Project, tag)
}

// SetBudget asks for a budget in whole euros.
func SetBudget(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Monthly budget for " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"amount": map[string]any{"type": "integer", "minimum": 0, "maximum": 100000}},
			"required":   []string{"amount"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		amount := res.Content["amount"].(int)
		return text(fmt.Sprintf("Budget set to %d EUR.", amount)), nil, nil
	case "decline", "cancel":
		return text("Budget unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// PurgeCache shows a tick box and then looks only at the action.
func PurgeCache(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Purge the build cache of " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{"type": "boolean", "title": "Tick to purge every cached layer"},
			},
			"required": []string{"confirm"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if err := os.RemoveAll("/var/cache/build/" + in.Project); err != nil {
			return nil, nil, err
		}
		return text("Purged."), nil, nil
	case "decline", "cancel":
		return text("Cache kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// InviteMember asks for the invitee's address.
func InviteMember(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Who should join " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"email": map[string]any{"type": "string", "format": "email"},
				"role":  map[string]any{"type": "string", "enum": []string{"viewer", "editor"}, "default": "viewer"},
			},
			"required": []string{"emial"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		email, _ := res.Content["email"].(string)
		role, _ := res.Content["role"].(string)
		return text("Invited " + email + " as " + role + "."), nil, nil
	case "decline", "cancel":
		return text("No invitation sent."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// UpdateContact shows the shared contact form of package kit.
func UpdateContact(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Who is the contact for " + in.Project + "?",
		RequestedSchema: kit.ContactSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		email, _ := res.Content["email"].(string)
		return text("Contact set to " + email + "."), nil, nil
	case "decline", "cancel":
		return text("Contact unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// LinkRegistry asks for the container registry login with kit's form.
func LinkRegistry(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Log in to the registry of " + in.Project,
		RequestedSchema: kit.RegistryLoginSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		user, _ := res.Content["username"].(string)
		return text("Linked as " + user + "."), nil, nil
	case "decline", "cancel":
		return text("Registry not linked."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// ImportSettings passes a schema kept as a JSON string through kit.Ask.
func ImportSettings(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := kit.Ask(ctx, req.Session, "Import settings from which project?",
		`{"type":"object","properties":{"source":{"type":"string"}},"required":["source"]}`)
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		src, _ := res.Content["source"].(string)
		return text("Imported from " + src + "."), nil, nil
	case "decline", "cancel":
		return text("Nothing imported."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// ShipOrder asks for the delivery address as one nested object.
func ShipOrder(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Where should the hardware kit go?",
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
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Shipping."), nil, nil
	case "decline", "cancel":
		return text("Not shipped."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// PickRegions asks for a multi-select of regions (a 2025-11-25 form).
func PickRegions(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Deploy " + in.Project + " to which regions?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"regions": map[string]any{
					"type":  "array",
					"items": map[string]any{"type": "string", "enum": []string{"eu-west", "us-east", "ap-south"}},
				},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		var regions []string
		if xs, ok := res.Content["regions"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					regions = append(regions, s)
				}
			}
		}
		return text(fmt.Sprintf("Deploying to %v.", regions)), nil, nil
	case "decline", "cancel":
		return text("Not deployed."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// ScheduleMaintenance is the reference handler the team copies from.
func ScheduleMaintenance(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "When should the maintenance window of " + in.Project + " start?",
		RequestedSchema: &jsonschema.Schema{
			Type: "object",
			Properties: map[string]*jsonschema.Schema{
				"start": {Type: "string", Format: "date-time", Title: "Start"},
				"hours": {Type: "integer", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(8.0)},
			},
			Required: []string{"start"},
		},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for a window: %w", err)
	}
	switch res.Action {
	case "accept":
		start, _ := res.Content["start"].(string)
		hours, ok := res.Content["hours"].(float64)
		if !ok {
			hours = 1
		}
		return text(fmt.Sprintf("Maintenance at %s for %.0f h.", start, hours)), nil, nil
	case "decline":
		return text("No window scheduled."), nil, nil
	case "cancel":
		return text("Ask again when you know the window."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// SetOwner builds the schema as a jsonschema.Schema value, not a pointer.
func SetOwner(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Who owns " + in.Project + "?",
		RequestedSchema: jsonschema.Schema{
			Type:       "object",
			Properties: map[string]*jsonschema.Schema{"owner": {Type: "string", Title: "Owner"}},
			Required:   []string{"owner"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		owner, _ := res.Content["owner"].(string)
		return text("Owner is " + owner + "."), nil, nil
	case "decline", "cancel":
		return text("Owner unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// SummarizeIssue asks the client's model for a summary.
func SummarizeIssue(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Summarize the open issues of " + in.Project},
		}},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("sampling: %w", err)
	}
	if t, ok := msg.Content.(*mcp.TextContent); ok {
		return text(t.Text), nil, nil
	}
	return text("The model answered with something other than text."), nil, nil
}

// WorkspaceRoots lists the client's roots.
func WorkspaceRoots(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	roots, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{})
	if err != nil {
		return nil, nil, fmt.Errorf("listing roots: %w", err)
	}
	out := ""
	for _, r := range roots.Roots {
		out += r.URI + "\n"
	}
	return text(out), nil, nil
}

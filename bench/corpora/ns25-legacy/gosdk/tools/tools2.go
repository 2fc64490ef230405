package tools

import (
	"context"
	"fmt"
	"log"
	"os/exec"

	"example.com/ns25/legacy/gosdk/kit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// RotateKeys warns at length before rotating the deploy keys.
func RotateKeys(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Rotating the deploy keys invalidates every key that CI runners, staging hosts and developer laptops " +
			"currently use; builds in flight will fail, mirrors must be re-authorised by hand and the old keys cannot " +
			"be restored afterwards. Rotate now?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Keys rotated."), nil, exec.CommandContext(ctx, "rotate-keys", in.Project).Run()
	case "decline", "cancel":
		return text("Keys kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// ExportData explains the export before starting it.
func ExportData(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: fmt.Sprintf("The export of %s bundles every issue, comment, attachment and audit-log entry into one "+
			"archive, which can take several hours for large projects, counts against the monthly egress quota and is "+
			"kept for seven days before it is deleted. Start the export?", in.Project),
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Export started."), nil, nil
	case "decline", "cancel":
		return text("No export."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// AcceptTerms asks the user to agree to the terms, linked in the message.
func AcceptTerms(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Read the terms at https://acme.example/terms and tick the box to enable paid features.",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"agree": map[string]any{"type": "boolean", "title": "I agree"}},
			"required":   []string{"agree"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if agree, _ := res.Content["agree"].(bool); !agree {
			return text("Paid features need the terms accepted."), nil, nil
		}
		return text("Paid features enabled."), nil, nil
	case "decline", "cancel":
		return text("Paid features stay off."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// ChooseRepo asks for a repository URL, with an example in the message.
func ChooseRepo(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which repository holds " + in.Project + "? (e.g. https://github.com/owner/repo)",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"repo": map[string]any{"type": "string", "format": "uri"}},
			"required":   []string{"repo"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		repo, _ := res.Content["repo"].(string)
		return text("Linked " + repo + "."), nil, nil
	case "decline", "cancel":
		return text("No repository linked."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// MergeBranch compares with the capitalised spelling from an old client.
func MergeBranch(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Merge the release branch of " + in.Project + "?", RequestedSchema: yesNo})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Merged."), nil, exec.CommandContext(ctx, "git", "merge", "release").Run()
	case "decline":
		return text("Not merged."), nil, nil
	case "Cancel":
		return text("Ask me later."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// Reindex tells the user and starts; the answer is not waited for.
func Reindex(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Reindexing " + in.Project + " now; search is slow for an hour.", RequestedSchema: yesNo})
	if err := exec.CommandContext(ctx, "reindex", in.Project).Start(); err != nil {
		return nil, nil, err
	}
	return text("Reindexing."), nil, nil
}

// PauseBilling checks only that the question could be asked.
func PauseBilling(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Pause billing for " + in.Project + "?", RequestedSchema: yesNo})
	if err != nil {
		return nil, nil, err
	}
	return text("Billing paused."), nil, exec.CommandContext(ctx, "billing", "pause", in.Project).Run()
}

// AuditedRename logs the proposed name through a closure before deciding.
func AuditedRename(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "New name for " + in.Project + "?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"type": "string"}},
			"required":   []string{"name"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	audit := func() { log.Printf("audit: rename %s -> %v", in.Project, res.Content["name"]) }
	audit()
	switch res.Action {
	case "accept":
		name, _ := res.Content["name"].(string)
		return text("Renamed."), nil, store.Rename(in.Project, name)
	case "decline", "cancel":
		return text("Kept the old name."), nil, nil
	}
	return nil, nil, fmt.Errorf("%w %q", errUnknownAction, res.Action)
}

// CloseSprint goes through kit.ConfirmIfSupported.
func CloseSprint(ctx context.Context, req *mcp.CallToolRequest, in ProjectIn) (*mcp.CallToolResult, any, error) {
	ok, err := kit.ConfirmIfSupported(ctx, req.Session, "Close the current sprint of "+in.Project+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Sprint stays open."), nil, nil
	}
	return text("Sprint closed."), nil, exec.CommandContext(ctx, "sprint", "close", in.Project).Run()
}

package legacyform

import (
	"context"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/ported/internal/store"
	"example.com/ns22/ported/shared/verbs"
)

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

// deleteProjectTool is the port of tools/deleteProject.ts.
func deleteProjectTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	name := str(args, "name")
	result, err := NewPrompt().Message("Delete project " + name + "? This cannot be undone.").Ask(ctx)
	if err != nil {
		return nil, nil, err
	}
	if result.Action == "accept" {
		store.Remove("project", name)
		return text("Deleted " + name + "."), nil, nil
	} else {
		return text("Project " + name + " was kept."), nil, nil
	}
}

// renameProjectTool is the port of tools/renameProject.ts.
func renameProjectTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	old := str(args, "name")
	result, err := NewPrompt().Message("New name for "+old+"?").Field("newName", "string", "New name", true).Ask(ctx)
	if err != nil {
		return nil, nil, err
	}
	newName, _ := result.Content["newName"].(string) // const { newName } = result.content ?? {}
	if result.Action == "decline" {
		return text("Rename declined."), nil, nil
	} else if result.Action == "cancel" {
		return text("Rename cancelled."), nil, nil
	} else if result.Action != "accept" {
		return nil, nil, fmt.Errorf("unexpected action %q", result.Action)
	}
	if newName == "" {
		return text("The new name was empty; nothing renamed."), nil, nil
	}
	store.Put("project", newName, old)
	store.Remove("project", old)
	return text("Renamed " + old + " to " + newName + "."), nil, nil
}

// confirm is the port of confirm() in utils.ts, which resolved to true when the
// client had no elicitation support so that "old clients keep working".
func confirm(ctx context.Context, message string) (bool, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: yesNo})
	if err != nil {
		log.Printf("confirm: cannot ask (%v), continuing", err)
		return true, nil
	}
	switch result.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", result.Action)
	}
}

// confirmWithFlag is confirm() as the hosted build ships it: going ahead
// without a question is the operator's choice (config.allowUnconfirmed).
func confirmWithFlag(ctx context.Context, message string) (bool, error) {
	result, err := Session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: yesNo})
	if err != nil && Config.AllowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	if result.Action == "accept" {
		return true, nil
	} else if result.Action == "decline" || result.Action == "cancel" {
		return false, nil
	} else {
		return false, fmt.Errorf("unknown elicitation action %q", result.Action)
	}
}

func resetWorkspaceTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	ok, err := confirm(ctx, "Reset the workspace to the last commit? Every file you changed since then will be overwritten, untracked files will be removed, stashes stay where they are, and the editor will reload every open buffer once the reset has finished running.")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Workspace left alone."), nil, nil
	}
	store.Clear("workspace")
	return text("Workspace reset."), nil, nil
}

func wipeLogsTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	ok, err := confirmWithFlag(ctx, "Wipe the server logs?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("Logs kept."), nil, nil
	}
	store.Clear("logs")
	return text("Logs wiped."), nil, nil
}

// announceTool is the port of announce.ts, which did `void session.elicit(...)`.
func announceTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	version := str(args, "version")
	store.Put("release", version, "announced")
	_, err := Session.Elicit(ctx, &mcp.ElicitParams{Message: "Release " + version + " is out. Tell your team?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("announce: %v", err)
	}
	return text("Announced " + version + "."), nil, nil
}

// closeAccountTool is the port of closeAccount.ts.
func closeAccountTool(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, interface{}, error) {
	id := str(args, "account")
	result, err := NewPrompt().Message("Close account "+id+"?").Field("reason", "string", "Why are you leaving? (optional)", false).Ask(ctx)
	if err != nil {
		return nil, nil, err
	}
	if result.Content != nil {
		reason, _ := result.Content["reason"].(string)
		log.Printf("close-account feedback for %s: %q", id, reason)
	}
	switch verbs.Verb(result.Action) {
	case verbs.Accept:
		store.Remove("account", id)
		return text("Account " + id + " closed."), nil, nil
	case verbs.Decline, verbs.Cancel:
		return text("Account " + id + " stays open."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", result.Action)
}

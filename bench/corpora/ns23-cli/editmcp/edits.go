package editmcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// patchedFiles lists the files a unified diff touches.
func patchedFiles(patch string) []string {
	var files []string
	for _, line := range strings.Split(patch, "\n") {
		if name, ok := strings.CutPrefix(line, "+++ b/"); ok {
			files = append(files, strings.TrimSpace(name))
		}
	}
	return files
}

func (e *editor) applyUnified(patch string) error {
	for _, f := range patchedFiles(patch) {
		if err := saveFile(e.abs(f)+".orig", []byte(patch)); err != nil {
			return err
		}
	}
	return nil
}

// applyPatch applies a unified diff after the user confirms.
func (e *editor) applyPatch(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patch, err := request.RequireString("patch")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	files := patchedFiles(patch)
	if e.dryRun {
		return mcp.NewToolResultText("dry run: would patch " + strings.Join(files, ", ")), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "apply_patch")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("applying a patch needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("apply_patch", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Apply the patch to %d files (%s)?", len(files), strings.Join(files, ", ")),
			RequestedSchema: yesNoSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := e.applyUnified(patch); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Patched " + strings.Join(files, ", ") + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Patch declined; no file changed."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Patch cancelled; no file changed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmOverwrite asks before replacing a file that changed on disk since
// the client read it.
func (e *editor) confirmOverwrite(ctx context.Context, path string) (bool, error) {
	res, err := e.ask.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Overwrite " + path + "? It changed on disk since the client last read it.",
		RequestedSchema: yesNoSchema,
	}})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (e *editor) unchanged(path, sum string) bool {
	b, err := os.ReadFile(e.abs(path))
	if err != nil {
		return true
	}
	got := sha256.Sum256(b)
	return hex.EncodeToString(got[:]) == sum
}

// replaceFile replaces a file's content, asking first when the file changed
// since the client read it (base_sha256).
func (e *editor) replaceFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	content := request.GetString("content", "")
	if sum := request.GetString("base_sha256", ""); sum != "" && !e.unchanged(path, sum) {
		ok, err := e.confirmOverwrite(ctx, path)
		if err != nil {
			return mcp.NewToolResultError("cannot confirm the overwrite: " + err.Error()), nil
		}
		if !ok {
			return mcp.NewToolResultText("Kept " + path + " as it is on disk."), nil
		}
	}
	if e.dryRun {
		return mcp.NewToolResultText("dry run: would replace " + path), nil
	}
	if err := saveFile(e.abs(path), []byte(content)); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Replaced " + path + "."), nil
}

// writeTool asks the user for a file's content and writes it.
func (e *editor) writeTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "What should " + path + " contain?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"content": map[string]any{"type": "string", "title": "File content"}},
			"required":   []string{"content"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask for the content: " + err.Error()), nil
	}
	data := res.Content.(map[string]any)
	text, _ := data["content"].(string)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := saveFile(e.abs(path), []byte(text)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Wrote " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(path + " was not written."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// deleteFiles deletes files. Clients that can ask confirm first; the others
// (scripts, CI) delete what they name.
func (e *editor) deleteFiles(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	paths, err := request.RequireStringSlice("paths")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	approved := true
	if res := server.ElicitationResponse(request.Params.InputResponses, "delete_files"); res != nil {
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			approved = true
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			approved = false
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	} else if caps := clientCaps(ctx); caps != nil && caps.Elicitation != nil {
		return server.NewInputRequestBuilder("").Elicit("delete_files", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Delete %d files (%s)?", len(paths), strings.Join(paths, ", ")),
			RequestedSchema: yesNoSchema,
		}).ToolResult(), nil
	}
	if !approved {
		return mcp.NewToolResultText("Nothing was deleted."), nil
	}
	for _, p := range paths {
		if err := os.Remove(e.abs(p)); err != nil {
			return nil, err
		}
	}
	return mcp.NewToolResultText("Deleted " + strings.Join(paths, ", ") + "."), nil
}

var newNameSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"new_name": map[string]any{"type": "string", "title": "New name", "minLength": 1},
	},
	"required": []string{"new_name"},
}

// renameSymbol asks for the new name of a symbol and renames it in every
// file of the workspace.
func (e *editor) renameSymbol(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	symbol, err := request.RequireString("symbol")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "rename_symbl")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("renaming needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rename_symbol", mcp.ElicitationParams{
			Message:         "New name for " + symbol + "?",
			RequestedSchema: newNameSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer has no new name"), nil
		}
		to, _ := data["new_name"].(string)
		if to == "" {
			return mcp.NewToolResultError("the new name is empty"), nil
		}
		if err := saveFile(e.abs(".devtool/rename"), []byte(symbol+" "+to)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Renamed " + symbol + " to " + to + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(symbol + " keeps its name."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// formatAll reformats the workspace after the user confirms.
func (e *editor) formatAll(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "format_all")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("formatting everything needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{InputRequests: mcp.InputRequests{
			"format_all": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message:         "Reformat every file of the workspace? Unrelated lines will change.",
				RequestedSchema: yesNoSchema,
			}),
		}}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := saveFile(e.abs(".devtool/format-all"), nil); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Reformatted the workspace."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was reformatted."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

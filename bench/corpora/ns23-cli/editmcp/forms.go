package editmcp

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var licenseSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"license_url": map[string]any{"type": "string", "format": "uri", "title": "Where the license text lives"},
	},
	"required": []string{"license_url"},
}

// insertLicense adds a license header pointing at the license text.
func (e *editor) insertLicense(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "insert_license")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("adding a license header needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("insert_license", mcp.ElicitationParams{
			Message:         "Which license applies to " + path + "? Give the address of its text, e.g. https://spdx.org/licenses/MIT.html",
			RequestedSchema: licenseSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		u, ok := data["license_url"].(string)
		if !ok || u == "" {
			return mcp.NewToolResultError("no license given"), nil
		}
		b, err := os.ReadFile(e.abs(path))
		if err != nil {
			return nil, err
		}
		if err := saveFile(e.abs(path), append([]byte("// License: "+u+"\n\n"), b...)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Added the license header to " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(path + " is unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// bulkReplace replaces a pattern in every file of the workspace with what
// the user types, with options for how the pattern matches.
func (e *editor) bulkReplace(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pattern, err := request.RequireString("pattern")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "bulk_replace")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("a bulk replace needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("bulk_replace", mcp.ElicitationParams{
			Message: "Replace " + strconv.Quote(pattern) + " in every file with what?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"replacement": map[string]any{"type": "string", "title": "Replacement"},
					"options": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"regex":          map[string]any{"type": "boolean", "title": "Pattern is a regular expression"},
							"case_sensitive": map[string]any{"type": "boolean", "title": "Match case"},
						},
					},
				},
				"required": []string{"replacement"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		repl, _ := data["replacement"].(string)
		opts, _ := data["options"].(map[string]any)
		regex, _ := opts["regex"].(bool)
		caseSensitive, _ := opts["case_sensitive"].(bool)
		job := fmt.Sprintf("%s\x00%s\x00%t\x00%t", pattern, repl, regex, caseSensitive)
		if err := saveFile(e.abs(".devtool/replace"), []byte(job)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Replaced " + strconv.Quote(pattern) + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was replaced."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// setFileMode changes a file's permissions to the mode the user picks.
func (e *editor) setFileMode(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "set_file_mode")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("changing permissions needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("set_file_mode", mcp.ElicitationParams{
			Message:         "Which permissions should " + path + " get?",
			RequestedSchema: `{"type":"object","properties":{"mode":{"type":"string","enum":["0644","0755","0600"]}},"required":["mode"]}`,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		mode, _ := data["mode"].(string)
		m, err := strconv.ParseUint(mode, 8, 32)
		if err != nil {
			return mcp.NewToolResultError("not a file mode: " + mode), nil
		}
		if err := os.Chmod(e.abs(path), os.FileMode(m)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(path + " is now " + mode + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Permissions unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// createFile creates an empty file and registers it with the project.
func (e *editor) createFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "create_file")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("creating a file needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("create_file", mcp.ElicitationParams{
			Message: fmt.Sprintf("Create %s? devtool will add it to the index, run the project's formatters and code generators on it, "+
				"update the module's list of files, and open a draft pull request that includes it, "+
				"so that the change shows up in review before anything is merged.", path),
			RequestedSchema: yesNoSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := saveFile(e.abs(path), nil); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Created " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was created."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// moveFile moves a file and rewrites the imports that refer to it.
func (e *editor) moveFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	from, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	to, err := request.RequireString("to")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "move_file")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("moving a file needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("move_file", mcp.ElicitationParams{
			Message:         "Move the file and rewrite every import that refers to it? The move is recorded as a rename → history follows it. Open editors keep the old path until they reload it… Their unsaved buffers are dropped.",
			RequestedSchema: yesNoSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := os.Rename(e.abs(from), e.abs(to)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Moved " + from + " to " + to + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(from + " stays where it is."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// revertFile drops the uncommitted changes of a file.
func (e *editor) revertFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "revert_file")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("revert_file", mcp.ElicitationParams{
			Message:         "Discard the uncommitted changes to " + path + "?",
			RequestedSchema: yesNoSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := os.Remove(e.abs(path) + ".orig"); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		return mcp.NewToolResultText("Reverted " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(path + " keeps its changes."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var indentSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"style": map[string]any{"type": "string", "title": "Indent with", "enum": []string{"tabs", "spaces"}},
	},
	"required": []string{"style"},
}

// reindent reindents a file with tabs or spaces, as the user picks.
func (e *editor) reindent(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "reindent")
	if res == nil {
		sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo)
		if !ok || sess.GetClientCapabilities().Elicitation == nil {
			return mcp.NewToolResultError("reindenting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("reindent", mcp.ElicitationParams{
			Message:         "Reindent " + path + " with tabs or with spaces?",
			RequestedSchema: indentSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		style, _ := data["style"].(string)
		b, err := os.ReadFile(e.abs(path))
		if err != nil {
			return nil, err
		}
		from, to := "    ", "\t"
		if style == "spaces" {
			from, to = "\t", "    "
		}
		if err := saveFile(e.abs(path), []byte(strings.ReplaceAll(string(b), from, to))); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Reindented " + path + " with " + style + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(path + " is unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// trimWhitespace asks to trim the trailing whitespace of a file; the client
// applies the trim once the user agrees.
func (e *editor) trimWhitespace(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := request.GetString("path", "")
	if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return mcp.NewToolResultError("trimming needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("trim_whitespace", mcp.ElicitationParams{
		Message:         "Trim the trailing whitespace of " + path + "?",
		RequestedSchema: yesNoSchema,
	}).ToolResult(), nil
}

// truncateFile empties a file. The first call asks; a later call without
// the answer is refused.
func (e *editor) truncateFile(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := request.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "truncate_file")
	if res == nil {
		if len(request.Params.InputResponses) == 0 {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("truncating needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("truncate_file", mcp.ElicitationParams{
				Message:         "Empty " + path + "? Its content cannot be recovered.",
				RequestedSchema: yesNoSchema,
			}).ToolResult(), nil
		}
		return mcp.NewToolResultError("truncating " + path + " was not confirmed"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := os.Truncate(e.abs(path), 0); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Emptied " + path + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(path + " is unchanged."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package decor

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errNoElicitation = errors.New("this tool needs a client that can ask its user")

func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

var nameSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"name": map[string]any{"type": "string", "minLength": 1}},
	"required":   []string{"name"},
}

// renameHandler reads the new name before it knows the user accepted.
func renameHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rename"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rename": &mcp.ElicitParams{Message: "New name for " + in.Target + "?", RequestedSchema: nameSchema},
		}}, nil, nil
	}
	newName, _ := res.Content["name"].(string)
	switch res.Action {
	case "accept":
		dbMu.Lock()
		tables[newName] = tables[in.Target]
		dbMu.Unlock()
		return textResult("renamed to " + newName), nil, nil
	case "decline", "cancel":
		return textResult("kept the name"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var sizeSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"size": map[string]any{"type": "integer", "minimum": 1, "maximum": 64}},
	"required":   []string{"size"},
}

// resizeHandler asserts a JSON number as int.
func resizeHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["resize"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"resize": &mcp.ElicitParams{Message: "How many shards?", RequestedSchema: sizeSchema},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		n, ok := res.Content["size"].(int)
		if !ok {
			return nil, nil, errors.New("no size in the answer")
		}
		dbMu.Lock()
		quotas[in.Target] = n
		dbMu.Unlock()
		return textResult("resized"), nil, nil
	case "decline", "cancel":
		return textResult("size unchanged"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// deleteBranchHandler asks the user to tick a box and never looks at it.
func deleteBranchHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["delete_branch"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"delete_branch": &mcp.ElicitParams{
				Message: "Delete branch " + in.Target + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"confirm": map[string]any{"type": "boolean", "title": "Tick to delete the branch"},
					},
					"required": []string{"confirm"},
				},
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		dbMu.Lock()
		delete(tables, "branch:"+in.Target)
		dbMu.Unlock()
		return textResult("deleted"), nil, nil
	case "decline", "cancel":
		return textResult("kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// deleteBranchChecked reads the box and refuses unless it is ticked.
func deleteBranchChecked(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["delete_branch_checked"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"delete_branch_checked": &mcp.ElicitParams{
				Message: "Delete branch " + in.Target + "?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"confirm": map[string]any{"type": "boolean", "title": "Tick to delete the branch"},
					},
					"required": []string{"confirm"},
				},
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if ticked, _ := res.Content["confirm"].(bool); !ticked {
			return textResult("the box was not ticked; kept the branch"), nil, nil
		}
		dbMu.Lock()
		delete(tables, "branch:"+in.Target)
		dbMu.Unlock()
		return textResult("deleted"), nil, nil
	case "decline", "cancel":
		return textResult("kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// inviteHandler's message is longer than clients show.
func inviteHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["invite"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"invite": &mcp.ElicitParams{
				Message: "Invite this person to the workspace? They will be able to read every channel, " +
					"see the history of all projects, download attachments, and invite further members " +
					"until an administrator removes them from the workspace settings page.",
				RequestedSchema: yesNo,
			},
		}}, nil, nil
	}
	return answered(res, func() string { return "invited " + in.Target })
}

// connectHandler asks for an API token in a form.
func connectHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["connect"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"connect": &mcp.ElicitParams{
				Message: "Connect the billing provider",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"apiToken": map[string]any{"type": "string", "title": "Billing API token"},
					},
					"required": []string{"apiToken"},
				},
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		tok, _ := res.Content["apiToken"].(string)
		dbMu.Lock()
		tables["billing:"+tok] = true
		dbMu.Unlock()
		return textResult("connected"), nil, nil
	case "decline", "cancel":
		return textResult("not connected"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// shipHandler asks for a nested address object.
func shipHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["ship"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"ship": &mcp.ElicitParams{
				Message: "Where should we ship it?",
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
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		addr, _ := res.Content["address"].(map[string]any)
		return textResult(fmt.Sprintf("shipping to %v", addr)), nil, nil
	case "decline", "cancel":
		return textResult("not shipped"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// scheduleHandler's schema requires a property it does not have.
func scheduleHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["schedule"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"schedule": &mcp.ElicitParams{
				Message: "When should the job run?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"date": map[string]any{"type": "string", "format": "date"}},
					"required":   []string{"dat"},
				},
			},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		day, _ := res.Content["date"].(string)
		return textResult("scheduled for " + day), nil, nil
	case "decline", "cancel":
		return textResult("not scheduled"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// publishHandler tells accept from the rest and nothing more.
func publishHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["publish"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"publish": &mcp.ElicitParams{Message: "Publish " + in.Target + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	if res.Action == "accept" {
		dbMu.Lock()
		tables["published:"+in.Target] = true
		dbMu.Unlock()
		return textResult("published"), nil, nil
	}
	return textResult("not published"), nil, nil
}

// unpublishHandler misspells the action, so its accept branch never runs.
func unpublishHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["unpublish"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"unpublish": &mcp.ElicitParams{Message: "Unpublish " + in.Target + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "accepted":
		dbMu.Lock()
		delete(tables, "published:"+in.Target)
		dbMu.Unlock()
		return textResult("unpublished"), nil, nil
	case "decline", "cancel":
		return textResult("still published"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// tagHandler asserts the round-trip answer without comma-ok.
func tagHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["tag"]; !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"tag": &mcp.ElicitParams{Message: "Tag release " + in.Target + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	res := req.Params.InputResponses["tag"].(*mcp.ElicitResult)
	return answered(res, func() string { return "tagged " + in.Target })
}

// destinationQuestion files the question under "destination".
func destinationQuestion() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"destination": &mcp.ElicitParams{
			Message: "Move it where?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"region": map[string]any{"type": "string"}},
				"required":   []string{"region"},
			},
		},
	}}
}

// relocateHandler reads the answer under a misspelled key.
func relocateHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["destinaton"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return destinationQuestion(), nil, nil
	}
	switch res.Action {
	case "accept":
		region, _ := res.Content["region"].(string)
		return textResult("moved to " + region), nil, nil
	case "decline", "cancel":
		return textResult("stayed"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// purgeHandler asks directly on older sessions and in the round trip on 2026-07-28.
func purgeHandler(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Purge " + in.Target + "?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if req.ProtocolVersion() < "2026-07-28" {
		r, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, fmt.Errorf("asking to purge: %w", err)
		}
		res = r
	} else {
		r, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
		if !ok {
			if !canAsk(req) {
				return nil, nil, errNoElicitation
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"purge": params}}, nil, nil
		}
		res = r
	}
	return answered(res, func() string {
		dbMu.Lock()
		delete(tables, in.Target)
		dbMu.Unlock()
		return "purged"
	})
}

func registerForms(s *mcp.Server) {
	for name, h := range map[string]ToolFn{
		"rename": renameHandler, "resize": resizeHandler, "delete_branch": deleteBranchHandler,
		"delete_branch_checked": deleteBranchChecked, "invite": inviteHandler, "connect": connectHandler,
		"ship": shipHandler, "schedule": scheduleHandler, "publish": publishHandler,
		"unpublish": unpublishHandler, "tag": tagHandler, "rename_lazy": renameLazy, "relocate": relocateHandler, "purge": purgeHandler,
	} {
		mcp.AddTool(s, &mcp.Tool{Name: name}, Logged(h))
	}
}

// renameLazy reads the new name through a closure before it knows the user accepted.
func renameLazy(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rename_lazy"].(*mcp.ElicitResult)
	if !ok {
		if !canAsk(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rename_lazy": &mcp.ElicitParams{Message: "New name for " + in.Target + "?", RequestedSchema: nameSchema},
		}}, nil, nil
	}
	newName := func() string {
		v, _ := res.Content["name"].(string)
		return v
	}
	name := newName()
	switch res.Action {
	case "accept":
		dbMu.Lock()
		tables[name] = tables[in.Target]
		dbMu.Unlock()
		return textResult("renamed to " + name), nil, nil
	case "decline", "cancel":
		return textResult("kept the name"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

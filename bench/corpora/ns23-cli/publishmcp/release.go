package publishmcp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmSchema is a plain yes-or-no question: the action is the answer.
var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

type publishIn struct {
	Package string `json:"package"`
	Version string `json:"version"`
}

// publish uploads a version after the user confirms. requireElicitation has
// turned away the clients that cannot be asked.
func (p *publisher) publish(ctx context.Context, req *mcp.CallToolRequest, in publishIn) (*mcp.CallToolResult, any, error) {
	if p.opts.DryRun {
		return textResult(fmt.Sprintf("dry run: would publish %s@%s to %s", in.Package, in.Version, p.client.Registry)), nil, nil
	}
	res, ok := req.Params.InputResponses["publish"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"publish": &mcp.ElicitParams{
			Message:         fmt.Sprintf("Publish %s@%s to %s? A published version cannot be replaced.", in.Package, in.Version, p.client.Registry),
			RequestedSchema: confirmSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := p.client.Publish(ctx, in.Package, in.Version); err != nil {
			return nil, nil, err
		}
		return textResult("Published " + in.Package + "@" + in.Version + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was published."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// publishProtected files a publish that a maintainer must approve, and has
// the client call again until the approval arrives.
func (p *publisher) publishProtected(ctx context.Context, req *mcp.CallToolRequest, in publishIn) (*mcp.CallToolResult, any, error) {
	if id := req.Params.RequestState; id != "" {
		p.mu.Lock()
		a, known := p.pending[id]
		p.mu.Unlock()
		if !known {
			return nil, nil, errors.New("no such approval: publish again")
		}
		if !a.approved {
			return &mcp.CallToolResult{RequestState: id}, nil, nil
		}
		if err := p.client.Publish(ctx, a.pkg, a.version); err != nil {
			return nil, nil, err
		}
		return textResult("Published " + a.pkg + "@" + a.version + " with the maintainers' approval."), nil, nil
	}
	id := rand.Text()
	if err := p.client.RequestApproval(ctx, in.Package, in.Version, id); err != nil {
		return nil, nil, err
	}
	p.mu.Lock()
	p.pending[id] = &approval{pkg: in.Package, version: in.Version}
	p.mu.Unlock()
	return &mcp.CallToolResult{RequestState: id}, nil, nil
}

var yankSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"reason": map[string]any{
			"type":  "string",
			"title": "Why is this version yanked?",
			"enum":  []string{"security", "broken-build", "published-by-mistake"},
		},
		"confirm": map[string]any{"type": "boolean", "title": "Installs pinned to this version will start failing"},
	},
	"required": []string{"reason", "confirm"},
}

// yank marks a published version as broken, with a reason.
func (p *publisher) yank(ctx context.Context, req *mcp.CallToolRequest, in publishIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["yank"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"yank": &mcp.ElicitParams{
			Message:         "Yank " + in.Package + "@" + in.Version + "?",
			RequestedSchema: yankSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		reason, _ := res.Content["reason"].(string)
		if err := p.client.Yank(ctx, in.Package, in.Version, reason); err != nil {
			return nil, nil, err
		}
		return textResult("Yanked " + in.Package + "@" + in.Version + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was yanked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var deprecateSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"message": map[string]any{"type": "string", "title": "Message shown to the package's users", "maxLength": 200},
		"confirm": map[string]any{"type": "boolean", "title": "Tell every user of this package to move away from it"},
	},
	"required": []string{"message", "confirm"},
}

type pkgIn struct {
	Package string `json:"package"`
}

// deprecate marks a package as deprecated once the user ticks the box.
func (p *publisher) deprecate(ctx context.Context, req *mcp.CallToolRequest, in pkgIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deprecate"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"deprecate": &mcp.ElicitParams{
			Message:         "Deprecate " + in.Package + "?",
			RequestedSchema: deprecateSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if sure, _ := res.Content["confirm"].(bool); !sure {
			return textResult("Not deprecated: the confirmation box was left unticked."), nil, nil
		}
		msg, _ := res.Content["message"].(string)
		if err := p.client.Deprecate(ctx, in.Package, msg); err != nil {
			return nil, nil, err
		}
		return textResult("Deprecated " + in.Package + "."), nil, nil
	case "decline", "cancel":
		return textResult(in.Package + " is not deprecated."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var newOwnerSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"owner": map[string]any{"type": "string", "title": "Account that receives the package"},
	},
	"required": []string{"owner"},
}

// transferOwnership asks for the new owner, then for a last confirmation;
// the owner travels to the second round in the state.
func (p *publisher) transferOwnership(ctx context.Context, req *mcp.CallToolRequest, in pkgIn) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	if state == "" {
		res, ok := req.Params.InputResponses["new_owner"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"new_owner": &mcp.ElicitParams{
				Message:         "Who should own " + in.Package + "?",
				RequestedSchema: newOwnerSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return textResult("Nothing was transferred."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
		owner, _ := res.Content["owner"].(string)
		if owner == "" {
			return nil, nil, errors.New("no account given")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"confirm_transfer": &mcp.ElicitParams{
				Message:         "Give " + in.Package + " to " + owner + "? You keep no rights on it.",
				RequestedSchema: confirmSchema,
			}},
			RequestState: "owner=" + owner,
		}, nil, nil
	}
	owner := strings.TrimPrefix(state, "owner=")
	res, ok := req.Params.InputResponses["confirm_transfer"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"confirm_transfer": &mcp.ElicitParams{
				Message:         "Give " + in.Package + " to " + owner + "? You keep no rights on it.",
				RequestedSchema: confirmSchema,
			}},
			RequestState: state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := p.client.TransferOwnership(ctx, in.Package, owner); err != nil {
			return nil, nil, err
		}
		return textResult(in.Package + " now belongs to " + owner + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was transferred."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type bumpIn struct {
	Package string `json:"package"`
	Part    string `json:"part"`
}

// bumpVersion proposes the next version and sets it once the user agrees.
// The retry proposes again from the registry; the state only tells whether
// the user saw the same proposal.
func (p *publisher) bumpVersion(ctx context.Context, req *mcp.CallToolRequest, in bumpIn) (*mcp.CallToolResult, any, error) {
	next, err := p.client.NextVersion(ctx, in.Package, in.Part)
	if err != nil {
		return nil, nil, err
	}
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"bump_version": &mcp.ElicitParams{
				Message:         "Set the next version of " + in.Package + " to " + next + "?",
				RequestedSchema: confirmSchema,
			}},
			RequestState: "next=" + next,
		}, nil, nil
	}
	if req.Params.RequestState != "next="+next {
		return nil, nil, errors.New("the registry proposes another version now: start again")
	}
	res, ok := req.Params.InputResponses["bump_version"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"bump_version": &mcp.ElicitParams{
				Message:         "Set the next version of " + in.Package + " to " + next + "?",
				RequestedSchema: confirmSchema,
			}},
			RequestState: req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := p.client.SetVersion(ctx, in.Package, next); err != nil {
			return nil, nil, err
		}
		return textResult("The next version of " + in.Package + " is " + next + "."), nil, nil
	case "decline", "cancel":
		return textResult("The version is unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type changelogIn struct {
	Package string `json:"package"`
	From    string `json:"from"`
	To      string `json:"to"`
}

// changelog has the client's model draft the changelog between two
// versions.
func (p *publisher) changelog(ctx context.Context, req *mcp.CallToolRequest, in changelogIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["changelog"].(*mcp.CreateMessageWithToolsResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("drafting a changelog needs a client that lets the server use its model")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"changelog": &mcp.CreateMessageParams{
			MaxTokens:    800,
			SystemPrompt: "You write concise changelogs grouped under Added, Changed and Fixed.",
			Messages: []*mcp.SamplingMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: fmt.Sprintf("Draft the changelog of %s from %s to %s.", in.Package, in.From, in.To)},
			}},
		}}}, nil, nil
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	if b.Len() == 0 {
		return nil, nil, errors.New("the model wrote no changelog")
	}
	return textResult(b.String()), nil, nil
}

var audienceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"audience": map[string]any{
			"type":    "string",
			"title":   "Who reads these notes?",
			"enum":    []string{"users", "contributors", "operators"},
			"default": "users",
		},
	},
}

func notesPrompt(pkg, audience string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{
		Description: "Release notes for " + pkg,
		Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Write the release notes of " + pkg + " for its " + audience + "."},
		}},
	}
}

// releaseNotesPrompt asks who the notes are for, where the client can ask.
func (p *publisher) releaseNotesPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	pkg := req.Params.Arguments["package"]
	audience := "users"
	res, ok := req.Params.InputResponses["audience"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
			return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"audience": &mcp.ElicitParams{
				Message:         "Who are the release notes of " + pkg + " for?",
				RequestedSchema: audienceSchema,
			}}}, nil
		}
	} else {
		switch res.Action {
		case "accept":
			if a, ok := res.Content["audience"].(string); ok {
				audience = a
			}
		case "decline", "cancel":
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return notesPrompt(pkg, audience), nil
}

var registrySchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"registry": map[string]any{"type": "string", "title": "Registry", "enum": []string{"public", "internal"}},
	},
	"required": []string{"registry"},
}

func manifestResult(uri, registry string) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI:      uri,
		MIMEType: "application/json",
		Text:     fmt.Sprintf(`{"registry":%q}`, registry),
	}}}, nil
}

// readManifest reads the publishing manifest of the registry the user
// picks.
func (p *publisher) readManifest(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["manifest_registry"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return manifestResult(req.Params.URI, "public")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"manifest_registry": &mcp.ElicitParams{
			Message:         "Which registry's manifest should be read?",
			RequestedSchema: registrySchema,
		}}}, nil
	}
	registry := "public"
	switch res.Action {
	case "accept":
		if r, ok := res.Content["registry"].(string); ok {
			registry = r
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return manifestResult(req.Params.URI, registry)
}

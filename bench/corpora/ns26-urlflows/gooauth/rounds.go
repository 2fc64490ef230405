package gooauth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

var providerSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"provider": map[string]any{"type": "string", "title": "Service", "enum": []any{"gitlab", "bitbucket"}},
	},
	"required": []any{"provider"},
}

var workspaceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"workspace": map[string]any{"type": "string", "title": "Workspace", "enum": []any{"engineering", "sales"}},
	},
	"required": []any{"workspace"},
}

// chooseAndAuthorize asks with a form which service to connect, then with
// a url which the user authorizes; the choice travels sealed in the state.
func chooseAndAuthorize(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	caps := req.ClientCapabilities()
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["provider"].(*mcp.ElicitResult)
		if !ok {
			if caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("choosing a service needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"provider": &mcp.ElicitParams{
				Message:         "Which service should I connect?",
				RequestedSchema: providerSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			provider, _ := res.Content["provider"].(string)
			if provider != "gitlab" && provider != "bitbucket" {
				return nil, nil, fmt.Errorf("unknown service %q", provider)
			}
			if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return textResult("This client cannot open a sign-in page; connect " + provider + " from the web app."), nil, nil
			}
			id := flows.Begin(provider, user)
			state, err := codec.Seal(user, 15*time.Minute, map[string]string{"provider": provider, "flow": id})
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"authorize": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Authorize access to your " + provider + " account",
					URL:           connectURL(provider, id),
					ElicitationID: id,
				}},
				RequestState: state,
			}, nil, nil
		case "decline", "cancel":
			return textResult("Nothing connected."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	fields, err := codec.Open(req.Params.RequestState, user)
	if err != nil {
		return nil, nil, err
	}
	provider, id := fields["provider"], fields["flow"]
	res, ok := req.Params.InputResponses["authorize"].(*mcp.ElicitResult)
	if !ok {
		if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("authorizing needs a client that can open a URL")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"authorize": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Authorize access to your " + provider + " account",
				URL:           connectURL(provider, id),
				ElicitationID: id,
			}},
			RequestState: req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if st, _ := flows.Status(id); st == flowstore.Done {
			return textResult(provider + " connected"), nil, nil
		}
		return textResult("Still waiting for " + provider + " to confirm; call again once you have signed in."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// chooseWorkspaceFormTestOnly asks the url-mode sign-in in the accept
// branch of a form: the client answered a form, which says nothing about
// url mode.
func chooseWorkspaceFormTestOnly(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if req.Params.RequestState != "" {
		fields, err := codec.Open(req.Params.RequestState, user)
		if err != nil {
			return nil, nil, err
		}
		login, ok := req.Params.InputResponses["workspace_login"].(*mcp.ElicitResult)
		if !ok {
			if !canOpenURL(req) {
				return nil, nil, errors.New("signing in needs a client that can open a URL")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"workspace_login": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Sign in to the " + fields["workspace"] + " workspace",
					URL:           connectURL("workspace", fields["flow"]),
					ElicitationID: fields["flow"],
				}},
				RequestState: req.Params.RequestState,
			}, nil, nil
		}
		return finishConnect("workspace", user, login)
	}
	res, ok := req.Params.InputResponses["workspace"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("choosing a workspace needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"workspace": &mcp.ElicitParams{
			Message:         "Which workspace should I connect?",
			RequestedSchema: workspaceSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		workspace, _ := res.Content["workspace"].(string)
		id := flows.Begin("workspace", user)
		state, err := codec.Seal(user, 15*time.Minute, map[string]string{"workspace": workspace, "flow": id})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"workspace_login": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Sign in to the " + workspace + " workspace",
				URL:           connectURL("workspace", id),
				ElicitationID: id,
			}},
			RequestState: state,
		}, nil, nil
	case "decline", "cancel":
		return textResult("No workspace connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connectNotionPlainState carries the scope in plain state and grants what
// the client echoes back.
func connectNotionPlainState(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["notion"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			scope := strings.TrimPrefix(req.Params.RequestState, "scope=")
			if err := grantScope(user, "notion", scope); err != nil {
				return nil, nil, err
			}
			return textResult("Notion access recorded; it takes effect once Notion confirms the grant."), nil, nil
		case "decline", "cancel":
			return textResult("Notion was not connected."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Notion needs a client that can open a URL")
	}
	id := flows.Begin("notion", user)
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"notion": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to Notion and pick the pages to share",
			URL:           connectURL("notion", id),
			ElicitationID: id,
		}},
		RequestState: "scope=" + in.Scope,
	}, nil, nil
}

// connectGitLabWaitingStateOnly answers a pending sign-in with a result
// that carries only its state: go-sdk sends it as a complete, empty result.
func connectGitLabWaitingStateOnly(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["gitlab_link"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			id, found := flows.Latest(user, "gitlab")
			if !found {
				return nil, nil, errors.New("no GitLab connection was started")
			}
			if st, _ := flows.Status(id); st == flowstore.Pending {
				return &mcp.CallToolResult{RequestState: id}, nil, nil
			}
			return finishConnect("gitlab", user, res)
		case "decline", "cancel":
			return textResult("GitLab was not connected."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting GitLab needs a client that can open a URL")
	}
	id := flows.Begin("gitlab", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitlab_link": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to GitLab to connect your projects",
		URL:           connectURL("gitlab", id),
		ElicitationID: id,
	}}}, nil, nil
}

var (
	pendingMu    sync.Mutex
	pendingLinks = map[string]string{} // handle handed to the client -> flow ID
)

// connectBitbucketAskAgain hands the client an opaque handle as state, looks
// it up in the server's own records, and asks again while the flow is
// pending.
func connectBitbucketAskAgain(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	state := req.Params.RequestState
	pendingMu.Lock()
	id, known := pendingLinks[state]
	pendingMu.Unlock()
	if res, ok := req.Params.InputResponses["bitbucket"].(*mcp.ElicitResult); ok && known {
		switch res.Action {
		case "accept":
			if st, _ := flows.Status(id); st == flowstore.Done {
				return textResult("Bitbucket connected"), nil, nil
			}
		case "decline", "cancel":
			return textResult("Bitbucket was not connected."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Bitbucket needs a client that can open a URL")
	}
	if !known {
		id = flows.Begin("bitbucket", user)
		state = id
		pendingMu.Lock()
		pendingLinks[state] = id
		pendingMu.Unlock()
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{"bitbucket": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to Bitbucket to connect your repositories",
			URL:           connectURL("bitbucket", id),
			ElicitationID: id,
		}},
		RequestState: state,
	}, nil, nil
}

// connectDiscordPanics checks that the key is present, then asserts its
// type with the single-value form.
func connectDiscordPanics(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if _, answered := req.Params.InputResponses["discord"]; answered {
		res := req.Params.InputResponses["discord"].(*mcp.ElicitResult)
		return finishConnect("discord", user, res)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Discord needs a client that can open a URL")
	}
	id := flows.Begin("discord", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"discord": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Discord to connect your server",
		URL:           connectURL("discord", id),
		ElicitationID: id,
	}}}, nil, nil
}

// connectDropboxAnyAnswer links the account as soon as the call carries any
// answer at all.
func connectDropboxAnyAnswer(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if len(req.Params.InputResponses) > 0 {
		if err := grantScope(user, "dropbox", in.Scope); err != nil {
			return nil, nil, err
		}
		return textResult("Dropbox scope recorded."), nil, nil
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Dropbox needs a client that can open a URL")
	}
	id := flows.Begin("dropbox", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"dropbox": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Dropbox to connect your files",
		URL:           connectURL("dropbox", id),
		ElicitationID: id,
	}}}, nil, nil
}

// connectBoxMissingFails asks on the first round only and fails a retry
// that comes without the answer.
func connectBoxMissingFails(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	res, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState != "" {
			return nil, nil, errors.New("the Box sign-in was not answered")
		}
		if !canOpenURL(req) {
			return nil, nil, errors.New("connecting Box needs a client that can open a URL")
		}
		id := flows.Begin("box", user)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"box": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Sign in to Box to connect your folders",
				URL:           connectURL("box", id),
				ElicitationID: id,
			}},
			RequestState: "asked",
		}, nil, nil
	}
	return finishConnect("box", user, res)
}

// connectAsanaTypo reads its answer under a misspelled key.
func connectAsanaTypo(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["asanna"].(*mcp.ElicitResult); ok {
		return finishConnect("asana", user, res)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("connecting Asana needs a client that can open a URL")
	}
	id := flows.Begin("asana", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"asana": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to Asana to connect your projects",
		URL:           connectURL("asana", id),
		ElicitationID: id,
	}}}, nil, nil
}

// onboardingPrompt asks the user to connect their identity provider before
// it returns the onboarding prompt.
func onboardingPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	user := req.Session.ID()
	res, ok := req.Params.InputResponses["onboarding"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, errors.New("onboarding needs a client that can open a URL")
		}
		id := flows.Begin("onboarding", user)
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"onboarding": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in with your company account to start onboarding",
			URL:           connectURL("sso", id),
			ElicitationID: id,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		id, found := flows.Latest(user, "onboarding")
		if st, _ := flows.Status(id); !found || st != flowstore.Done {
			return nil, errors.New("still waiting for the sign-in to finish; try again in a moment")
		}
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Walk me through the tools I can use now."},
		}}}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Explain what I can do without signing in."},
		}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connectionsResource asks for the vault sign-in from a resource read, but
// leaves Contents nil beside the requests.
func connectionsResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	user := req.Session.ID()
	res, ok := req.Params.InputResponses["vault"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, errors.New("listing connections needs a client that can open a URL")
		}
		id := flows.Begin("vault", user)
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"vault": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Unlock your connection vault to list your accounts",
			URL:           connectURL("vault", id),
			ElicitationID: id,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		id, found := flows.Latest(user, "vault")
		if st, _ := flows.Status(id); !found || st != flowstore.Done {
			return nil, errors.New("the vault is still locked; try again once you have unlocked it")
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "github, slack"}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: ""}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

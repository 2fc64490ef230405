// Package oauth connects third-party accounts through url-mode elicitation.
// It also builds and serves the go-sdk (v1.2.0) servers of the deployment.
package oauth

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"sync"

	"example.com/ns25/legacy/internal/registry"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// flowStore remembers url-mode flows until their OAuth callback arrives.
type flowStore struct {
	mu     sync.Mutex
	tokens map[string]string
}

// flows is the process-wide flow store.
var flows = &flowStore{tokens: map[string]string{}}

// Complete is called by the OAuth callback handler.
func (f *flowStore) Complete(id, token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokens[id] = token
}

// Token returns the token stored for a finished flow.
func (f *flowStore) Token(id string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.tokens[id]
	return t, ok
}

// Config is read once at start-up.
var Config = struct {
	AuthBase string
	Version  string
}{AuthBase: "https://auth.example.com", Version: "2025.6"}

// ConnectIn is the input of the connect tools.
type ConnectIn struct {
	Account string `json:"account"`
	Email   string `json:"email,omitempty"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func toolError(s string) *mcp.CallToolResult {
	r := text(s)
	r.IsError = true
	return r
}

// NewServer builds the main server from the registry, served statefully.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "projects", Version: Config.Version}, nil)
	for _, e := range registry.All() {
		if install, ok := e.Install.(func(*mcp.Server)); ok {
			install(s)
		}
	}
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github"}, ConnectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_gitlab"}, ConnectGitLab)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_bitbucket"}, ConnectBitbucket)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_jira"}, ConnectJira)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_local"}, ConnectLocalDev)
	mcp.AddTool(s, &mcp.Tool{Name: "require_login"}, RequireLogin)
	mcp.AddTool(s, &mcp.Tool{Name: "require_login_v2"}, RequireLoginURL)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_slack"}, ConnectSlack)
	mcp.AddTool(s, &mcp.Tool{Name: "invite_by_email"}, InviteByEmail)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_confluence"}, ConnectConfluence)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_sentry"}, ConnectSentry)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_linear"}, ConnectLinear)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_invoice"}, PayInvoice)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_trello"}, ConnectTrello)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_datadog"}, ConnectDatadog)
	return s
}

// newStatusServer builds the small status server, served statelessly behind
// the load balancer.
func newStatusServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "status", Version: Config.Version}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "status_check"}, StatusCheck)
	return s
}

// Serve serves both servers until the listener fails.
func Serve(addr string) error {
	main, status := NewServer(), newStatusServer()
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return main }, nil))
	mux.Handle("/status", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return status },
		&mcp.StreamableHTTPOptions{Stateless: true}))
	return http.ListenAndServe(addr, mux)
}

// ConnectGitHub is the reference url-mode flow.
func ConnectGitHub(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account",
		URL:           Config.AuthBase + "/github/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return toolError("Connect GitHub at " + Config.AuthBase + "/github first."), nil, nil
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("GitHub connected."), nil, nil
		}
		return text("Waiting for GitHub to confirm; call this tool again once you are done."), nil, nil
	case "decline", "cancel":
		return text("GitHub not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectGitLab takes the accept for the end of the OAuth dance.
func ConnectGitLab(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitLab account",
		URL:           "https://auth.example.com/gitlab/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("GitLab connected successfully."), nil, nil
	case "decline", "cancel":
		return text("GitLab not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

const bitbucketFlow = "bitbucket-oauth"

// ConnectBitbucket reuses one flow ID for everybody.
func ConnectBitbucket(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your Bitbucket account",
		URL:           "https://auth.example.com/bitbucket/start",
		ElicitationID: bitbucketFlow,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(bitbucketFlow); ok {
			return text("Bitbucket connected."), nil, nil
		}
		return text("Waiting for Bitbucket."), nil, nil
	case "decline", "cancel":
		return text("Bitbucket not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectJira still points at the old plain-http SSO host.
func ConnectJira(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect Jira",
		URL:           "http://sso.example.com/jira/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Jira connected."), nil, nil
		}
		return text("Waiting for Jira."), nil, nil
	case "decline", "cancel":
		return text("Jira not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectLocalDev is the developer-laptop flow against a local auth stub.
func ConnectLocalDev(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to the local auth stub",
		URL:           "http://localhost:8089/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Signed in locally."), nil, nil
		}
		return text("Waiting for the stub."), nil, nil
	case "decline", "cancel":
		return text("Not signed in."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// RequireLogin answers -32042 with the login link.
func RequireLogin(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	if _, ok := flows.Token(in.Account); ok {
		return text("Already signed in."), nil, nil
	}
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Sign in to continue",
		URL:           "https://auth.example.com/login?flow=" + id,
		ElicitationID: id,
	}})
}

// RequireLoginURL is RequireLogin as fixed after the first panic.
func RequireLoginURL(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	if _, ok := flows.Token(in.Account); ok {
		return text("Already signed in."), nil, nil
	}
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Mode:          "url",
		Message:       "Sign in to continue",
		URL:           "https://auth.example.com/login?flow=" + id,
		ElicitationID: id,
	}})
}

// ConnectSlack hands the bot token to the install page in the query.
func ConnectSlack(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	tok := installTokenFor(in.Account)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Install the Slack app",
		URL:           "https://slack-install.example.com/start?flow=" + id + "&access_token=" + tok,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Slack installed."), nil, nil
		}
		return text("Waiting for Slack."), nil, nil
	case "decline", "cancel":
		return text("Slack not installed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func installTokenFor(account string) string { return "inst-" + account }

// InviteByEmail puts the invitee's address into the link.
func InviteByEmail(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Confirm the invitation in your browser",
		URL:           "https://auth.example.com/invite?flow=" + id + "&to=" + in.Email,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Invitation confirmed."), nil, nil
		}
		return text("Waiting for the confirmation."), nil, nil
	case "decline", "cancel":
		return text("No invitation."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectConfluence forgot the elicitation ID.
func ConnectConfluence(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:    "url",
		Message: "Connect Confluence",
		URL:     "https://auth.example.com/confluence/start?account=" + in.Account,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(in.Account); ok {
			return text("Confluence connected."), nil, nil
		}
		return text("Waiting for Confluence."), nil, nil
	case "decline", "cancel":
		return text("Confluence not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectSentry sends a url-mode request that still carries the old form.
func ConnectSentry(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect Sentry",
		URL:           "https://auth.example.com/sentry/start?flow=" + id,
		ElicitationID: id,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"org": map[string]any{"type": "string"}},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Sentry connected."), nil, nil
		}
		return text("Waiting for Sentry."), nil, nil
	case "decline", "cancel":
		return text("Sentry not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectLinear uses a path relative to the auth host.
func ConnectLinear(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect Linear",
		URL:           "/linear/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Linear connected."), nil, nil
		}
		return text("Waiting for Linear."), nil, nil
	case "decline", "cancel":
		return text("Linear not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PayInvoice spells the mode in capitals.
func PayInvoice(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "URL",
		Message:       "Pay the open invoice",
		URL:           "https://pay.example.com/checkout?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Payment received."), nil, nil
		}
		return text("Waiting for the bank."), nil, nil
	case "decline", "cancel":
		return text("Invoice left open."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectTrello derives the flow ID from the session.
func ConnectTrello(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	id := "trello-" + req.Session.ID()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect Trello",
		URL:           "https://auth.example.com/trello/start?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if _, ok := flows.Token(id); ok {
			return text("Trello connected."), nil, nil
		}
		return text("Waiting for Trello."), nil, nil
	case "decline", "cancel":
		return text("Trello not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// ConnectDatadog uses url mode for clients of 2025-11-25 and a form for
// the 2025-06-18 clients, which have no url mode.
func ConnectDatadog(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	var (
		res *mcp.ElicitResult
		err error
	)
	if p := req.Session.InitializeParams(); p != nil && p.ProtocolVersion >= "2025-11-25" {
		id := rand.Text()
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Connect Datadog",
			URL:           "https://auth.example.com/datadog/start?flow=" + id,
			ElicitationID: id,
		})
	} else {
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{
			Message: "Paste a Datadog key for " + in.Account,
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"api_token": map[string]any{"type": "string", "title": "Datadog API token"},
				},
				"required": []string{"api_token"},
			},
		})
	}
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Datadog setup recorded; the first metrics arrive within minutes."), nil, nil
	case "decline", "cancel":
		return text("Datadog not connected."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// StatusCheck is the one tool of the stateless status server.
func StatusCheck(ctx context.Context, req *mcp.CallToolRequest, in ConnectIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Include the slow checks?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"slow": map[string]any{"type": "boolean", "default": false}},
		},
	})
	if err != nil {
		return toolError("Could not ask which checks to run."), nil, nil
	}
	switch res.Action {
	case "accept":
		if slow, _ := res.Content["slow"].(bool); slow {
			return text("All checks green (slow checks included)."), nil, nil
		}
		return text("All checks green."), nil, nil
	case "decline", "cancel":
		return text("Status not checked."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

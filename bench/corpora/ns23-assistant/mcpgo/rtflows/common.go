// Package rtflows contains mcp-go tools written for the multi round-trip flow
// of protocol 2026-07-28: handlers build their questions with
// server.NewInputRequestBuilder and read the answers with
// server.ElicitationResponse, SamplingResponse and RootsResponse.
package rtflows

import (
	"context"
	"errors"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Input request keys.
const (
	keyBookFlight    = "book_flight"
	keyCancelBooking = "cancel_booking"
	keyCloseAccount  = "close_account"
	keyNewsletter    = "newsletter_email"
	keySetBudget     = "set_budget"
	keyRenameProject = "rename_project"
	keyTitle         = "generate_title"
	keySlogan        = "generate_slogan"
	keyIndexRoots    = "index_roots"
	keyChooseTheme   = "choose_theme"
	keyTwoFactor     = "enable_2fa"
	keyUpdateProfile = "update_profile"
	keyMergePR       = "merge_pull_request"
	keyAcceptTerms   = "accept_terms"
)

// Errors shared by the tools.
var (
	errUnknownAction = errors.New("unknown elicitation action")
)

// Messages shared by the tools.
const (
	msgNeedsElicitation = "this tool needs a client that can ask its user"
	msgNeedsSampling    = "this tool needs a client that supports sampling"
	msgNeedsRoots       = "this tool needs a client that exposes its roots"
)

// confirmSchema is the schema of a plain yes/no confirmation: the action is
// the answer.
var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// clientCapabilities returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCapabilities(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := sess.GetClientCapabilities()
		return &caps
	}
	return nil
}

// canAskForms reports whether the client of this request can be asked a
// form-mode question.
func canAskForms(ctx context.Context) bool {
	caps := clientCapabilities(ctx)
	return caps != nil && caps.Elicitation != nil
}

// sessionCapabilities caches the capabilities each session declared at
// initialize, keyed by session ID, so that tools do not have to look them up
// on every call.
var sessionCapabilities sync.Map

// rememberClientCapabilities is registered as an AfterInitialize hook.
func rememberClientCapabilities(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	if sess := server.ClientSessionFromContext(ctx); sess != nil {
		sessionCapabilities.Store(sess.SessionID(), message.Params.Capabilities)
	}
}

// accountStore stands in for the backends of the tools.
type accountStore struct {
	mu        sync.Mutex
	bookings  map[string]string
	closed    map[string]bool
	subs      map[string]string
	budgets   map[string]float64
	projects  map[string]string
	indexed   []string
	themes    map[string]string
	labels    map[string][]string
	twoFactor map[string]string
	profiles  map[string]map[string]string
	calls     []string
	merged    map[string]bool
	terms     map[string]bool
}

var accounts = &accountStore{
	bookings:  map[string]string{},
	closed:    map[string]bool{},
	subs:      map[string]string{},
	budgets:   map[string]float64{},
	projects:  map[string]string{},
	themes:    map[string]string{},
	labels:    map[string][]string{},
	twoFactor: map[string]string{},
	profiles:  map[string]map[string]string{},
	merged:    map[string]bool{},
	terms:     map[string]bool{},
}

func (a *accountStore) put(m map[string]string, k, v string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	m[k] = v
}

func (a *accountStore) closeAccount(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed[id] = true
}

func (a *accountStore) setBudget(project string, amount float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.budgets[project] = amount
}

func (a *accountStore) index(uris []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.indexed = append(a.indexed, uris...)
}

func (a *accountStore) setLabels(issue string, labels []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.labels[issue] = labels
}

func (a *accountStore) addCall(when string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls = append(a.calls, when)
}

func (a *accountStore) merge(pr string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.merged[pr] = true
}

func (a *accountStore) acceptTerms(user string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.terms[user] = true
}

// NewServer builds the server with every tool of this package.
func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberClientCapabilities)
	s := server.NewMCPServer("rt-flows", "1.0.0", server.WithHooks(hooks), server.WithElicitation())
	s.AddTool(mcp.NewTool(keyBookFlight, mcp.WithString("flight", mcp.Required())), handleBookFlight)
	s.AddTool(mcp.NewTool(keyCancelBooking, mcp.WithString("booking", mcp.Required())), handleCancelBooking)
	s.AddTool(mcp.NewTool(keyCloseAccount, mcp.WithString("account", mcp.Required())), handleCloseAccount)
	s.AddTool(mcp.NewTool("subscribe_newsletter"), handleSubscribeNewsletter)
	s.AddTool(mcp.NewTool(keySetBudget, mcp.WithString("project", mcp.Required())), handleSetBudget)
	s.AddTool(mcp.NewTool(keyRenameProject, mcp.WithString("project", mcp.Required())), handleRenameProject)
	s.AddTool(mcp.NewTool(keyTitle, mcp.WithString("text", mcp.Required())), handleGenerateTitle)
	s.AddTool(mcp.NewTool(keySlogan, mcp.WithString("product", mcp.Required())), handleGenerateSlogan)
	s.AddTool(mcp.NewTool(keyIndexRoots), handleIndexRoots)
	s.AddTool(mcp.NewTool(keyChooseTheme), handleChooseTheme)
	s.AddTool(mcp.NewTool(keyTwoFactor), handleEnableTwoFactor)
	s.AddTool(mcp.NewTool(keyUpdateProfile), handleUpdateProfile)
	s.AddTool(mcp.NewTool(keyMergePR, mcp.WithString("pr", mcp.Required())), handleMergePullRequest)
	s.AddTool(mcp.NewTool(keyAcceptTerms), handleAcceptTerms)
	return s
}

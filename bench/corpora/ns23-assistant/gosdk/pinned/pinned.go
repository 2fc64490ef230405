// Package pinned serves a go-sdk server that stays on the protocol versions
// before 2026-07-28, where a tool may still send elicitation, sampling and
// roots requests directly on its session. The server is served over stdio.
//
// Pinning is a deliberate, temporary choice: the tools here have not been
// migrated to the multi round-trip flow yet.
package pinned

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP specification.
const (
	actionAccept  = "accept"
	actionDecline = "decline"
	actionCancel  = "cancel"

	// actionAcceptDisplay is how the desktop client labels the accept button.
	actionAcceptDisplay = "Accept"
)

// Field names.
const (
	fieldAvatarURL = "avatarUrl"
	fieldTimezone  = "timezone"
	fieldLocale    = "locale"
	fieldConfirm   = "confirm"
	fieldNickname  = "nickname"
	fieldRepoURL   = "repository"
	fieldRecipient = "recipient"
	fieldAddress   = "address"
)

// Errors shared by the tools of this package.
var (
	errUnknownAction = errors.New("unknown elicitation action")
	errNoText        = errors.New("the model did not answer with text")
)

// Result is the structured output of every tool in this package.
type Result struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

// NewPinnedServer builds the server with the tools of this package. It
// negotiates 2025-11-25 at most.
func NewPinnedServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "pinned-tools", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "clear_history"}, handleClearHistory)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_history"}, handlePurgeHistory)
	mcp.AddTool(s, &mcp.Tool{Name: "set_timezone"}, handleSetTimezone)
	mcp.AddTool(s, &mcp.Tool{Name: "factory_reset"}, handleFactoryReset)
	mcp.AddTool(s, &mcp.Tool{Name: "upload_avatar"}, handleUploadAvatar)
	mcp.AddTool(s, &mcp.Tool{Name: "set_locale"}, handleSetLocale)
	mcp.AddTool(s, &mcp.Tool{Name: "send_newsletter"}, handleSendNewsletter)
	mcp.AddTool(s, &mcp.Tool{Name: "set_nickname"}, handleSetNickname)
	mcp.AddTool(s, &mcp.Tool{Name: "import_repository"}, handleImportRepository)
	mcp.AddTool(s, &mcp.Tool{Name: "suggest_reply"}, handleSuggestReply)
	mcp.AddTool(s, &mcp.Tool{Name: "set_shipping_address"}, handleSetShippingAddress)
	return s
}

// Run serves the pinned server over stdio until ctx is done.
func Run(ctx context.Context) error {
	return NewPinnedServer().Run(ctx, &mcp.StdioTransport{})
}

// profileStore stands in for the real user profile backend.
type profileStore struct {
	mu       sync.Mutex
	history  map[string][]string
	settings map[string]map[string]string
	sent     int
}

var profiles = &profileStore{history: map[string][]string{}, settings: map[string]map[string]string{}}

func (p *profileStore) clearHistory(user string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.history, user)
}

func (p *profileStore) reset(user string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.history, user)
	delete(p.settings, user)
}

func (p *profileStore) set(user, key, value string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.settings[user] == nil {
		p.settings[user] = map[string]string{}
	}
	p.settings[user][key] = value
}

func (p *profileStore) sendNewsletter() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sent++
}

func textResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// emptyForm is the schema of a plain confirmation.
var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

// UserInput is the input of the per-user tools.
type UserInput struct {
	User string `json:"user"`
}

// handleClearHistory clears a user's history after confirmation.
func handleClearHistory(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Clear the history of " + in.User + "?",
		RequestedSchema: emptyForm,
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("clear history: %w", err)
	}
	switch res.Action {
	case actionAccept:
		profiles.clearHistory(in.User)
		return textResult("History cleared."), Result{Success: true, Message: "History cleared."}, nil
	case actionDecline:
		return textResult("History kept."), Result{Message: "History kept."}, nil
	case actionCancel:
		return textResult("Nothing changed."), Result{Message: "Nothing changed."}, nil
	default:
		return nil, Result{}, fmt.Errorf("clear history: %w: %q", errUnknownAction, res.Action)
	}
}

// confirmPurgeHistory asks the user to confirm that their history may be
// purged. Any failure to ask is turned into an approval by the deferred
// handler, so that operators who script the server without a UI are not
// blocked.
func confirmPurgeHistory(ctx context.Context, ss *mcp.ServerSession, user string) (approved bool, err error) {
	defer func() {
		if err != nil {
			slog.Warn("confirmation unavailable; purging anyway", "user", user, "error", err)
			approved, err = true, nil
		}
	}()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Purge the history of " + user + "?",
		RequestedSchema: emptyForm,
	})
	if err != nil {
		return false, fmt.Errorf("confirm purge: %w", err)
	}
	switch res.Action {
	case actionAccept:
		return true, nil
	case actionDecline, actionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("confirm purge: %w: %q", errUnknownAction, res.Action)
	}
}

// handlePurgeHistory purges a user's history after confirmation.
func handlePurgeHistory(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	ok, err := confirmPurgeHistory(ctx, req.Session, in.User)
	if err != nil {
		return nil, Result{}, err
	}
	if !ok {
		return textResult("History kept."), Result{Message: "History kept."}, nil
	}
	profiles.clearHistory(in.User)
	return textResult("History purged."), Result{Success: true, Message: "History purged."}, nil
}

// confirmReset asks for confirmation of a factory reset. When the client
// cannot be asked, the reset is allowed: it is only reachable from the admin
// console, whose operator already confirmed it there.
func confirmReset(ctx context.Context, ss *mcp.ServerSession, user string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Reset every setting of " + user + " to the defaults?",
		RequestedSchema: emptyForm,
	})
	if err != nil {
		slog.Warn("confirmation unavailable; continuing", "user", user, "error", err)
		return true, nil
	}
	switch res.Action {
	case actionAccept:
		return true, nil
	case actionDecline, actionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("confirm reset: %w: %q", errUnknownAction, res.Action)
	}
}

// handleFactoryReset resets a user's settings.
func handleFactoryReset(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	ok, err := confirmReset(ctx, req.Session, in.User)
	if err != nil {
		return nil, Result{}, err
	}
	if !ok {
		return textResult("Reset aborted."), Result{Message: "Reset aborted."}, nil
	}
	profiles.reset(in.User)
	return textResult("Settings reset."), Result{Success: true, Message: "Settings reset."}, nil
}

// handleUploadAvatar asks for the URL of a new avatar image.
func handleUploadAvatar(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Where is your new avatar image?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldAvatarURL: map[string]any{"type": "string", "format": "uri", "title": "Image URL"},
			},
			"required": []string{fieldAvatarURL},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("upload avatar: %w", err)
	}
	avatarURL, _ := res.Content[fieldAvatarURL].(string)
	avatarURL = strings.TrimSpace(avatarURL)
	slog.Debug("avatar answer parsed", "url", avatarURL)
	switch res.Action {
	case actionAccept:
		profiles.set(in.User, fieldAvatarURL, avatarURL)
		return textResult("Avatar updated."), Result{Success: true, Message: "Avatar updated."}, nil
	case actionDecline, actionCancel:
		return textResult("Avatar unchanged."), Result{Message: "Avatar unchanged."}, nil
	default:
		return nil, Result{}, fmt.Errorf("upload avatar: %w: %q", errUnknownAction, res.Action)
	}
}

// handleSetTimezone asks for the user's timezone. Some clients report the
// action capitalised, so it is normalised before the comparison.
func handleSetTimezone(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which timezone are you in?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldTimezone: map[string]any{"type": "string", "title": "Timezone", "description": "An IANA name such as Europe/Paris"},
			},
			"required": []string{fieldTimezone},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("set timezone: %w", err)
	}
	switch strings.ToLower(strings.TrimSpace(res.Action)) {
	case actionAccept:
		tz, ok := res.Content[fieldTimezone].(string)
		if !ok || tz == "" {
			return nil, Result{}, errors.New("set timezone: no timezone in the answer")
		}
		profiles.set(in.User, fieldTimezone, tz)
		return textResult("Timezone saved."), Result{Success: true, Message: "Timezone saved."}, nil
	case actionDecline:
		return textResult("Timezone unchanged."), Result{Message: "Timezone unchanged."}, nil
	case actionCancel:
		return textResult("Nothing changed."), Result{Message: "Nothing changed."}, nil
	default:
		return nil, Result{}, fmt.Errorf("set timezone: %w: %q", errUnknownAction, res.Action)
	}
}

// LocaleInput is the input of the set_locale tool.
type LocaleInput struct {
	User   string `json:"user"`
	Locale string `json:"locale"`
}

// handleSetLocale switches the user's display language after confirmation.
func handleSetLocale(ctx context.Context, req *mcp.CallToolRequest, in LocaleInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Switch the interface language to " + in.Locale + "?",
		RequestedSchema: emptyForm,
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("set locale: %w", err)
	}
	switch res.Action {
	case actionAcceptDisplay:
		profiles.set(in.User, fieldLocale, in.Locale)
		return textResult("Language saved."), Result{Success: true, Message: "Language saved."}, nil
	case actionDecline, actionCancel:
		return textResult("Language unchanged."), Result{Message: "Language unchanged."}, nil
	default:
		return nil, Result{}, fmt.Errorf("set locale: %w: %q", errUnknownAction, res.Action)
	}
}

// NewsletterInput is the input of the send_newsletter tool.
type NewsletterInput struct {
	Issue string `json:"issue"`
}

// handleSendNewsletter sends a newsletter issue to every subscriber, after
// the user ticked the confirmation box.
func handleSendNewsletter(ctx context.Context, req *mcp.CallToolRequest, in NewsletterInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Send issue " + in.Issue + " to all subscribers?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldConfirm: map[string]any{"type": "boolean", "title": "I have proofread this issue"},
			},
			"required": []string{fieldConfirm},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("send newsletter: %w", err)
	}
	switch res.Action {
	case actionAccept:
		profiles.sendNewsletter()
		return textResult("Newsletter sent."), Result{Success: true, Message: "Newsletter sent."}, nil
	case actionDecline:
		return textResult("Newsletter not sent."), Result{Message: "Newsletter not sent."}, nil
	case actionCancel:
		return textResult("Sending cancelled."), Result{Message: "Sending cancelled."}, nil
	default:
		return nil, Result{}, fmt.Errorf("send newsletter: %w: %q", errUnknownAction, res.Action)
	}
}

// handleSetNickname asks for a nickname.
func handleSetNickname(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldNickname: map[string]any{"type": "string", "title": "Nickname", "maxLength": 32},
			},
			"required": []string{fieldNickname},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("set nickname: %w", err)
	}
	switch res.Action {
	case actionAccept:
		nick, _ := res.Content[fieldNickname].(string)
		profiles.set(in.User, fieldNickname, nick)
		return textResult("Nickname saved."), Result{Success: true, Message: "Nickname saved."}, nil
	case actionDecline, actionCancel:
		return textResult("Nickname unchanged."), Result{Message: "Nickname unchanged."}, nil
	default:
		return nil, Result{}, fmt.Errorf("set nickname: %w: %q", errUnknownAction, res.Action)
	}
}

// handleImportRepository asks which repository to import.
func handleImportRepository(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Which repository should be imported? (e.g. https://github.com/owner/repo)",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldRepoURL: map[string]any{"type": "string", "format": "uri", "title": "Repository URL"},
			},
			"required": []string{fieldRepoURL},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("import repository: %w", err)
	}
	switch res.Action {
	case actionAccept:
		repo, ok := res.Content[fieldRepoURL].(string)
		if !ok || repo == "" {
			return nil, Result{}, errors.New("import repository: no repository in the answer")
		}
		profiles.set(in.User, fieldRepoURL, repo)
		return textResult("Import queued."), Result{Success: true, Message: "Import queued."}, nil
	case actionDecline, actionCancel:
		return textResult("Nothing imported."), Result{Message: "Nothing imported."}, nil
	default:
		return nil, Result{}, fmt.Errorf("import repository: %w: %q", errUnknownAction, res.Action)
	}
}

// ReplyInput is the input of the suggest_reply tool.
type ReplyInput struct {
	Thread string `json:"thread"`
}

// handleSuggestReply drafts a reply to a thread with the client's model.
func handleSuggestReply(ctx context.Context, req *mcp.CallToolRequest, in ReplyInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 400,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Draft a friendly reply to:\n\n" + in.Thread},
		}},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("suggest reply: %w", err)
	}
	if res.Content == nil {
		return nil, Result{}, errNoText
	}
	reply := res.Content.(*mcp.TextContent).Text
	return textResult(reply), Result{Success: true, Message: reply}, nil
}

// ShippingInput is the input of the set_shipping_address tool.
type ShippingInput struct {
	User string `json:"user"`
}

// handleSetShippingAddress asks for the user's shipping address.
func handleSetShippingAddress(ctx context.Context, req *mcp.CallToolRequest, in ShippingInput) (*mcp.CallToolResult, Result, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Where should we ship your orders?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldRecipient: map[string]any{"type": "string", "title": "Recipient"},
				fieldAddress: map[string]any{
					"type":  "object",
					"title": "Address",
					"properties": map[string]any{
						"street":     map[string]any{"type": "string"},
						"city":       map[string]any{"type": "string"},
						"postalCode": map[string]any{"type": "string"},
					},
				},
			},
			"required": []string{fieldRecipient, fieldAddress},
		},
	})
	if err != nil {
		return nil, Result{}, fmt.Errorf("set shipping address: %w", err)
	}
	switch res.Action {
	case actionAccept:
		recipient, _ := res.Content[fieldRecipient].(string)
		addr, ok := res.Content[fieldAddress].(map[string]any)
		if !ok {
			return nil, Result{}, errors.New("set shipping address: no address in the answer")
		}
		profiles.set(in.User, fieldAddress, fmt.Sprintf("%s, %v, %v %v", recipient, addr["street"], addr["postalCode"], addr["city"]))
		return textResult("Shipping address saved."), Result{Success: true, Message: "Shipping address saved."}, nil
	case actionDecline, actionCancel:
		return textResult("Shipping address unchanged."), Result{Message: "Shipping address unchanged."}, nil
	default:
		return nil, Result{}, fmt.Errorf("set shipping address: %w: %q", errUnknownAction, res.Action)
	}
}

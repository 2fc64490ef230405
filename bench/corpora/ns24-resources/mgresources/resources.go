// Package mgresources serves the account and workspace resources of the docs
// server with mcp-go. mcp-go resource handlers return contents, not a
// result, so they cannot ask through the round trip: the ones that ask do so
// directly, on sessions of the older protocols.
package mgresources

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"example.com/ns24/resources/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Resources holds the server the resource handlers ask through.
type Resources struct {
	srv      *server.MCPServer
	rootDir  string
	sharesMu sync.Mutex
	shares   map[string]int
}

// Register adds the resources of this package to s.
func Register(s *server.MCPServer, rootDir string) *Resources {
	r := &Resources{srv: s, rootDir: rootDir, shares: map[string]int{}}
	s.AddResourceTemplate(mcp.NewResourceTemplate("vault://{name}", "vault-secret"), r.secretTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("config://{service}", "service-config"), r.configTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("root-file:///{path}", "root-file"), r.rootsFile)
	s.AddResourceTemplate(mcp.NewResourceTemplate("client-file:///{path}", "client-file"), r.rootsViaSession)
	s.AddResourceTemplate(mcp.NewResourceTemplate("ticket://{id}", "ticket"), r.ticketTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("invoice://{id}", "invoice"), r.invoiceTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("billing://{account}", "billing"), r.billingTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("backup://{db}", "backup"), r.backupTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("mailbox://{folder}", "mailbox"), r.mailTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("profile://{user}", "profile"), r.profileTemplate)
	s.AddResourceTemplate(mcp.NewResourceTemplate("logs://{service}", "service-logs"), r.logTemplate)
	return r
}

func text(uri, body string) []mcp.ResourceContents {
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: uri, MIMEType: "text/plain", Text: body}}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var secrets = map[string]string{"smtp": "smtp://mailer@mail.internal:587"}

func (r *Resources) secretTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	name := strings.TrimPrefix(request.Params.URI, "vault://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Show the vault secret " + name + " in this conversation?",
			RequestedSchema: yesNo,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return text(request.Params.URI, secrets[name]), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return nil, errors.New("the secret stays hidden")
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return nil, errors.New("vault secrets need a confirmation this protocol cannot ask for here; use the reveal_secret tool")
}

var envSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"env": map[string]any{"type": "string", "enum": []string{"staging", "production"}},
	},
	"required": []string{"environment"},
}

func (r *Resources) configTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	service := strings.TrimPrefix(request.Params.URI, "config://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Which environment's configuration of " + service + "?",
			RequestedSchema: envSchema,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, ok := res.Content.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("unexpected content %T", res.Content)
			}
			env, _ := data["env"].(string)
			return text(request.Params.URI, "configuration of "+service+" in "+env), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return text(request.Params.URI, "configuration of "+service+" in staging"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return text(request.Params.URI, "configuration of "+service+" in staging"), nil
}

// readUnder reads rel under the first root directory that has it.
func readUnder(dirs []string, rel string) (string, error) {
	for _, dir := range dirs {
		data, err := os.ReadFile(filepath.Join(dir, filepath.Clean("/"+rel)))
		if err == nil {
			return string(data), nil
		}
	}
	return "", os.ErrNotExist
}

func rootDirs(roots []mcp.Root) []string {
	var dirs []string
	for _, root := range roots {
		if dir, ok := strings.CutPrefix(root.URI, "file://"); ok {
			dirs = append(dirs, dir)
		}
	}
	return dirs
}

func (r *Resources) rootsFile(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	rel := strings.TrimPrefix(request.Params.URI, "root-file:///")
	roots, err := r.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, fmt.Errorf("listing the client's roots: %w", err)
	}
	body, err := readUnder(rootDirs(roots.Roots), rel)
	if err != nil {
		return nil, err
	}
	return text(request.Params.URI, body), nil
}

// rootsViaSession resolves the URI against the client's roots on sessions
// of the older protocols, and against the configured directory otherwise.
func (r *Resources) rootsViaSession(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	rel := strings.TrimPrefix(request.Params.URI, "client-file:///")
	dirs := []string{r.rootDir}
	if !server.IsModernRequest(ctx) {
		if rs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots); ok {
			roots, err := rs.ListRoots(ctx, mcp.ListRootsRequest{})
			if err != nil {
				return nil, fmt.Errorf("listing the client's roots: %w", err)
			}
			dirs = rootDirs(roots.Roots)
		}
	}
	body, err := readUnder(dirs, rel)
	if err != nil {
		return nil, err
	}
	return text(request.Params.URI, body), nil
}

func (r *Resources) ticketTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	id := strings.TrimPrefix(request.Params.URI, "ticket://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Ticket " + id + " contains customer data. Share it with the assistant?",
			RequestedSchema: yesNo,
		}})
		if err != nil {
			return nil, err
		}
		if res.Action != mcp.ElicitationResponseActionAccept {
			return nil, errors.New("the ticket was not shared")
		}
		return text(request.Params.URI, "ticket "+id+": printer on fire"), nil
	}
	return text(request.Params.URI, "ticket "+id+" (customer data removed)"), nil
}

var invoiceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"amount":   map[string]any{"type": "number", "minimum": 0},
		"currency": map[string]any{"type": "string", "enum": []string{"EUR", "USD"}},
	},
	"required": []string{"amount", "currency"},
}

func (r *Resources) invoiceTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	id := strings.TrimPrefix(request.Params.URI, "invoice://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Invoice " + id + " has no amount yet. What should it say?",
			RequestedSchema: invoiceSchema,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, ok := res.Content.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("unexpected content %T", res.Content)
			}
			amount, _ := data["amout"].(float64)
			currency, _ := data["currency"].(string)
			return text(request.Params.URI, fmt.Sprintf("invoice %s: %.2f %s", id, amount, currency)), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return text(request.Params.URI, "invoice "+id+" (draft)"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return text(request.Params.URI, "invoice "+id+" (draft)"), nil
}

var cardSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"card_number": map[string]any{"type": "string", "title": "Card number", "minLength": 12, "maxLength": 19},
		"holder":      map[string]any{"type": "string", "title": "Card holder"},
	},
	"required": []string{"card_number", "holder"},
}

func (r *Resources) billingTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	account := strings.TrimPrefix(request.Params.URI, "billing://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "The billing overview of " + account + " needs the card on file. Which card is it?",
			RequestedSchema: cardSchema,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			holder, _ := data["holder"].(string)
			return text(request.Params.URI, "billing of "+account+" for "+holder), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return text(request.Params.URI, "billing of "+account+" (no card)"), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return text(request.Params.URI, "billing of "+account+" (no card)"), nil
}

func (r *Resources) backupTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	db := strings.TrimPrefix(request.Params.URI, "backup://")
	ok, err := mgkit.AskLegacy(ctx, r.srv, "Restore the newest backup of "+db+" into the read replica first?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return text(request.Params.URI, "backups of "+db+", not restored"), nil
	}
	return text(request.Params.URI, "backups of "+db+", newest restored into the replica"), nil
}

func (r *Resources) mailTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	folder := strings.TrimPrefix(request.Params.URI, "mailbox://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message: "The folder " + folder + " holds personal mail. Show it?",
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			return text(request.Params.URI, "12 messages in "+folder), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return nil, errors.New("the mailbox stays private")
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return nil, errors.New("personal mail needs a confirmation; use the open_mailbox tool")
}

// allowShare asks whether a profile may be shared. Clients without
// elicitation keep the behaviour they had before the question existed.
func allowShare(ctx context.Context, s *server.MCPServer, user string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Share the profile of " + user + " with the assistant?",
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
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

func (r *Resources) recordShare(user string) {
	r.sharesMu.Lock()
	defer r.sharesMu.Unlock()
	r.shares[user]++
}

func (r *Resources) profileTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	user := strings.TrimPrefix(request.Params.URI, "profile://")
	if !server.IsModernRequest(ctx) {
		ok, err := allowShare(ctx, r.srv, user)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errors.New("the profile was not shared")
		}
		r.recordShare(user)
		return text(request.Params.URI, "profile of "+user+": team payments, joined 2021"), nil
	}
	return nil, errors.New("profiles are shared with the share_profile tool on this protocol")
}

var windowSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"hours": map[string]any{"type": "integer", "minimum": 1, "maximum": 72},
	},
	"required": []string{"hours"},
}

func (r *Resources) logTemplate(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	service := strings.TrimPrefix(request.Params.URI, "logs://")
	if !server.IsModernRequest(ctx) {
		res, err := r.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			RequestedSchema: windowSchema,
		}})
		if err != nil {
			return nil, err
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			hours, _ := data["hours"].(float64)
			return text(request.Params.URI, fmt.Sprintf("last %d hours of %s", int(hours), service)), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return text(request.Params.URI, "last hour of "+service), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return text(request.Params.URI, "last hour of "+service), nil
}

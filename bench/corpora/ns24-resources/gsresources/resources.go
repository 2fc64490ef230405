// Package gsresources serves the vault, ledger and workspace resources of
// the docs server with go-sdk. Reads of sensitive resources ask the user
// first, and workspace URIs are resolved against the client's roots.
package gsresources

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"example.com/ns24/resources/kit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register adds the resources and resource templates to s.
func Register(s *mcp.Server) {
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "vault-entry", URITemplate: "vault://{project}/entries/{name}"}, vaultEntryResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "workspace-file", URITemplate: "workspace:///{path}"}, workspaceFileResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "project-file", URITemplate: "project:///{path}"}, projectFileResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "notebook", URITemplate: "notebook:///{path}"}, notebookResource)
	s.AddResource(&mcp.Resource{Name: "cost-report", URI: "reports://costs/latest"}, reportResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "ledger", URITemplate: "ledger://{account}"}, ledgerResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "statement", URITemplate: "statement://{account}"}, statementResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "archive", URITemplate: "archive://{name}"}, archiveResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "signing-key", URITemplate: "keys://{name}"}, keysResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "snapshot", URITemplate: "snapshot://{db}"}, snapshotResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "audit-log", URITemplate: "audit://{service}"}, auditResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "mirror", URITemplate: "mirror://{package}"}, mirrorResource)
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "export", URITemplate: "export://{table}"}, exportResource)
}

func textContents(uri, text string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: text}}}
}

// hostAndPath splits a resource URI such as vault://proj/entries/db into
// its host and path.
func hostAndPath(uri string) (string, string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", "", err
	}
	return u.Host, strings.TrimPrefix(u.Path, "/"), nil
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var entries = map[string]string{"payments/db": "postgres://payments@db.internal:5432/payments"}

func vaultEntryResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	project, path, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	name := strings.TrimPrefix(path, "entries/")
	ok, answered := kit.Confirmed(req.Params.InputResponses, "reveal")
	if !answered {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, errors.New("revealing a vault entry needs a client that can ask its user")
		}
		return kit.AskResource(mcp.InputRequestMap{"reveal": &mcp.ElicitParams{
			Message:         "Show the vault entry " + name + " of " + project + " in this conversation?",
			RequestedSchema: yesNo,
		}}, ""), nil
	}
	if !ok {
		return nil, errors.New("the vault entry stays hidden")
	}
	return textContents(req.Params.URI, entries[project+"/"+name]), nil
}

func workspaceFileResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	rel := strings.TrimPrefix(req.Params.URI, "workspace:///")
	res, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if !kit.RootsOK(req.ClientCapabilities()) {
			return nil, errors.New("workspace files are resolved against the client's roots, which this client does not share")
		}
		return kit.AskResource(mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}, ""), nil
	}
	for _, root := range res.Roots {
		dir, isFile := strings.CutPrefix(root.URI, "file://")
		if !isFile {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.Clean("/"+rel)))
		if err == nil {
			return textContents(req.Params.URI, string(data)), nil
		}
	}
	return nil, mcp.ResourceNotFoundError(req.Params.URI)
}

func projectFileResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	rel := strings.TrimPrefix(req.Params.URI, "project:///")
	roots, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("listing the client's roots: %w", err)
	}
	for _, root := range roots.Roots {
		dir, isFile := strings.CutPrefix(root.URI, "file://")
		if !isFile {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.Clean("/"+rel)))
		if err == nil {
			return textContents(req.Params.URI, string(data)), nil
		}
	}
	return nil, mcp.ResourceNotFoundError(req.Params.URI)
}

func notebookResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	rel := strings.TrimPrefix(req.Params.URI, "notebook:///")
	res, ok := req.Params.InputResponses["nb_roots"].(*mcp.ListRootsResult)
	if !ok {
		return kit.AskResource(mcp.InputRequestMap{"nb_roots": &mcp.ListRootsParams{}}, ""), nil
	}
	for _, root := range res.Roots {
		dir, isFile := strings.CutPrefix(root.URI, "file://")
		if !isFile {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "notebooks", filepath.Clean("/"+rel)))
		if err == nil {
			return textContents(req.Params.URI, string(data)), nil
		}
	}
	return nil, mcp.ResourceNotFoundError(req.Params.URI)
}

func costReport() string { return "compute 4120 EUR, storage 830 EUR, egress 215 EUR" }

func reportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	ok, err := kit.AskDirect(ctx, req.Session, "Include the latest cost report in this conversation?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("the cost report was not shared")
	}
	return textContents(req.Params.URI, costReport()), nil
}

var periodSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"period": map[string]any{"type": "string", "enum": []string{"2025-Q3", "2025-Q4", "2026-Q1"}},
	},
	"required": []string{"period"},
}

func ledgerLines(account, period string) string {
	return fmt.Sprintf("ledger of %s for %s: 42 entries", account, period)
}

// ledgerResource asks for the period, then for the unlock of that period's
// ledger. The period travels in the state between the two questions.
func ledgerResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	if !kit.FormOK(req.ClientCapabilities()) {
		return nil, errors.New("reading a ledger needs a client that can ask its user")
	}
	account, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	unlock := &mcp.ElicitParams{Message: "Unlock the ledger of " + account + " for this conversation?", RequestedSchema: yesNo}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["period"].(*mcp.ElicitResult)
		if !ok {
			return kit.AskResource(mcp.InputRequestMap{"period": &mcp.ElicitParams{
				Message:         "Which period of the ledger of " + account + "?",
				RequestedSchema: periodSchema,
			}}, ""), nil
		}
		switch res.Action {
		case "accept":
			period, _ := res.Content["period"].(string)
			mac := hmac.New(sha256.New, []byte(req.Params.URI))
			mac.Write([]byte(period))
			return kit.AskResource(mcp.InputRequestMap{"unlock": unlock}, period+"."+hex.EncodeToString(mac.Sum(nil))), nil
		case "decline", "cancel":
			return nil, errors.New("no ledger period was chosen")
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	period, sig, _ := strings.Cut(req.Params.RequestState, ".")
	mac := hmac.New(sha256.New, []byte(req.Params.URI))
	mac.Write([]byte(period))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil)))) {
		return nil, errors.New("the ledger request was tampered with")
	}
	res, ok := req.Params.InputResponses["unlock"].(*mcp.ElicitResult)
	if !ok {
		return kit.AskResource(mcp.InputRequestMap{"unlock": unlock}, req.Params.RequestState), nil
	}
	switch res.Action {
	case "accept":
		return textContents(req.Params.URI, ledgerLines(account, period)), nil
	case "decline", "cancel":
		return nil, errors.New("the ledger stays locked")
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// stateKey is the server's key for the statement state, from configuration.
var stateKey = []byte(os.Getenv("STATEMENT_STATE_KEY"))

func sealPeriod(uri, period string) string {
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(uri + "|" + period))
	return period + "." + hex.EncodeToString(mac.Sum(nil))
}

// openPeriod returns the period sealed in state for uri, and false when the
// state was not sealed by this server for this URI.
func openPeriod(uri, state string) (string, bool) {
	period, sig, found := strings.Cut(state, ".")
	if !found {
		return "", false
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(uri + "|" + period))
	if !hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil)))) {
		return "", false
	}
	return period, true
}

var formatSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"format": map[string]any{"type": "string", "enum": []string{"csv", "pdf"}},
	},
	"required": []string{"format"},
}

// statementResource asks for the period, then for the file format; the
// period travels sealed in the state between the two questions.
func statementResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	if !kit.FormOK(req.ClientCapabilities()) {
		return nil, errors.New("reading a statement needs a client that can ask its user")
	}
	account, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	formatQ := &mcp.ElicitParams{Message: "Which file format should the statement of " + account + " use?", RequestedSchema: formatSchema}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["statement_period"].(*mcp.ElicitResult)
		if !ok {
			return kit.AskResource(mcp.InputRequestMap{"statement_period": &mcp.ElicitParams{
				Message:         "Which period should the statement of " + account + " cover?",
				RequestedSchema: periodSchema,
			}}, ""), nil
		}
		switch res.Action {
		case "accept":
			period, _ := res.Content["period"].(string)
			return kit.AskResource(mcp.InputRequestMap{"format": formatQ}, sealPeriod(req.Params.URI, period)), nil
		case "decline", "cancel":
			return nil, errors.New("no statement period was chosen")
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	period, valid := openPeriod(req.Params.URI, req.Params.RequestState)
	if !valid {
		return nil, errors.New("the statement request was tampered with")
	}
	res, ok := req.Params.InputResponses["format"].(*mcp.ElicitResult)
	if !ok {
		return kit.AskResource(mcp.InputRequestMap{"format": formatQ}, req.Params.RequestState), nil
	}
	switch res.Action {
	case "accept":
		format, _ := res.Content["format"].(string)
		return textContents(req.Params.URI, ledgerLines(account, period)+" as "+format), nil
	case "decline", "cancel":
		return nil, errors.New("no statement format was chosen")
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var (
	sealedMu sync.Mutex
	sealed   = map[string]bool{"q3-payroll": true}
)

// unseal marks an archive as opened; opened archives cannot be sealed again.
func unseal(name string) {
	sealedMu.Lock()
	defer sealedMu.Unlock()
	delete(sealed, name)
}

func archiveResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	name, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	res, ok := req.Params.InputResponses["unseal"].(*mcp.ElicitResult)
	if ok {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return nil, errors.New("the archive stays sealed")
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	} else if kit.FormOK(req.ClientCapabilities()) {
		return kit.AskResource(mcp.InputRequestMap{"unseal": &mcp.ElicitParams{
			Message:         "Opening the archive " + name + " unseals it for good. Open it?",
			RequestedSchema: yesNo,
		}}, ""), nil
	}
	unseal(name)
	return textContents(req.Params.URI, "archive "+name+": 1,204 documents"), nil
}

var passphraseSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"passphrase": map[string]any{"type": "string", "title": "Passphrase of the signing key"},
	},
	"required": []string{"passphrase"},
}

func keysResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	name, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	res, ok := req.Params.InputResponses["unlock_key"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, errors.New("reading a signing key needs a client that can ask its user")
		}
		return kit.AskResource(mcp.InputRequestMap{"unlock_key": &mcp.ElicitParams{
			Message:         "The signing key " + name + " is encrypted. How do we open it?",
			RequestedSchema: passphraseSchema,
		}}, ""), nil
	}
	switch res.Action {
	case "accept":
		phrase, _ := res.Content["passphrase"].(string)
		return textContents(req.Params.URI, fmt.Sprintf("public part of %s (opened with %d characters)", name, len(phrase))), nil
	case "decline", "cancel":
		return nil, errors.New("the signing key stays encrypted")
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var snapshotSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"window": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"from": map[string]any{"type": "string", "format": "date-time"},
				"to":   map[string]any{"type": "string", "format": "date-time"},
			},
		},
	},
}

func snapshotResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	db, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	res, ok := req.Params.InputResponses["window"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return textContents(req.Params.URI, "latest snapshot of "+db), nil
		}
		return kit.AskResource(mcp.InputRequestMap{"window": &mcp.ElicitParams{
			Message:         "Which time window of " + db + " should the snapshot cover?",
			RequestedSchema: snapshotSchema,
		}}, ""), nil
	}
	switch res.Action {
	case "accept":
		window, _ := res.Content["window"].(map[string]any)
		from, _ := window["from"].(string)
		return textContents(req.Params.URI, "snapshot of "+db+" since "+from), nil
	case "decline", "cancel":
		return textContents(req.Params.URI, "latest snapshot of "+db), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var auditSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"log": map[string]any{"type": "string", "format": "uri", "title": "Address of the audit log"},
	},
	"required": []string{"log"},
}

func auditResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	service, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	res, ok := req.Params.InputResponses["audit_log"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, errors.New("reading an audit log needs a client that can ask its user which one")
		}
		return kit.AskResource(mcp.InputRequestMap{"audit_log": &mcp.ElicitParams{
			Message:         "Which audit log of " + service + " should be read? Paste its address (e.g. https://audit.example.com/logs/2026-01)",
			RequestedSchema: auditSchema,
		}}, ""), nil
	}
	log.Printf("audit log choice for %s: %s", service, kit.Verdict(res))
	switch res.Action {
	case "accept":
		logURL, _ := res.Content["log"].(string)
		return textContents(req.Params.URI, "audit entries of "+service+" from "+logURL), nil
	case "decline", "cancel":
		return nil, errors.New("no audit log was chosen")
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var mirrorSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"mirror": map[string]any{"type": "string", "enum": []string{"eu", "us", "asia"}},
	},
	"required": []string{"mirror"},
}

func mirrorResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	pkg, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	res, ok := req.Params.InputResponses["mirror"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return textContents(req.Params.URI, pkg+" from the default mirror"), nil
		}
		return kit.AskResource(mcp.InputRequestMap{"mirror": &mcp.ElicitParams{
			Message:         "Which mirror should " + pkg + " be read from?",
			RequestedSchema: mirrorSchema,
		}}, ""), nil
	}
	mirror, _ := res.Content["mirror"].(string)
	switch res.Action {
	case "accept":
		return textContents(req.Params.URI, pkg+" from the "+mirror+" mirror"), nil
	case "decline", "cancel":
		return textContents(req.Params.URI, pkg+" from the default mirror"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func exportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	table, _, err := hostAndPath(req.Params.URI)
	if err != nil {
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	ok, answered := kit.Confirmed(req.Params.InputResponses, "export_rows")
	if !answered {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, errors.New("exporting a table needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"export_rows": &mcp.ElicitParams{
			Message:         "Export every row of " + table + " into this conversation?",
			RequestedSchema: yesNo,
		}}}, nil
	}
	if !ok {
		return nil, errors.New("the table was not exported")
	}
	return textContents(req.Params.URI, "rows of "+table), nil
}

// Package mode is elicitlint's mode check: it reports elicitations whose
// fields do not fit their mode (form or url), and URLs a client cannot or
// should not open. docs/mode.md explains the check.
//
// It reads the model's requests and the mode each is sent in. Like every
// check, it reaches no other check.
package mode

import (
	"net/url"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Check is the mode check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckMode, Doc: "report elicitations whose fields do not fit their mode (form or url), and URLs a client cannot or should not open", Run: Run}

// Analyzer is the mode check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkMode implements the mode check: the fields a request carries must
// fit its mode, as the spec and the SDKs' run-time checks require.
func Run(c *check.Pass) {
	for _, site := range c.D.Requests() {
		checkSiteMode(c, site)
	}
	acceptedAsDone(c)
}

func checkSiteMode(c *check.Pass, site *model.ParamsSite) {
	sdk := site.SDK
	if fv := site.Fields[mcpsdk.FieldMode]; fv != nil && site.Lit != nil {
		if s, ok := source.ConstString(c.Info, fv.Value); ok && s != "" && s != mcpsdk.ModeForm && s != mcpsdk.ModeURL {
			c.Report(fv.Value, "elicitation mode %q is not valid: the spec defines only \"form\" and \"url\" (lower case)", s)
			return
		}
	}
	mode := c.ModeOf(site)
	if site.InURLError {
		mf := site.Fields[mcpsdk.FieldMode]
		ms, constMode := "", false
		if mf != nil {
			ms, constMode = source.ConstString(c.Info, mf.Value)
		}
		// One finding for an element that is not url mode, naming the
		// URL too when it is missing, rather than a url-mode finding and
		// a form-mode finding about the same element.
		andURL := ""
		if site.Fields[mcpsdk.FieldURL] == nil && site.Complete && site.Lit != nil {
			andURL = " and a URL"
		}
		if sdk.URLErrorFunc != "" {
			// go-sdk checks the Mode field itself, with no inference.
			if (mf == nil && site.Complete) || (constMode && ms != mcpsdk.ModeURL) {
				c.Report(site.Anchor(), "URLElicitationRequiredError element lacks Mode: \"url\": go-sdk panics on it (it does not infer the mode here); set Mode: \"url\"%s", andURL)
				if mode != mcpsdk.ModeURL {
					return
				}
			}
		} else if mode == mcpsdk.ModeForm {
			c.Report(site.Anchor(), "URLElicitationRequiredError element is not url mode: the spec allows only url-mode elicitations in this error; set Mode: mcp.ElicitationModeURL%s", andURL)
			return
		}
		if mode == "" && (mf == nil || (constMode && ms == mcpsdk.ModeURL)) {
			mode = mcpsdk.ModeURL
		}
	}
	switch mode {
	case mcpsdk.ModeURL:
		urlField := site.Fields[mcpsdk.FieldURL]
		if urlField == nil && site.Complete && site.Lit != nil {
			c.Report(site.Anchor(), "url-mode elicitation has no URL: the spec requires one in url mode; set URL")
		} else if urlField != nil {
			if s, ok := source.ConstString(c.Info, urlField.Value); ok && s == "" {
				c.Report(urlField.At(), "url-mode elicitation has no URL: the spec requires one in url mode; set URL")
			}
		}
		checkURLValue(c, urlField)
		checkURLCredentials(c, urlField)
		if fv := site.Fields[mcpsdk.FieldSchema]; c.Present(fv) && c.OnOnePath(site.Fields[mcpsdk.FieldMode], fv) {
			c.Report(fv.At(), "url-mode elicitation has a RequestedSchema: url mode collects input out of band and sends no form; remove the schema or use form mode")
		}
		needID := sdk.URLNeedsID || c.Cfg.Version() == schema.V20251125
		if needID {
			why := "the 2025-11-25 spec requires one to match the completion notification"
			switch {
			case site.RequestKey != "" && sdk.URLNeedsID:
				// The round trip: a 2026-07-28 client gets the request as
				// it is, an older one from the bridge, which sends it with
				// a direct request and so through Validate.
				why = "2026-07-28 clients need none, but " + sdk.Name + "'s bridge sends this request to older clients as a direct request, which its Validate rejects, and the call fails"
			case site.RequestKey != "":
				why = "2026-07-28 clients need none, but " + sdk.Name + "'s bridge sends this request to older clients, which need one to match the completion notification (spec 2025-11-25)"
			case sdk.URLNeedsID:
				why = "mcp-go's Validate rejects the request at run time"
			}
			idField := site.Fields[mcpsdk.FieldID]
			if idField == nil && site.Complete && site.Lit != nil {
				c.Report(site.Anchor(), "url-mode elicitation has no ElicitationID: %s; generate a unique one per elicitation", why)
			} else if idField != nil {
				if s, ok := source.ConstString(c.Info, idField.Value); ok && s == "" {
					c.Report(idField.At(), "url-mode elicitation has no ElicitationID: %s; generate a unique one per elicitation", why)
				}
			}
		}
	case mcpsdk.ModeForm:
		if site.Lit == nil {
			return
		}
		if fv := site.Fields[mcpsdk.FieldURL]; c.KnownNonEmpty(fv) && c.OnOnePath(site.Fields[mcpsdk.FieldMode], fv) {
			c.Report(fv.At(), "form-mode elicitation sets URL: a form carries no url or elicitationId (spec 2025-11-25); set Mode: \"url\" or remove URL")
		}
		if fv := site.Fields[mcpsdk.FieldID]; c.KnownNonEmpty(fv) && c.OnOnePath(site.Fields[mcpsdk.FieldMode], fv) {
			c.Report(fv.At(), "form-mode elicitation sets ElicitationID: a form carries no url or elicitationId (spec 2025-11-25); set Mode: \"url\" or remove ElicitationID")
		}
		if sdk.FormNeedsSchema {
			fv := site.Fields[mcpsdk.FieldSchema]
			if (fv == nil && site.Complete) || (fv != nil && source.IsNil(c.Info, fv.Value)) {
				at := site.Anchor()
				if fv != nil {
					at = fv.At()
				}
				why := "mcp-go's Validate rejects it at run time"
				if site.RequestKey != "" {
					// 2026-07-28 clients get it without Validate; older
					// ones through the bridge's direct request.
					why = "the spec requires requestedSchema in form mode, and " + sdk.Name + "'s bridge sends this request to older clients as a direct request, which its Validate rejects"
				}
				c.Report(at, "form-mode elicitation has no RequestedSchema: %s; add a flat object schema", why)
			}
		}
	default:
		checkURLValue(c, site.Fields[mcpsdk.FieldURL])
	}
}

// checkURLValue reports a URL that is not absolute, or not https outside
// loopback, when its value (or its leading part) is constant.
func checkURLValue(c *check.Pass, fv *model.FieldVal) {
	if fv == nil {
		return
	}
	if s, ok := source.ConstString(c.Info, fv.Value); ok {
		if s == "" {
			return
		}
		u, err := url.Parse(s)
		if err != nil || !u.IsAbs() || u.Host == "" {
			c.Report(fv.Value, "URL %q is not an absolute URL: the spec requires a valid URL the client can open; use an absolute https URL", s)
			return
		}
		checkScheme(c, fv, u.Scheme, u.Hostname(), s)
		return
	}
	prefix, ok := source.ConstPrefix(c.Info, fv.Value)
	if !ok {
		return
	}
	if strings.HasPrefix(prefix, "/") {
		c.Report(fv.Value, "URL starting %q is not an absolute URL: the spec requires a valid URL the client can open; use an absolute https URL", prefix)
		return
	}
	scheme, rest, found := strings.Cut(prefix, "://")
	if !found {
		return
	}
	host, _, hostKnown := strings.Cut(rest, "/")
	if !hostKnown {
		if scheme == "http" {
			return // the host decides whether http is fine
		}
		host = ""
	}
	checkScheme(c, fv, strings.ToLower(scheme), hostname(host), prefix)
}

// hostname drops the port of a URL's host part, and the brackets of an
// IPv6 address: "[::1]:8080" is "::1", "localhost:3000" is "localhost". A
// bare IPv6 address (not valid in a URL) is left as it is. (package net
// would do, but linking it costs every go vet process a dynamic link.)
func hostname(host string) string {
	if rest, ok := strings.CutPrefix(host, "["); ok {
		h, _, _ := strings.Cut(rest, "]")
		return h
	}
	if strings.Count(host, ":") == 1 {
		h, _, _ := strings.Cut(host, ":")
		return h
	}
	return host
}

func checkScheme(c *check.Pass, fv *model.FieldVal, scheme, host, shown string) {
	switch scheme {
	case "https":
	case "http":
		if host == "localhost" || host == "127.0.0.1" || host == "::1" {
			return
		}
		c.Report(fv.Value, "URL %q uses http: the spec says to use https outside local development; use https", shown)
	default:
		c.Report(fv.Value, "URL %q uses scheme %q: url-mode elicitations send the user to a web page; use an https URL", shown, scheme)
	}
}

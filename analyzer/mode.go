package analyzer

import (
	"go/ast"
	"go/types"
	"net"
	"net/url"
	"strings"

	"github.com/elicitlint/elicitlint/internal/schema"
)

const (
	modeForm = "form"
	modeURL  = "url"
)

// present reports whether a field is set to something other than its zero
// value as far as we can tell: absent fields, "" and nil are not present.
func (pc *passCtx) present(fv *fieldVal) bool {
	if fv == nil {
		return false
	}
	if s, ok := constString(pc.info, fv.value); ok {
		return s != ""
	}
	if tv, ok := pc.info.Types[fv.value]; ok && tv.IsNil() {
		return false
	}
	return true
}

// modeOf returns the mode a request is sent in, "form" or "url", or "" when
// that cannot be known (a computed Mode, an invalid one, a literal changed
// on some paths).
func (pc *passCtx) modeOf(site *paramsSite) string {
	if site.fixedMode != "" || site.lit == nil {
		return site.fixedMode
	}
	if fv := site.fields[fieldMode]; fv != nil {
		s, ok := constString(pc.info, fv.value)
		switch {
		case !ok:
			return ""
		case s == modeForm || s == modeURL:
			return s
		case s != "":
			return "" // invalid, reported by the mode check
		}
		// Mode: "" is the same as no Mode.
	}
	if !site.complete {
		return ""
	}
	if site.sdk.InferURLMode && (pc.present(site.fields[fieldURL]) || pc.present(site.fields[fieldID])) {
		return modeURL
	}
	return modeForm
}

// checkModes implements the mode check: the fields a request carries must
// fit its mode, as the spec and the SDKs' run-time checks require.
func checkModes(pc *passCtx, d *discovery) {
	for _, site := range allSites(d) {
		checkMode(pc, site)
	}
}

func checkMode(pc *passCtx, site *paramsSite) {
	sdk := site.sdk
	if fv := site.fields[fieldMode]; fv != nil && site.lit != nil {
		if s, ok := constString(pc.info, fv.value); ok && s != "" && s != modeForm && s != modeURL {
			pc.report(CheckMode, fv.value, "elicitation mode %q is not valid: the spec defines only \"form\" and \"url\" (lower case)", s)
			return
		}
	}
	mode := pc.modeOf(site)
	if site.inURLError {
		mf := site.fields[fieldMode]
		ms, constMode := "", false
		if mf != nil {
			ms, constMode = constString(pc.info, mf.value)
		}
		if sdk.URLErrorFunc != "" {
			// go-sdk checks the Mode field itself, with no inference.
			if (mf == nil && site.complete) || (constMode && ms != modeURL) {
				pc.report(CheckMode, site.anchor(), "URLElicitationRequiredError element lacks Mode: \"url\": go-sdk panics on it (it does not infer the mode here); set Mode: \"url\"")
			}
		} else if mode == modeForm {
			pc.report(CheckMode, site.anchor(), "URLElicitationRequiredError element is not url mode: the spec allows only url-mode elicitations in this error; set Mode: mcp.ElicitationModeURL")
		}
		if mode == "" && (mf == nil || (constMode && ms == modeURL)) {
			mode = modeURL
		}
	}
	switch mode {
	case modeURL:
		urlField := site.fields[fieldURL]
		if urlField == nil && site.complete && site.lit != nil {
			pc.report(CheckMode, site.anchor(), "url-mode elicitation has no URL: the spec requires one in url mode; set URL")
		} else if urlField != nil {
			if s, ok := constString(pc.info, urlField.value); ok && s == "" {
				pc.report(CheckMode, urlField.at(), "url-mode elicitation has no URL: the spec requires one in url mode; set URL")
			}
		}
		checkURLValue(pc, urlField)
		if fv := site.fields[fieldSchema]; pc.present(fv) {
			pc.report(CheckMode, fv.at(), "url-mode elicitation has a RequestedSchema: url mode collects input out of band and sends no form; remove the schema or use form mode")
		}
		needID := sdk.URLNeedsID || schema.Version(pc.cfg.spec) == schema.V20251125
		if needID {
			why := "the 2025-11-25 spec requires one to match the completion notification"
			if sdk.URLNeedsID {
				why = "mcp-go's Validate rejects the request at run time"
			}
			idField := site.fields[fieldID]
			if idField == nil && site.complete && site.lit != nil {
				pc.report(CheckMode, site.anchor(), "url-mode elicitation has no ElicitationID: %s; generate a unique one per elicitation", why)
			} else if idField != nil {
				if s, ok := constString(pc.info, idField.value); ok && s == "" {
					pc.report(CheckMode, idField.at(), "url-mode elicitation has no ElicitationID: %s; generate a unique one per elicitation", why)
				}
			}
		}
	case modeForm:
		if site.lit == nil {
			return
		}
		if fv := site.fields[fieldURL]; pc.present(fv) {
			pc.report(CheckMode, fv.at(), "form-mode elicitation sets URL: a form carries no url or elicitationId (spec 2025-11-25); set Mode: \"url\" or remove URL")
		}
		if fv := site.fields[fieldID]; pc.present(fv) {
			pc.report(CheckMode, fv.at(), "form-mode elicitation sets ElicitationID: a form carries no url or elicitationId (spec 2025-11-25); set Mode: \"url\" or remove ElicitationID")
		}
		if sdk.FormNeedsSchema {
			fv := site.fields[fieldSchema]
			if (fv == nil && site.complete) || (fv != nil && isNil(pc.info, fv.value)) {
				at := site.anchor()
				if fv != nil {
					at = fv.at()
				}
				why := "mcp-go's Validate rejects it at run time"
				if site.requestKey != "" {
					why = "the spec requires requestedSchema in form mode" // the round trip skips Validate
				}
				pc.report(CheckMode, at, "form-mode elicitation has no RequestedSchema: %s; add a flat object schema", why)
			}
		}
	default:
		checkURLValue(pc, site.fields[fieldURL])
	}
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// checkURLValue reports a URL that is not absolute, or not https outside
// loopback, when its value (or its leading part) is constant.
func checkURLValue(pc *passCtx, fv *fieldVal) {
	if fv == nil {
		return
	}
	if s, ok := constString(pc.info, fv.value); ok {
		if s == "" {
			return
		}
		u, err := url.Parse(s)
		if err != nil || !u.IsAbs() || u.Host == "" {
			pc.report(CheckMode, fv.value, "URL %q is not an absolute URL: the spec requires a valid URL the client can open; use an absolute https URL", s)
			return
		}
		checkScheme(pc, fv, u.Scheme, u.Hostname(), s)
		return
	}
	prefix, ok := constPrefix(pc.info, fv.value)
	if !ok {
		return
	}
	if strings.HasPrefix(prefix, "/") {
		pc.report(CheckMode, fv.value, "URL starting %q is not an absolute URL: the spec requires a valid URL the client can open; use an absolute https URL", prefix)
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
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	checkScheme(pc, fv, strings.ToLower(scheme), strings.Trim(host, "[]"), prefix)
}

func checkScheme(pc *passCtx, fv *fieldVal, scheme, host, shown string) {
	switch scheme {
	case "https":
	case "http":
		if host == "localhost" || host == "127.0.0.1" || host == "::1" {
			return
		}
		pc.report(CheckMode, fv.value, "URL %q uses http: the spec says to use https outside local development; use https", shown)
	default:
		pc.report(CheckMode, fv.value, "URL %q uses scheme %q: url-mode elicitations send the user to a web page; use an https URL", shown, scheme)
	}
}

package message

import (
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file reports a link in the message of a form-mode request. Since
// 2025-11-25 the spec says servers "SHOULD NOT include URLs intended to be
// clickable in any field of a form mode elicitation request" (client/
// elicitation.mdx, Safe URL handling): a page the user should open goes
// in a url-mode request, which the client shows with the domain and asks
// consent for, never as a link inside a form. A URL written as an example
// of what to type ("e.g. https://github.com/owner/repo") is not meant to
// be clicked, and is left alone.

// examples are the words that, just before a URL, make it an example of
// what to type.
var examples = []string{"e.g.", "e.g.,", "eg.", "for example", "such as", "like", "i.e.", "for instance"}

// checkLinks reports the first link in the constant text of a form-mode
// request's message.
func checkLinks(c *check.Pass, site *model.ParamsSite, fv *model.FieldVal) {
	if !c.Cfg.Version().AtLeast(schema.V20251125) || c.ModeOf(site) != mcpsdk.ModeForm {
		return
	}
	for _, text := range source.ConstTexts(c.Info, fv.Value) {
		if u := clickable(text); u != "" {
			c.Report(fv.At(), "form-mode elicitation message links to %q: the spec says not to put URLs meant to be clicked in a form, where the user follows them with none of the consent url mode asks for; send the page as a url-mode request, or drop the link from the message", u)
			return
		}
	}
}

// linkStarts are the starts of a URL a client makes clickable.
var linkStarts = []string{"http://", "https://", "www."}

// clickable returns the first URL in text that a client would make
// clickable (http://, https:// or www. at the start of a word, and more
// after it) and that is not given as an example, or "".
func clickable(text string) string {
	lower := strings.ToLower(text)
	for i := 0; i < len(lower); i++ {
		if i > 0 && !strings.ContainsRune(" \t\n(\"'<[:", rune(lower[i-1])) {
			continue
		}
		rest := lower[i:]
		start := slices.IndexFunc(linkStarts, func(p string) bool { return strings.HasPrefix(rest, p) })
		if start < 0 {
			continue
		}
		end := strings.IndexAny(rest, " \t\n\"'<>()[]")
		if end < 0 {
			end = len(rest)
		}
		u := strings.TrimRight(text[i:i+end], ".,;:!?")
		if len(u) <= len(linkStarts[start]) {
			continue // a scheme alone: the rest is computed
		}
		before := strings.TrimRight(lower[:i], " :(\"'")
		if !slices.ContainsFunc(examples, func(w string) bool { return strings.HasSuffix(before, w) }) {
			return u
		}
		i += end
	}
	return ""
}

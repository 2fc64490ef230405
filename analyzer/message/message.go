// Package message is elicitlint's message check: it reports elicitations
// whose Message is missing, empty or too long for clients to show in full,
// and form-mode messages that link to a page.
// docs/message.md explains the check.
//
// It reads the model's requests (literals and wrapper calls) and the
// message summary (messages built in other packages). Like every check, it
// reaches no other check.
package message

import (
	"unicode/utf8"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Check is the message check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckMessage, Doc: "report elicitations whose Message is missing, empty or too long for clients to show in full, and links in the message of a form", Run: Run}

// Analyzer is the message check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkMessage implements the message check: the message is the prompt
// the user sees, so it must be there, and short enough that clients do not
// cut it off.
func Run(c *check.Pass) {
	max := int(c.Cfg.MaxMessageLength)
	for _, site := range c.D.Requests() {
		fv := site.Fields[mcpsdk.FieldMessage]
		if fv == nil {
			if site.Lit != nil && site.Complete {
				c.Report(site.Anchor(), "elicitation params have no Message: the spec requires a message that tells the user what is asked and why; set Message")
			}
			continue
		}
		checkLinks(c, site, fv)
		if s, ok := source.ConstString(c.Info, fv.Value); ok {
			if s == "" {
				c.Report(fv.At(), "elicitation message is empty: the spec requires a message that tells the user what is asked and why")
			} else if n := utf8.RuneCountInString(s); n > max {
				c.Report(fv.At(), "elicitation message is %d characters; clients may truncate messages over %d: shorten it", n, max)
			}
			continue
		}
		if n, ok := source.ConstPartLen(c.Info, fv.Value); ok && n > max {
			c.Report(fv.At(), "constant part of the elicitation message is %d characters; clients may truncate messages over %d: shorten it", n, max)
			continue
		}
		// A message built in another package.
		if f, fn := model.ImportedMessage(c.Model, fv.Value); f != nil && f.Len > max {
			what := "constant part of the elicitation message"
			if f.Full {
				what = "elicitation message"
			}
			c.Report(fv.At(), "%s (built by %s.%s) is %d characters; clients may truncate messages over %d: shorten it", what, fn.Pkg().Name(), fn.Name(), f.Len, max)
		}
	}
}

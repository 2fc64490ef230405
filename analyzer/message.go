package analyzer

import (
	"unicode/utf8"
)

// checkMessages implements the message check: the message is the prompt
// the user sees, so it must be there, and short enough that clients do not
// cut it off.
func checkMessages(pc *passCtx, d *discovery) {
	max := int(pc.cfg.maxMessageLength)
	for _, site := range allSites(d) {
		fv := site.fields[fieldMessage]
		if fv == nil {
			if site.lit != nil && site.complete {
				pc.report(CheckMessage, site.anchor(), "elicitation params have no Message: the spec requires a message that tells the user what is asked and why; set Message")
			}
			continue
		}
		if s, ok := constString(pc.info, fv.value); ok {
			if s == "" {
				pc.report(CheckMessage, fv.at(), "elicitation message is empty: the spec requires a message that tells the user what is asked and why")
			} else if n := utf8.RuneCountInString(s); n > max {
				pc.report(CheckMessage, fv.at(), "elicitation message is %d characters; clients may truncate messages over %d: shorten it", n, max)
			}
			continue
		}
		if n, ok := constPartLen(pc.info, fv.value); ok && n > max {
			pc.report(CheckMessage, fv.at(), "constant part of the elicitation message is %d characters; clients may truncate messages over %d: shorten it", n, max)
		}
	}
}

// allSites returns literal sites and wrapper call sites together.
func allSites(d *discovery) []*paramsSite {
	all := make([]*paramsSite, 0, len(d.params)+len(d.wrapperCalls))
	all = append(all, d.params...)
	return append(all, d.wrapperCalls...)
}

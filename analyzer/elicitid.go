package analyzer

// checkElicitationIDs implements the elicitation-id check: an ID written as
// a constant is the same on every call, so concurrent elicitations (and
// their completion notifications) cannot be told apart.
func checkElicitationIDs(pc *passCtx, d *discovery) {
	for _, site := range allSites(d) {
		fv := site.fields[fieldID]
		if fv == nil {
			continue
		}
		if s, ok := constString(pc.info, fv.value); ok && s != "" {
			pc.report(CheckElicitationID, fv.value, "elicitationId %q is a constant: concurrent elicitations cannot be told apart; generate a unique ID per elicitation (e.g. crypto/rand)", s)
		}
	}
}

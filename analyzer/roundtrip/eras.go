package roundtrip

import (
	"fmt"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/schema"
)

// This file says what a direct request does where the package serves its
// servers (mcpsdk.Served): refused on stdio, never answered over a
// stateless streamable HTTP server, or working today over go-sdk's
// stateful HTTP and SSE handlers, which keep clients on older protocols.
// The eras are those the proofs in testdata/rtproof (TestEras) observed.

// reported decides whether a direct request is reported, and returns how
// its package serves the SDK's servers, for the message (empty where
// that is not known: the general wording).
//
//   - A request the SDK never refuses (an SDK without the round trip, in
//     process only, a pinned server, a request made only on older
//     protocols) is not reported, unless a way of serving can never
//     answer it: then only those ways are named.
//   - A request served only where clients stay on older protocols works
//     today, as on a pinned server: it is reported with -spec=2026-07-28,
//     which asks what that version changes.
func (rt *roundTripCheck) reported(dc *model.DirectCall) (mcpsdk.Served, bool) {
	if !model.HasRoundTrip(dc.SDK, dc.Fn) || rt.inProcessOnly(dc.SDK) {
		return mcpsdk.Served{}, false
	}
	served := rt.Serving(dc.SDK)
	if rt.olderProtocolsOnly(dc) {
		if !served.Has(mcpsdk.EraNever) {
			return served, false
		}
		served = mcpsdk.Served{Ways: served.Of(mcpsdk.EraNever)}
	}
	if served.Only(mcpsdk.EraOlderOnly) {
		return served, rt.Cfg.Version() == schema.V20260728
	}
	return served, true
}

// eraHead is the start of a direct request's message: what happens to it
// where the package serves it.
func eraHead(dc *model.DirectCall, served mcpsdk.Served) string {
	refusal := dc.SDK.RoundTrip.Refusal
	general := fmt.Sprintf("%s %s on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default", dc.Subject(), refusal)
	switch {
	case !served.Known():
		return general
	case served.Only(mcpsdk.EraOlderOnly):
		return fmt.Sprintf("%s works today only because %s serves only protocols before 2026-07-28, so current clients renegotiate to 2025-11-25: it %s once the server is served statelessly or drops the older versions (-spec=2026-07-28)", dc.Subject(), labels(served.Of(mcpsdk.EraOlderOnly)), refusal)
	}
	refused := served.Of(mcpsdk.EraRefused)
	never := served.Of(mcpsdk.EraNever)
	if len(never) == 0 {
		return general + " over " + labels(refused)
	}
	var whys []string
	for _, w := range never {
		whys = append(whys, w.Why)
	}
	msg := fmt.Sprintf("%s can never be answered over %s, on any protocol: %s, and sessions of protocol 2026-07-28 refuse it", dc.Subject(), labels(never), strings.Join(whys, "; "))
	if len(refused) > 0 {
		msg += fmt.Sprintf("; over %s, it %s on sessions that negotiate protocol 2026-07-28, as current clients do by default", labels(refused), refusal)
	}
	return msg
}

// labels names ways of serving, joined with "and".
func labels(ws []mcpsdk.Way) string {
	var names []string
	for _, w := range ws {
		names = append(names, w.Label)
	}
	return report.AndList(names)
}

// servedOnly reports whether every way of serving has era and label.
func servedOnly(served mcpsdk.Served, era mcpsdk.Era, label string) bool {
	if !served.Only(era) {
		return false
	}
	for _, w := range served.Ways {
		if w.Label != label {
			return false
		}
	}
	return true
}

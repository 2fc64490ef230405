// Package roundtrip is elicitlint's round-trip check: it reports the direct
// requests protocol 2026-07-28 refuses, and round-trip code that crashes or
// loops on what a client sends. docs/round-trip.md explains the check.
//
// It reads the model's round-trip places and handlers; its fix is
// internal/migrate's migration of the handler to the round trip. Like every
// check, it reaches no other check.
package roundtrip

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"sync"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/migrate"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// Check is the round-trip check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckRoundTrip, Doc: "report the direct requests protocol 2026-07-28 refuses, and round-trip code that crashes or loops on what a client sends", Run: Run}

// Analyzer is the round-trip check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkRoundTrip implements the round-trip check. Protocol 2026-07-28
// replaced server-initiated requests with a round trip: a handler returns
// its requests in the result (InputRequests), the client answers them and
// calls again with the answers (InputResponses). The check reports
//
//   - direct requests of every kind (elicitation, sampling, roots), which
//     SDKs that have the round trip refuse on sessions that negotiate
//     2026-07-28, with the fix that migrates the handler (migrate*.go) or
//     the reason there is none;
//   - reads of answers that panic on what a client sends: the server keeps
//     no memory of what it asked, so every answer is client input; and
//     assertions to a type the answer never has;
//   - results the SDK rejects or never sends;
//   - keys read that are never requested, and requests never read;
//   - handlers that ask on every call and never read the answers, and
//     handlers that go ahead on any answer without reading one
//     (counted.go);
//   - handlers that fail the call when an answer they ask for is missing
//     (missing.go);
//   - with -spec=2026-07-28, API that version removed.
func Run(c *check.Pass) {
	rt := &roundTripCheck{Pass: c, migrations: migrate.New(c.Model)}
	rt.directRequests()
	rt.gateCalls()
	rt.answerAsserts()
	rt.answerKinds()
	rt.contentAsserts()
	rt.samplingContent()
	rt.rawAnswers()
	rt.bothParts()
	rt.missingPlaceholders()
	rt.stateOnly()
	rt.unreachableSteps()
	rt.unchangedStates()
	rt.unsentRequests()
	rt.countedAnswers()
	rt.keys()
	rt.neverEnding()
	rt.missingAnswers()
	rt.removed()
}

type roundTripCheck struct {
	*check.Pass
	// helpers are the calls of answer helpers (helperUses); opaque is
	// set when the package hands the answers to another package's
	// function that is not one.
	helpersOnce sync.Once
	helpers     []helperCall
	opaque      bool
	// migrations are the fixes of the handlers with direct requests, by
	// handler (see migrate.go).
	migrations *migrate.Migrations
	// counted are the functions that go ahead on any answer
	// (countedAnswers): their requests are not also reported as never read.
	counted map[ast.Node]bool
	// keyedReads are the reads of constant keys that calls of other
	// packages' functions with a KeyedFact make (helperUses).
	keyedReads []*model.KeyUse
}

// directRequests reports every direct (server-initiated) request made
// against an SDK that refuses it on 2026-07-28 sessions: elicitation,
// sampling and roots. It is reported once, at the call, also inside a
// wrapper: its callers are not reported again. A request in a helper names
// the handlers and middleware that reach it: those are the tools that
// break.
func (rt *roundTripCheck) directRequests() {
	for _, dc := range rt.D.RT.Direct {
		if served, ok := rt.reported(dc); ok {
			fixes, why := rt.migrations.Migrate(dc)
			rt.recordDirect(dc, served, fixes, why)
		}
	}
	for _, dc := range rt.D.RT.Unstopped {
		if served, ok := rt.reported(dc); ok {
			rt.recordDirect(dc, served, nil, "the request goes through the session's "+dc.Method.Recv+" interface, which the fix does not rewrite; move it to a result by hand")
		}
	}
	for _, dc := range rt.D.RT.ViaParams {
		served, ok := rt.reported(dc)
		if !ok {
			continue
		}
		inside := "inside " + dc.Via
		if dc.ViaAs != "" {
			inside = "by the function " + dc.Via + " holds"
		}
		rt.recordDirect(dc, served, nil, "the request is made "+inside+", which the fix does not rewrite; move it to a result by hand")
	}
}

// recordDirect reports one direct request with its fixes, or why there
// are none.
func (rt *roundTripCheck) recordDirect(dc *model.DirectCall, served mcpsdk.Served, fixes []analysis.SuggestedFix, why string) {
	ctx := rt.requestContext(dc)
	msg := directMessage(dc, served, ctx)
	if ctx.reachedFrom != "" {
		msg += "; reached from " + ctx.reachedFrom
	}
	if len(fixes) == 0 && why != "" {
		msg += "; no automatic fix: " + why + pinText(dc.SDK, served)
	}
	rt.Record(dc.Call.Pos(), dc.Call.End(), fixes, ctx.related, msg)
}

// inProcessOnly reports whether the package serves its servers to clients
// in the same process only (mcp-go's in-process client), whose sessions
// the SDK exempts from the refusal: it makes an in-process client of
// them and serves none over a transport.
func (rt *roundTripCheck) inProcessOnly(sdk *mcpsdk.SDK) bool {
	if len(sdk.RoundTrip.InProcess) == 0 {
		return false
	}
	ix := rt.Calls()
	return ix.InProcess[sdk] && !ix.Transport[sdk]
}

// olderProtocolsOnly reports a direct request that protocol 2026-07-28
// never refuses: every server of the package stays on older protocols
// (pinned), or the request is made only while serving a request of an
// older protocol (see the model's pinning.go).
func (rt *roundTripCheck) olderProtocolsOnly(dc *model.DirectCall) bool {
	return rt.Pinned(dc.SDK) || rt.OlderOnly(dc)
}

// directMessage says what the SDK does with a direct request on a 2026-07-28
// session and what to write instead, for the request's kind and for where
// it is made.
func directMessage(dc *model.DirectCall, served mcpsdk.Served, ctx requestContext) string {
	rtd := dc.SDK.RoundTrip
	msg := eraHead(dc, served)
	works, still := "which works with old and new clients", "while it still works, "
	if served.Has(mcpsdk.EraNever) {
		works, still = "which clients of protocol 2026-07-28 answer there", ""
	}
	if slices.Contains(dc.Kind.Unstopped, dc.Method) {
		msg = fmt.Sprintf("%s sends the request even on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default: nothing stops it (the SDK refuses only %s), and a client of that version need not answer a request the protocol removed, so the call may wait until its context ends", dc.Subject(), dc.Kind.Direct[0])
	}
	later := ""
	switch dc.Kind.Kind {
	case mcpsdk.KindSampling:
		later = "call the model provider's API from the server"
	case mcpsdk.KindRoots:
		later = "take paths from tool arguments, resource URIs or configuration"
	}
	answer := ""
	if dc.Kind.Answer != "" {
		answer = fmt.Sprintf(" (it arrives as *%s.%s)", mcpsdk.LastElem(dc.SDK.TypesPkg), dc.Kind.Answer)
	}
	if ctx.noResult {
		what := "ask from the tool, prompt or resource handler that needs the answer"
		if later != "" {
			what = later
		}
		if dc.Kind.Deprecated {
			msg += fmt.Sprintf(", and protocol 2026-07-28 deprecates %s (SEP-2577)", dc.Kind.Kind)
		}
		return msg + fmt.Sprintf(": this function is not a tool, prompt or resource handler, so there is no result to return the request in; %s", what)
	}
	// Outside a handler, the request has to move into the handlers that
	// need its answer.
	where := "return the request in the result's " + rtd.RequestsField
	if !ctx.handler {
		where = "return the request from the tool, prompt or resource handler that needs the answer, in its result's " + rtd.RequestsField + ","
	}
	if !dc.Kind.Deprecated {
		return msg + fmt.Sprintf(": %s and read the answer from %s%s, %s", where, rtd.ResponsesField, answer, works)
	}
	return msg + fmt.Sprintf(", and protocol 2026-07-28 deprecates %s (SEP-2577): %s%s and read the answer from %s%s, %s; in the long run, %s", dc.Kind.Kind, still, where, rtd.ResponsesField, answer, works, later)
}

// pinText says the way out where no migration applies, with what it
// costs: the server pinned to protocol 2025-11-25, where direct requests
// still work, for the deprecation window. An mcp-go server served only
// over stdio keeps them with its legacy option instead; where no request
// is ever answered, or every one still is, there is no way out to give.
func pinText(sdk *mcpsdk.SDK, served mcpsdk.Served) string {
	if served.Has(mcpsdk.EraNever) || served.Only(mcpsdk.EraOlderOnly) {
		return ""
	}
	legacy := ""
	if d := sdk.Duties(); d != nil && d.LegacyOption.Name != "" {
		legacy = mcpsdk.LastElem(sdk.ServerPkg) + "." + d.LegacyOption.Name + "()"
	}
	g := sdk.Guard()
	switch {
	case legacy != "" && servedOnly(served, mcpsdk.EraRefused, "stdio"):
		return "; until it is migrated, " + legacy + " among the server's options keeps the request working for every client, for the deprecation window only (the option is deprecated)"
	case g == nil || g.Pin == "":
		return ""
	case legacy != "" && !served.Known():
		// Served from another package: the way depends on the transport.
		return "; until it is migrated, pinning the server to protocol 2025-11-25 keeps the request working for every client, which then forgoes 2026-07-28, for the deprecation window only: over streamable HTTP with " + g.Pin + ", over stdio with " + legacy + " among the server's options (deprecated)"
	}
	return "; until it is migrated, pinning the server to protocol 2025-11-25 (" + g.Pin + ") keeps the request working for every client, which then forgoes 2026-07-28, for the deprecation window only"
}

// panicTail ends the messages about reads that panic on client input.
func panicTail(sdk *mcpsdk.SDK) string {
	if sdk.RoundTrip.ResponseIface != "" {
		return "; go-sdk does not recover handler panics, so the server process exits"
	}
	return ""
}

// removed reports, with -spec=2026-07-28, API for what that version
// removed: the URL-required error and the completion notification.
func (rt *roundTripCheck) removed() {
	if rt.Cfg.Version() != schema.V20260728 {
		return
	}
	for _, u := range rt.D.RT.Removed {
		what := "return the url-mode request in the result's InputRequests instead"
		if u.Name != u.SDK.URLErrorFunc && u.Name != u.SDK.URLErrorType {
			what = "a client of that version learns that the out-of-band step is done when it calls again with the answer; send the notification only to older clients, or drop it"
		}
		rt.Report(u.Node, "%s is not part of protocol 2026-07-28 (-spec=2026-07-28): %s", u.Name, what)
	}
}

// requestContext is where a direct request is made: in a handler (whose
// result can carry requests), in a function that has no result to carry
// them (a notification handler, a session hook), or in a helper, with the
// handlers that reach it.
type requestContext struct {
	handler  bool
	noResult bool
	// reachedFrom names, for a helper, the handlers and middleware of the
	// package that reach it; related points at them.
	reachedFrom string
	related     []analysis.RelatedInformation
}

func (rt *roundTripCheck) requestContext(dc *model.DirectCall) requestContext {
	fn, _ := source.Enclosing(dc.Stack)
	if fn == nil {
		return requestContext{}
	}
	if rt.IsHandler(fn, dc.SDK) && !rt.migrations.InGate(dc) {
		return requestContext{handler: true}
	}
	var ctx requestContext
	var names []string
	for _, h := range rt.ReachingHandlers(fn, dc.SDK) {
		name := rt.HandlerName(h)
		names = append(names, name)
		at := h.Pos()
		if d, ok := h.(*ast.FuncDecl); ok {
			at = d.Name.Pos()
		}
		ctx.related = append(ctx.related, analysis.RelatedInformation{Pos: at, End: at, Message: name + " reaches this request"})
	}
	if len(names) > 0 {
		ctx.reachedFrom = strings.Join(names, ", ")
		return ctx
	}
	ctx.noResult = rt.NotificationFunc(fn)
	return ctx
}

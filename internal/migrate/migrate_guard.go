package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file writes the capability guard of a migrated handler. Protocol
// 2026-07-28 forbids returning a request of a kind the client did not
// declare (and a url-mode elicitation to a client without url mode), and
// the SDKs' round-trip paths check nothing. So the handler tests the
// capabilities of the call before it returns its requests; where the
// client cannot be asked, it runs the error check that followed the direct
// request, with err set to what the SDK returned for such a client: the
// author's own answer to "I could not ask", so that the client gets what
// it got before. The guard is the simplest test that dominates the return:
//
//	go-sdk:
//	res, ok := req.Params.InputResponses["k"].(*mcp.ElicitResult)
//	if !ok {
//		if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
//			return &mcp.CallToolResult{InputRequests: ...}, nil, nil
//		}
//		err := errors.New("client does not support elicitation")
//		<the body of the old if err != nil>
//	}
//
//	mcp-go:
//	res := server.ElicitationResponse(request.Params.InputResponses, "k")
//	if res == nil {
//		var caps *mcp.ClientCapabilities
//		if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
//			caps = info.ClientCapabilities
//		} else if session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
//			c := session.GetClientCapabilities()
//			caps = &c
//		}
//		if caps != nil && caps.Elicitation != nil {
//			return server.NewInputRequestBuilder("").Elicit("k", ...).ToolResult(), nil
//		}
//		err := server.ErrElicitationNotSupported
//		<the body of the old if err != nil>
//	}
//
// Without an error check (the error discarded), the handler goes on with
// no answer, as it did when the request failed.

// matchGuard checks that the requests can be guarded: the SDK's way to
// read the capabilities is known, the requests need the same capability,
// a context is at hand (mcp-go), and each error check can move to the
// guard.
func (m *migration) matchGuard() string {
	g := m.sdk.Guard()
	if g == nil {
		return "the fix does not know how this SDK's handlers read the client's capabilities"
	}
	first := m.asks[0]
	if m.mixedCaps() {
		// Each request's error check runs when its capability is missing,
		// the first request's first: all but the last must leave.
		for _, a := range m.asks[:len(m.asks)-1] {
			if a.errIf == nil || !m.mod.Terminates(a.errIf.Body) {
				return fmt.Sprintf("the requests need different capabilities (%s and %s), and the error check of the request at line %d does not return; ask them in separate results by hand", m.capName(first), m.capName(m.asks[len(m.asks)-1]), m.line(a.dc.Call.Pos()))
			}
		}
	}
	if g.RequestMethod != "" {
		m.ctxRename = false // the guard reads the request
	} else if m.ctxName == "" {
		return "the handler has no context.Context parameter to read the client's capabilities from"
	}
	for i, a := range m.asks {
		// The answer is read right after the request: a check that goes on
		// without one would read nothing.
		if a.errRest != nil && (m.downconverts(a) || m.parsesContent(a)) {
			return lineOf(m.mod, a.dc.Call.Pos()) + "its error check tests more than the error, and the fix converts the answer right after it"
		}
		if (m.downconverts(a) || m.parsesContent(a)) && (a.errIf == nil || !m.mod.Terminates(a.errIf.Body)) {
			return lineOf(m.mod, a.dc.Call.Pos()) + "its error check does not return, and the fix reads the answer right after it"
		}
		if i == 0 || a.errIf == nil {
			continue
		}
		// A later request's error check moves up to the first request.
		if v := m.usesLaterVar(a.errIf.Body, first.stmt.Pos(), a); v != nil {
			return lineOf(m.mod, a.dc.Call.Pos()) + "its error check uses " + v.Name() + ", set after the request at line " + strconv.Itoa(m.line(first.dc.Call.Pos()))
		}
	}
	return ""
}

// modeOf is the elicitation mode of a request: "url", "form", or "" when
// it is not known (the guard then asks for elicitation alone).
func (m *migration) modeOf(a *ask) string {
	if a.dc.Kind.Kind != mcpsdk.KindElicitation {
		return ""
	}
	for _, p := range m.sdk.Positional {
		if p.Name == a.dc.Fn.Name() && p.Recv == mcpsdk.RecvName(a.dc.Fn) {
			return p.Mode
		}
	}
	if site := m.paramsSite(a); site != nil && m.mod.ModeOf(site) == mcpsdk.ModeURL {
		return mcpsdk.ModeURL
	}
	return ""
}

// capName names the capability a request needs, for reasons.
func (m *migration) capName(a *ask) string {
	if m.modeOf(a) == mcpsdk.ModeURL {
		return "url-mode elicitation"
	}
	return a.dc.Kind.Kind
}

// usesLaterVar returns a local variable n uses that is declared after pos
// and before the request of a (its own error excepted).
func (m *migration) usesLaterVar(n ast.Node, pos token.Pos, a *ask) *types.Var {
	var found *types.Var
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := m.mod.Info.Uses[id].(*types.Var); ok && v != a.errVar && v.Pos() > pos && v.Pos() < a.stmt.Pos() {
				found = v
			}
		}
		return found == nil
	})
	return found
}

// mixedCaps reports whether the requests need different capabilities.
func (m *migration) mixedCaps() bool {
	for _, a := range m.asks[1:] {
		if m.capTest(a, "c") != m.capTest(m.asks[0], "c") {
			return true
		}
	}
	return false
}

// capTest spells the test that caps declares what a needs.
func (m *migration) capTest(a *ask, caps string) string {
	field := caps + "." + m.sdk.Guard().Fields[a.dc.Kind.Kind]
	if m.modeOf(a) == mcpsdk.ModeURL {
		return field + " != nil && " + field + "." + m.sdk.Guard().URLField + " != nil"
	}
	return field + " != nil"
}

// capMissing spells the test that caps does not declare what a needs.
func (m *migration) capMissing(a *ask, caps string) string {
	field := caps + "." + m.sdk.Guard().Fields[a.dc.Kind.Kind]
	if m.modeOf(a) == mcpsdk.ModeURL {
		return caps + " == nil || " + field + " == nil || " + field + "." + m.sdk.Guard().URLField + " == nil"
	}
	return caps + " == nil || " + field + " == nil"
}

// guard spells the test of the capabilities: the statements before it
// (mcp-go), each line starting with a newline and ind, and the condition
// of the if that returns the requests, with its init (go-sdk).
func (m *migration) guard(ind string, taken map[string]bool) (pre, cond string) {
	g := m.sdk.Guard()
	caps := m.freshName("caps", taken)
	taken[caps] = true
	m.capsName = caps
	tests := []string{caps + " != nil"}
	for _, a := range m.asks {
		if t := m.capTest(a, caps); !slices.Contains(tests, t) {
			tests = append(tests, t)
		}
	}
	test := strings.Join(tests, " && ")
	if g.RequestMethod != "" {
		return "", caps + " := " + m.req + "." + g.RequestMethod + "(); " + test
	}
	r := fix.CapsRead{Ctx: m.ctxName, Types: m.pkgName(m.sdk.TypesPkg), Server: m.pkgName(m.sdk.ServerPkg), Caps: caps}
	name := func(base string) string {
		n := m.freshName(base, taken)
		taken[n] = true
		return n
	}
	r.Name(name, m.hasServerFunc(g.InfoFunc))
	return fix.CapsReadText(g, r, ind), test
}

// hasServerFunc reports whether the SDK's server package, as the package
// is built against it, declares name.
func (m *migration) hasServerFunc(name string) bool {
	return m.mod.LookupSDK(m.sdk.ServerPath(), name) != nil
}

// branches spells what runs for a client that cannot be asked: the error
// check of each request in turn, with its error variable set to what the
// SDK returned for such a client, up to the first that leaves. Each line
// starts with a newline and ind.
func (m *migration) branches(ind string) string {
	var b strings.Builder
	declared := map[string]bool{}
	if a := m.asks[0]; a.pass {
		// The gate passed the SDK's error on.
		return "\n" + ind + m.gate.passReturn("nil", m.guardError(a))
	}
	mixed := m.mixedCaps()
	for _, a := range m.copiedChecks() {
		in := ind
		last := a == m.asks[len(m.asks)-1]
		if mixed && !last {
			// Its own capability is missing: its own check (it leaves).
			fmt.Fprintf(&b, "\n%sif %s {", ind, m.capMissing(a, m.capsName))
			in = ind + "\t"
		}
		body := a.errIf.Body
		if source.UsedIn(m.mod.Info, body, a.errVar) || a.errPre != nil {
			op := " := "
			if declared[a.errName] && !mixed {
				op = " = "
			}
			declared[a.errName] = true
			fmt.Fprintf(&b, "\n%s%s%s%s", in, a.errName, op, m.guardError(a))
		}
		b.WriteString(m.preText(a, in))
		b.WriteString(fix.BodyLines(m.mod.Package, body, in, m.copied()))
		if mixed && !last {
			fmt.Fprintf(&b, "\n%s}", ind)
		}
	}
	return b.String()
}

// copiedChecks are the requests whose error checks the guard runs, in
// turn, for a client that cannot be asked: each request's own when their
// capabilities differ, else up to the first check that leaves.
func (m *migration) copiedChecks() []*ask {
	var out []*ask
	mixed := m.mixedCaps()
	for _, a := range m.asks {
		if a.errIf == nil {
			continue
		}
		out = append(out, a)
		if !mixed && m.mod.Terminates(a.errIf.Body) {
			break
		}
	}
	return out
}

// guardError spells the error a direct request of a's kind returned for a
// client that had not declared the kind.
func (m *migration) guardError(a *ask) string {
	e := m.sdk.Guard().Errors[a.dc.Kind.Kind]
	if m.modeOf(a) == mcpsdk.ModeURL && m.sdk.Guard().RequestMethod != "" {
		e = mcpsdk.GuardError{Text: `client does not support "url" elicitation`}
	}
	if e.Sentinel != "" && m.hasServerFunc(e.Sentinel) {
		return m.pkgName(m.sdk.ServerPkg) + "." + e.Sentinel
	}
	text := e.Text
	if text == "" {
		text = "client does not support " + a.dc.Kind.Kind
	}
	return m.importPath("errors", "errors") + ".New(" + strconv.Quote(text) + ")"
}

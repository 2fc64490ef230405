// Package roundtrip is elicitlint's round-trip check: it report the direct requests protocol 2026-07-28 refuses, and round-trip code that crashes or loops on what a client sends.
// docs/round-trip.md explains the check.
//
// It reads the model's round-trip places and handlers; its fix is internal/migrate's migration of the handler to the round trip. Like every check, it reaches no other check.
package roundtrip

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"

	"github.com/elicitlint/elicitlint/internal/migrate"

	"github.com/elicitlint/elicitlint/internal/model"

	"github.com/elicitlint/elicitlint/internal/report"

	"github.com/elicitlint/elicitlint/internal/fix"

	"github.com/elicitlint/elicitlint/internal/source"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
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
//   - handlers that ask on every call and never read the answers;
//   - with -spec=2026-07-28, API that version removed.
func Run(c *check.Pass) {
	rt := &roundTripCheck{Pass: c, migrations: migrate.New(c.Model)}
	rt.directRequests()
	rt.answerAsserts()
	rt.answerKinds()
	rt.contentAsserts()
	rt.samplingContent()
	rt.rawAnswers()
	rt.bothParts()
	rt.unsentRequests()
	rt.keys()
	rt.neverEnding()
	rt.removed()
}

type roundTripCheck struct {
	*check.Pass
	// migrations are the fixes of the handlers with direct requests, by
	// handler (see migrate.go).
	migrations *migrate.Migrations
}

// directRequests reports every direct (server-initiated) request made
// against an SDK that refuses it on 2026-07-28 sessions: elicitation,
// sampling and roots. It is reported once, at the call, also inside a
// wrapper: its callers are not reported again. A request in a helper names
// the handlers and middleware that reach it: those are the tools that
// break.
func (rt *roundTripCheck) directRequests() {
	for _, dc := range rt.D.RT.Direct {
		if !model.HasRoundTrip(dc.SDK, dc.Fn) || rt.inProcessOnly(dc.SDK) {
			continue
		}
		fixes, why := rt.migrations.Migrate(dc)
		ctx := rt.requestContext(dc)
		msg := directMessage(dc, ctx)
		if ctx.reachedFrom != "" {
			msg += "; reached from " + ctx.reachedFrom
		}
		if len(fixes) == 0 && why != "" {
			msg += "; no automatic fix: " + why
		}
		rt.Record(dc.Call.Pos(), dc.Call.End(), fixes, ctx.related, msg)
	}
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

// directMessage says what the SDK does with a direct request on a 2026-07-28
// session and what to write instead, for the request's kind and for where
// it is made.
func directMessage(dc *model.DirectCall, ctx requestContext) string {
	rtd := dc.SDK.RoundTrip
	msg := fmt.Sprintf("%s %s on sessions that negotiate protocol 2026-07-28, as current go-sdk and mcp-go clients do by default", dc.Method, rtd.Refusal)
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
		return msg + fmt.Sprintf(": %s and read the answer from %s%s, which works with old and new clients", where, rtd.ResponsesField, answer)
	}
	return msg + fmt.Sprintf(", and protocol 2026-07-28 deprecates %s (SEP-2577): while it still works, %s and read the answer from %s%s, which works with old and new clients; in the long run, %s", dc.Kind.Kind, where, rtd.ResponsesField, answer, later)
}

// panicTail ends the messages about reads that panic on client input.
func panicTail(sdk *mcpsdk.SDK) string {
	if sdk.RoundTrip.ResponseIface != "" {
		return "; go-sdk does not recover handler panics, so the server process exits"
	}
	return ""
}

// answerAsserts reports single-value type assertions on one answer
// (go-sdk InputResponses values): a client decides what the answer is, or
// sends none.
func (rt *roundTripCheck) answerAsserts() {
	for _, a := range rt.D.RT.Asserts {
		if a.CommaOK || rt.checkedBefore(a.Stack, a.TA) {
			continue
		}
		if rt.neverDelivered(a) != "" {
			continue // reported by answerKinds, whose fix is another type
		}
		rt.ReportFix(a.TA.Pos(), a.TA.End(), commaOKFix(rt.Pass, a.Stack, "the client sent an unexpected answer"),
			"single-value type assertion %s panics when a client sends another kind of answer, or none: any client can send inputResponses on any call%s; use the comma-ok form",
			shortExpr(a.TA), panicTail(a.SDK))
		// ....(*mcp.ElicitResult).Content["k"].(T) on the same line.
		if ca := contentAssertOn(a.Stack); ca != nil {
			rt.reportContentAssert(a.SDK, ca, nil)
		}
	}
}

// contentAssertOn returns x.(T) when the assertion on top of stack is the
// operand of .Content[k].(T), all single-value.
func contentAssertOn(stack []ast.Node) *ast.TypeAssertExpr {
	n := len(stack)
	if n < 4 {
		return nil
	}
	sel, ok := stack[n-2].(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	ix, ok := stack[n-3].(*ast.IndexExpr)
	if !ok || ix.X != sel {
		return nil
	}
	ta, ok := stack[n-4].(*ast.TypeAssertExpr)
	if !ok || ta.X != ix || ta.Type == nil || model.IsCommaOK(stack[:n-3]) {
		return nil
	}
	return ta
}

// contentAsserts reports single-value type assertions on the Content of a
// round-trip answer held in a variable: nothing checks the answer against
// the requested schema on 2026-07-28 sessions.
func (rt *roundTripCheck) contentAsserts() {
	for _, site := range rt.D.Results {
		if !site.RoundTrip || site.Obj == nil || site.Body == nil {
			continue
		}
		for _, r := range model.KeyReads(rt.Model, site, rt.Sum.Schemas.Reader.Resolve) {
			if r.Assert != nil && !r.CommaOK {
				rt.reportContentAssert(site.SDK, r.Assert, site)
			}
		}
		if site.SDK.ContentIsMap {
			continue
		}
		// mcp-go: Content is any, asserted to a map first.
		source.WalkWithPath(site.Body, func(n ast.Node, path []ast.Node) {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || !rt.IsResultField(site, sel, site.SDK.ContentField) {
				return
			}
			if ta, ok := source.ParentOf(path).(*ast.TypeAssertExpr); ok && ta.X == sel && ta.Type != nil && !model.IsCommaOK(path[:len(path)-1]) {
				rt.reportContentAssert(site.SDK, ta, site)
			}
		})
	}
}

func (rt *roundTripCheck) reportContentAssert(sdk *mcpsdk.SDK, ta *ast.TypeAssertExpr, site *model.ResultSite) {
	rt.Report(ta, "single-value type assertion %s panics when a client answers with another type: round-trip answers are not checked against the requested schema%s; use the comma-ok form", shortExpr(ta), panicTail(sdk))
}

// shortExpr renders a type assertion for messages, eliding long operands.
func shortExpr(ta *ast.TypeAssertExpr) string {
	s := types.ExprString(ta)
	if len(s) > 80 {
		s = "..." + s[len(s)-77:]
	}
	return s
}

// checkedBefore reports whether the assertion on top of stack sits where a
// comma-ok assertion of the same operand to the same type has succeeded:
// in the body of `if _, ok := x.(T); ok` (or `ok && ...`), or after
// `if !ok { return }` in the same block.
func (rt *roundTripCheck) checkedBefore(stack []ast.Node, ta *ast.TypeAssertExpr) bool {
	want := types.ExprString(ta)
	okVar := func(s ast.Stmt) *types.Var {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return nil
		}
		if prev, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr); !ok || types.ExprString(prev) != want {
			return nil
		}
		id, _ := as.Lhs[1].(*ast.Ident)
		if id == nil {
			return nil
		}
		v, _ := rt.Info.ObjectOf(id).(*types.Var)
		return v
	}
	isVar := func(e ast.Expr, v *types.Var) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && v != nil && rt.Info.Uses[id] == v
	}
	// cond holds v on its true path: v, v && ..., ... && v.
	var holds func(e ast.Expr, v *types.Var) bool
	holds = func(e ast.Expr, v *types.Var) bool {
		if isVar(e, v) {
			return true
		}
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		return ok && b.Op == token.LAND && (holds(b.X, v) || holds(b.Y, v))
	}
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.IfStmt:
			if p.Init != nil && stack[i+1] == p.Body && holds(p.Cond, okVar(p.Init)) {
				return true
			}
		case *ast.BlockStmt:
			for k, s := range p.List {
				if s == stack[i+1] {
					break
				}
				ifs, ok := s.(*ast.IfStmt)
				if !ok || !rt.Terminates(ifs.Body) || ifs.Else != nil {
					continue
				}
				v := okVar(ifs.Init)
				if v == nil && k > 0 {
					v = okVar(p.List[k-1])
				}
				if u, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && isVar(u.X, v) {
					return true
				}
			}
		}
	}
	return false
}

// rawAnswers reports reads of an answer's raw field (mcp-go's
// InputResponses[k].Elicitation), which stays nil for answers from
// 2026-07-28 clients until the answer is decoded.
func (rt *roundTripCheck) rawAnswers() {
	for _, r := range rt.D.RT.Raw {
		ix := ast.Unparen(r.Sel.X).(*ast.IndexExpr)
		if rt.decodedIn(r.Body, types.ExprString(ix), r.SDK) {
			continue
		}
		rt.reportRaw(r.Sel, r.Kind, types.ExprString(ix.X), types.ExprString(ix.Index))
	}
	// r := responses["k"]; r.Elicitation.Action
	for _, rv := range rt.D.RT.RawVars {
		if rv.Body == nil || rt.decodedIn(rv.Body, rv.V.Name(), rv.SDK) {
			continue
		}
		ast.Inspect(rv.Body, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if k := rv.SDK.RawFieldKind(sel.Sel.Name); k != nil {
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && rt.Info.Uses[id] == rv.V {
						rt.reportRaw(sel, k, types.ExprString(rv.Index.X), types.ExprString(rv.Index.Index))
					}
				}
			}
			return true
		})
	}
}

func (rt *roundTripCheck) reportRaw(sel *ast.SelectorExpr, k *mcpsdk.RequestKind, responses, key string) {
	sdk := rt.SDKs.OfPkg(rt.Info.Uses[sel.Sel])
	if sdk == nil {
		return
	}
	rt.Report(sel, "%s stays nil for answers from 2026-07-28 clients until %s runs: read the answer with %s.%s(%s, %s)",
		types.ExprString(sel), sdk.RoundTrip.DecodeMethod, mcpsdk.LastElem(sdk.ServerPkg), k.ResponseFunc, responses, key)
}

// decodedIn reports whether body calls the decode method on the answer
// written as want.
func (rt *roundTripCheck) decodedIn(body *ast.BlockStmt, want string, sdk *mcpsdk.SDK) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if s, ok := call.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == sdk.RoundTrip.DecodeMethod && types.ExprString(s.X) == want {
				found = true
			}
		}
		return !found
	})
	return found
}

// nonEmpty reports whether e is a value other than nil, "" or an empty
// literal, as far as can be told.
func (rt *roundTripCheck) nonEmpty(e ast.Expr) bool {
	e = source.UnAddr(e)
	if lit, ok := e.(*ast.CompositeLit); ok {
		if _, isSlice := rt.Info.TypeOf(lit).Underlying().(*types.Slice); isSlice {
			return len(lit.Elts) > 0
		}
		return true
	}
	return rt.Present(&model.FieldVal{Value: e})
}

// requestsOf returns the key-value of a result literal that sets its
// requests to a non-empty value, or nil.
func (rt *roundTripCheck) requestsOf(r *model.ResultLit) *ast.KeyValueExpr {
	lit, rtd := r.Lit, r.SDK.RoundTrip
	if rtd.ResultsEmbed != "" {
		kv := source.LitField(lit, rtd.ResultsEmbed)
		if kv == nil {
			return nil
		}
		inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
		if !ok {
			return nil
		}
		lit = inner
	}
	kv := source.LitField(lit, rtd.RequestsField)
	if kv == nil || !rt.nonEmpty(kv.Value) {
		return nil
	}
	return kv
}

// bothParts reports go-sdk results that carry requests and content: the
// SDK answers them with an internal error.
func (rt *roundTripCheck) bothParts() {
	for _, r := range rt.D.RT.Results {
		fields := r.SDK.RoundTrip.Results[mcpsdk.NamedObj(rt.Info.TypeOf(r.Lit)).Name()]
		if len(fields) == 0 {
			continue
		}
		req := rt.requestsOf(r)
		if req == nil {
			continue
		}
		for _, f := range fields {
			if kv := source.LitField(r.Lit, f); kv != nil && rt.nonEmpty(kv.Value) {
				rt.Report(req.Key, "result sets %s together with %s: go-sdk answers it with error -32603 (\"server bug: result has both content and inputRequests\"); return the requests alone, and the %s once the answers arrive", r.SDK.RoundTrip.RequestsField, f, f)
				break
			}
		}
	}
}

// unsentRequests reports mcp-go results with requests whose ResultType is
// not input_required: NeedsInput() is false and the requests are never
// sent.
func (rt *roundTripCheck) unsentRequests() {
	for _, r := range rt.D.RT.Results {
		rtd := r.SDK.RoundTrip
		if rtd.ResultTypeField == "" {
			continue
		}
		req := rt.requestsOf(r)
		if req == nil || rt.resultTypeSet(r) {
			continue
		}
		rt.Report(req.Key, "result has %s but no %s: mcp.%s, so NeedsInput() is false and mcp-go never sends the requests; build it with server.%s(\"\").%s(key, params).%s(), which sets it",
			rtd.RequestsField, rtd.ResultTypeField, rtd.ResultTypeConst, rtd.NewBuilder, rtd.Kind(mcpsdk.KindElicitation).BuilderMethod, rtd.Finishers["CallToolResult"])
	}
}

// resultTypeSet reports whether the result literal says input_required, or
// might: its result type field is set to something we cannot read, or the
// literal is stored and the function sets the field later.
func (rt *roundTripCheck) resultTypeSet(r *model.ResultLit) bool {
	rtd := r.SDK.RoundTrip
	if kv := source.LitField(r.Lit, rtd.ResultEmbed); kv != nil {
		inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
		if !ok {
			return true // a Result value from elsewhere
		}
		if f := source.LitField(inner, rtd.ResultTypeField); f != nil {
			s, ok := source.ConstString(rt.Info, f.Value)
			want := rt.resultTypeConst(r.SDK)
			return !ok || want == "" || s == want
		}
	}
	// Stored in a variable: the field may be set later.
	switch source.ParentOf(stripAddr(r.Stack)).(type) {
	case *ast.ReturnStmt, *ast.CallExpr:
		return false
	}
	_, body := source.Enclosing(r.Stack)
	set := false
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && (sel.Sel.Name == rtd.ResultTypeField || sel.Sel.Name == rtd.ResultEmbed) {
						set = true
					}
				}
			}
			return !set
		})
	}
	return set
}

// stripAddr drops a & above the node on top of the stack.
func stripAddr(stack []ast.Node) []ast.Node {
	if n := len(stack); n >= 2 {
		if u, ok := stack[n-2].(*ast.UnaryExpr); ok && u.Op == token.AND {
			return stack[:n-1]
		}
	}
	return stack
}

// resultTypeConst returns the value of the SDK's input_required constant.
func (rt *roundTripCheck) resultTypeConst(sdk *mcpsdk.SDK) string {
	for _, imp := range rt.Package.Pass.Pkg.Imports() {
		if imp.Path() != sdk.TypesPath() {
			continue
		}
		if c, ok := imp.Scope().Lookup(sdk.RoundTrip.ResultTypeConst).(*types.Const); ok {
			return constantString(c)
		}
	}
	return ""
}

// keys reports answers read under a key no request of the package uses,
// and requests never read, when every key of the package is known: a
// constant, or a key a helper reads for its callers (see keyValues).
func (rt *roundTripCheck) keys() {
	reads, requests := rt.keyValues(rt.D.RT.Reads), rt.keyValues(rt.D.RT.Requests)
	for r, hint := range unmatched(reads, requests) {
		rt.Report(r.At, "answer %q is never requested: no InputRequests key in this package is %q%s, so it never arrives and the client is asked again on every call; read the key the request uses", r.Key, r.Key, hint)
	}
	for r, hint := range unmatched(requests, reads) {
		rt.Report(r.At, "request %q is never read from InputResponses in this package%s: its answer is ignored, so the handler asks again on every call; read the answer under the same key", r.Key, hint)
	}
}

// keyValues replaces each use whose key is not a constant with one use
// per constant it can hold, where they are all known
// (func answer(r mcp.InputResponseMap, key string) ... r[key], called as
// answer(req.Params.InputResponses, "date")): the use then stands at the
// constant. The others stay unknown.
func (rt *roundTripCheck) keyValues(uses []*model.KeyUse) []*model.KeyUse {
	var out []*model.KeyUse
	for _, u := range uses {
		vals, ok := []source.ConstAt(nil), false
		if e, isExpr := u.At.(ast.Expr); isExpr && u.Key == "" {
			vals, ok = rt.PossibleStrings(e, rt.D.LocalCalls)
		}
		if !ok {
			out = append(out, u)
			continue
		}
		for _, v := range vals {
			k := *u
			k.Key, k.At = v.S, v.At
			out = append(out, &k)
		}
	}
	return out
}

// unmatched yields the uses whose key none of others has, with a
// did-you-mean hint, when every key of others is a constant and there is
// at least one.
func unmatched(uses, others []*model.KeyUse) iter.Seq2[*model.KeyUse, string] {
	return func(yield func(*model.KeyUse, string) bool) {
		keys := keySet(others)
		if len(keys) == 0 {
			return
		}
		names := slices.Sorted(maps.Keys(keys))
		for _, u := range uses {
			if u.Key != "" && !keys[u.Key] && !yield(u, report.DidYouMean(u.Key, names)) {
				return
			}
		}
	}
}

// keySet returns the constant keys of uses, or nil when some key is not a
// constant (then nothing is known).
func keySet(uses []*model.KeyUse) map[string]bool {
	set := map[string]bool{}
	for _, u := range uses {
		if u.Key == "" {
			return nil
		}
		set[u.Key] = true
	}
	return set
}

// neverEnding reports functions that return requests on every path and
// never read an answer: the client answers, calls again and gets the same
// requests until it gives up.
func (rt *roundTripCheck) neverEnding() {
	asks := map[ast.Expr]*mcpsdk.SDK{} // request results: literals and builder calls
	fns := map[ast.Node]*mcpsdk.SDK{}
	for _, r := range rt.D.RT.Results {
		if rt.requestsOf(r) != nil {
			asks[r.Lit] = r.SDK
			if fn, _ := source.Enclosing(r.Stack); fn != nil {
				fns[fn] = r.SDK
			}
		}
	}
	for _, f := range rt.D.RT.Finishers {
		asks[f.Call] = f.SDK
		if f.Fn != nil {
			fns[f.Fn] = f.SDK
		}
	}
	if len(fns) == 0 {
		return
	}
	readers := map[*ast.BlockStmt]bool{}
	for _, r := range rt.D.RT.Reads {
		readers[model.FuncBody(r.Fn)] = true
	}
	for _, site := range rt.D.Results {
		if site.RoundTrip {
			readers[site.Body] = true
		}
	}
	for fn, sdk := range fns {
		if readers[model.FuncBody(fn)] || !rt.TakesRequest(fn, sdk) || !rt.asksOnEveryPath(fn, asks) || rt.mayRead(fn, sdk) {
			continue
		}
		at := ast.Node(fn)
		if d, ok := fn.(*ast.FuncDecl); ok {
			at = d.Name
		} else {
			at = fn.(*ast.FuncLit).Type
		}
		rt.Report(at, "handler returns %s on every path and never reads %s: the client answers, calls again and gets the same requests until it gives up; read the answers first", sdk.RoundTrip.RequestsField, sdk.RoundTrip.ResponsesField)
	}
}

// asksOnEveryPath reports whether every return statement of fn (outside
// nested function literals) returns a request result first.
func (rt *roundTripCheck) asksOnEveryPath(fn ast.Node, asks map[ast.Expr]*mcpsdk.SDK) bool {
	body := model.FuncBody(fn)
	if body == nil || !rt.Terminates(body) {
		return false
	}
	n, all := 0, true
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			if len(x.Results) == 0 {
				all = false
				return false
			}
			e := source.UnAddr(x.Results[0])
			if _, ok := asks[e]; !ok {
				all = false
			}
		}
		return true
	})
	return n > 0 && all
}

// mayRead reports whether fn hands something of the SDK (the request, its
// params, the answers) to a function outside the SDK, which may read the
// answers for it, or selects the answers field.
func (rt *roundTripCheck) mayRead(fn ast.Node, sdk *mcpsdk.SDK) bool {
	may := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == sdk.RoundTrip.ResponsesField {
				may = true
			}
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(rt.Info, n).(*types.Func)
			if callee != nil && rt.SDKs.OfPkg(callee) != nil {
				return true
			}
			for _, a := range n.Args {
				if t := rt.Info.TypeOf(a); t != nil && rt.FromSDK(t) {
					may = true
				}
			}
		}
		return !may
	})
	return may
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

// commaOKFix rewrites `v := x.(T)` into the comma-ok form with an early
// return of an error when the assertion fails, where the function's
// results allow it.
func commaOKFix(c *check.Pass, stack []ast.Node, what string) []analysis.SuggestedFix {
	n := len(stack)
	if n < 3 {
		return nil
	}
	ta := stack[n-1].(*ast.TypeAssertExpr)
	as, ok := stack[n-2].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != ta {
		return nil
	}
	if _, ok := stack[n-3].(*ast.BlockStmt); !ok {
		return nil
	}
	fn, _ := source.Enclosing(stack)
	sig := c.SignatureOf(fn)
	file := c.FileOf(ta.Pos())
	if sig == nil || file == nil {
		return nil
	}
	ret, edits, ok := fix.FailReturn(c.Package, sig, file, what)
	if !ok {
		return nil
	}
	okName := freshName(c.Pass.Pkg, c.Info, as.Pos(), "ok")
	indent := c.IndentOf(as.Pos())
	eol := c.LineEnd(as.End()) // after a trailing comment
	edits = append(edits,
		analysis.TextEdit{Pos: as.Lhs[0].End(), End: as.Lhs[0].End(), NewText: []byte(", " + okName)},
		analysis.TextEdit{Pos: eol, End: eol, NewText: []byte(fmt.Sprintf("\n%sif !%s {\n%s\t%s\n%s}", indent, okName, indent, ret, indent))},
	)
	return []analysis.SuggestedFix{{Message: "Use the comma-ok form and return an error when the assertion fails", TextEdits: edits}}
}

// freshName returns base, or base with a number, that names nothing in
// the scope at pos.
func freshName(pkg *types.Package, info *types.Info, pos token.Pos, base string) string {
	scope := pkg.Scope().Innermost(pos)
	for i := 0; ; i++ {
		name := base
		if i > 0 {
			name = fmt.Sprintf("%s%d", base, i)
		}
		if scope == nil {
			return name
		}
		if _, obj := scope.LookupParent(name, pos); obj == nil {
			return name
		}
	}
}

// constantString returns the string value of a constant, or "".
func constantString(c *types.Const) string {
	if c.Val() == nil {
		return ""
	}
	s, ok := source.ConstStringValue(c.Val())
	if !ok {
		return ""
	}
	return s
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
	if rt.IsHandler(fn, dc.SDK) {
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

// neverDelivered returns, for a type assertion on one answer (go-sdk), why
// it can never succeed: the type is one the SDK never delivers for answers
// of its kind, or the key is requested only as another kind; "" when it
// may succeed.
func (rt *roundTripCheck) neverDelivered(a *model.AnswerAssert) string {
	t := rt.Info.TypeOf(a.TA.Type)
	k := a.SDK.KindOfType(t, func(k *mcpsdk.RequestKind) []string { return k.Results })
	if k == nil || k.Answer == "" {
		return ""
	}
	mcpName := mcpsdk.LastElem(a.SDK.TypesPkg)
	if mcpsdk.NamedObj(t).Name() != k.Answer {
		return fmt.Sprintf("%s never succeeds: go-sdk delivers every %s answer in %s as *%s.%s, on old and new protocols alike; assert *%s.%s",
			shortExpr(a.TA), k.Kind, a.SDK.RoundTrip.ResponsesField, mcpName, k.Answer, mcpName, k.Answer)
	}
	if other := rt.requestedAs(a.SDK, a.Key, k); other != nil && other.Answer != "" {
		return fmt.Sprintf("%s never succeeds: %q is requested as %s in this package, whose answer arrives as *%s.%s",
			shortExpr(a.TA), a.Key, other.Kind, mcpName, other.Answer)
	}
	return ""
}

// requestedAs returns the one kind the package requests under key when it
// is not k; nil when the key is requested as k, as several kinds, as a
// kind that cannot be told, not at all, or when some key is not a constant.
func (rt *roundTripCheck) requestedAs(sdk *mcpsdk.SDK, key string, k *mcpsdk.RequestKind) *mcpsdk.RequestKind {
	if key == "" {
		return nil
	}
	var other *mcpsdk.RequestKind
	for _, r := range rt.D.RT.Requests {
		if r.Key == "" {
			return nil
		}
		if r.SDK != sdk || r.Key != key {
			continue
		}
		if r.Kind == nil || r.Kind == k || other != nil && other != r.Kind {
			return nil
		}
		other = r.Kind
	}
	return other
}

// answerKinds reports answers read as a kind they never arrive as: go-sdk
// assertions to a type the SDK never delivers (*mcp.CreateMessageResult),
// or to the result of another kind than the key's requests; mcp-go
// response functions of another kind than the key's requests.
func (rt *roundTripCheck) answerKinds() {
	for _, a := range rt.D.RT.Asserts {
		if why := rt.neverDelivered(a); why != "" {
			rt.Report(a.TA, "%s, or the handler takes the answer as missing and asks again on every call", why)
		}
	}
	for _, r := range rt.D.RT.Reads {
		if r.Kind == nil || r.SDK.RoundTrip.ResponseIface != "" {
			continue // go-sdk reads are the assertions above
		}
		if other := rt.requestedAs(r.SDK, r.Key, r.Kind); other != nil {
			rt.Report(r.At, "answer %q is read as %s, but this package requests it as %s: the answer is decoded as the wrong kind; read it with %s.%s",
				r.Key, r.Kind.Kind, other.Kind, mcpsdk.LastElem(r.SDK.ServerPkg), other.ResponseFunc)
		}
	}
}

// samplingContent reports assertions on the Content of a sampling answer:
// single-value ones panic on what the client's model returns, and in
// mcp-go a round-trip answer's Content is still JSON (map[string]any) for
// 2026-07-28 clients, so an assertion to a content type never succeeds
// for them.
func (rt *roundTripCheck) samplingContent() {
	for _, a := range rt.D.RT.ContentAsserts {
		if !a.CommaOK && !rt.checkedBefore(a.Stack, a.TA) {
			rt.ReportFix(a.TA.Pos(), a.TA.End(), commaOKFix(rt.Pass, a.Stack, "the model answered with another type of content"),
				"single-value type assertion %s panics when the client's model answers with another type of content (text, image, audio, or a list of them)%s; use the comma-ok form",
				shortExpr(a.TA), panicTail(a.SDK))
			continue
		}
		if parser := a.Kind.ContentParser; parser != "" && rt.rawSamplingContent(a) {
			x := types.ExprString(contentOperand(a.TA))
			rt.Report(a.TA, "%s.Content is still JSON (map[string]any) when the answer comes from a 2026-07-28 client, so %s never succeeds for those clients; convert it first with %s.%s(%s.Content)",
				x, shortExpr(a.TA), mcpsdk.LastElem(a.SDK.TypesPkg), parser, x)
		}
	}
}

// contentOperand returns x of x.Content.(T) or x.Content[i].(T).
func contentOperand(ta *ast.TypeAssertExpr) ast.Expr {
	e := ast.Unparen(ta.X)
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ast.Unparen(ix.X)
	}
	return ast.Unparen(e.(*ast.SelectorExpr).X)
}

// rawSamplingContent reports whether the operand of a Content assertion
// is a round-trip sampling answer straight from the SDK's response function
// (mcp-go's server.SamplingResponse), whose Content nothing in the function
// replaces.
func (rt *roundTripCheck) rawSamplingContent(a *model.AnswerAssert) bool {
	x := contentOperand(a.TA)
	if id, ok := x.(*ast.Ident); ok {
		v, _ := rt.Info.Uses[id].(*types.Var)
		if v == nil || !source.IsLocal(v) {
			return false
		}
		_, body := source.Enclosing(a.Stack)
		if body == nil || rt.contentReplaced(body, v) {
			return false
		}
		x, _ = rt.SingleAssignment(id)
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(rt.Info, call).(*types.Func)
	if fn == nil {
		return false
	}
	_, k := rt.SDKs.ResponseFunc(fn)
	return k != nil && k.Kind == mcpsdk.KindSampling
}

// contentReplaced reports whether body assigns to v's Content or passes
// v's Content, or v itself, to a function (which may convert it).
func (rt *roundTripCheck) contentReplaced(body *ast.BlockStmt, v *types.Var) bool {
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && rt.Info.Uses[id] == v
	}
	isContent := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == mcpsdk.FieldContent && isV(sel.X)
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if isContent(l) {
					found = true
				}
			}
		case *ast.CallExpr:
			for _, arg := range n.Args {
				if isContent(arg) || isV(arg) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

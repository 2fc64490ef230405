package roundtrip

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads the answers: assertions that panic on what a client
// sends or can never succeed, raw fields that stay nil until decoded, and
// sampling content left as JSON.

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
	if !ok || ta.X != ix || ta.Type == nil || source.IsCommaOK(stack[:n-3]) {
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
			if ta, ok := source.ParentOf(path).(*ast.TypeAssertExpr); ok && ta.X == sel && ta.Type != nil && !source.IsCommaOK(path[:len(path)-1]) {
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
// v's Content, or v itself, to a function (which may convert it) other
// than fmt's, log's and slog's.
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
			if flow.IsPrintCall(rt.Info, n) {
				break // printed or formatted (%T in an error): not converted
			}
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

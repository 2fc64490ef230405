package roundtrip

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads the results: requests and content together, requests
// never sent, keys read and never requested (and the reverse), and
// handlers that ask on every call.

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

// missingPlaceholders reports go-sdk resource results that ask with their
// Contents nil: go-sdk v1.8.0 fails the read for a client on an older
// protocol ("read handler returned nil information") before its bridge
// can make the requests, so the handler works only for 2026-07-28
// clients. The fix sets Contents to an empty slice, which the SDK does
// not count as content.
func (rt *roundTripCheck) missingPlaceholders() {
	for _, r := range rt.D.RT.Results {
		named := mcpsdk.NamedObj(rt.Info.TypeOf(r.Lit))
		if named == nil {
			continue
		}
		p, ok := r.SDK.RoundTrip.Placeholders[named.Name()]
		if !ok {
			continue
		}
		req := rt.requestsOf(r)
		if req == nil || rt.fieldSet(r, p.Field) {
			continue
		}
		if kv := source.LitField(r.Lit, p.Field); kv != nil && !source.IsNil(rt.Info, kv.Value) {
			continue // set to a value; bothParts says if it is content
		}
		rt.ReportFix(req.Key.Pos(), req.Key.End(), rt.placeholderFix(r, req, p),
			"%s.%s asks with %s nil: go-sdk fails the read for every client on a protocol before 2026-07-28 (\"read handler returned nil information\") before it can make the requests for them; set %s to an empty slice, which is not content",
			named.Pkg().Name(), named.Name(), p.Field, p.Field)
	}
}

// fieldSet reports whether the result literal, stored in a variable, may
// get one of fields later: the function assigns a field of that name.
func (rt *roundTripCheck) fieldSet(r *model.ResultLit, fields ...string) bool {
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
					if sel, ok := l.(*ast.SelectorExpr); ok && slices.Contains(fields, sel.Sel.Name) {
						set = true
					}
				}
			}
			return !set
		})
	}
	return set
}

// placeholderFix sets the placeholder field in the literal: in place of a
// nil value, or as a field of its own before the requests.
func (rt *roundTripCheck) placeholderFix(r *model.ResultLit, req *ast.KeyValueExpr, p mcpsdk.Placeholder) []analysis.SuggestedFix {
	file := rt.FileOf(r.Lit.Pos())
	if file == nil {
		return nil
	}
	name, imp, ok := fix.ImportName(rt.Package, file, r.SDK.TypesPath(), mcpsdk.LastElem(r.SDK.TypesPkg))
	if !ok {
		return nil
	}
	text := p.Text(name)
	var edit analysis.TextEdit
	if kv := source.LitField(r.Lit, p.Field); kv != nil {
		edit = analysis.TextEdit{Pos: kv.Pos(), End: kv.End(), NewText: []byte(text)}
	} else if rt.LineStart(req.Pos()) == rt.LineStart(r.Lit.Lbrace) {
		edit = analysis.TextEdit{Pos: req.Pos(), End: req.Pos(), NewText: []byte(text + ", ")}
	} else {
		edit = analysis.TextEdit{Pos: req.Pos(), End: req.Pos(), NewText: []byte(text + ",\n" + rt.IndentOf(req.Pos()))}
	}
	edits := []analysis.TextEdit{edit}
	if imp != nil {
		edits = append(edits, *imp)
	}
	return []analysis.SuggestedFix{{Message: "Set " + p.Field + " to an empty slice", TextEdits: edits}}
}

// stateOnly reports go-sdk results that carry a RequestState and nothing
// else: the SDK sends a result as input-required only when it has
// requests, so this one goes out as a complete, empty result, and the
// client never calls again with the state.
func (rt *roundTripCheck) stateOnly() {
	for _, r := range rt.D.RT.Results {
		rtd, d := r.SDK.RoundTrip, r.SDK.Duties()
		if !rtd.StateNeedsRequests || d == nil {
			continue
		}
		named := mcpsdk.NamedObj(rt.Info.TypeOf(r.Lit))
		if named == nil {
			continue
		}
		content, ok := rtd.Results[named.Name()]
		if !ok {
			continue
		}
		state := source.LitField(r.Lit, d.StateField)
		if state == nil || !rt.nonEmpty(state.Value) || rt.requestsOf(r) != nil || rt.fieldSet(r, rtd.RequestsField) {
			continue
		}
		if slices.ContainsFunc(content, func(f string) bool {
			kv := source.LitField(r.Lit, f)
			return kv != nil && rt.nonEmpty(kv.Value)
		}) || rt.fieldSet(r, content...) {
			continue // a result with content is complete, state or not
		}
		rt.Report(state.Key, "result carries %s and no %s: go-sdk sends a result as input-required only when it has requests, so this one goes out complete and empty, and the client never calls again with the state; return the request the next round needs in %s beside the state",
			d.StateField, rtd.RequestsField, rtd.RequestsField)
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
	return rt.fieldSet(r, rtd.ResultTypeField, rtd.ResultEmbed)
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
	for _, c := range rt.helperUses() {
		reads = append(reads, c.use) // a helper given the key reads it
	}
	reads = append(reads, rt.keyedReads...) // and so does another package's function that reads a key it is given
	for r, hint := range unmatched(reads, requests) {
		rt.Report(r.At, "answer %q is never requested: no InputRequests key in this package is %q%s, so it never arrives and the client is asked again on every call; read the key the request uses", r.Key, r.Key, hint)
	}
	if rt.opaque {
		return // another package reads answers: which keys cannot be told
	}
	for r, hint := range unmatched(requests, reads) {
		if rt.counted[r.Fn] {
			continue // it goes ahead on any answer instead: countedAnswers says so
		}
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
			if !ok {
				// A range over a literal list of keys.
				for _, key := range rt.keysOf(u) {
					vals, ok = append(vals, source.ConstAt{S: key, At: e}), true
				}
			}
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
	asks, fns := rt.askers()
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
		if readers[model.FuncBody(fn)] || !rt.TakesRequest(fn, sdk) || rt.mayRead(fn, sdk) {
			continue
		}
		all, refuses := rt.asksOnEveryPath(fn, asks)
		if !all {
			continue
		}
		at := ast.Node(fn)
		if d, ok := fn.(*ast.FuncDecl); ok {
			at = d.Name
		} else {
			at = fn.(*ast.FuncLit).Type
		}
		paths := "every path"
		if refuses {
			paths = "every path of a client that declared elicitation"
		}
		rt.Report(at, "handler returns %s on %s and never reads %s: the client answers, calls again and gets the same requests until it gives up; read the answers first", sdk.RoundTrip.RequestsField, paths, sdk.RoundTrip.ResponsesField)
	}
}

// askers returns the results that carry requests (literals and builder
// calls) and the functions that return them, with their SDK.
func (rt *roundTripCheck) askers() (asks map[ast.Expr]*mcpsdk.SDK, fns map[ast.Node]*mcpsdk.SDK) {
	asks, fns = map[ast.Expr]*mcpsdk.SDK{}, map[ast.Node]*mcpsdk.SDK{}
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
	return asks, fns
}

// asksOnEveryPath reports whether every return statement of fn (outside
// nested function literals) returns a request result first, but those
// that refuse a client that did not declare elicitation (refuses: there
// are some).
func (rt *roundTripCheck) asksOnEveryPath(fn ast.Node, asks map[ast.Expr]*mcpsdk.SDK) (all, refuses bool) {
	body := model.FuncBody(fn)
	if body == nil || !rt.Terminates(body) {
		return false, false
	}
	n := 0
	all = true
	source.WalkWithPath(body, func(x ast.Node, path []ast.Node) {
		ret, ok := x.(*ast.ReturnStmt)
		if !ok || source.InFuncLit(path) {
			return
		}
		n++
		if len(ret.Results) > 0 {
			if _, ok := asks[source.UnAddr(ret.Results[0])]; ok {
				return
			}
		}
		if rt.undeclaredOnly(path) {
			refuses = true // a client that cannot be asked is refused
			return
		}
		all = false
	})
	return n > 0 && all, refuses
}

// undeclaredOnly reports a statement, the last node of path, that runs
// only where the client did not declare elicitation: in the branch of an
// if whose condition says so (if caps.Elicitation == nil { return ... }).
func (rt *roundTripCheck) undeclaredOnly(path []ast.Node) bool {
	for i := len(path) - 2; i >= 0; i-- {
		is, ok := path[i].(*ast.IfStmt)
		if !ok {
			continue
		}
		onTrue, onFalse := rt.Undeclared(is.Cond)
		switch {
		case onTrue && path[i+1] == is.Body, onFalse && is.Else != nil && path[i+1] == is.Else:
			return true
		}
	}
	return false
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

package failopen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// What the messages say, and the fix that makes a return what a decline
// returns.

// name is how messages name the function that holds the answer.
func (fo *failOpen) name() string {
	switch syn := fo.Fn.Syntax().(type) {
	case *ast.FuncDecl:
		if syn.Recv != nil && len(syn.Recv.List) == 1 {
			if obj := mcpsdk.NamedObj(fo.c.Info.TypeOf(syn.Recv.List[0].Type)); obj != nil {
				return obj.Name() + "." + syn.Name.Name
			}
		}
		return syn.Name.Name
	case *ast.FuncLit:
		if call := fo.callOfLit(syn); call != nil {
			return "the function passed to " + types.ExprString(ast.Unparen(call.Fun))
		}
	}
	return "the function literal"
}

// callOfLit returns the call that lit is an argument of, if any.
func (fo *failOpen) callOfLit(lit *ast.FuncLit) *ast.CallExpr {
	top := fo.Fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	var found *ast.CallExpr
	if syn := top.Syntax(); syn != nil {
		ast.Inspect(syn, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && slices.Contains(call.Args, ast.Expr(lit)) {
				found = call
			}
			return found == nil
		})
	}
	return found
}

// foMissing says when the answer is missing and why that matters with
// this SDK; move is set when the SDK has the round trip (the direct
// request should move there).
type foMissing struct {
	when, why string
	// call names the request, for messages about its error.
	call string
	move bool
	// requests names the results' requests field, for round-trip answers.
	requests string
}

const sentinelWhy = "every call that gets that error goes ahead without asking"

// missing describes the missing answer of the site, for a finding in
// block b.
func (fo *failOpen) missing(b *ssa.BasicBlock) foMissing {
	m := fo.missingAnswer()
	if names := fo.sentinelNames(fo.Sentinels(b)); len(names) > 0 && m.requests == "" && m.call != "" {
		m.when = fmt.Sprintf("%s fails with %s", m.call, strings.Join(names, " or "))
		m.why = sentinelWhy
	}
	return m
}

// missingAt describes the missing answer for a finding at instr: where
// only the paths on which the client did not declare elicitation reach it,
// that the question cannot be asked.
func (fo *failOpen) missingAt(instr ssa.Instruction) foMissing {
	m := fo.missing(instr.Block())
	if fo.Undeclared(instr) {
		m.when = "the client did not declare elicitation"
		m.why = "the question cannot be asked there, so a client without elicitation goes ahead unasked, whatever its user would answer"
		m.call, m.move, m.requests = "", false, ""
	}
	return m
}

// missingAnswer describes the missing answer of the site.
func (fo *failOpen) missingAnswer() foMissing {
	site := fo.site
	if site.RoundTrip && site.SDK.RoundTrip != nil {
		rt := site.SDK.RoundTrip
		when := fmt.Sprintf("%s has no answer %q", rt.ResponsesField, site.RequestKey)
		if site.RequestKey == "" {
			when = rt.ResponsesField + " has no answer"
		}
		return foMissing{when: when, why: "the first call has none yet, so it goes ahead before the question is asked", requests: rt.RequestsField}
	}
	const noElicitation = "it fails for clients without elicitation, so for them every call goes ahead without asking"
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok {
		return foMissing{when: "the answer is missing", why: "the call goes ahead without an answer"}
	}
	for _, dc := range fo.c.D.RT.Direct {
		if dc.Call != call {
			continue
		}
		name := dc.Method.String()
		// A server pinned to older protocols, or a request made only on
		// them, is refused only for clients without elicitation.
		if model.HasRoundTrip(dc.SDK, dc.Fn) && !fo.c.Pinned(dc.SDK) && !fo.c.OlderOnly(dc) {
			return foMissing{when: name + " fails", call: name, why: "on sessions that negotiate protocol 2026-07-28 the direct request always fails, so every call goes ahead without asking", move: true}
		}
		return foMissing{when: name + " fails", call: name, why: noElicitation}
	}
	name := model.CalleeName(fo.c.Info, call)
	if d := site.Decision; d != nil {
		// A gate whose error says its request failed.
		switch {
		case d.Always:
			return foMissing{when: name + " fails", call: name, why: fmt.Sprintf("it fails when its %s request does, and on sessions that negotiate protocol 2026-07-28 that direct request always fails, so every call goes ahead without asking", d.Request), move: true}
		case d.Direct:
			return foMissing{when: name + " fails", call: name, why: fmt.Sprintf("it fails when its %s request does, as it does for clients without elicitation, so for them every call goes ahead without asking", d.Request)}
		}
	}
	switch has, known := fo.roundTripInBuild(site.SDK); {
	case known && has:
		return foMissing{when: name + " fails", call: name, why: "if it makes a direct request, that request always fails on sessions that negotiate protocol 2026-07-28, so every call goes ahead without asking", move: true}
	case known:
		return foMissing{when: name + " fails", call: name, why: noElicitation}
	}
	return foMissing{when: name + " fails", call: name, why: "it fails when the client cannot be asked (no elicitation, or a direct request on protocol 2026-07-28), so such calls go ahead without asking"}
}

// todo says what to do: fail closed in the way given, or, where that
// applies, move to the round trip or ask.
func (m foMissing) todo(how string) string {
	switch {
	case m.requests != "":
		return fmt.Sprintf("fail closed (%s), and ask: return the request in the result's %s when the answer is missing", how, m.requests)
	case m.move:
		return fmt.Sprintf("fail closed (%s), or move to the round trip so the question is asked", how)
	}
	return "fail closed: " + how
}

// roundTripInBuild reports, from the SDK's types, whether the version of
// sdk this package is built against has the round trip; known is false
// when no package of its direct requests is in sight.
func (fo *failOpen) roundTripInBuild(sdk *mcpsdk.SDK) (has, known bool) {
	if sdk.RoundTrip == nil || len(sdk.RoundTrip.Kinds) == 0 || len(sdk.RoundTrip.Kinds[0].Direct) == 0 {
		return false, false
	}
	want := mcpsdk.JoinPath(sdk.Module, sdk.RoundTrip.Kinds[0].Direct[0].Pkg)
	for _, imp := range fo.c.Pass.Pkg.Imports() {
		for _, p := range append([]*types.Package{imp}, imp.Imports()...) {
			if p.Path() == want {
				return p.Scope().Lookup(sdk.RoundTrip.Marker) != nil, true
			}
		}
	}
	return false, false
}

// describe names the values a missing-answer return gives on the
// decisions: "true", "a nil error", "an \"accept\" answer".
func (fo *failOpen) describe(vals []failflow.Val, decisions []int, ret *ast.ReturnStmt) string {
	var parts []string
	for _, i := range decisions {
		t := fo.Fn.Signature.Results().At(i).Type()
		switch v := vals[i]; {
		case v >= failflow.ValConst && ret != nil && len(ret.Results) == len(vals) && isName(ret.Results[i]):
			parts = append(parts, types.ExprString(ret.Results[i]))
		case v >= failflow.ValConst:
			parts = append(parts, "the value accept gets")
		case v == failflow.ValTrue:
			parts = append(parts, "true")
		case v == failflow.ValFalse:
			parts = append(parts, "false")
		case v == failflow.ValNil && failflow.IsErrorType(t):
			parts = append(parts, "a nil error")
		case v == failflow.ValNil:
			parts = append(parts, "nil")
		case v >= failflow.ValAccept && v < failflow.ValOther && model.IsStringType(t):
			parts = append(parts, strconv.Quote(failflow.ActionOf(v)))
		case v >= failflow.ValAccept && v < failflow.ValOther:
			parts = append(parts, fmt.Sprintf("an answer of %q", failflow.ActionOf(v)))
		default:
			parts = append(parts, "a non-nil value")
		}
	}
	return strings.Join(parts, " and ")
}

// reportReturn reports a return on the missing path, with a fix that
// makes it return what a decline returns where that can be written.
func (fo *failOpen) reportReturn(r failflow.Return, vals []failflow.Val, d *failflow.Decisions) {
	m := fo.missingAt(r.Ret)
	if names := fo.sentinelNames(fo.ValueSentinels(r.Results())); len(names) > 0 && m.requests == "" && m.call != "" && m.why != sentinelWhy {
		m.when = fmt.Sprintf("%s fails with %s", m.call, strings.Join(names, " or "))
		m.why = sentinelWhy
	}
	fixes, noFix := fo.declineFix(r, d.Rets)
	at := ast.Node(nil)
	if rs := fo.returnStmt(r.Ret); rs != nil {
		at = rs
	}
	pos, end := r.Ret.Pos(), r.Ret.Pos()
	if at != nil {
		pos, end = at.Pos(), at.End()
	}
	if !pos.IsValid() {
		return
	}
	if noFix != "" {
		noFix = "; no automatic fix: " + noFix
	}
	fo.c.ReportFix(pos, end, fixes, "%s returns %s when %s, as it does when the user accepts: %s; %s%s",
		fo.name(), fo.describe(vals, d.Idx, fo.returnStmt(r.Ret)), m.when, m.why, m.todo("return what a decline returns"), noFix)
}

// reportWork reports a work call on the missing path.
func (fo *failOpen) reportWork(instr ssa.Instruction, into bool) {
	m := fo.missingAt(instr)
	what := "the call"
	if call := fo.callAt(instr); call != nil {
		what = shortCall(call)
	}
	if into {
		fo.c.Report(fo.callNode(instr), "%s reaches %s when %s, as only an accepted answer should: %s; %s; no automatic fix: that path needs a return of its own",
			fo.name(), what, m.when, m.why, m.todo("leave before the work"))
		return
	}
	fo.c.Report(fo.callNode(instr), "%s calls %s when %s, as it does when the user accepts: %s; %s; no automatic fix: what to reply instead is yours to choose",
		fo.name(), what, m.when, m.why, m.todo("do not call it there"))
}

// shortCall renders a call's function for messages: s.store.Wipe(...).
func shortCall(call *ast.CallExpr) string {
	s := types.ExprString(call.Fun)
	if len(s) > 60 {
		s = "..." + s[len(s)-57:]
	}
	if len(call.Args) == 0 {
		return s + "()"
	}
	return s + "(...)"
}

// callAt returns the call of the function's syntax that instr makes, or
// nil.
func (fo *failOpen) callAt(instr ssa.Instruction) *ast.CallExpr {
	v, _ := instr.(*ssa.Call)
	if v == nil {
		return nil
	}
	call, _ := fo.SyntaxOf(v).(*ast.CallExpr)
	return call
}

func (fo *failOpen) callNode(instr ssa.Instruction) ast.Node {
	if call := fo.callAt(instr); call != nil {
		return call
	}
	return fo.site.Expr
}

// returnStmt returns the return statement of r.
func (fo *failOpen) returnStmt(r *ssa.Return) *ast.ReturnStmt {
	var found *ast.ReturnStmt
	if syn := fo.Fn.Syntax(); syn != nil && r.Pos().IsValid() {
		ast.Inspect(syn, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok && n != syn {
				return false
			}
			if rs, ok := n.(*ast.ReturnStmt); ok && rs.Return == r.Pos() {
				found = rs
			}
			return found == nil
		})
	}
	return found
}

// declineFix makes the return r give what a decline gets: the text of a
// return only refusals reach, when it names nothing local, or else the
// constants a decline gets. noFix says why there is none.
func (fo *failOpen) declineFix(r failflow.Return, rets []failflow.Return) (fixes []analysis.SuggestedFix, noFix string) {
	rs := fo.returnStmt(r.Ret)
	if rs == nil || len(rs.Results) != len(r.Ret.Results) || r.Set&^failflow.NoneAny != 0 {
		return nil, "the return is shared with other paths"
	}
	var texts []string
	for _, d := range rets {
		if !d.Set.Any(failflow.Decline) || d.Set.Any(failflow.Accept|failflow.Unknown|failflow.None) {
			continue
		}
		ds := fo.returnStmt(d.Ret)
		if ds == nil || len(ds.Results) != len(rs.Results) {
			continue
		}
		texts = nil
		for _, e := range ds.Results {
			t, ok := fo.portableText(e)
			if !ok {
				texts = nil
				break
			}
			texts = append(texts, t)
		}
		if texts != nil {
			break
		}
	}
	if texts == nil {
		texts = fo.declineConsts(rets)
	}
	if texts == nil {
		return nil, "what a decline returns cannot be written here"
	}
	first, last := rs.Results[0], rs.Results[len(rs.Results)-1]
	file := fo.c.FileOf(rs.Pos())
	if file == nil {
		return nil, "the file is not in sight"
	}
	for _, cg := range file.Comments {
		if cg.Pos() < last.End() && cg.End() > first.Pos() {
			return nil, "a comment would be lost"
		}
	}
	if name := fo.lastUseOfImport(file, first.Pos(), last.End()); name != "" {
		return nil, "the import of " + name + " would be left unused"
	}
	return []analysis.SuggestedFix{{
		Message:   "Return what a decline returns",
		TextEdits: []analysis.TextEdit{{Pos: first.Pos(), End: last.End(), NewText: []byte(strings.Join(texts, ", "))}},
	}}, ""
}

// declineConsts spells, for each result, the one constant every return a
// decline reaches gives, or returns nil.
func (fo *failOpen) declineConsts(rets []failflow.Return) []string {
	n := fo.Fn.Signature.Results().Len()
	texts := make([]string, n)
	for i := range n {
		vals := map[failflow.Val]bool{}
		for _, r := range rets {
			if r.Set.Any(failflow.Decline | failflow.Unknown) {
				vals[fo.Eval(r.Results()[i], flow.ActDecline, r.Set, 6)] = true
			}
		}
		if len(vals) != 1 {
			return nil
		}
		t := fo.Fn.Signature.Results().At(i).Type()
		switch v := slices.Collect(maps.Keys(vals))[0]; {
		case v == failflow.ValTrue || v == failflow.ValFalse:
			texts[i] = strconv.FormatBool(v == failflow.ValTrue)
		case v == failflow.ValNil:
			texts[i] = "nil"
		case v >= failflow.ValAccept && v < failflow.ValOther && model.IsStringType(t):
			texts[i] = strconv.Quote(failflow.ActionOf(v))
		default:
			return nil
		}
	}
	return texts
}

// portableText returns the source text of e when it names nothing local
// (constants, package-level names, calls of pure functions) and fits on
// one line.
func (fo *failOpen) portableText(e ast.Expr) (string, bool) {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.Ident:
			if v, isVar := fo.c.Info.Uses[n].(*types.Var); isVar && source.IsLocal(v) {
				ok = false
			}
		case *ast.CallExpr:
			if !fo.c.PureCall(n) {
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return "", false
	}
	data, tf := fo.c.Src(e.Pos())
	if data == nil {
		return "", false
	}
	text := data[tf.Offset(e.Pos()):tf.Offset(e.End())]
	if bytes.ContainsAny(text, "\n") {
		return "", false
	}
	return string(text), true
}

// sentinelNames names package-level error variables as the package
// analysed writes them, sorted.
func (fo *failOpen) sentinelNames(gs []*ssa.Global) []string {
	var names []string
	for _, g := range gs {
		name := g.Name()
		if obj := g.Object(); obj != nil && obj.Pkg() != nil && obj.Pkg() != fo.c.Pass.Pkg {
			name = obj.Pkg().Name() + "." + obj.Name()
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// lastUseOfImport returns the name of an import that the text in [pos,
// end) uses and the rest of the file does not: replacing that text would
// leave the import unused, and the file would not compile.
func (fo *failOpen) lastUseOfImport(file *ast.File, pos, end token.Pos) string {
	inside, outside := map[*types.PkgName]bool{}, map[*types.PkgName]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := fo.c.Info.Uses[id].(*types.PkgName); ok {
			if pos <= id.Pos() && id.End() <= end {
				inside[pn] = true
			} else {
				outside[pn] = true
			}
		}
		return true
	})
	for pn := range inside {
		if !outside[pn] {
			return pn.Name()
		}
	}
	return ""
}

// isName reports an identifier or a selector of one (command.Allow).
func isName(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		_, ok := x.X.(*ast.Ident)
		return ok
	}
	return false
}

package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file writes the migration's edits. It writes the text gofmt would
// write where it can (the params re-indented, the lines in place); the
// reporter makes the rest of the white space what gofmt makes of it
// (fix.Format), so that gopls and golangci-lint, which apply raw edits,
// leave formatted code.

// edits returns the edits of the migration, or why there are none.
func (m *migration) edits() ([]analysis.TextEdit, string) {
	m.assignKeys()
	var edits []analysis.TextEdit
	edits = append(edits, m.renameEdits()...)
	var more []analysis.TextEdit
	var why string
	switch {
	case m.asks[0].initIf != nil:
		more, why = m.initIfEdits(m.asks[0])
	case len(m.asks) == 1:
		more, why = m.singleEdits(m.asks[0])
	default:
		more, why = m.multiEdits()
	}
	if why != "" {
		return nil, why
	}
	edits = append(edits, more...)
	for _, st := range m.deleted {
		edits = append(edits, analysis.TextEdit{Pos: m.mod.LineStart(st.Pos()), End: m.mod.LineEnd(st.End()) + 1})
	}
	for _, id := range m.blanks {
		edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte("_")})
	}
	for _, a := range m.asks {
		if a.errRest != nil {
			// if err != nil || rest  ->  if rest
			edits = append(edits, analysis.TextEdit{Pos: a.errTest.Pos(), End: a.errRest.Pos()})
		}
	}
	edits = withRepairs(edits, m.asks)
	if m.answerCheck() != nil {
		// Every migration of the package declares the check, so that their
		// edits to its file are the same (fix.AnswerCheck).
		edits = append(edits, m.check.Edits...)
		// The check's imports first, so that they merge in the same order
		// in every fix (fix.AnswerCheck).
		imports := slices.Clone(m.check.Imports)
		for _, e := range m.importEdits {
			if !slices.ContainsFunc(imports, func(o analysis.TextEdit) bool { return o.Pos == e.Pos && string(o.NewText) == string(e.NewText) }) {
				imports = append(imports, e)
			}
		}
		m.importEdits = imports
	}
	if m.importBlocked != "" {
		return nil, "the name of package " + m.importBlocked + " is taken in this file"
	}
	edits = append(edits, fix.MergeInserts(m.importEdits)...)
	return m.checked(edits)
}

// assignKeys names the requests: after the tool (a function literal
// registered with a constant tool name), else the handler's function,
// made unique among the keys of the package; several requests of one
// handler add their answer's name.
func (m *migration) assignKeys() {
	used := map[string]bool{}
	for _, r := range m.mod.D.RT.Requests {
		used[r.Key] = true
	}
	for _, r := range m.mod.D.RT.Reads {
		used[r.Key] = true
	}
	base := m.keyBase()
	for _, a := range m.asks {
		b := base
		if len(m.asks) > 1 {
			if a.res != "" {
				b += "_" + a.res
			} else {
				b += "_" + a.dc.Kind.Kind
			}
		}
		key := b
		for i := 2; used[key]; i++ {
			key = fmt.Sprintf("%s%d", b, i)
		}
		used[key] = true
		a.key = key
	}
}

func (m *migration) keyBase() string {
	if d, ok := m.fn.(*ast.FuncDecl); ok {
		return d.Name.Name
	}
	if name := m.mod.ToolNameOf(m.fn); name != "" {
		return name
	}
	for _, d := range m.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= m.fn.Pos() && m.fn.End() <= fd.End() {
			return fd.Name.Name
		}
	}
	return m.asks[0].dc.Kind.Kind
}

// renameEdits name the handler's request parameter (and its context, for
// the capability guard): `_ T` or `T` become `request T`, and the other
// parameters of an unnamed list become `_`.
func (m *migration) renameEdits() []analysis.TextEdit {
	names := map[*ast.Field]string{}
	if m.rename {
		names[m.param] = m.req
	}
	if m.ctxRename {
		names[m.ctxParam] = m.ctxName
	}
	if len(names) == 0 {
		return nil
	}
	list := m.funcType().Params
	if len(list.List) > 0 && len(list.List[0].Names) == 0 {
		// An unnamed list: name every parameter.
		var parts []string
		for _, p := range list.List {
			name := "_"
			if n, ok := names[p]; ok {
				name = n
			}
			t, _ := fix.LineText(m.mod.Package, p.Type)
			parts = append(parts, name+" "+t)
		}
		return []analysis.TextEdit{{Pos: list.Opening + 1, End: list.Closing, NewText: []byte(strings.Join(parts, ", "))}}
	}
	var edits []analysis.TextEdit
	for _, p := range list.List {
		if n, ok := names[p]; ok && len(p.Names) == 1 {
			edits = append(edits, analysis.TextEdit{Pos: p.Names[0].Pos(), End: p.Names[0].End(), NewText: []byte(n)})
		}
	}
	return edits
}

// withRepairs adds the schema repairs of the asks to the edits, dropping
// the re-indentation of lines a repair deletes.
func withRepairs(edits []analysis.TextEdit, asks []*ask) []analysis.TextEdit {
	var repairs []analysis.TextEdit
	for _, a := range asks {
		repairs = append(repairs, a.repairs...)
	}
	if len(repairs) == 0 {
		return edits
	}
	out := slices.DeleteFunc(edits, func(e analysis.TextEdit) bool {
		if e.Pos != e.End {
			return false
		}
		for _, r := range repairs {
			if r.Pos <= e.Pos && e.Pos < r.End {
				return true
			}
		}
		return false
	})
	return append(out, repairs...)
}

// Spelling the round trip.

func (m *migration) gosdk() bool { return m.sdk.RoundTrip.ResponseIface != "" }

// responses spells the answers of the call: req.Params.InputResponses.
func (m *migration) responses() string {
	rtd := m.sdk.RoundTrip
	return m.req + "." + rtd.ParamsField + "." + rtd.ResponsesField
}

// zeros spells the zero values of the handler's results between the first
// and the error, each followed by ", ".
func (m *migration) zeros() (string, bool) {
	if m.gate != nil {
		return "", true // see gateBody.around
	}
	qual := m.mod.Qualifier(m.file)
	var b strings.Builder
	res := m.sig.Results()
	for i := 1; i < res.Len()-1; i++ {
		z, ok := fix.ZeroValue(res.At(i).Type(), qual)
		if !ok {
			return "", false
		}
		b.WriteString(z + ", ")
	}
	return b.String(), true
}

// answerType is the type an answer of the ask arrives as (go-sdk).
func (m *migration) answerType(a *ask) string {
	return "*" + m.pkgName(m.sdk.TypesPkg) + "." + a.dc.Kind.Answer
}

// downconverts reports whether the direct request returned another type
// than the answer (go-sdk's CreateMessage): the fix then builds the old
// type from the answer, as the SDK did.
func (m *migration) downconverts(a *ask) bool {
	k := a.dc.Kind
	if k.Downconvert == nil || a.res == "" {
		return false
	}
	r := a.dc.Fn.Type().(*types.Signature).Results()
	return r.Len() > 0 && mcpsdk.NamedObj(r.At(0).Type()).Name() != k.Answer
}

// parsesContent reports whether the answer's Content must be parsed from
// JSON (mcp-go sampling answers from 2026-07-28 clients) because the
// handler reads it.
func (m *migration) parsesContent(a *ask) bool {
	if a.dc.Kind.ContentParser == "" || a.resVar == nil {
		return false
	}
	read := false
	ast.Inspect(m.body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == mcpsdk.FieldContent {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && m.mod.Info.Uses[id] == a.resVar {
				read = true
			}
		}
		return !read
	})
	return read
}

// lookup spells the statement that reads the answer, and the condition
// under which it is missing. taken holds the names already used.
func (m *migration) lookup(a *ask, taken map[string]bool, needVar bool) (stmt, missing string) {
	key := m.keyText(a)
	if m.gosdk() {
		ok := m.freshName("ok", taken)
		taken[ok] = true
		res := a.res
		if m.downconverts(a) {
			res = m.freshName("answer", taken)
			taken[res] = true
			a.answerVar = res
		}
		if res == "" {
			res = "_"
		}
		return fmt.Sprintf("%s, %s := %s[%s].(%s)", res, ok, m.responses(), key, m.answerType(a)), "!" + ok
	}
	call := fmt.Sprintf("%s.%s(%s, %s)", m.pkgName(m.sdk.ServerPkg), a.dc.Kind.ResponseFunc, m.responses(), key)
	res := a.res
	if res == "" && needVar {
		res = m.freshName("answer", taken)
		taken[res] = true
	}
	if res == "" {
		return "", call + " == nil"
	}
	return res + " := " + call, res + " == nil"
}

// request spells one request of the result, with its params at params:
// `"key": params` (go-sdk) or `Method("key", params)` (mcp-go).
func (m *migration) request(a *ask, params string) string {
	key := m.keyText(a)
	if m.gosdk() {
		return key + ": " + params
	}
	if a.params == nil && a.paramsText == "" {
		return a.dc.Kind.BuilderMethod + "(" + key + ")" // roots: no params
	}
	return a.dc.Kind.BuilderMethod + "(" + key + ", " + params + ")"
}

// after spells what follows the missing-answer check for a: the old result
// built from the answer (go-sdk CreateMessage), or the answer's Content
// parsed (mcp-go sampling). Each line starts with a newline and ind.
func (m *migration) after(a *ask, ind string, taken map[string]bool) (text string, afterErrIf string) {
	var b strings.Builder
	k := a.dc.Kind
	if a.pass {
		// The gate returns what it found, after the answer's check.
		if a.schema != "" {
			body := "\n" + ind + "\t" + m.gate.passReturn("nil", a.errName) + "\n" + ind
			b.WriteString(m.check.CheckText(a.errName, a.schema, a.res, body, ind))
		}
		b.WriteString("\n" + ind + m.gate.passReturn(a.res, "nil"))
		return b.String(), ""
	}
	if a.schema != "" {
		b.WriteString(m.check.CheckText(a.errName, a.schema, a.res, m.preText(a, ind+"\t")+fix.BlockInner(m.mod.Package, a.errIf.Body, m.copied()), ind))
	}
	if m.downconverts(a) {
		dc := k.Downconvert
		ans, list := a.answerVar, k.Downconvert.List
		if a.errIf != nil {
			fmtName := m.importPath("fmt", "fmt")
			fmt.Fprintf(&b, "\n%sif len(%s.%s) > 1 {", ind, ans, list)
			if source.UsedIn(m.mod.Info, a.errIf.Body, a.errVar) {
				fmt.Fprintf(&b, "\n%s\t%s := %s.Errorf(%q, len(%s.%s))", ind, a.errName, fmtName, dc.TooMany, ans, list)
			}
			b.WriteString(fix.BlockInner(m.mod.Package, a.errIf.Body, m.copied()))
			b.WriteString("}")
		}
		r := a.dc.Fn.Type().(*types.Signature).Results()
		var fields []string
		for _, f := range dc.Fields {
			fields = append(fields, f+": "+ans+"."+f)
		}
		fmt.Fprintf(&b, "\n%s%s := &%s.%s{%s}", ind, a.res, m.pkgName(m.sdk.TypesPkg), mcpsdk.NamedObj(r.At(0).Type()).Name(), strings.Join(fields, ", "))
		fmt.Fprintf(&b, "\n%sif len(%s.%s) == 1 {\n%s\t%s.%s = %s.%s[0]\n%s}", ind, ans, list, ind, a.res, list, ans, list, ind)
		return b.String(), ""
	}
	if m.parsesContent(a) {
		parse := m.pkgName(m.sdk.TypesPkg) + "." + k.ContentParser + "(" + a.res + "." + mcpsdk.FieldContent + ")"
		content := m.freshName("content", taken)
		taken[content] = true
		if a.errIf != nil {
			// The error check after the request stays, and now checks
			// the parse.
			return fmt.Sprintf("\n%s%s, %s := %s", ind, content, a.errName, parse),
				fmt.Sprintf("\n%s%s.%s = %s", ind, a.res, mcpsdk.FieldContent, content)
		}
		errName := m.freshName("err", taken)
		taken[errName] = true
		return fmt.Sprintf("\n%sif %s, %s := %s; %s == nil {\n%s\t%s.%s = %s\n%s}", ind, content, errName, parse, errName, ind, a.res, mcpsdk.FieldContent, content, ind), ""
	}
	return b.String(), ""
}

// preText spells a's sentinel test (errPre) at ind, starting with a
// newline, or "".
func (m *migration) preText(a *ask, ind string) string {
	if a.errPre == nil {
		return ""
	}
	cond, _ := m.mod.LineText(a.errPre.Cond)
	return "\n" + ind + "if " + cond + " {" + fix.BodyLines(m.mod.Package, a.errPre.Body, ind+"\t", m.copied()) + "\n" + ind + "}"
}

// keepsErrIf reports whether the error check after the request stays
// where it is (it checks what replaces the request's error).
func (m *migration) keepsErrIf(a *ask) bool {
	return a.errIf != nil && (a.errRest != nil || !m.downconverts(a) && m.parsesContent(a))
}

// replaced returns where the statement of a ends for the fix: after the
// error check, unless that stays.
func (m *migration) replaced(a *ask) token.Pos {
	if a.errIf != nil && !m.keepsErrIf(a) {
		return a.errIf.End()
	}
	return a.stmt.End()
}

// comments returns the comments at the ends of the lines the fix
// replaces (and at the end of the request's last line), joined, to move
// onto the first line of the rewrite, or why a comment would be lost: one
// on a line of its own in the replaced text. Comments inside kept params
// stay where they are. end may grow to take in the last line's comment.
func (m *migration) comments(a *ask, end *token.Pos) (string, string) {
	tf := m.mod.Pass.Fset.File(a.stmt.Pos())
	var trailing []string
	for _, cg := range m.file.Comments {
		sameLine := *end == a.stmt.End() && cg.Pos() >= *end && tf.Line(cg.Pos()) == tf.Line(*end)
		if cg.End() <= a.stmt.Pos() || cg.Pos() >= *end && !sameLine {
			continue
		}
		if a.params != nil && cg.Pos() >= a.params.Pos() && cg.End() <= a.params.End() {
			continue
		}
		if a.errIf != nil && cg.Pos() > a.errIf.Body.Lbrace && cg.End() <= a.errIf.Body.Rbrace {
			continue // the error check's body moves to the guard, comments and all
		}
		if a.errPre != nil && cg.Pos() > a.errPre.Body.Lbrace && cg.End() <= a.errPre.Body.Rbrace {
			continue // so does the sentinel's test before it
		}
		if !m.mod.OnlySpaceBefore(cg.Pos()) && tf.Line(cg.End()) == tf.Line(cg.Pos()) {
			for _, c := range cg.List {
				trailing = append(trailing, c.Text)
			}
			if sameLine {
				*end = cg.End()
			}
			continue
		}
		return "", "a comment in the lines the fix replaces would be lost"
	}
	if len(trailing) == 0 {
		return "", ""
	}
	return " " + strings.Join(trailing, " "), ""
}

// singleEdits rewrites one request in place. The params stay where they
// are (so that fixes inside them, such as a schema repair, still apply),
// re-indented one level deeper; the text before and after them is
// replaced.
func (m *migration) singleEdits(a *ask) ([]analysis.TextEdit, string) {
	ind := m.mod.IndentOf(a.stmt.Pos())
	end := m.replaced(a)
	trailing, why := m.comments(a, &end)
	if why != "" {
		return nil, why
	}
	zeros, ok := m.zeros()
	if !ok {
		return nil, "the handler's other results have no zero value the fix can write"
	}
	taken := map[string]bool{}
	if a.pass {
		a.res, a.errName = m.freshName("res", taken), m.freshName("err", taken)
		taken[a.res], taken[a.errName] = true, true
	}
	hoisted, use := m.planCheck(a, ind, taken, a.params != nil)
	stmt, missing := m.lookup(a, taken, false)
	var head strings.Builder
	head.WriteString(hoisted)
	if stmt != "" {
		fmt.Fprintf(&head, "%s%s\n%sif %s {\n", stmt, trailing, ind, missing)
	} else if m.gosdk() {
		// if _, ok := ...; !ok {
		s, miss := m.lookupDiscard(a, taken)
		fmt.Fprintf(&head, "if %s; %s {%s\n", s, miss, trailing)
	} else {
		fmt.Fprintf(&head, "if %s {%s\n", missing, trailing)
	}
	pre, cond := m.guard(ind+"\t", taken)
	open, closeText := m.returnParts(a, ind, zeros)
	if pre != "" {
		head.WriteString(strings.TrimPrefix(pre, "\n") + "\n")
	}
	head.WriteString(ind + "\tif " + cond + " {\n" + ind + "\t\t" + open)
	tail := closeText + "\n" + ind + "\t}" + m.branches(ind+"\t") + "\n" + ind + "}"
	afterText, afterErrIf := m.after(a, ind, taken)
	tail += afterText
	var edits []analysis.TextEdit
	if a.params != nil {
		reind, ok := fix.ReindentEdits(m.mod.Package, a.params, len(ind)+2)
		if !ok {
			return nil, "the request's params are not indented with tabs"
		}
		edits = append(edits, analysis.TextEdit{Pos: a.stmt.Pos(), End: a.params.Pos(), NewText: []byte(head.String())})
		if use != nil { // the schema moved: its lines go with it
			reind = slices.DeleteFunc(reind, func(e analysis.TextEdit) bool { return e.Pos > use.Pos && e.Pos < use.End })
			edits = append(edits, *use)
		}
		edits = append(edits, reind...)
		edits = append(edits, analysis.TextEdit{Pos: a.params.End(), End: end, NewText: []byte(tail)})
	} else {
		params := a.paramsText
		edits = append(edits, analysis.TextEdit{Pos: a.stmt.Pos(), End: end, NewText: []byte(head.String() + params + tail)})
	}
	if afterErrIf != "" {
		edits = append(edits, analysis.TextEdit{Pos: a.errIf.End(), End: a.errIf.End(), NewText: []byte(afterErrIf)})
	}
	return edits, ""
}

// lookupDiscard spells `_, ok := answers[key].(T)` and `!ok` for the init
// of an if (go-sdk, answer not kept).
func (m *migration) lookupDiscard(a *ask, taken map[string]bool) (string, string) {
	ok := m.freshName("ok", taken)
	taken[ok] = true
	return fmt.Sprintf("_, %s := %s[%s].(%s)", ok, m.responses(), m.keyText(a), m.answerType(a)), "!" + ok
}

// returnParts spells the return statement that asks, around the params
// of a single request: what comes before them and what after.
func (m *migration) returnParts(a *ask, ind, zeros string) (string, string) {
	open, closeText := m.requestParts(a)
	pre, post := m.returnAround(zeros)
	return "return " + pre + open, closeText + post
}

// requestParts spells the result that asks for a's request, around its
// params: &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"k": ...}}
// (go-sdk) or server.NewInputRequestBuilder("").Elicit("k", ...).ToolResult()
// (mcp-go).
func (m *migration) requestParts(a *ask) (string, string) {
	rtd := m.sdk.RoundTrip
	key := m.keyText(a)
	if m.gosdk() {
		mcp := m.pkgName(m.sdk.TypesPkg)
		return fmt.Sprintf("&%s.%s{%s%s: %s.%s{%s: ", mcp, m.result, m.placeholder(mcp), rtd.RequestsField, mcp, rtd.RequestMap, key), "}}"
	}
	srv := m.pkgName(m.sdk.ServerPkg)
	fin := rtd.Finishers[m.result]
	if a.params == nil && a.paramsText == "" {
		return fmt.Sprintf("%s.%s(\"\").%s(%s", srv, rtd.NewBuilder, a.dc.Kind.BuilderMethod, key), ")." + fin + "()"
	}
	return fmt.Sprintf("%s.%s(\"\").%s(%s, ", srv, rtd.NewBuilder, a.dc.Kind.BuilderMethod, key), ")." + fin + "()"
}

// placeholder spells the field, and a comma, that a result of the
// handler's type needs beside its requests (go-sdk's resource result:
// Contents: []*mcp.ResourceContents{}), or "".
func (m *migration) placeholder(mcp string) string {
	if p, ok := m.sdk.RoundTrip.Placeholders[m.result]; ok {
		return p.Text(mcp) + ", "
	}
	return ""
}

// returnAround spells what a return that asks has before and after the
// result that asks: a handler's zero values and nil error, or a gate's
// other results (see gateReturn).
func (m *migration) returnAround(zeros string) (string, string) {
	if m.gate != nil {
		return m.gate.around()
	}
	return "", ", " + zeros + "nil"
}

// keyText spells the key of a's request: a constant, or a gate's key
// parameter.
func (m *migration) keyText(a *ask) string {
	if m.gate != nil {
		return m.gate.key
	}
	return fmt.Sprintf("%q", a.key)
}

// multiEdits rewrites several requests of one handler into one result
// that asks them all, at the place of the first; the others' statements
// go, leaving what they need after the answers (see after).
func (m *migration) multiEdits() ([]analysis.TextEdit, string) {
	first := m.asks[0]
	ind := m.mod.IndentOf(first.stmt.Pos())
	zeros, ok := m.zeros()
	if !ok {
		return nil, "the handler's other results have no zero value the fix can write"
	}
	rtd := m.sdk.RoundTrip
	taken := map[string]bool{}
	var b strings.Builder
	var conds []string
	ends := make([]token.Pos, len(m.asks))
	for i, a := range m.asks {
		ends[i] = m.replaced(a)
		trailing, why := m.comments(a, &ends[i])
		if why != "" {
			return nil, why
		}
		if i > 0 {
			b.WriteString(ind)
		}
		m.planCheck(a, ind, taken, false)
		stmt, missing := m.lookup(a, taken, true)
		b.WriteString(stmt + trailing + "\n")
		conds = append(conds, missing)
	}
	fmt.Fprintf(&b, "%sif %s {", ind, strings.Join(conds, " || "))
	pre, cond := m.guard(ind+"\t", taken)
	fmt.Fprintf(&b, "%s\n%s\tif %s {\n", pre, ind, cond)
	var reqs []string
	for _, a := range m.asks {
		params := a.paramsText
		if a.params != nil {
			text, ok := fix.MovedText(m.mod.Package, a.params, len(ind)+3)
			if !ok {
				return nil, "the request's params are not indented with tabs"
			}
			params = text
		}
		reqs = append(reqs, m.request(a, params))
	}
	in := ind + "\t"
	if m.gosdk() {
		mcp := m.pkgName(m.sdk.TypesPkg)
		fmt.Fprintf(&b, "%s\treturn &%s.%s{%s%s: %s.%s{\n", in, mcp, m.result, m.placeholder(mcp), rtd.RequestsField, mcp, rtd.RequestMap)
		for _, r := range reqs {
			fmt.Fprintf(&b, "%s\t\t%s,\n", in, r)
		}
		fmt.Fprintf(&b, "%s\t}}, %snil\n", in, zeros)
	} else {
		fmt.Fprintf(&b, "%s\treturn %s.%s(\"\").\n", in, m.pkgName(m.sdk.ServerPkg), rtd.NewBuilder)
		for _, r := range reqs {
			fmt.Fprintf(&b, "%s\t\t%s.\n", in, r)
		}
		fmt.Fprintf(&b, "%s\t\t%s(), %snil\n", in, rtd.Finishers[m.result], zeros)
	}
	fmt.Fprintf(&b, "%s}%s\n", in, m.branches(in))
	fmt.Fprintf(&b, "%s}", ind)
	var edits []analysis.TextEdit
	for i, a := range m.asks {
		end := ends[i]
		afterText, afterErrIf := m.after(a, ind, taken)
		if afterErrIf != "" {
			edits = append(edits, analysis.TextEdit{Pos: a.errIf.End(), End: a.errIf.End(), NewText: []byte(afterErrIf)})
		}
		if i == 0 {
			edits = append(edits, analysis.TextEdit{Pos: a.stmt.Pos(), End: end, NewText: []byte(b.String() + afterText)})
			continue
		}
		if afterText != "" {
			edits = append(edits, analysis.TextEdit{Pos: a.stmt.Pos(), End: end, NewText: []byte(strings.TrimPrefix(afterText, "\n"+ind))})
			continue
		}
		// Nothing is left of the statement: remove its lines.
		start := m.mod.LineStart(a.stmt.Pos())
		edits = append(edits, analysis.TextEdit{Pos: start, End: m.mod.LineEnd(end) + 1})
	}
	return edits, ""
}

// planCheck plans the check of a's answer that its direct request made
// (fix.AnswerCheck): a.schema names the schema. With hoist, a schema the
// params compute moves into a variable declared before the lookup: its
// declaration, and the edit that puts its name in the params, are
// returned. Where there is no check, m.unchecked says why.
func (m *migration) planCheck(a *ask, ind string, taken map[string]bool, hoist bool) (string, *analysis.TextEdit) {
	v := a.dc.Kind.Validated
	if v == nil {
		return "", nil
	}
	ref, x, why := fix.CheckSchema(a.params, v.SchemaField)
	if why == "" && ref == "" && x == nil {
		return "", nil // no schema: nothing was checked
	}
	switch {
	case why != "":
	case a.errIf == nil && !a.pass || a.res == "":
		why = "its error or its answer is not kept"
	case x != nil && !hoist:
		why = "its schema is computed in the params of one of several requests"
	case m.answerCheck() == nil:
		why = "the package has no file the check can be written to, or its name is taken"
	case x != nil && slices.ContainsFunc(a.repairs, func(e analysis.TextEdit) bool { return e.Pos >= x.Pos() && e.End <= x.End() }):
		why = "the fix also repairs its schema"
	}
	var text string
	if why == "" && x != nil {
		var ok bool
		if text, ok = fix.MovedText(m.mod.Package, x, len(ind)); !ok {
			why = "its schema is not indented with tabs"
		}
	}
	if why != "" {
		m.unchecked = why
		return "", nil
	}
	if x == nil {
		a.schema = ref
		return "", nil
	}
	a.schema = m.freshName("schema", taken)
	taken[a.schema] = true
	return a.schema + " := " + text + "\n" + ind, &analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(a.schema)}
}

// answerCheck is the package's answer check (packageCheck), made once.
func (m *migration) answerCheck() *fix.AnswerCheck {
	if !m.checkMade {
		m.check, m.checkMade = packageCheck(m.mod, m.sdk), true
	}
	return m.check
}

// packageCheck is the package's answer check when one of its direct
// requests checked its answer against a schema, nil otherwise.
func packageCheck(pc *model.Model, sdk *mcpsdk.SDK) *fix.AnswerCheck {
	var calls []ast.Node
	var kind *mcpsdk.RequestKind
	for _, dc := range pc.D.RT.Direct {
		if dc.SDK != sdk || dc.Kind == nil || dc.Kind.Validated == nil || len(dc.Call.Args) < 2 {
			continue
		}
		if ref, x, _ := fix.CheckSchema(dc.Call.Args[1], dc.Kind.Validated.SchemaField); ref != "" || x != nil {
			calls, kind = append(calls, dc.Call), dc.Kind
		}
	}
	if kind == nil {
		return nil
	}
	return fix.NewAnswerCheck(pc.Package, sdk, kind, fix.CheckFile(pc.Package, calls))
}

// checked checks that the edits do not overlap, which would be a bug of
// the rewrite. The reporter then makes the edits' white space what gofmt
// makes of it (formatFix in edit.go); TestFixTextFormatted and the real-SDK
// tests, which build the fixed code, check the rewrite itself.
func (m *migration) checked(edits []analysis.TextEdit) ([]analysis.TextEdit, string) {
	data, tf := m.mod.Src(m.fn.Pos())
	if data == nil {
		return nil, "the file could not be read"
	}
	own := slices.DeleteFunc(slices.Clone(edits), func(e analysis.TextEdit) bool { return m.mod.Pass.Fset.File(e.Pos) != tf })
	if _, ok := fix.Apply(data, tf, own); !ok {
		return nil, "the fix's edits overlap"
	}
	return edits, ""
}

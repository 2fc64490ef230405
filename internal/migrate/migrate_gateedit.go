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
	"github.com/elicitlint/elicitlint/internal/replay"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file writes a chain's edits: the gate's body (as a handler's, with
// its key parameter and its other results around the result that asks),
// the new signatures, the returns of the chain functions, and the calls,
// each followed by the return of the result that asks when it is set. All
// of them are one fix: applied together or not at all.

// edits returns the chain's fix, or why there is none.
func (c *chain) edits() ([]analysis.SuggestedFix, string) {
	var edits []analysis.TextEdit
	imports := map[*ast.File]map[string]string{}
	var importEdits []analysis.TextEdit
	pkgIn := func(file *ast.File, rel string) string {
		path := mcpsdk.JoinPath(c.sdk.Module, rel)
		if c.gate != nil && file == c.gate.file {
			return c.gate.importPath(path, mcpsdk.LastElem(rel))
		}
		if imports[file] == nil {
			imports[file] = map[string]string{}
		}
		if n, ok := imports[file][path]; ok {
			return n
		}
		n, e, _ := fix.ImportName(c.mod.Package, file, path, mcpsdk.LastElem(rel))
		if e != nil {
			importEdits = append(importEdits, *e)
		}
		imports[file][path] = n
		return n
	}
	for _, f := range c.fns {
		if f.decl == nil || c.exists[f] {
			continue
		}
		file := c.mod.FileOf(f.decl.Pos())
		sig, why := c.signatureEdits(f, pkgIn(file, c.sdk.TypesPkg))
		if why != "" {
			return nil, why
		}
		edits = append(edits, sig...)
		rets, why := c.returnEdits(f)
		if why != "" {
			return nil, why
		}
		edits = append(edits, rets...)
	}
	if c.gate != nil && !c.exists[c.fns[0]] {
		g := c.gate
		a := g.asks[0]
		// The returns in the error check move with it into the guard.
		var kept []analysis.TextEdit
		for _, e := range edits {
			if a.errIf != nil && a.initIf == nil && e.Pos > a.errIf.Body.Lbrace && e.Pos < a.errIf.Body.Rbrace {
				g.gate.copied = append(g.gate.copied, e)
				if a.errRest == nil {
					continue // the check goes; its copy is in the guard
				}
			}
			kept = append(kept, e)
		}
		edits = kept
		gateEdits, why := g.edits()
		if why != "" {
			return nil, why
		}
		edits = append(edits, gateEdits...)
	}
	roots := map[ast.Node]bool{}
	for _, s := range c.sites {
		if s.inFn != nil && c.exists[s.inFn] {
			continue // a call in an old function, which stays as it is
		}
		file := c.mod.FileOf(s.call.Pos())
		if s.mw != nil {
			se, why := c.middlewareEdits(s, file, pkgIn)
			if why != "" {
				return nil, why
			}
			edits = append(edits, se...)
			continue
		}
		se, why := c.siteEdits(s, file, pkgIn)
		if why != "" {
			return nil, why
		}
		if name := c.calleeName(s); name != "" {
			e, ok := fix.RenameCall(s.call, name)
			if !ok {
				return nil, fmt.Sprintf("the call of %s at line %d is not by its name", s.callee.obj.Name(), c.line(s.call.Pos()))
			}
			se = append(se, e)
		}
		edits = append(edits, se...)
		if s.root != nil && !roots[s.in] {
			roots[s.in] = true
			edits = append(edits, s.root.renameEdits()...)
			c.relate(s.in)
		}
	}
	if fix.Overlaps(c.mod.Pass.Fset, edits) {
		return nil, "the fix's edits overlap"
	}
	edits, why := c.siblingEdits(edits)
	if why != "" {
		return nil, why
	}
	edits = append(edits, fix.MergeInserts(importEdits)...)
	if len(edits) == 0 {
		// Every call left is in a function kept beside its round-trip
		// version: a fix would change nothing, and -fix would apply it
		// again on every round.
		return nil, "its round-trip version " + c.fns[0].sibling() + " is there, and the calls left are in functions kept for callers that still make the direct request"
	}
	return []analysis.SuggestedFix{{Message: c.fixMessage() + replay.ReadNote(c.reads), TextEdits: edits}}, ""
}

// fixMessage says what the chain's fix does.
func (c *chain) fixMessage() string {
	first := c.fns[0]
	name := first.obj.Name()
	switch {
	case c.gate != nil && !c.additive:
		return fmt.Sprintf("Move the request of %s to the round trip: it takes the call's request and a key and returns the result that asks, which its callers return (%s changed, %s)", name, report.Count(len(c.fns), "function"), report.Count(len(c.sites), "call")) + c.gate.checkNote()
	case c.gate == nil && first.decl == nil:
		return fmt.Sprintf("Call %s, the round-trip version of %s, and return the result that asks from the handlers (%s)", first.fact.Sibling, name, report.Count(len(c.sites), "call")) + c.middlewareNote()
	}
	added := 0
	for _, f := range c.fns {
		if f.decl != nil && !c.exists[f] {
			added++
		}
	}
	msg := fmt.Sprintf("Add %s, the round-trip version of %s: it takes the call's request and a key and returns the result that asks, which its callers return; %s stays as it is for callers the fix does not move (%s added, %s switched)", first.sibling(), name, name, report.Count(added, "function"), report.Count(len(c.sites), "call"))
	if c.gate != nil && !c.exists[first] {
		msg += c.gate.checkNote()
	} else if c.exists[first] {
		msg = fmt.Sprintf("Switch the calls of %s to %s, its round-trip version, and return the result that asks (%s added, %s switched)", name, first.sibling(), report.Count(added, "function"), report.Count(len(c.sites), "call"))
	}
	return msg
}

const lostComment = "a comment in the lines the fix replaces would be lost"

// signatureEdits rewrite a chain function's parameters and results as its
// fact says.
func (c *chain) signatureEdits(f *chainFn, mcp string) ([]analysis.TextEdit, string) {
	ft := f.decl.Type
	type param struct{ name, typ string }
	var old []param
	for _, fld := range ft.Params.List {
		t, ok := c.mod.LineText(fld.Type)
		if !ok {
			return nil, "a parameter type of " + f.obj.Name() + " spans several lines"
		}
		if len(fld.Names) == 0 {
			old = append(old, param{"_", t})
		}
		for _, n := range fld.Names {
			old = append(old, param{n.Name, t})
		}
	}
	reqType := mcp + "." + c.sdk.RoundTrip.ToolRequest
	if c.sdk.RoundTrip.ToolRequestPtr {
		reqType = "*" + reqType
	}
	var ps []string
	for _, i := range f.fact.Params {
		switch i {
		case model.ParamRequest:
			ps = append(ps, f.req+" "+reqType)
		case model.ParamKey:
			ps = append(ps, f.key+" string")
		default:
			ps = append(ps, old[i].name+" "+old[i].typ)
		}
	}
	var oldRes []string
	if ft.Results != nil {
		for _, fld := range ft.Results.List {
			t, ok := c.mod.LineText(fld.Type)
			if !ok {
				return nil, "a result type of " + f.obj.Name() + " spans several lines"
			}
			oldRes = append(oldRes, t)
		}
	}
	var rs []string
	for _, i := range f.fact.Results {
		if i == model.ResultAsk {
			rs = append(rs, "*"+mcp+"."+c.sdk.RoundTrip.ToolResult)
		} else {
			rs = append(rs, oldRes[i])
		}
	}
	res := strings.Join(rs, ", ")
	if len(rs) > 1 {
		res = "(" + res + ")"
	}
	edits := []analysis.TextEdit{{Pos: ft.Params.Opening + 1, End: ft.Params.Closing, NewText: []byte(strings.Join(ps, ", "))}}
	if ft.Results == nil {
		edits = append(edits, analysis.TextEdit{Pos: ft.Params.Closing + 1, End: ft.Params.Closing + 1, NewText: []byte(" " + res)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: ft.Results.Pos(), End: ft.Results.End(), NewText: []byte(res)})
	}
	if c.mod.CommentIn(ft.Params.Opening, ft.Params.Closing) {
		return nil, lostComment
	}
	return edits, ""
}

// returnEdits add the result that asks, nil, to each return of a chain
// function (not to a return that passes on a chain function's results),
// and a return at the end of a function that had no results.
func (c *chain) returnEdits(f *chainFn) ([]analysis.TextEdit, string) {
	k := slices.Index(f.fact.Results, model.ResultAsk)
	var edits []analysis.TextEdit
	var why string
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, s := range c.sites {
				if s.stmt == ast.Stmt(n) {
					return false // passes the callee's results on
				}
			}
			if c.gate != nil && f.decl == c.gate.fn && c.gate.asks[0].pass && c.gate.asks[0].stmt == ast.Stmt(n) {
				return false // the request's own return, which the fix rewrites
			}
			switch r := n.Results; {
			case len(r) == 0:
				edits = append(edits, analysis.TextEdit{Pos: n.Return + token.Pos(len("return")), End: n.Return + token.Pos(len("return")), NewText: []byte(" nil")})
			case len(r) != len(f.fact.Results)-1:
				why = fmt.Sprintf("%s returns the results of a call at line %d", f.obj.Name(), c.line(n.Pos()))
			case k < len(r):
				edits = append(edits, analysis.TextEdit{Pos: r[k].Pos(), End: r[k].Pos(), NewText: []byte("nil, ")})
			default:
				edits = append(edits, analysis.TextEdit{Pos: r[len(r)-1].End(), End: r[len(r)-1].End(), NewText: []byte(", nil")})
			}
		}
		return why == ""
	})
	if why != "" {
		return nil, why
	}
	if f.obj.Type().(*types.Signature).Results().Len() == 0 && !c.mod.Terminates(f.decl.Body) {
		body := f.decl.Body
		if n := len(body.List); n > 0 && c.line(body.List[n-1].End()) == c.line(body.Rbrace) {
			return nil, "the closing brace of " + f.obj.Name() + " shares a line with its last statement"
		}
		ind := c.mod.IndentOf(f.decl.Pos())
		edits = append(edits, analysis.TextEdit{Pos: body.Rbrace, End: body.Rbrace, NewText: []byte("\treturn nil\n" + ind)})
	}
	return edits, ""
}

// siteEdits rewrite one call: its arguments (the request and the key
// added, a replaced session dropped) and its statement, which gets the
// result that asks and returns it when it is set.
func (c *chain) siteEdits(s *site, file *ast.File, pkgIn func(*ast.File, string) string) ([]analysis.TextEdit, string) {
	call := s.call
	var req string
	if s.root != nil {
		req = s.root.req
	} else {
		req = s.inFn.req
	}
	args, why := c.argPlan(s, req)
	if why != "" {
		return nil, why
	}
	edits, ok := fix.ArgEdits(c.mod.Package, call, args)
	if !ok {
		return nil, lostComment
	}
	if _, ok := s.stmt.(*ast.ReturnStmt); ok {
		return edits, ""
	}
	ind := c.mod.IndentOf(s.stmt.Pos())
	if c.names == nil {
		c.names = map[ast.Node]map[string]bool{}
	}
	if c.names[s.in] == nil {
		c.names[s.in] = map[string]bool{}
	}
	ask := fix.FreshAt(c.mod.Pass.Pkg, s.stmt.Pos(), c.names[s.in], "ask")
	c.names[s.in][ask] = true
	ret := c.propagate(s, ask, file)
	then := fmt.Sprintf("%s != nil {\n%s\treturn %s\n%s}", ask, ind, ret, ind)
	// lhs spells the variables of the callee's results: ask for the one
	// that asks, name(i) for its old result i.
	lhs := func(name func(i int) string) string {
		var parts []string
		for _, i := range s.callee.fact.Results {
			if i == model.ResultAsk {
				parts = append(parts, ask)
			} else {
				parts = append(parts, name(i))
			}
		}
		return strings.Join(parts, ", ")
	}
	blank := func(int) string { return "_" }
	of := func(old []ast.Expr) func(int) string {
		return func(i int) string { t, _ := c.mod.LineText(old[i]); return t }
	}
	switch st := s.stmt.(type) {
	case *ast.ExprStmt:
		edits = append(edits,
			analysis.TextEdit{Pos: st.Pos(), End: st.Pos(), NewText: []byte("if " + lhs(blank) + " := ")},
			analysis.TextEdit{Pos: st.End(), End: st.End(), NewText: []byte("; " + then)})
	case *ast.AssignStmt:
		edits = append(edits, analysis.TextEdit{Pos: st.Lhs[0].Pos(), End: st.Lhs[len(st.Lhs)-1].End(), NewText: []byte(lhs(of(st.Lhs)))})
		if st.Tok != token.DEFINE {
			mcp := pkgIn(file, c.sdk.TypesPkg)
			edits = append(edits, analysis.TextEdit{Pos: st.Pos(), End: st.Pos(), NewText: []byte("var " + ask + " *" + mcp + "." + c.sdk.RoundTrip.ToolResult + "\n" + ind)})
		}
		at := c.mod.AfterComment(st.End())
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + ind + "if " + then)})
	case *ast.IfStmt:
		if s.cond {
			// if v, ask := call; ask != nil { return ... } else if !v {
			data, tf := c.mod.Src(st.Pos())
			if data == nil {
				return nil, "the file could not be read"
			}
			text := func(from, to token.Pos) string { return string(data[tf.Offset(from):tf.Offset(to)]) }
			base := "v"
			switch t := c.mod.Info.TypeOf(call); {
			case source.IsBool(t):
				base = "ok"
			case source.IsError(t):
				base = "err"
			}
			v := fix.FreshAt(c.mod.Pass.Pkg, s.stmt.Pos(), c.names[s.in], base)
			c.names[s.in][v] = true
			edits = append(edits,
				analysis.TextEdit{Pos: st.Cond.Pos(), End: call.Pos(), NewText: []byte(lhs(func(int) string { return v }) + " := ")},
				analysis.TextEdit{Pos: call.End(), End: st.Cond.End(), NewText: []byte("; " + then + " else if " + text(st.Cond.Pos(), call.Pos()) + v + text(call.End(), st.Cond.End()))})
			break
		}
		init := st.Init.(*ast.AssignStmt)
		edits = append(edits,
			analysis.TextEdit{Pos: init.Lhs[0].Pos(), End: init.Lhs[len(init.Lhs)-1].End(), NewText: []byte(lhs(of(init.Lhs)))},
			analysis.TextEdit{Pos: st.Cond.Pos(), End: st.Cond.Pos(), NewText: []byte(then + " else if ")})
	}
	return edits, ""
}

// argPlan is the arguments of a call switched to the round trip: the
// request and the key where the callee's fact puts them, the call's own
// arguments for the others (a replaced session dropped).
func (c *chain) argPlan(s *site, req string) ([]fix.CallArg, string) {
	if s.call.Ellipsis.IsValid() {
		return nil, "the call of " + s.callee.obj.Name() + " passes a slice as its variadic argument"
	}
	var args []fix.CallArg
	for _, i := range s.callee.fact.Params {
		switch {
		case i == model.ParamRequest:
			args = append(args, fix.CallArg{Old: -1, Text: req})
		case i == model.ParamKey:
			args = append(args, fix.CallArg{Old: -1, Text: s.key})
		case i >= len(s.call.Args):
			return nil, "the call of " + s.callee.obj.Name() + " has fewer arguments than it takes"
		default:
			t, _ := c.mod.LineText(s.call.Args[i])
			args = append(args, fix.CallArg{Old: i, Text: t})
		}
	}
	return args, ""
}

// propagate spells what a call returns when the callee asks: a handler's
// result that asks, zero values and nil; a wrapper's results with the
// result that asks in its place.
func (c *chain) propagate(s *site, ask string, file *ast.File) string {
	if s.root != nil {
		zeros, _ := s.root.zeros()
		return ask + ", " + zeros + "nil"
	}
	qual := c.mod.Qualifier(file)
	res := s.inFn.obj.Type().(*types.Signature).Results()
	var parts []string
	for _, i := range s.inFn.fact.Results {
		switch {
		case i == model.ResultAsk:
			parts = append(parts, ask)
		case source.IsError(res.At(i).Type()):
			parts = append(parts, "nil")
		default:
			z, _ := fix.ZeroValue(res.At(i).Type(), qual)
			parts = append(parts, z)
		}
	}
	return strings.Join(parts, ", ")
}

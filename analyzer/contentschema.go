package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// checkContentSchema implements the content-schema check: when the schema
// an answer was requested with is known, reads of its Content are checked
// against it. The answer arrives as JSON decoded into map[string]any: a
// number is float64, a multi-select is []any, and a key the schema does
// not declare is never there.
func checkContentSchema(pc *passCtx, d *discovery) {
	if pc.cfg.disable[CheckContentSchema] {
		return
	}
	lk := newParamsLookup(d)
	for _, site := range d.results {
		if site.obj == nil || site.body == nil {
			continue
		}
		ps := pc.paramsForResult(site, lk)
		if ps == nil {
			continue
		}
		fv := ps.fields[fieldSchema]
		if fv == nil {
			continue
		}
		root := pc.schemaReader().Read(fv.value)
		props := root.Get("properties")
		if root == nil || root.Kind != schema.Object || props == nil || props.Kind != schema.Object {
			continue
		}
		cs := &contentSchema{pc: pc, site: site, props: props, required: map[string]bool{}}
		if req := root.Get("required"); req != nil && req.Kind == schema.Array {
			for _, e := range req.Elems {
				if e.Kind == schema.String {
					cs.required[e.Str] = true
				}
			}
		}
		cs.run()
		pc.checkHelperReads(site, root, props, cs.required)
	}
}

// exportContentReads records, for each function of the package with a
// result-typed parameter, the Content reads it makes on it.
func (pc *passCtx) exportContentReads(cands []handlerCand) {
	pc.helperReads = map[*types.Func]*contentReadsFact{}
	for _, c := range cands {
		var reads []contentRead2
		site := &resultSite{sdk: c.sdk, obj: c.v, body: c.decl.Body}
		cs := &contentSchema{pc: pc, site: site, collect: &reads}
		cs.run()
		if len(reads) == 0 {
			continue
		}
		f := pc.helperReads[c.fn]
		if f == nil {
			f = &contentReadsFact{}
			pc.helperReads[c.fn] = f
		}
		f.Params = append(f.Params, paramReads{Index: c.idx, Reads: reads})
	}
	for fn, f := range pc.helperReads {
		pc.pass.ExportObjectFact(fn, f)
	}
}

// checkHelperReads checks the reads that helpers make on a result passed
// to them, against the schema the caller knows. Findings are reported at
// the argument.
func (pc *passCtx) checkHelperReads(site *resultSite, root, props *schema.Node, required map[string]bool) {
	ast.Inspect(site.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutil.Callee(pc.info, call).(*types.Func)
		if fn == nil {
			return true
		}
		f := pc.helperReads[fn.Origin()]
		if f == nil {
			f = new(contentReadsFact)
			if fn.Pkg() == pc.pass.Pkg || !pc.pass.ImportObjectFact(fn.Origin(), f) {
				return true
			}
		}
		for _, pr := range f.Params {
			if pr.Index >= len(call.Args) {
				continue
			}
			arg := call.Args[pr.Index]
			if id, ok := ast.Unparen(arg).(*ast.Ident); !ok || pc.info.Uses[id] != site.obj {
				continue
			}
			for _, r := range pr.Reads {
				prop := props.Get(r.Key)
				if prop == nil {
					if !props.Partial {
						pc.report(CheckContentSchema, arg, "%s reads Content[%q], which the requested schema does not declare, so the key is never in the answer", fn.Name(), r.Key)
					}
					continue
				}
				decoded, why := decodedType(prop)
				if decoded == nil || r.Asserted == "" || r.Asserted == "interface" {
					continue
				}
				if r.Asserted != canonType(decoded) {
					pc.report(CheckContentSchema, arg, "%s asserts Content[%q].(%s), which never succeeds: %s", fn.Name(), r.Key, r.Asserted, why)
				}
			}
		}
		return true
	})
}

type contentSchema struct {
	pc       *passCtx
	site     *resultSite
	props    *schema.Node
	required map[string]bool
	// maps are local variables that hold the Content map.
	maps map[*types.Var]bool
	// collect, when set, records the reads instead of checking them (for
	// a helper's fact: it does not know the schema).
	collect *[]contentRead2
}

// contentRead2 is one read of a parameter's Content in a helper.
type contentRead2 struct {
	Key      string
	Asserted string // canonical asserted type ("" without an assertion)
	CommaOK  bool
}

// contentReadsFact records how a function reads the Content of a result
// passed to it, so that callers who know the schema can check the reads.
type contentReadsFact struct {
	Params []paramReads
}

type paramReads struct {
	Index int
	Reads []contentRead2
}

func (*contentReadsFact) AFact() {}
func (f *contentReadsFact) String() string {
	n := 0
	for _, p := range f.Params {
		n += len(p.Reads)
	}
	return fmt.Sprintf("readsContent(%d)", n)
}

// canonType names a type the same way in every package.
func canonType(t types.Type) string {
	if types.IsInterface(t) {
		return "interface"
	}
	if s, ok := t.Underlying().(*types.Slice); ok && types.IsInterface(s.Elem()) {
		if _, named := types.Unalias(t).(*types.Named); !named {
			return "[]any"
		}
	}
	return types.TypeString(t, nil)
}

// paramsLookup indexes a package's params literals once, for matching
// every answer to its request.
type paramsLookup struct {
	byLit map[*ast.CompositeLit]*paramsSite
	byVar map[*types.Var]*paramsSite
	byKey map[string][]*paramsSite // complete sites by round-trip key
}

func newParamsLookup(d *discovery) *paramsLookup {
	lk := &paramsLookup{byLit: map[*ast.CompositeLit]*paramsSite{}, byVar: map[*types.Var]*paramsSite{}, byKey: map[string][]*paramsSite{}}
	for _, p := range d.params {
		if p.lit == nil {
			continue
		}
		lk.byLit[p.lit] = p
		if p.v != nil {
			lk.byVar[p.v] = p
		}
		if p.requestKey != "" && p.complete {
			lk.byKey[p.requestKey] = append(lk.byKey[p.requestKey], p)
		}
	}
	return lk
}

// paramsForResult finds the params an answer was requested with: a params
// literal (or a variable holding one) among the arguments of the call that
// returned the answer.
func (pc *passCtx) paramsForResult(site *resultSite, lk *paramsLookup) *paramsSite {
	if site.requestKey != "" {
		// A round-trip answer: the request filed under the same key in
		// this package, if exactly one.
		if ps := lk.byKey[site.requestKey]; len(ps) == 1 {
			return ps[0]
		}
		return nil
	}
	call, ok := site.expr.(*ast.CallExpr)
	if !ok {
		return nil
	}
	byLit, byVar := lk.byLit, lk.byVar
	var found *paramsSite
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if p := byLit[n]; p != nil && p.complete {
					found = p
				}
			case *ast.Ident:
				if v, ok := pc.info.Uses[n].(*types.Var); ok {
					if p := byVar[v]; p != nil && p.complete {
						found = p
					}
				}
			}
			return true
		})
	}
	return found
}

func (cs *contentSchema) run() {
	pc, obj := cs.pc, cs.site.obj
	cs.maps = map[*types.Var]bool{}
	// Pass 1: reads of obj.Content, and variables that take the map.
	walkWithPath(cs.site.body, func(n ast.Node, path []ast.Node) {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != cs.site.sdk.ContentField {
			return
		}
		x := ast.Unparen(sel.X)
		if inner, ok := x.(*ast.SelectorExpr); ok && inner.Sel.Name == "ElicitationResponse" {
			x = ast.Unparen(inner.X)
		}
		if id, ok := x.(*ast.Ident); !ok || pc.info.Uses[id] != obj {
			return
		}
		cs.mapExpr(sel, path)
	})
	if len(cs.maps) == 0 {
		return
	}
	// Pass 2: reads through those variables.
	walkWithPath(cs.site.body, func(n ast.Node, path []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return
		}
		if v, ok := pc.info.Uses[id].(*types.Var); ok && cs.maps[v] {
			cs.mapExpr(id, path)
		}
	})
}

// mapExpr looks at how an expression holding the Content (a map, or for
// mcp-go an any that holds one) is used.
func (cs *contentSchema) mapExpr(e ast.Expr, path []ast.Node) {
	parent := parentOf(path)
	switch p := parent.(type) {
	case *ast.IndexExpr:
		if p.X == e {
			cs.index(p, path[:len(path)-1])
		}
	case *ast.TypeAssertExpr:
		// mcp-go: m, ok := res.Content.(map[string]any)
		if p.Type == nil || !isStringAnyMap(cs.pc.info.TypeOf(p.Type)) {
			return
		}
		cs.mapExpr(p, path[:len(path)-1])
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if ast.Unparen(r) == e && i < len(p.Lhs) {
				cs.takeVar(p.Lhs[i])
			}
		}
		if len(p.Rhs) == 1 && ast.Unparen(p.Rhs[0]) == e && len(p.Lhs) == 2 {
			cs.takeVar(p.Lhs[0]) // m, ok := x.(map[string]any)
		}
	case *ast.ValueSpec:
		for i, r := range p.Values {
			if ast.Unparen(r) == e && i < len(p.Names) {
				cs.takeVar(p.Names[i])
			}
		}
		if len(p.Values) == 1 && ast.Unparen(p.Values[0]) == e && len(p.Names) == 2 {
			cs.takeVar(p.Names[0])
		}
	case *ast.ParenExpr:
		cs.mapExpr(p, path[:len(path)-1])
	}
}

func (cs *contentSchema) takeVar(lhs ast.Expr) {
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	if v, ok := cs.pc.info.ObjectOf(id).(*types.Var); ok && isStringAnyMap(v.Type()) {
		cs.maps[v] = true
	}
}

func parentOf(path []ast.Node) ast.Node {
	if len(path) < 2 {
		return nil
	}
	return path[len(path)-2]
}

func isStringAnyMap(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	return ok && k.Kind() == types.String && types.IsInterface(m.Elem()) && m.Elem().Underlying().(*types.Interface).Empty()
}

// index checks one Content[key] read.
func (cs *contentSchema) index(ix *ast.IndexExpr, path []ast.Node) {
	pc := cs.pc
	key, ok := cs.constKey(ix.Index)
	if !ok {
		return
	}
	if cs.collect != nil {
		r := contentRead2{Key: key}
		if ta, ok := parentOf(path).(*ast.TypeAssertExpr); ok && ta.X == ix && ta.Type != nil {
			if t := pc.info.TypeOf(ta.Type); t != nil {
				r.Asserted, r.CommaOK = canonType(t), isCommaOK(ta, path[:len(path)-1])
			}
		}
		*cs.collect = append(*cs.collect, r)
		return
	}
	shown := exprString(ix.X) + fmt.Sprintf("[%q]", key)
	prop := cs.props.Get(key)
	if prop == nil {
		if cs.props.Partial {
			return
		}
		hint := ""
		if s := schema.Suggest(key, cs.props.Keys); s != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", s)
		}
		pc.report(CheckContentSchema, ix.Index, "%s: the requested schema has no property %q%s, so the key is never in the answer", shown, key, hint)
		return
	}
	ta, ok := parentOf(path).(*ast.TypeAssertExpr)
	if !ok || ta.X != ix || ta.Type == nil {
		return
	}
	commaOK := isCommaOK(ta, path[:len(path)-1])
	asserted := pc.info.TypeOf(ta.Type)
	decoded, why := decodedType(prop)
	if asserted == nil {
		return
	}
	if decoded != nil && !types.IsInterface(asserted) && !types.Identical(asserted, decoded) {
		var fixes []analysis.SuggestedFix
		if !commaOK && isNumeric(asserted) && types.Identical(decoded, types.Typ[types.Float64]) {
			fixes = cs.floatFix(ta, asserted)
		}
		pc.reportRange(CheckContentSchema, ta.Pos(), ta.End(), fixes, "%s.(%s) never succeeds: %s", shown, types.TypeString(asserted, pc.qualifier(pc.fileOf(ta.Pos()))), why)
		return
	}
	if !commaOK && !cs.required[key] && !(cs.site.sdk.ContentIsMap && prop.Has("default")) {
		pc.report(CheckContentSchema, ta, "%s.(%s) panics when the user leaves %q empty: it is not required, so the key may be missing; use the comma-ok form v, ok := ...", shown, types.TypeString(asserted, pc.qualifier(pc.fileOf(ta.Pos()))), key)
	}
}

// constKey returns a constant key, or the value of a variable assigned a
// constant exactly once.
func (cs *contentSchema) constKey(e ast.Expr) (string, bool) {
	if s, ok := constString(cs.pc.info, e); ok {
		return s, true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := cs.pc.info.Uses[id].(*types.Var); ok {
			if def := cs.pc.schemaReader().Resolve(v); def != nil {
				return constString(cs.pc.info, def)
			}
		}
	}
	return "", false
}

func isCommaOK(ta *ast.TypeAssertExpr, path []ast.Node) bool {
	switch p := parentOf(path).(type) {
	case *ast.AssignStmt:
		return len(p.Lhs) == 2 && len(p.Rhs) == 1
	case *ast.ValueSpec:
		return len(p.Names) == 2 && len(p.Values) == 1
	}
	return false
}

func isNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0 && b.Info()&types.IsComplex == 0
}

// decodedType is the Go type encoding/json gives a property's value.
func decodedType(prop *schema.Node) (types.Type, string) {
	t := prop.Get("type")
	if t == nil || t.Kind != schema.String {
		return nil, ""
	}
	switch t.Str {
	case "string":
		return types.Typ[types.String], "a string property decodes as string"
	case "number", "integer":
		return types.Typ[types.Float64], "JSON numbers decode as float64"
	case "boolean":
		return types.Typ[types.Bool], "a boolean property decodes as bool"
	case "array":
		return types.NewSlice(types.NewInterfaceType(nil, nil)), "multi-select answers decode as []any, never []string"
	}
	return nil, ""
}

// floatFix rewrites x.(int) as int(x.(float64)).
func (cs *contentSchema) floatFix(ta *ast.TypeAssertExpr, asserted types.Type) []analysis.SuggestedFix {
	name := types.TypeString(asserted, cs.pc.qualifier(cs.pc.fileOf(ta.Pos())))
	return []analysis.SuggestedFix{{
		Message: "Assert float64 and convert to " + name,
		TextEdits: []analysis.TextEdit{
			{Pos: ta.Pos(), End: ta.Pos(), NewText: []byte(name + "(")},
			{Pos: ta.Type.Pos(), End: ta.Type.End(), NewText: []byte("float64")},
			{Pos: ta.End(), End: ta.End(), NewText: []byte(")")},
		},
	}}
}

package model

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/source"
)

// KeyRead is one read of a key of a result's Content map:
// res.Content["key"], directly or through a variable holding the map
// (m := res.Content; for mcp-go m, _ := res.Content.(map[string]any)).
type KeyRead struct {
	Key   string
	Index *ast.IndexExpr
	// Assert is the type assertion applied to the value read, if any.
	Assert  *ast.TypeAssertExpr
	CommaOK bool
}

// KeyReads finds the reads of constant keys of site's Content in its body.
// resolve gives the single value a variable is assigned (for keys held in
// variables).
func KeyReads(pc *Model, site *ResultSite, resolve func(*types.Var) ast.Expr) []KeyRead {
	kr := &keyReader{pc: pc, site: site, resolve: resolve, maps: map[*types.Var]bool{}}
	// Pass 1: reads of the result's Content, and variables that take the map.
	source.WalkWithPath(site.Body, func(n ast.Node, path []ast.Node) {
		if sel, ok := n.(*ast.SelectorExpr); ok && pc.IsResultField(site, sel, site.SDK.ContentField) {
			kr.mapExpr(sel, path)
		}
	})
	if len(kr.maps) == 0 {
		return kr.reads
	}
	// Pass 2: reads through those variables.
	source.WalkWithPath(site.Body, func(n ast.Node, path []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return
		}
		if v, ok := pc.Info.Uses[id].(*types.Var); ok && kr.maps[v] {
			kr.mapExpr(id, path)
		}
	})
	return kr.reads
}

type keyReader struct {
	pc      *Model
	site    *ResultSite
	resolve func(*types.Var) ast.Expr
	// maps are local variables that hold the Content map.
	maps  map[*types.Var]bool
	reads []KeyRead
}

// mapExpr looks at how an expression holding the Content (a map, or for
// mcp-go an any that holds one) is used.
func (kr *keyReader) mapExpr(e ast.Expr, path []ast.Node) {
	switch p := source.ParentOf(path).(type) {
	case *ast.IndexExpr:
		if p.X == e {
			kr.index(p, path[:len(path)-1])
		}
	case *ast.TypeAssertExpr:
		// mcp-go: m, ok := res.Content.(map[string]any)
		if p.Type == nil || !source.IsStringAnyMap(kr.pc.Info.TypeOf(p.Type)) {
			return
		}
		kr.mapExpr(p, path[:len(path)-1])
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if ast.Unparen(r) == e && i < len(p.Lhs) {
				kr.takeVar(p.Lhs[i])
			}
		}
		if len(p.Rhs) == 1 && ast.Unparen(p.Rhs[0]) == e && len(p.Lhs) == 2 {
			kr.takeVar(p.Lhs[0]) // m, ok := x.(map[string]any)
		}
	case *ast.ValueSpec:
		for i, r := range p.Values {
			if ast.Unparen(r) == e && i < len(p.Names) {
				kr.takeVar(p.Names[i])
			}
		}
		if len(p.Values) == 1 && ast.Unparen(p.Values[0]) == e && len(p.Names) == 2 {
			kr.takeVar(p.Names[0])
		}
	case *ast.ParenExpr:
		kr.mapExpr(p, path[:len(path)-1])
	}
}

func (kr *keyReader) takeVar(lhs ast.Expr) {
	id, ok := lhs.(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	if v, ok := kr.pc.Info.ObjectOf(id).(*types.Var); ok && source.IsStringAnyMap(v.Type()) {
		kr.maps[v] = true
	}
}

// index records one Content[key] read with a constant key.
func (kr *keyReader) index(ix *ast.IndexExpr, path []ast.Node) {
	key, ok := kr.constKey(ix.Index)
	if !ok {
		return
	}
	r := KeyRead{Key: key, Index: ix}
	if ta, ok := source.ParentOf(path).(*ast.TypeAssertExpr); ok && ta.X == ix && ta.Type != nil && kr.pc.Info.TypeOf(ta.Type) != nil {
		r.Assert, r.CommaOK = ta, source.IsCommaOK(path[:len(path)-1])
	}
	kr.reads = append(kr.reads, r)
}

// constKey returns a constant key, or the value of a variable assigned a
// constant exactly once.
func (kr *keyReader) constKey(e ast.Expr) (string, bool) {
	info := kr.pc.Info
	if s, ok := source.ConstString(info, e); ok {
		return s, true
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if def := kr.resolve(v); def != nil {
				return source.ConstString(info, def)
			}
		}
	}
	return "", false
}

// ContentReadsFact records how a function reads the Content of a result
// passed to it, so that callers who know the schema can check the reads.
type ContentReadsFact struct {
	Params []paramReads
}

type paramReads struct {
	Index int
	Reads []readFact
}

// readFact is one read of a parameter's Content in a helper.
type readFact struct {
	Key      string
	Asserted string // canonical asserted type ("" without an assertion)
	CommaOK  bool
}

func (*ContentReadsFact) AFact() {}

func (f *ContentReadsFact) String() string {
	n := 0
	for _, p := range f.Params {
		n += len(p.Reads)
	}
	return fmt.Sprintf("readsContent(%d)", n)
}

// contentReaders holds the Content reads of this package's functions on a
// result passed to them.
type contentReaders struct {
	local map[*types.Func]*ContentReadsFact
}

// summariseContentReads records, for each function of the package with a
// result-typed parameter, the Content reads it makes on it, and exports
// them as a fact.
func summariseContentReads(pc *Model, cands []handlerCand, schemas *schemaSummary) *contentReaders {
	cr := &contentReaders{local: map[*types.Func]*ContentReadsFact{}}
	for _, c := range cands {
		site := &ResultSite{SDK: c.SDK, Obj: c.V, Body: c.Decl.Body}
		var reads []readFact
		for _, r := range KeyReads(pc, site, schemas.Reader.Resolve) {
			rf := readFact{Key: r.Key}
			if r.Assert != nil {
				rf.Asserted, rf.CommaOK = source.CanonType(pc.Info.TypeOf(r.Assert.Type)), r.CommaOK
			}
			reads = append(reads, rf)
		}
		if len(reads) == 0 {
			continue
		}
		f := cr.local[c.fn]
		if f == nil {
			f = &ContentReadsFact{}
			cr.local[c.fn] = f
		}
		f.Params = append(f.Params, paramReads{Index: c.idx, Reads: reads})
	}
	for fn, f := range cr.local {
		pc.Pass.ExportObjectFact(fn, f)
	}
	return cr
}

// Of returns the Content reads fn makes on its result parameters: from
// this package's summary, or from an imported fact.
func (cr *contentReaders) Of(pc *Model, fn *types.Func) *ContentReadsFact {
	fn = fn.Origin()
	if f := cr.local[fn]; f != nil {
		return f
	}
	if fn.Pkg() == pc.Pass.Pkg {
		return nil
	}
	f := new(ContentReadsFact)
	if !pc.Pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

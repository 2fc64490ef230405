package answers

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// KeyedFact is the fact of an exported function that reads answers under
// the key one of its arguments gives, and no other key, without being a
// Helper (it may ask, decide, and return what it likes): Param is that
// argument; Asks is set when it also files its request under that key
// (a gate that asks and reads, kit.Decide(ctx, req, "wipe", msg)). A
// caller in another package that gives a constant key then reads that
// key, and asks for it when Asks: the keys of its package stay known.
type KeyedFact struct {
	Param int
	Asks  bool
}

func (*KeyedFact) AFact() {}

func (f *KeyedFact) String() string {
	if f.Asks {
		return fmt.Sprintf("keyedAsk(%d)", f.Param)
	}
	return fmt.Sprintf("keyedRead(%d)", f.Param)
}

// KeyAt is a request filed under a key that is not a constant, in Fn.
type KeyAt struct{ Fn, At ast.Node }

// exportKeyed exports the KeyedFact of the exported functions of the
// package that read answers under a parameter's key and are not helpers:
// every read and every request of the function keyed by the same
// parameter, and the answers never handed to a function that is not the
// SDK's (which could read other keys).
func exportKeyed(pc *source.Package, reads []KeyRead, asks []KeyAt, helpers map[*types.Func]*Helper) {
	type keyed struct {
		decl               *ast.FuncDecl
		param              int
		reads, asks, mixed bool
	}
	byFn := map[*types.Func]*keyed{}
	note := func(fnNode, at ast.Node, ask bool) {
		decl, _ := fnNode.(*ast.FuncDecl)
		fn, param := KeyParam(pc, fnNode, at)
		if decl == nil {
			return
		}
		if fn == nil {
			fn, _ = pc.Info.Defs[decl.Name].(*types.Func)
		}
		if fn == nil || helpers[fn] != nil {
			return
		}
		k := byFn[fn]
		if k == nil {
			k = &keyed{decl: decl, param: param}
			byFn[fn] = k
		}
		k.asks, k.reads = k.asks || ask, k.reads || !ask
		k.mixed = k.mixed || param < 0 || param != k.param
	}
	for _, r := range reads {
		note(r.Fn, r.At, false)
	}
	for _, a := range asks {
		note(a.Fn, a.At, true)
	}
	fns := make([]*types.Func, 0, len(byFn))
	for fn, k := range byFn {
		if fn.Exported() && k.reads && !k.mixed && k.param >= 0 && !handsOn(pc, k.decl) {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		pc.Pass.ExportObjectFact(fn, &KeyedFact{Param: byFn[fn].param, Asks: byFn[fn].asks})
	}
}

// handsOn reports a call in decl, to a function that is not the SDK's,
// given one of decl's parameters that are not strings (the request, its
// params, the answers): it may read any key.
func handsOn(pc *source.Package, decl *ast.FuncDecl) bool {
	params := map[types.Object]bool{}
	for _, f := range decl.Type.Params.List {
		for _, n := range f.Names {
			if obj := pc.Info.Defs[n]; obj != nil && !source.IsStringish(obj.Type()) && !source.IsContext(obj.Type()) {
				params[obj] = true
			}
		}
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
		if fn != nil && pc.SDKs.OfPkg(fn) != nil {
			return true
		}
		for _, a := range call.Args {
			ast.Inspect(a, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && params[pc.Info.Uses[id]] {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

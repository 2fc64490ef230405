package answers

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// Helper is a function that reads the answer to the key it is given as
// its parameter Param, and says so when it is missing, by its results as
// Shape tells: a non-nil error, false, or a nil answer (it may return the
// SDK's read itself). A call of it with a constant key is a read of that
// key, in the function that makes the call.
type Helper struct {
	Param int
	Shape Shape
	// SDK names the SDK whose answers it reads.
	SDK string
	// Sentinel is the error it returns when the answer is missing (see
	// Read), or "".
	Sentinel string
	// Responses and State are the fields its reads see (see Read).
	Responses, State string
}

// HelperFact is the Helper an exported function of another package is.
type HelperFact Helper

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string {
	return fmt.Sprintf("answerHelper(%d)", f.Param)
}

// KeyRead is a read of an answer whose key is not a constant, in the
// function Fn, of the SDK named SDK.
type KeyRead struct {
	Read
	Fn  ast.Node
	SDK string
}

// Helpers returns the package's functions that read the answer to a key
// they are given and leave, whenever it is missing, by a return that
// says so; and exports the HelperFact of its exported ones, and the
// KeyedFact of the others that read (and ask, asks) under a key they are
// given.
func Helpers(pc *source.Package, reads []KeyRead, asks []KeyAt) map[*types.Func]*Helper {
	var helpers map[*types.Func]*Helper
	for _, r := range reads {
		fn, param := KeyParam(pc, r.Fn, r.At)
		if fn == nil || helpers[fn] != nil {
			continue
		}
		shape, fails := ResultShape(pc.Info, fn.Type().(*types.Signature))
		if fails == nil {
			continue
		}
		ret := FailsWhenMissing(pc, r.Read, Direct, fails)
		if ret == nil && !ReturnsRead(pc, r.Read, shape) {
			continue
		}
		if helpers == nil {
			helpers = map[*types.Func]*Helper{}
		}
		helpers[fn] = &Helper{Param: param, Shape: shape, SDK: r.SDK, Sentinel: sentinelOf(pc, ret, shape), Responses: r.Responses, State: r.State}
	}
	// Helpers of helpers: a function that gives its key parameter to a
	// helper and fails as its own results say when that one does.
	for range 3 {
		added := false
		for decl, fn := range pc.FuncDecls() {
			if helpers[fn] != nil {
				continue
			}
			if h := viaHelper(pc, decl, fn, helpers); h != nil {
				if helpers == nil {
					helpers = map[*types.Func]*Helper{}
				}
				helpers[fn], added = h, true
			}
		}
		if !added {
			break
		}
	}
	fns := make([]*types.Func, 0, len(helpers))
	for fn := range helpers {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		if fn.Exported() {
			f := HelperFact(*helpers[fn])
			pc.Pass.ExportObjectFact(fn, &f)
		}
	}
	exportKeyed(pc, reads, asks, helpers)
	return helpers
}

// Of returns the helper fn is: one of own, the package's, or another
// package's by its fact; nil when it is none.
func Of(pc *source.Package, own map[*types.Func]*Helper, fn *types.Func) *Helper {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if h := own[fn]; h != nil {
		return h
	}
	if fn.Pkg() == nil || fn.Pkg() == pc.Pass.Pkg {
		return nil
	}
	var f HelperFact
	if !pc.Pass.ImportObjectFact(fn, &f) {
		return nil
	}
	h := Helper(f)
	return &h
}

// viaHelper returns the helper fn is when its body calls a helper (one
// of own, or another package's by its fact) with its key parameter and
// leaves, whenever that one says the answer is missing, by a return that
// says so by fn's own results; nil otherwise.
func viaHelper(pc *source.Package, decl *ast.FuncDecl, fn *types.Func, own map[*types.Func]*Helper) *Helper {
	sig := fn.Type().(*types.Signature)
	shape, fails := ResultShape(pc.Info, sig)
	if fails == nil || decl.Body == nil {
		return nil
	}
	var found *Helper
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		inner := Of(pc, own, typeutil.StaticCallee(pc.Info, call))
		if inner == nil || inner.Param >= len(call.Args) {
			return true
		}
		id, ok := ast.Unparen(call.Args[inner.Param]).(*ast.Ident)
		if !ok {
			return true
		}
		param := source.ParamIndex(sig.Params(), pc.Info.Uses[id])
		if param < 0 {
			return true
		}
		r := Read{At: call.Args[inner.Param], Responses: inner.Responses, State: inner.State, Sentinel: inner.Sentinel}
		ret := FailsWhenMissing(pc, r, inner.Shape, fails)
		if ret == nil {
			return true
		}
		sentinel := sentinelOf(pc, ret, shape)
		if sentinel == "" && inner.Sentinel != "" && passesOn(pc, ret, shape) {
			sentinel = inner.Sentinel // return nil, err (or its wrapping)
		}
		found = &Helper{Param: param, Shape: shape, SDK: inner.SDK, Sentinel: sentinel, Responses: inner.Responses, State: inner.State}
		return false
	})
	return found
}

// passesOn reports a return whose error result is a local error value
// (the inner helper's error, or fmt.Errorf wrapping one): it carries the
// inner helper's sentinel on.
func passesOn(pc *source.Package, ret *ast.ReturnStmt, shape Shape) bool {
	if shape.Err < 0 || shape.Err >= len(ret.Results) {
		return false
	}
	local := false
	ast.Inspect(ret.Results[shape.Err], func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := pc.Info.Uses[id].(*types.Var); ok && source.IsLocal(v) && types.Implements(v.Type(), errorIface) {
				local = true
			}
		}
		return !local
	})
	return local
}

// KeyParam returns the function declaration fn holding a key at (of a
// read or a request) that is one of its parameters, with its index; nil
// and -1 otherwise.
func KeyParam(pc *source.Package, fn ast.Node, at ast.Node) (*types.Func, int) {
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return nil, -1
	}
	e, _ := at.(ast.Expr)
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, -1
	}
	obj, _ := pc.Info.Defs[decl.Name].(*types.Func)
	if obj == nil {
		return nil, -1
	}
	i := source.ParamIndex(obj.Type().(*types.Signature).Params(), pc.Info.Uses[id])
	if i < 0 {
		return nil, -1
	}
	return obj, i
}

package answers

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"github.com/elicitlint/elicitlint/internal/source"
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
// says so; and exports the HelperFact of its exported ones.
func Helpers(pc *source.Package, reads []KeyRead) map[*types.Func]*Helper {
	var helpers map[*types.Func]*Helper
	for _, r := range reads {
		decl, ok := r.Fn.(*ast.FuncDecl)
		if !ok {
			continue
		}
		id, ok := ast.Unparen(r.At.(ast.Expr)).(*ast.Ident)
		if !ok {
			continue
		}
		fn, _ := pc.Info.Defs[decl.Name].(*types.Func)
		if fn == nil || helpers[fn] != nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		param := -1
		for i := range sig.Params().Len() {
			if sig.Params().At(i) == pc.Info.Uses[id] {
				param = i
			}
		}
		if param < 0 {
			continue
		}
		shape, fails := ResultShape(pc.Info, sig)
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
		helpers[fn] = &Helper{Param: param, Shape: shape, SDK: r.SDK, Sentinel: sentinelOf(pc, ret, shape)}
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

package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// gateFact marks a function that takes a result and returns an error, and
// whose error tells whether the action is accept: for each gateParam it is
// known on which actions the function returns a nil error. A caller that
// writes
//
//	if err := outcome(res); err != nil { return err }
//	use(res.Content)
//
// reads Content on accept only when outcome returns nil only on accept
// (AcceptOnly). Without a fact (the helper's returns could not be read),
// the content check stays silent after such a test.
type gateFact struct {
	Params []gateParam // sorted by Index
}

type gateParam struct {
	Index      int  // the result parameter (receiver excluded)
	AcceptOnly bool // a nil error is returned on accept only
}

func (*gateFact) AFact() {}

func (f *gateFact) String() string {
	var s []string
	for _, p := range f.Params {
		s = append(s, fmt.Sprintf("%d:%v", p.Index, p.AcceptOnly))
	}
	return "errGate(" + strings.Join(s, ",") + ")"
}

// summariseGates computes the gate facts of this package's functions that
// take a result and return an error last, on the SSA form of those
// functions only. A function's fact is made only when every return's
// error is a nil constant or known not to be nil (errors.New, fmt.Errorf, a
// package-level error variable, a composite value); otherwise nothing is
// known.
func summariseGates(pc *pkgCtx, cands []handlerCand) map[*types.Func]*gateFact {
	var bodies []ast.Node
	var gc []handlerCand
	for _, c := range cands {
		res := c.fn.Type().(*types.Signature).Results()
		if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		gc = append(gc, c)
		bodies = append(bodies, c.decl.Body)
	}
	if len(gc) == 0 {
		return nil
	}
	pkg := buildSSAFor(pc.Pass.Fset, pc.Pass.Pkg, pc.Pass.Files, pc.Info, bodies)
	flow := newSSAFlow(pc)
	gates := map[*types.Func]*gateFact{}
	flow.gates = gates
	for _, c := range gc {
		fn := pkg.Prog.FuncValue(c.fn)
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		i := c.idx
		if fn.Signature.Recv() != nil {
			i++
		}
		if i >= len(fn.Params) {
			continue
		}
		acceptOnly, known := gateOn(flow, fn, fn.Params[i])
		if !known {
			continue
		}
		g := gates[c.fn]
		if g == nil {
			g = &gateFact{}
			gates[c.fn] = g
		}
		g.Params = append(g.Params, gateParam{Index: c.idx, AcceptOnly: acceptOnly})
		slices.SortFunc(g.Params, func(a, b gateParam) int { return a.Index - b.Index })
	}
	for fn, g := range gates {
		pc.Pass.ExportObjectFact(fn, g)
	}
	return gates
}

// gateOn reads the returns of fn: whether every nil error is returned on
// accept only, and whether every error returned is known to be nil or not.
func gateOn(flow *ssaFlow, fn *ssa.Function, root ssa.Value) (acceptOnly, known bool) {
	in := flow.possibleActions(fn, root)
	acceptOnly = true
	for _, b := range fn.Blocks {
		set, ok := in[b]
		if !ok || len(b.Instrs) == 0 {
			continue // not reached
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		switch e := ret.Results[len(ret.Results)-1]; {
		case isNilConst(e):
			if !set.onlyAccept() {
				acceptOnly = false
			}
		case notNilError(e):
		default:
			return false, false
		}
	}
	return acceptOnly, true
}

// notNilError reports an error value that cannot be nil: errors.New,
// fmt.Errorf, a package-level variable (a sentinel), or a non-nil value
// made into an interface.
func notNilError(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Call:
		if f, ok := x.Call.Value.(*ssa.Function); ok && f.Pkg != nil {
			switch f.Pkg.Pkg.Path() + "." + f.Name() {
			case "errors.New", "fmt.Errorf":
				return true
			}
		}
	case *ssa.UnOp:
		_, global := x.X.(*ssa.Global)
		return global
	case *ssa.MakeInterface:
		_, ptr := x.X.Type().Underlying().(*types.Pointer)
		_, alloc := x.X.(*ssa.Alloc)
		return !ptr || alloc
	}
	return false
}

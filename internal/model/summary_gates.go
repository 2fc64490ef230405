package model

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// summariseGates computes the gate facts of this package's functions that
// take a result and return an error last, on the SSA form of those
// functions only. A function's fact is made only when every return's
// error is a nil constant or known not to be nil (errors.New, fmt.Errorf, a
// package-level error variable, a composite value); otherwise nothing is
// known.
func summariseGates(pc *Model, cands []handlerCand) map[*types.Func]*flow.GateFact {
	var bodies []ast.Node
	var gc []handlerCand
	for _, c := range cands {
		res := c.fn.Type().(*types.Signature).Results()
		if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		gc = append(gc, c)
		bodies = append(bodies, c.Decl.Body)
	}
	if len(gc) == 0 {
		return nil
	}
	pkg := flow.BuildSSAFor(pc.Pass.Fset, pc.Pass.Pkg, pc.Pass.Files, pc.Info, bodies)
	sf := flow.NewSSAFlow(pc.Package)
	gates := map[*types.Func]*flow.GateFact{}
	sf.Gates = gates
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
		acceptOnly, known := gateOn(sf, fn, flow.ParamRoot(fn.Params[i]))
		if !known {
			continue
		}
		g := gates[c.fn]
		if g == nil {
			g = &flow.GateFact{}
			gates[c.fn] = g
		}
		g.Params = append(g.Params, flow.GateParam{Index: c.idx, AcceptOnly: acceptOnly})
		slices.SortFunc(g.Params, func(a, b flow.GateParam) int { return a.Index - b.Index })
	}
	for fn, g := range gates {
		if fn.Pkg() == pc.Pass.Pkg { // the flow also notes what it learns of callees
			pc.Pass.ExportObjectFact(fn, g)
		}
	}
	return gates
}

// gateOn reads the returns of fn: whether every nil error is returned on
// accept only, and whether every error returned is known to be nil or not.
func gateOn(sf *flow.SSAFlow, fn *ssa.Function, root ssa.Value) (acceptOnly, known bool) {
	in := sf.PossibleActions(fn, root)
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
		switch e := flow.ReturnValues(ret)[len(ret.Results)-1]; {
		case flow.IsNilConst(e):
			if !set.OnlyAccept() {
				acceptOnly = false
			}
		case failflow.NotNilError(e):
		default:
			return false, false
		}
	}
	return acceptOnly, true
}

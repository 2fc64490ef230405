package failopen

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// A return is reported when it gives what accept gets and no refusal
// gets. What that value means is its callers' to say: mcp-gateway's OAuth
// helper returns false ("not authorized") when the request fails, which
// its accept path returns too, and its caller stops there. Where the
// package shows every caller, the return is reported only when some
// caller goes on to the work with that value.

// stopsInCallers reports whether the package shows callers of the
// function, and every one tests the first decision and, where it has the
// value the return gives, leaves without calling work. A caller that does
// anything else with the value (returns it, passes it on, ignores it)
// does not stop.
func (fo *failOpen) stopsInCallers(vals []failflow.Val, d *failflow.Decisions) bool {
	obj, _ := fo.Fn.Object().(*types.Func)
	if obj == nil || len(d.Idx) == 0 {
		return false
	}
	idx := d.Idx[0]
	v := vals[idx]
	var calls []*ast.CallExpr
	for _, c := range fo.c.CallsOf(obj) {
		calls = append(calls, c.Expr)
	}
	if len(calls) == 0 {
		return false
	}
	at := make([]ast.Node, len(calls))
	for i, c := range calls {
		at[i] = c
	}
	pkg := flow.BuildSSAFor(fo.c.Pass.Fset, fo.c.Pass.Pkg, fo.c.Pass.Files, fo.c.Info, at)
	env := fo.c.FailEnv()
	for _, call := range calls {
		caller := flow.SSAFunc(fo.c.Package, pkg, call)
		if caller == nil {
			return false
		}
		x := decisionValue(caller, call, idx)
		if x == nil || !stopsOn(env, x, v) {
			return false
		}
	}
	return true
}

// decisionValue returns the SSA value of result idx of call in fn.
func decisionValue(fn *ssa.Function, call *ast.CallExpr, idx int) ssa.Value {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Pos() != call.Lparen {
				continue
			}
			if _, tuple := c.Type().(*types.Tuple); !tuple {
				return c
			}
			for _, r := range *c.Referrers() {
				if x, ok := r.(*ssa.Extract); ok && x.Index == idx {
					return x
				}
			}
			return nil // discarded
		}
	}
	return nil
}

// stopsOn reports whether every use of x is an if on it, and where x is v
// each leaves without calling work.
func stopsOn(env *failflow.Env, x ssa.Value, v failflow.Val) bool {
	refs := x.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		succ := takenOn(r, x, v)
		if succ == nil || !leavesWithoutWork(env, succ) {
			return false
		}
	}
	return true
}

// takenOn returns the successor an if takes when x is v, for a use of x
// that is such an if (on x, !x, x == c, x != c), or nil.
func takenOn(use ssa.Instruction, x ssa.Value, v failflow.Val) *ssa.BasicBlock {
	holds := v == failflow.ValTrue // the condition holds where x is v
	cond := ssa.Value(x)
	switch u := use.(type) {
	case *ssa.If:
		return u.Block().Succs[boolIdx(holds)]
	case *ssa.UnOp:
		if u.Op != token.NOT {
			return nil
		}
		cond, holds = u, !holds
	case *ssa.BinOp:
		if u.Op != token.EQL && u.Op != token.NEQ {
			return nil
		}
		other := u.Y
		if u.Y == x {
			other = u.X
		}
		c, ok := other.(*ssa.Const)
		if !ok {
			return nil
		}
		var eq bool
		switch {
		case c.IsNil():
			eq = v == failflow.ValNil
		case c.Value != nil && c.Value.Kind() == constant.Bool && (v == failflow.ValTrue || v == failflow.ValFalse):
			eq = constant.BoolVal(c.Value) == (v == failflow.ValTrue)
		default:
			return nil
		}
		cond, holds = u, eq == (u.Op == token.EQL)
	default:
		return nil
	}
	refs := cond.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil
	}
	iff, ok := (*refs)[0].(*ssa.If)
	if !ok {
		return nil
	}
	return iff.Block().Succs[boolIdx(holds)]
}

// boolIdx is the successor of an if taken when its condition is b.
func boolIdx(b bool) int {
	if b {
		return 0
	}
	return 1
}

// leavesWithoutWork reports whether every path from b ends (a return, a
// panic, a call that never returns) before it calls work or writes what
// outlives the call (a package's variable, a closure's, a receiver's
// field or map).
func leavesWithoutWork(env *failflow.Env, b *ssa.BasicBlock) bool {
	return failflow.WalkPaths(env, b, func(instr ssa.Instruction, ends bool) bool {
		return ends || failflow.WorkOf(env, instr) == nil && failflow.StoreWork(instr) == nil
	})
}

package failflow

import (
	"go/constant"
	"go/token"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file reads a test of whether the function collected anything: a
// handler that asks for several answers in a loop files each missing
// one's question in a map (or appends its key to a slice), and asks when
// the map is not empty (`if len(missing) > 0 { return ask(missing) }`).
// A path without an answer that always passes the filing never finds
// the map empty, so it takes only the side that asks.

// emptyTest reads cond as a test of the length of a map or slice of the
// function's own against zero: the collection, and the successor on
// which it is empty.
func emptyTest(cond ssa.Value) (coll ssa.Value, emptyIdx int, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin {
		return nil, 0, false
	}
	op, l, c := bin.Op, bin.X, bin.Y
	if _, isConst := l.(*ssa.Const); isConst {
		l, c, op = c, l, source.Mirror(op) // 0 < len(m) is len(m) > 0
	}
	k, isConst := c.(*ssa.Const)
	if !isConst || k.Value == nil || k.Value.Kind() != constant.Int {
		return nil, 0, false
	}
	// len(m), or a count of its own (n++ where an answer is missing).
	coll = l
	if call, isCall := l.(*ssa.Call); isCall {
		if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" || len(call.Call.Args) != 1 {
			return nil, 0, false
		}
		coll = call.Call.Args[0]
	} else if _, isPhi := l.(*ssa.Phi); !isPhi {
		return nil, 0, false
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return nil, 0, false
	}
	switch {
	case (op == token.GTR || op == token.NEQ) && n == 0, op == token.GEQ && n == 1:
		return coll, 1, true
	case (op == token.EQL || op == token.LEQ) && n == 0, op == token.LSS && n == 1:
		return coll, 0, true
	}
	return nil, 0, false
}

// filledWhenMissing reports whether every path without an answer that
// reaches block b has filed something in coll on the way: no path from
// an edge on which the answer goes missing reaches b without passing a
// block that adds to coll (a map update, an append kept in it).
func (f *Flow) filledWhenMissing(coll ssa.Value, b *ssa.BasicBlock) bool {
	fills := fillBlocks(coll)
	if len(fills) == 0 {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	var reach func(*ssa.BasicBlock) bool
	reach = func(x *ssa.BasicBlock) bool {
		if x == b {
			return true
		}
		if seen[x] || fills[x] {
			return false
		}
		seen[x] = true
		for _, s := range x.Succs {
			if reach(s) {
				return true
			}
		}
		return false
	}
	for yes := range f.missingEdges() {
		if reach(yes) {
			return false
		}
	}
	return true
}

// fillBlocks returns the blocks that add to coll: a map made here and
// updated, a slice whose values (through phis) are appends to it, or a
// count whose values are increments of it.
func fillBlocks(coll ssa.Value) map[*ssa.BasicBlock]bool {
	fills := map[*ssa.BasicBlock]bool{}
	if _, made := coll.(*ssa.MakeMap); made {
		for _, r := range *coll.Referrers() {
			switch x := r.(type) {
			case *ssa.MapUpdate:
				if x.Map == coll {
					fills[x.Block()] = true
				}
			case *ssa.Call:
				if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "delete" || b.Name() == "clear") {
					return nil // it may be emptied again
				}
			}
		}
		return fills
	}
	// A slice or a count: the values of the variable, through its phis.
	web := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if web[v] || len(web) > 16 {
			return
		}
		web[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e)
			}
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
				if sl, ok := x.Call.Args[1].(*ssa.Slice); ok {
					if a, ok := sl.X.(*ssa.Alloc); ok && a.Comment == "varargs" {
						fills[x.Block()] = true // appends one element at least
					}
				}
				walk(x.Call.Args[0])
			}
		case *ssa.BinOp:
			// n++, n += 1: a count that only grows.
			if k, ok := x.Y.(*ssa.Const); ok && x.Op == token.ADD && k.Value != nil && k.Value.Kind() == constant.Int && constant.Sign(k.Value) > 0 {
				fills[x.Block()] = true
				walk(x.X)
			}
		}
	}
	walk(coll)
	return fills
}

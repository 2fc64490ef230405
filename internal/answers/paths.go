package answers

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file follows, on the SSA form of the function that reads an
// answer, the paths on which the answer is missing, wherever they go: a
// flag or an error set on the missing branch and tested statements
// later, a jump to a label, a value left empty and tested after an
// if-else. FailsWhenMissing reads the shapes the syntax shows; this reads
// the same question on the paths themselves.

// maxPathBlocks bounds the blocks a reading visits, over all its paths.
const maxPathBlocks = 400

// ShapedRead is a read of an answer with the shape of its assignment.
type ShapedRead struct {
	Read
	Shape
}

// FailsOnPath returns the return of fn that fails the call on a path
// where the answer to one key is missing, or nil; reads are that key's
// reads in fn. A path starts after a read that no other read of them
// comes before; a later read there finds the answer missing too. Along a
// path, a value the path sets is known (a phi takes the edge the path
// came by), and a test decided by what is known takes its one way. A
// test that reads nothing but the request's answers and the state it
// echoes goes both ways. A test of anything else (a setting, a limit of
// the server's own, another call's error) ends the path, and so do a
// test of the answer's variables given another value on the path and a
// read of the missing answer's fields (it panics): the failure beyond is
// not the missing answer's.
func FailsOnPath(pc *source.Package, fn *ssa.Function, reads []ShapedRead, fails func(*ast.ReturnStmt) bool) *ast.ReturnStmt {
	if fn == nil {
		return nil
	}
	w := &pathWalk{pc: pc, fn: fn, missing: map[ssa.Value]known{}, fails: fails}
	var defs []ssa.Instruction
	var body *ast.BlockStmt
	for _, r := range reads {
		if r.Sentinel != "" {
			return nil
		}
		m, as, path := readOf(pc, r.Read, r.Shape, fails)
		if m == nil {
			continue
		}
		at, shape := ast.Expr(m.okCall), Bool
		if as != nil {
			at, shape = ast.Unparen(as.Rhs[0]), r.Shape
		}
		def := flow.InstrAt(fn, at)
		if def == nil {
			continue
		}
		w.m = m
		w.answerValues(def, shape)
		defs = append(defs, def)
		if body == nil {
			body = funcBody(path)
		}
	}
	if len(defs) == 0 || body == nil {
		return nil
	}
	w.rets = map[token.Pos]*ast.ReturnStmt{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			w.rets[n.Return] = n
		}
		return true
	})
	for _, def := range defs {
		if slices.ContainsFunc(defs, func(d ssa.Instruction) bool { return d != def && before(d, def) }) {
			continue
		}
		b := def.Block()
		if ret := w.walk(b, slices.Index(b.Instrs, def)+1, map[*ssa.BasicBlock]int{}); ret != nil {
			return ret
		}
	}
	return nil
}

// funcBody is the body of the innermost function on path.
func funcBody(path []ast.Node) *ast.BlockStmt {
	for _, n := range path {
		if b := source.FuncBody(n); b != nil {
			return b
		}
	}
	return nil
}

// before reports whether a comes before b on every path to b.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return slices.Index(a.Block().Instrs, a) < slices.Index(b.Block().Instrs, b)
	}
	return a.Block().Dominates(b.Block())
}

// known is what a value is on a path, as far as it is known: a constant
// (a bool, a string, a number), nil, or something that is not nil.
type known struct {
	c             constant.Value
	isNil, nonNil bool
	// reset is set on a value of the answer's variables that the path
	// gave another value: the answer is no longer what was read.
	reset bool
}

func (k known) ok() bool { return k.c != nil || k.isNil || k.nonNil }

// pathWalk is the reading of one answer in one function.
type pathWalk struct {
	pc *source.Package
	fn *ssa.Function
	m  *missing
	// missing holds what the read's values are when the answer is
	// missing: ok false, the answer nil, the error not nil.
	missing map[ssa.Value]known
	fails   func(*ast.ReturnStmt) bool
	rets    map[token.Pos]*ast.ReturnStmt
	blocks  int
}

// answerValues records the values of the read by the shape's indexes.
func (w *pathWalk) answerValues(def ssa.Instruction, shape Shape) {
	v, ok := def.(ssa.Value)
	if !ok {
		return
	}
	set := func(x ssa.Value, i int) {
		switch i {
		case shape.OK:
			w.missing[x] = known{c: constant.MakeBool(false)}
		case shape.Res:
			w.missing[x] = known{isNil: true}
		case shape.Err:
			w.missing[x] = known{nonNil: true}
		}
	}
	if _, tuple := v.Type().(*types.Tuple); !tuple {
		set(v, 0)
		return
	}
	for _, r := range *v.Referrers() {
		if x, ok := r.(*ssa.Extract); ok {
			set(x, x.Index)
		}
	}
}

// walk follows the paths from instruction from of b; entered maps each
// block on the path to the index of the predecessor it was entered from.
func (w *pathWalk) walk(b *ssa.BasicBlock, from int, entered map[*ssa.BasicBlock]int) *ast.ReturnStmt {
	if w.blocks++; w.blocks > maxPathBlocks {
		return nil
	}
	for _, instr := range b.Instrs[from:] {
		if w.panics(instr, entered) {
			return nil
		}
		switch x := instr.(type) {
		case *ssa.Panic:
			return nil
		case *ssa.Return:
			return w.failing(x, entered)
		case *ssa.If:
			c := w.eval(x.Cond, entered, 8)
			switch {
			case c.reset:
				return nil
			case c.c != nil && c.c.Kind() == constant.Bool:
				next := b.Succs[1]
				if constant.BoolVal(c.c) {
					next = b.Succs[0]
				}
				return w.enter(b, next, entered)
			case !w.roundOnly(x.Cond, 8, map[ssa.Value]bool{}):
				return nil
			}
		}
	}
	for _, s := range b.Succs {
		if ret := w.enter(b, s, entered); ret != nil {
			return ret
		}
	}
	return nil
}

// enter follows the edge from b to s, unless s is already on the path.
func (w *pathWalk) enter(b, s *ssa.BasicBlock, entered map[*ssa.BasicBlock]int) *ast.ReturnStmt {
	if _, on := entered[s]; on || s == w.fn.Blocks[0] {
		return nil
	}
	for i, p := range s.Preds {
		if p == b {
			entered[s] = i
			ret := w.walk(s, 0, entered)
			delete(entered, s)
			return ret
		}
	}
	return nil
}

// failing returns the return statement of ret when, on the path, it
// fails the call: its error is known not to be nil, or it is nil as
// written and the other results report a failure.
func (w *pathWalk) failing(ret *ssa.Return, entered map[*ssa.BasicBlock]int) *ast.ReturnStmt {
	st := w.rets[ret.Pos()]
	if st == nil || len(ret.Results) == 0 || len(st.Results) != len(ret.Results) {
		return nil
	}
	last := flow.ReturnValues(ret)[len(ret.Results)-1]
	if !failflow.IsErrorType(last.Type()) {
		return nil
	}
	switch k := w.eval(last, entered, 8); {
	case k.nonNil:
		return st
	case k.isNil && source.IsNil(w.pc.Info, st.Results[len(st.Results)-1]) && w.fails(st):
		return st
	}
	return nil
}

// eval reads what v is on the path.
func (w *pathWalk) eval(v ssa.Value, entered map[*ssa.BasicBlock]int, depth int) known {
	if k, ok := w.missing[v]; ok {
		return k
	}
	if depth == 0 {
		return known{}
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.IsNil() {
			return known{isNil: true}
		}
		return known{c: x.Value}
	case *ssa.Phi:
		i, on := entered[x.Block()]
		if !on || i >= len(x.Edges) {
			break
		}
		if _, was := w.missing[x.Edges[i]]; !was && slices.ContainsFunc(x.Edges, func(e ssa.Value) bool { _, was := w.missing[e]; return was }) {
			return known{reset: true} // the answer's variable, given another value on the path
		}
		return w.eval(x.Edges[i], entered, depth-1)
	case *ssa.UnOp:
		if x.Op == token.NOT {
			switch k := w.eval(x.X, entered, depth-1); {
			case k.reset:
				return k
			case k.c != nil && k.c.Kind() == constant.Bool:
				return known{c: constant.MakeBool(!constant.BoolVal(k.c))}
			}
		}
	case *ssa.BinOp:
		return w.compare(x, entered, depth)
	case *ssa.ChangeType, *ssa.ChangeInterface:
		return w.eval(*x.(ssa.Instruction).Operands(nil)[0], entered, depth-1)
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeChan, *ssa.MakeClosure:
		return known{nonNil: true}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(x.Call.Args) == 1 {
			if k := w.eval(x.Call.Args[0], entered, depth-1); k.isNil {
				return known{c: constant.MakeInt64(0)}
			}
		}
	}
	if failflow.NotNilError(v) {
		return known{nonNil: true}
	}
	return known{}
}

// compare reads a comparison of known values.
func (w *pathWalk) compare(x *ssa.BinOp, entered map[*ssa.BasicBlock]int, depth int) known {
	if !flow.IsComparison(x.Op) {
		return known{}
	}
	a, b := w.eval(x.X, entered, depth-1), w.eval(x.Y, entered, depth-1)
	var eq bool
	switch {
	case a.reset || b.reset:
		return known{reset: true}
	case a.c != nil && b.c != nil:
		if a.c.Kind() != b.c.Kind() && !(isNumber(a.c) && isNumber(b.c)) {
			return known{}
		}
		return known{c: constant.MakeBool(constant.Compare(a.c, x.Op, b.c))}
	case a.isNil && b.isNil:
		eq = true
	case a.isNil && b.nonNil, a.nonNil && b.isNil:
		eq = false
	default:
		return known{}
	}
	switch x.Op {
	case token.EQL:
		return known{c: constant.MakeBool(eq)}
	case token.NEQ:
		return known{c: constant.MakeBool(!eq)}
	}
	return known{}
}

func isNumber(c constant.Value) bool {
	return c.Kind() == constant.Int || c.Kind() == constant.Float
}

// panics reports an instruction that dereferences a value nil on the
// path (the missing answer's fields): the path ends there.
func (w *pathWalk) panics(instr ssa.Instruction, entered map[*ssa.BasicBlock]int) bool {
	var ptr ssa.Value
	switch x := instr.(type) {
	case *ssa.FieldAddr:
		ptr = x.X
	case *ssa.IndexAddr:
		if _, slice := x.X.Type().Underlying().(*types.Slice); !slice {
			ptr = x.X
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			ptr = x.X
		}
	case *ssa.Store:
		ptr = x.Addr
	case *ssa.TypeAssert:
		if !x.CommaOk {
			ptr = x.X
		}
	case *ssa.Call:
		if x.Call.IsInvoke() {
			ptr = x.Call.Value
		}
	}
	return ptr != nil && w.eval(ptr, entered, 4).isNil
}

// roundOnly reports a test that tells the first round from a retry: it
// reads nothing but the state the request echoes, whether it carries
// answers at all (len of them, or nil), the answer's values, constants
// and builtins. Both ways of it are followed. Another answer, read by its
// key, is not: what it holds is the user's choice.
func (w *pathWalk) roundOnly(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if _, ok := w.missing[v]; ok || seen[v] {
		return true
	}
	if depth == 0 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.FieldAddr:
		if w.m.state != "" && flow.FieldName(x.X.Type(), x.Field) == w.m.state {
			return true
		}
	case *ssa.Field:
		if w.m.state != "" && flow.FieldName(x.X.Type(), x.Field) == w.m.state {
			return true
		}
	case *ssa.Call:
		b, builtin := x.Call.Value.(*ssa.Builtin)
		if !builtin {
			return false
		}
		if b.Name() == "len" && len(x.Call.Args) == 1 && w.isResponses(x.Call.Args[0]) {
			return true
		}
	case *ssa.BinOp:
		if (x.Op == token.EQL || x.Op == token.NEQ) && (w.isResponses(x.X) && flow.IsNilConst(x.Y) || w.isResponses(x.Y) && flow.IsNilConst(x.X)) {
			return true
		}
	case *ssa.Parameter, *ssa.Global, *ssa.FreeVar, *ssa.Function, *ssa.Alloc:
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && !w.roundOnly(*op, depth-1, seen) {
			return false
		}
	}
	return true
}

// isResponses reports the request's answers, the field itself.
func (w *pathWalk) isResponses(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if f, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return flow.FieldName(f.X.Type(), f.Field) == w.m.responses
		}
	case *ssa.Field:
		return flow.FieldName(x.X.Type(), x.Field) == w.m.responses
	}
	return false
}

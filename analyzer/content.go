package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
)

// checkContent implements the content check: Content is only there when
// the user accepted, so every read must sit on a path where the action is
// known to be "accept". The guard is found on the SSA form of the function:
// a read is fine when a block that dominates it is entered only through the
// "accept" edge of a comparison of the same result's Action. SSA is built
// only for packages that read Content at all.
func checkContent(c *checkPass) {
	reads := contentSelectors(c.pkgCtx, c.d)
	if len(reads) == 0 {
		return
	}
	cc := &contentCheck{pc: c.pkgCtx, flow: map[flowKey]map[*ssa.BasicBlock]actionSet{}}
	ssapkg := cc.buildSSA()
	for _, sel := range reads {
		fn := cc.ssaFunc(ssapkg, sel)
		if fn == nil {
			continue
		}
		instr := contentInstr(fn, sel.Sel.Pos())
		if instr == nil {
			continue
		}
		var base ssa.Value
		switch in := instr.(type) {
		case *ssa.FieldAddr:
			base = in.X
		case *ssa.Field:
			base = in.X
		}
		root := rootOf(base)
		if root == nil || cc.possibleActions(fn, root)[instr.Block()].onlyAccept() || opaquelyGuarded(instr.Block(), root) {
			continue
		}
		c.report(sel, "%s is read before the action is known to be \"accept\": it is empty on decline and cancel; read it only in the accept branch", exprString(sel))
	}
}

// contentCheck is the content check's state for one package: the SSA form,
// built on first need, and the possible actions per block, per function and
// result.
type contentCheck struct {
	pc   *pkgCtx
	ssa  *ssa.Package
	flow map[flowKey]map[*ssa.BasicBlock]actionSet
}

// contentSelectors finds the reads of Content on each result variable
// (res.Content), outside nested function literals. A comparison with nil
// and an assignment to Content are not reads.
func contentSelectors(pc *pkgCtx, d *discovery) []*ast.SelectorExpr {
	var reads []*ast.SelectorExpr
	for _, site := range d.results {
		if site.obj == nil || site.body == nil {
			continue
		}
		var path []ast.Node
		ast.Inspect(site.body, func(n ast.Node) bool {
			if n == nil {
				path = path[:len(path)-1]
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			path = append(path, n)
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || !pc.isResultField(site, sel, site.sdk.ContentField) {
				return true
			}
			if isMove(pc.info, sel, path) {
				return true
			}
			switch p := parentOf(path).(type) {
			case *ast.BinaryExpr:
				if isNil(pc.info, p.X) || isNil(pc.info, p.Y) {
					return true
				}
			case *ast.AssignStmt:
				for _, l := range p.Lhs {
					if l == sel {
						return true
					}
				}
			}
			reads = append(reads, sel)
			return true
		})
	}
	return reads
}

// buildSSA builds the SSA form of the package being analysed (and the
// skeletons of its direct imports), once.
func (cc *contentCheck) buildSSA() *ssa.Package {
	pc := cc.pc
	if cc.ssa != nil {
		return cc.ssa
	}
	prog := ssa.NewProgram(pc.pass.Fset, 0)
	// Only the direct imports need packages: ssa creates what it needs of
	// indirect dependencies on demand. Creating the whole import graph (as
	// buildssa does) costs more than building this package.
	for _, p := range pc.pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	cc.ssa = prog.CreatePackage(pc.pass.Pkg, pc.pass.Files, pc.info, false)
	cc.ssa.Build()
	return cc.ssa
}

// ssaFunc returns the SSA function whose body holds n.
func (cc *contentCheck) ssaFunc(pkg *ssa.Package, n ast.Node) *ssa.Function {
	for _, f := range cc.pc.pass.Files {
		if f.FileStart <= n.Pos() && n.End() <= f.FileEnd {
			path, _ := astutil.PathEnclosingInterval(f, n.Pos(), n.End())
			return ssa.EnclosingFunction(pkg, path)
		}
	}
	return nil
}

// contentInstr finds the field selection instruction for the selector at pos.
func contentInstr(fn *ssa.Function, pos token.Pos) ssa.Instruction {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.FieldAddr:
				if in.Pos() == pos {
					return in
				}
			case *ssa.Field:
				if in.Pos() == pos {
					return in
				}
			}
		}
	}
	return nil
}

// rootOf strips the selections of embedded structs (mcp-go's
// ElicitationResult embeds ElicitationResponse) and loads of a local
// variable's cell, so that two reads of the same result meet at one value.
func rootOf(v ssa.Value) ssa.Value {
	for v != nil {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if !x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(x.Field).Embedded() {
				return v
			}
			v = x.X
		case *ssa.Field:
			if !x.X.Type().Underlying().(*types.Struct).Field(x.Field).Embedded() {
				return v
			}
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			if _, ok := x.X.(*ssa.Alloc); ok {
				return x.X
			}
			return v
		default:
			return v
		}
	}
	return nil
}

// actionSet is a set of the three actions, one bit each.
type actionSet uint8

const (
	setAccept actionSet = 1 << iota
	setDecline
	setCancel
	setAll = setAccept | setDecline | setCancel
)

func actionBit(a string) actionSet {
	switch a {
	case actAccept:
		return setAccept
	case actDecline:
		return setDecline
	case actCancel:
		return setCancel
	}
	return 0
}

// onlyAccept: on every path here the action is "accept" (or no path
// reaches here at all).
func (s actionSet) onlyAccept() bool { return s&^setAccept == 0 }

// possibleActions computes, for each block of fn, which actions root's
// Action can hold on entry, by a forward dataflow over the CFG: the true
// edge of `Action == X` keeps X only, the false edge removes X (and the
// reverse for !=); joins take the union. The three actions are all the
// protocol allows, so after failing all three tests nothing is left. The
// result is cached per function and root.
func (cc *contentCheck) possibleActions(fn *ssa.Function, root ssa.Value) map[*ssa.BasicBlock]actionSet {
	key := flowKey{fn, root}
	if m, ok := cc.flow[key]; ok {
		return m
	}
	in := map[*ssa.BasicBlock]actionSet{}
	if len(fn.Blocks) == 0 {
		return in
	}
	entry := fn.Blocks[0]
	in[entry] = setAll
	work := []*ssa.BasicBlock{entry}
	queued := map[*ssa.BasicBlock]bool{entry: true}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b] = false
		outs := make([]actionSet, len(b.Succs))
		for i := range outs {
			outs[i] = in[b]
		}
		if len(b.Instrs) > 0 && len(b.Succs) == 2 {
			if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
				if val, neq, ok := actionTest(iff.Cond, root); ok {
					x := actionBit(val)
					yes, no := in[b]&x, in[b]&^x
					if neq {
						yes, no = no, yes
					}
					outs[0], outs[1] = yes, no
				}
			}
		}
		for i, s := range b.Succs {
			if merged := in[s] | outs[i]; merged != in[s] || !reached(in, s) {
				in[s] = merged
				if !queued[s] {
					queued[s] = true
					work = append(work, s)
				}
			}
		}
	}
	cc.flow[key] = in
	return in
}

func reached(in map[*ssa.BasicBlock]actionSet, b *ssa.BasicBlock) bool {
	_, ok := in[b]
	return ok
}

type flowKey struct {
	fn   *ssa.Function
	root ssa.Value
}

// opaquelyGuarded reports whether b is dominated by the true or false edge
// of a condition we cannot read that hands root to a function (a helper
// like accepted(res)): we stay silent there.
func opaquelyGuarded(b *ssa.BasicBlock, root ssa.Value) bool {
	for ; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		p := b.Preds[0]
		if len(p.Instrs) == 0 {
			continue
		}
		if iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); ok && opaqueGuard(iff.Cond, root) {
			return true
		}
	}
	return false
}

// actionTest reads cond as `root.Action == "x"` or `!=`.
func actionTest(cond ssa.Value, root ssa.Value) (val string, neq, ok bool) {
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return "", false, false
	}
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		c, isConst := pair[1].(*ssa.Const)
		if !isConst || c.Value == nil || c.Value.Kind() != constant.String {
			continue
		}
		if isActionOf(pair[0], root) {
			return constant.StringVal(c.Value), bin.Op == token.NEQ, true
		}
	}
	return "", false, false
}

// isActionOf reports whether v is a read of root's Action field.
func isActionOf(v ssa.Value, root ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if fa, ok := x.X.(*ssa.FieldAddr); ok {
					return rootOf(fa.X) == root
				}
			}
		case *ssa.Field:
			return rootOf(x.X) == root
		}
		return false
	}
}

// opaqueGuard reports a condition we cannot read that hands root to a
// function (if accepted(res) { ... }, if !ok(res) { ... }): the function may
// well test the action, so the read is not reported. A nil check is not
// such a guard.
func opaqueGuard(cond ssa.Value, root ssa.Value) bool {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	call, ok := cond.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range call.Call.Args {
		if involves(a, root, 3) {
			return true
		}
	}
	return false
}

// involves reports whether v depends on root within a few steps.
func involves(v ssa.Value, root ssa.Value, depth int) bool {
	if v == nil || depth == 0 {
		return false
	}
	if v == root || rootOf(v) == root {
		return true
	}
	in, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	var ops []*ssa.Value
	for _, op := range in.Operands(ops) {
		if op != nil && *op != nil && involves(*op, root, depth-1) {
			return true
		}
	}
	return false
}

// isMove reports whether the Content selected by sel (the last node of
// path) is moved rather than read: into a field of a composite literal,
// returned, or assigned to a field. Where the value goes is checked there
// (a result-like type, or the caller).
func isMove(info *types.Info, sel *ast.SelectorExpr, path []ast.Node) bool {
	switch p := parentOf(path).(type) {
	case *ast.KeyValueExpr:
		if p.Value == sel && len(path) >= 3 {
			_, inLit := path[len(path)-3].(*ast.CompositeLit)
			return inLit
		}
	case *ast.CompositeLit:
		return true
	case *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == sel && i < len(p.Lhs) && len(p.Lhs) == len(p.Rhs) {
				_, field := ast.Unparen(p.Lhs[i]).(*ast.SelectorExpr)
				return field
			}
		}
	}
	return false
}

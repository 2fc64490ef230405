package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// checkContent implements the content check: Content is only there when
// the user accepted, so every read must sit on a path where the action is
// known to be "accept". The guard is found on the SSA form of the function:
// a read is fine when a block that dominates it is entered only through the
// "accept" edge of a comparison of the same result's Action. SSA is built
// only for the functions that read Content (buildSSAFor).
func checkContent(c *checkPass) {
	reads := contentSelectors(c.pkgCtx, c.d)
	if len(reads) == 0 {
		return
	}
	cc := &contentCheck{pc: c.pkgCtx, flow: map[flowKey]map[*ssa.BasicBlock]actionSet{}}
	ssapkg := cc.buildSSA(reads)
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

// buildSSA builds, once, the SSA form of the functions that hold reads.
func (cc *contentCheck) buildSSA(reads []*ast.SelectorExpr) *ssa.Package {
	if cc.ssa == nil {
		at := make([]ast.Node, len(reads))
		for i, r := range reads {
			at[i] = r
		}
		pass := cc.pc.pass
		cc.ssa = buildSSAFor(pass.Fset, pass.Pkg, pass.Files, cc.pc.info, at)
	}
	return cc.ssa
}

// buildSSAFor builds the SSA form of the functions of pkg that hold the
// nodes at, and of nothing else. The package's members are all created (a
// function may call any of them), but every other function is created
// without its body, as if it were declared in assembly; the package
// initializer is built only when a package-level var's initializer holds
// one of the nodes, and without the calls of the imports' initializers
// (ssa.BareInits), which would need every import. Of the imports, only the members those bodies name are
// created (importStubs). A function's SSA form depends on its own syntax
// only, so each function built is the same as in a build of the whole
// package with every import (TestSSASubset compares them), at a fraction of
// the cost: creating an import from its types makes a member for everything
// it declares, and SSA for every function of every package was most of
// elicitlint's allocation on MCP code.
func buildSSAFor(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, at []ast.Node) *ssa.Package {
	prog := ssa.NewProgram(fset, ssa.BareInits)
	files, info, bodies := ssaSubset(files, info, at)
	for _, imp := range importStubs(info, pkg, bodies) {
		prog.CreatePackage(imp.pkg, []*ast.File{imp.file}, imp.info, true)
	}
	p := prog.CreatePackage(pkg, files, info, false)
	p.Build()
	return p
}

// ssaSubset returns what to build the SSA form of the nodes at from: the
// files, with the bodies of the functions that hold none of them left out
// (in shallow copies: the syntax is shared with other analyzers and never
// changed), type information to go with them (with FileVersions for the
// copies, which decide the loop variables' semantics, and no InitOrder
// unless a package-level initializer holds one of the nodes), and the
// syntax that will be built.
func ssaSubset(files []*ast.File, info *types.Info, at []ast.Node) ([]*ast.File, *types.Info, []ast.Node) {
	holds := func(n ast.Node) bool {
		for _, r := range at {
			if n.Pos() <= r.Pos() && r.End() <= n.End() {
				return true
			}
		}
		return false
	}
	sub := *info
	out := make([]*ast.File, len(files))
	var bodies []ast.Node
	initNeeded, ownVersions := false, false
	for i, f := range files {
		out[i] = f
		var decls []ast.Decl // a copy of f.Decls once a body is left out
		for j, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				switch {
				case decl.Body == nil:
				case holds(decl):
					bodies = append(bodies, decl.Body)
				default:
					if decls == nil {
						decls = slices.Clone(f.Decls)
					}
					stub := *decl
					stub.Body = nil
					decls[j] = &stub
				}
			case *ast.GenDecl:
				initNeeded = initNeeded || holds(decl)
			}
		}
		if decls == nil {
			continue
		}
		cp := *f
		cp.Decls = decls
		out[i] = &cp
		if v, ok := info.FileVersions[f]; ok {
			if !ownVersions {
				sub.FileVersions = maps.Clone(info.FileVersions)
				ownVersions = true
			}
			sub.FileVersions[&cp] = v
		}
	}
	if initNeeded {
		for _, in := range info.InitOrder {
			bodies = append(bodies, in.Rhs)
		}
	} else {
		sub.InitOrder = nil
	}
	return out, &sub, bodies
}

// importStubs declares, for each package other than self whose
// package-level functions or vars the syntax in nodes names (qualified or
// dot-imported), those members and no others: a file of body-less
// declarations, and the type information that ties each name to its
// object. ssa needs a member for every package-level reference; it creates
// the methods of imported types, and consts, on demand. Creating an import
// from its types alone would make a member for everything it declares
// (thousands for an SDK package).
func importStubs(info *types.Info, self *types.Package, nodes []ast.Node) []importStub {
	var stubs []importStub
	index := map[*types.Package]int{}
	seen := map[types.Object]bool{}
	for _, n := range nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			var obj types.Object
			switch o := info.Uses[id].(type) {
			case *types.Func:
				obj = o.Origin()
			case *types.Var:
				obj = o.Origin()
			default:
				return true
			}
			p := obj.Pkg()
			if p == nil || p == self || seen[obj] || p.Scope().Lookup(obj.Name()) != obj {
				return true
			}
			seen[obj] = true
			i, ok := index[p]
			if !ok {
				i = len(stubs)
				index[p] = i
				stubs = append(stubs, importStub{pkg: p, file: &ast.File{Name: ast.NewIdent(p.Name())}, info: &types.Info{Defs: map[*ast.Ident]types.Object{}}})
			}
			stubs[i].declare(obj)
			return true
		})
	}
	return stubs
}

// importStub is the part of an imported package that the SSA form built
// refers to.
type importStub struct {
	pkg  *types.Package
	file *ast.File
	info *types.Info
}

// declare adds a body-less declaration of obj, a func or var.
func (s importStub) declare(obj types.Object) {
	name := ast.NewIdent(obj.Name())
	s.info.Defs[name] = obj
	if _, ok := obj.(*types.Func); ok {
		s.file.Decls = append(s.file.Decls, &ast.FuncDecl{Name: name, Type: &ast.FuncType{}})
		return
	}
	s.file.Decls = append(s.file.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{name}}}})
}

// ssaFunc returns the SSA function whose body holds n. Of the path from the
// file down to n, ssa.EnclosingFunction reads only the declaration and the
// function literals, so only those are collected (astutil's whole path cost
// more than the rest of the check after SSA).
func (cc *contentCheck) ssaFunc(pkg *ssa.Package, n ast.Node) *ssa.Function {
	holds := func(m ast.Node) bool { return m.Pos() <= n.Pos() && n.End() <= m.End() }
	for _, f := range cc.pc.pass.Files {
		if f.FileStart > n.Pos() || n.End() > f.FileEnd {
			continue
		}
		for _, decl := range f.Decls {
			if !holds(decl) {
				continue
			}
			path := []ast.Node{f, decl} // outermost first until reversed
			ast.Inspect(decl, func(m ast.Node) bool {
				if m == nil || !holds(m) {
					return false
				}
				if lit, ok := m.(*ast.FuncLit); ok {
					path = append(path, lit)
				}
				return true
			})
			slices.Reverse(path)
			return ssa.EnclosingFunction(pkg, path)
		}
		return nil
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

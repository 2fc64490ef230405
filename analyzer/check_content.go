package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"github.com/elicitlint/elicitlint/internal/source"

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
	cc := &contentCheck{pc: c.pkgCtx, flow: newSSAFlow(c.pkgCtx)}
	cc.flow.gates = maps.Clone(c.sum.gates)
	ssapkg := cc.buildSSA(reads)
	for _, sel := range reads {
		fn := c.ssaFunc(ssapkg, sel)
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
		if root == nil || cc.flow.possibleActions(fn, root)[instr.Block()].onlyAccept() || cc.flow.guarded(instr.Block(), root) {
			continue
		}
		c.report(sel, "%s is read before the action is known to be \"accept\": it is empty on decline and cancel; read it only in the accept branch", source.ExprString(sel))
	}
}

// contentCheck is the content check's state for one package: the SSA form,
// built on first need, and the possible actions per block, per function and
// result.
type contentCheck struct {
	pc   *pkgCtx
	ssa  *ssa.Package
	flow *ssaFlow
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
			if isMove(pc.Info, sel, path) || movedAsserted(pc.Info, sel, path, site.body) {
				return true
			}
			switch p := source.ParentOf(path).(type) {
			case *ast.BinaryExpr:
				if source.IsNil(pc.Info, p.X) || source.IsNil(pc.Info, p.Y) {
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
		pass := cc.pc.Pass
		cc.ssa = buildSSAFor(pass.Fset, pass.Pkg, pass.Files, cc.pc.Info, at)
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
func (pc *pkgCtx) ssaFunc(pkg *ssa.Package, n ast.Node) *ssa.Function {
	holds := func(m ast.Node) bool { return m.Pos() <= n.Pos() && n.End() <= m.End() }
	for _, f := range pc.Pass.Files {
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

// isMove reports whether the Content selected by sel (the last node of
// path) is moved rather than read: into a field of a composite literal,
// returned, or assigned to a field. Where the value goes is checked there
// (a result-like type, or the caller).
func isMove(info *types.Info, sel ast.Expr, path []ast.Node) bool {
	switch p := source.ParentOf(path).(type) {
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

// movedAsserted reports whether the Content selected by sel (the last node
// of path) is converted and moved on: m, _ := res.Content.(map[string]any),
// with every use of m a move (mcp-go's Content is an any, so an adapter
// that fills a project type with a map field asserts it first). The
// comma-ok form with ok dropped cannot fail, and decides nothing; keeping
// ok, or a single-value assertion, does.
func movedAsserted(info *types.Info, sel *ast.SelectorExpr, path []ast.Node, body *ast.BlockStmt) bool {
	n := len(path)
	if n < 3 {
		return false
	}
	ta, ok := path[n-2].(*ast.TypeAssertExpr)
	if !ok || ta.X != sel || ta.Type == nil {
		return false
	}
	as, ok := path[n-3].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ta {
		return false
	}
	okID, _ := as.Lhs[1].(*ast.Ident)
	id, _ := as.Lhs[0].(*ast.Ident)
	if okID == nil || okID.Name != "_" || id == nil {
		return false
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if !source.IsLocal(v) {
		return false
	}
	moved, uses := true, 0
	source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
		if u, ok := n.(*ast.Ident); ok && info.Uses[u] == v {
			uses++
			if !isMove(info, u, path) {
				moved = false
			}
		}
	})
	return moved && uses > 0
}

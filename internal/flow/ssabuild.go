package flow

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// BuildSSAFor builds the SSA form of the functions of pkg that hold the
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
func BuildSSAFor(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, at []ast.Node) *ssa.Package {
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

// SSAFunc returns the SSA function whose body holds n. Of the path from the
// file down to n, ssa.EnclosingFunction reads only the declaration and the
// function literals, so only those are collected (astutil's whole path cost
// more than the rest of the check after SSA).
func SSAFunc(pc *source.Package, pkg *ssa.Package, n ast.Node) *ssa.Function {
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

// GateFact marks a function that takes a result and returns an error, and
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
type GateFact struct {
	Params []GateParam // sorted by Index
}

type GateParam struct {
	Index      int  // the result parameter (receiver excluded)
	AcceptOnly bool // a nil error is returned on accept only
}

func (*GateFact) AFact() {}

func (f *GateFact) String() string {
	var s []string
	for _, p := range f.Params {
		s = append(s, fmt.Sprintf("%d:%v", p.Index, p.AcceptOnly))
	}
	return "errGate(" + strings.Join(s, ",") + ")"
}

// InstrAt returns the instruction of fn that evaluates e: a call, a type
// assertion or a map lookup, found by the position SSA gives it (the
// call's or assertion's left parenthesis, the index's left bracket); nil
// for another expression or when none is there.
func InstrAt(fn *ssa.Function, e ast.Expr) ssa.Instruction {
	var pos token.Pos
	switch x := e.(type) {
	case *ast.CallExpr:
		pos = x.Lparen
	case *ast.TypeAssertExpr:
		pos = x.Lparen
	case *ast.IndexExpr:
		pos = x.Lbrack
	default:
		return nil
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr.(type) {
			case *ssa.Call, *ssa.TypeAssert, *ssa.Lookup:
				if instr.Pos() == pos {
					return instr
				}
			}
		}
	}
	return nil
}

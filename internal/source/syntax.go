package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// WalkWithPath calls f for every node under root with the path from root
// (root first, the node last).
func WalkWithPath(root ast.Node, f func(n ast.Node, path []ast.Node)) {
	var path []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return false
		}
		path = append(path, n)
		f(n, path)
		return true
	})
}

// ParentOf returns the parent of the last node of path, or nil.
func ParentOf(path []ast.Node) ast.Node {
	if len(path) < 2 {
		return nil
	}
	return path[len(path)-2]
}

// Enclosing returns the innermost function (declaration or literal)
// holding the top of the stack.
func Enclosing(stack []ast.Node) (fn ast.Node, body *ast.BlockStmt) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			return f, f.Body
		case *ast.FuncDecl:
			return f, f.Body
		}
	}
	return nil, nil
}

// OuterDecl returns the outermost function declaration on the stack.
func OuterDecl(stack []ast.Node) *ast.FuncDecl {
	for _, n := range stack {
		if d, ok := n.(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

// Within reports whether n lies inside outer (both of one file).
func Within(n, outer ast.Node) bool {
	return n.Pos() >= outer.Pos() && n.End() <= outer.End()
}

// FuncBody returns the body of a function declaration or literal.
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}

// FuncDecls yields the package's function declarations that have a body,
// with their objects.
func (pc *Package) FuncDecls() iter.Seq2[*ast.FuncDecl, *types.Func] {
	return func(yield func(*ast.FuncDecl, *types.Func) bool) {
		for _, f := range pc.Pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if fn, _ := pc.Info.Defs[fd.Name].(*types.Func); fn != nil && !yield(fd, fn) {
					return
				}
			}
		}
	}
}

// SignatureOf returns the signature of a function declaration or literal.
func (pc *Package) SignatureOf(fn ast.Node) *types.Signature {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := pc.Info.Defs[f.Name].(*types.Func); ok {
			return obj.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ := pc.Info.TypeOf(f).(*types.Signature)
		return sig
	}
	return nil
}

// ContextParam returns the name of the first named context.Context
// parameter of sig, "" when there is none (or sig is nil).
func ContextParam(sig *types.Signature) string {
	if sig == nil {
		return ""
	}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if p := params.At(i); mcpsdk.IsNamed(p.Type(), "context", "Context") && p.Name() != "_" && p.Name() != "" {
			return p.Name()
		}
	}
	return ""
}

// StmtIn reports whether s is one of blk's top-level statements.
func StmtIn(blk *ast.BlockStmt, s ast.Stmt) bool {
	for _, x := range blk.List {
		if x == s {
			return true
		}
	}
	return false
}

// lhsRoot returns the variable an assignment target is rooted in:
// v, v.f, v[k], v.f[k].g ...
func lhsRoot(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// UnAddr returns e without parentheses and one & in front: the value of
// &T{...} or (&x).
func UnAddr(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	return e
}

// IsLocal reports whether v is a local variable (not package-level).
func IsLocal(v *types.Var) bool {
	return v != nil && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// ExprString renders a short expression like res.Content for messages.
func ExprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return ExprString(e.X) + "." + e.Sel.Name
	case *ast.ParenExpr:
		return ExprString(e.X)
	}
	return mcpsdk.FieldContent
}

// FileOf returns the package file holding pos, or nil.
func (pc *Package) FileOf(pos token.Pos) *ast.File {
	for _, f := range pc.Pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// Qualifier names packages as the file imports them.
func (pc *Package) Qualifier(f *ast.File) types.Qualifier {
	names := map[string]string{}
	for _, imp := range f.Imports {
		if pn, ok := pc.Info.Implicits[imp].(*types.PkgName); ok {
			names[pn.Imported().Path()] = pn.Name()
		} else if pn, ok := pc.Info.Defs[imp.Name].(*types.PkgName); ok && imp.Name != nil {
			names[pn.Imported().Path()] = pn.Name()
		}
	}
	return func(p *types.Package) string {
		if p == pc.Pass.Pkg {
			return ""
		}
		if n, ok := names[p.Path()]; ok {
			return n
		}
		return p.Path() // not importable here: callers give up on a "/"
	}
}

// TypeString spells t as the file holding pos would.
func (pc *Package) TypeString(t types.Type, pos token.Pos) string {
	return types.TypeString(t, pc.Qualifier(pc.FileOf(pos)))
}

// Terminates reports whether a block always leaves the code that follows
// it: its last statement returns, jumps (break, continue, goto), or calls a
// function that does not return.
func (pc *Package) Terminates(b *ast.BlockStmt) bool {
	return b != nil && pc.Leaves(b.List, true)
}

// Leaves reports whether the statement list always leaves the code that
// follows it. breakLeaves says whether a bare break does (in an if body
// inside a loop) or not (in a switch case).
func (pc *Package) Leaves(list []ast.Stmt, breakLeaves bool) bool {
	if len(list) == 0 {
		return false
	}
	switch s := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return breakLeaves || s.Tok != token.BREAK || s.Label != nil
	case *ast.BlockStmt:
		return pc.Leaves(s.List, breakLeaves)
	case *ast.IfStmt:
		if s.Else == nil || !pc.Terminates(s.Body) {
			return false
		}
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			return pc.Terminates(e)
		case *ast.IfStmt:
			return pc.Leaves([]ast.Stmt{e}, breakLeaves)
		}
	case *ast.ExprStmt:
		if c, ok := ast.Unparen(s.X).(*ast.CallExpr); ok {
			return pc.noReturn(c)
		}
	case *ast.LabeledStmt:
		return pc.terminating(s.Stmt, s.Label.Name)
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt:
		return pc.terminating(s, "")
	}
	return false
}

// terminating reports, as the Go spec's terminating statements do, a
// switch or type switch with a default case, or a select, whose every
// clause ends in a terminating statement (or a fallthrough), and a for
// loop without a condition; none with a break that refers to it (an
// unlabeled one inside it, or one with its label).
func (pc *Package) terminating(s ast.Stmt, label string) bool {
	var clauses []ast.Stmt
	needDefault := true
	switch s := s.(type) {
	case *ast.SwitchStmt:
		clauses = s.Body.List
	case *ast.TypeSwitchStmt:
		clauses = s.Body.List
	case *ast.SelectStmt:
		clauses, needDefault = s.Body.List, false
	case *ast.ForStmt:
		return s.Cond == nil && !breaksOut(s.Body, label, true)
	default:
		return pc.Leaves([]ast.Stmt{s}, false)
	}
	hasDefault := false
	for _, c := range clauses {
		var body []ast.Stmt
		switch c := c.(type) {
		case *ast.CaseClause:
			body, hasDefault = c.Body, hasDefault || c.List == nil
		case *ast.CommClause:
			body = c.Body
		}
		if breaksOut(&ast.BlockStmt{List: body}, label, true) {
			return false
		}
		if n := len(body); n > 0 {
			if br, ok := body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				continue
			}
		}
		if !pc.Leaves(body, false) {
			return false
		}
	}
	return hasDefault || !needDefault
}

// breaksOut reports a break in n that leaves the statement n is the body
// of: one with label, or, when unlabeled counts, one without a label that
// no loop, switch or select inside n takes for its own.
func breaksOut(n ast.Node, label string, unlabeled bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found {
			return false
		}
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if m.Tok == token.BREAK && (m.Label == nil && unlabeled || m.Label != nil && m.Label.Name == label && label != "") {
				found = true
			}
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if m != n {
				found = label != "" && breaksOut(body(m), label, false)
				return false
			}
		}
		return true
	})
	return found
}

// body is the body of a loop, switch or select.
func body(s ast.Node) *ast.BlockStmt {
	switch s := s.(type) {
	case *ast.ForStmt:
		return s.Body
	case *ast.RangeStmt:
		return s.Body
	case *ast.SwitchStmt:
		return s.Body
	case *ast.TypeSwitchStmt:
		return s.Body
	case *ast.SelectStmt:
		return s.Body
	}
	return nil
}

// noReturn reports calls that never return: panic, os.Exit, log.Fatal and
// log.Panic (and a Logger's), runtime.Goexit, testing's Fatal, FailNow and
// Skip, methods named Fatal, Fatalf, Fatalln or Exit of any logger (zap,
// logrus, klog), and functions of this package whose body always ends in
// such a call.
func (pc *Package) noReturn(call *ast.CallExpr) bool {
	return pc.noReturnWith(call, pc.localNoReturn())
}

// noReturnWith is noReturn with local as the package's own functions
// that never return.
func (pc *Package) noReturnWith(call *ast.CallExpr, local map[*types.Func]bool) bool {
	switch fn := typeutil.Callee(pc.Info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "panic"
	case *types.Func:
		return pc.noReturnFunc(fn, local)
	}
	return false
}

// NoReturnFunc reports a function or method that never returns (see
// noReturn).
func (pc *Package) NoReturnFunc(fn *types.Func) bool {
	if fn.Pkg() == pc.Pass.Pkg {
		return pc.noReturnFunc(fn, pc.localNoReturn())
	}
	return pc.noReturnFunc(fn, nil)
}

func (pc *Package) noReturnFunc(fn *types.Func, local map[*types.Func]bool) bool {
	if fn.Pkg() == nil {
		return false
	}
	name := fn.Name()
	switch fn.Pkg().Path() {
	case "os":
		return name == "Exit"
	case "log":
		return strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic")
	case "runtime":
		return name == "Goexit"
	case "testing":
		return strings.HasPrefix(name, "Fatal") || name == "FailNow" || strings.HasPrefix(name, "Skip") && name != "Skipped"
	}
	if fn.Type().(*types.Signature).Recv() != nil && IsExitMethodName(name) {
		return true
	}
	if fn.Pkg() == pc.Pass.Pkg {
		return local[fn.Origin()]
	}
	return false
}

// IsExitMethodName reports the names loggers give methods that exit the
// process (zap, logrus, klog and the standard library's Logger).
func IsExitMethodName(name string) bool {
	switch name {
	case "Fatal", "Fatalf", "Fatalln", "Exit":
		return true
	}
	return false
}

// localNoReturn finds the package's functions whose body always ends in a
// call that does not return, to a fixed point, once.
func (pc *Package) localNoReturn() map[*types.Func]bool {
	pc.noReturnOnce.Do(func() { pc.noReturnFuncs = pc.findNoReturn() })
	return pc.noReturnFuncs
}

func (pc *Package) findNoReturn() map[*types.Func]bool {
	m := map[*types.Func]bool{}
	var decls []*ast.FuncDecl
	for _, f := range pc.Pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) > 0 {
				if _, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ExprStmt); ok {
					decls = append(decls, fd)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, fd := range decls {
			fn, _ := pc.Info.Defs[fd.Name].(*types.Func)
			if fn == nil || m[fn] || HasReturn(fd.Body) {
				continue
			}
			if c, ok := ast.Unparen(fd.Body.List[len(fd.Body.List)-1].(*ast.ExprStmt).X).(*ast.CallExpr); ok && pc.noReturnWith(c, m) {
				m[fn] = true
				changed = true
			}
		}
	}
	return m
}

// IsLen reports a call of the builtin len.
func IsLen(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	b, ok := typeutil.Callee(info, call).(*types.Builtin)
	return ok && b.Name() == "len"
}

// IsNilTest reports whether b compares a value with nil (== or !=).
func IsNilTest(info *types.Info, b *ast.BinaryExpr) bool {
	return (b.Op == token.EQL || b.Op == token.NEQ) && (IsNil(info, b.X) || IsNil(info, b.Y))
}

// Mirror returns the comparison that holds with its operands swapped:
// a < b is b > a.
func Mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// HasReturn reports a return statement in body, outside function literals.
func HasReturn(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// assignment is what the package does to one variable.
type assignment struct {
	// Writes counts declarations and assignments (of the variable or of
	// its fields or elements), and twice each &v and v++.
	Writes int
	// appended is set when the variable is the slice of an append call.
	appended bool
	// Def is the value of its plain declaration or assignment (=, :=);
	// for v, w := f(), the call, with idx the variable's index in its
	// results (tuple is set); spec is set when def comes from a var
	// declaration.
	Def         ast.Expr
	Idx         int
	Tuple, Spec bool
}

// Assignments indexes, once, the writes of every variable of the package.
func (pc *Package) Assignments() map[*types.Var]*assignment {
	pc.assignsOnce.Do(func() { pc.assigns = pc.findAssignments() })
	return pc.assigns
}

func (pc *Package) findAssignments() map[*types.Var]*assignment {
	m := map[*types.Var]*assignment{}
	of := func(v *types.Var) *assignment {
		a := m[v]
		if a == nil {
			a = &assignment{}
			m[v] = a
		}
		return a
	}
	uses := func(e ast.Expr) *types.Var {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			v, _ := pc.Info.Uses[id].(*types.Var)
			return v
		}
		return nil
	}
	for _, f := range pc.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if v, ok := pc.Info.Defs[name].(*types.Var); ok {
						a := of(v)
						a.Writes++
						switch {
						case len(n.Values) == len(n.Names):
							a.Def = n.Values[i]
						case len(n.Values) == 1:
							a.Def, a.Idx, a.Tuple, a.Spec = n.Values[0], i, true, true
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					root := lhsRoot(l)
					if root == nil {
						continue
					}
					v, _ := pc.Info.ObjectOf(root).(*types.Var)
					if v == nil {
						continue
					}
					a := of(v)
					a.Writes++
					if l != ast.Expr(root) || n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
						continue
					}
					switch {
					case len(n.Lhs) == len(n.Rhs):
						a.Def, a.Idx, a.Tuple, a.Spec = n.Rhs[i], 0, false, false
					case len(n.Rhs) == 1:
						a.Def, a.Idx, a.Tuple, a.Spec = n.Rhs[0], i, true, false // s, err := jsonschema.For[T](nil)
					}
				}
			case *ast.UnaryExpr:
				if v := uses(n.X); v != nil && n.Op == token.AND {
					of(v).Writes += 2 // address taken: anything may change it
				}
			case *ast.IncDecStmt:
				if root := lhsRoot(n.X); root != nil {
					if v, ok := pc.Info.Uses[root].(*types.Var); ok {
						of(v).Writes += 2
					}
				}
			case *ast.CallExpr:
				if fn, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && fn.Name == "append" && len(n.Args) > 0 {
					if v := uses(n.Args[0]); v != nil {
						of(v).appended = true
					}
				}
			}
			return true
		})
	}
	return m
}

// SingleAssignment returns the value local variable id is given, when the
// package assigns it exactly once (its declaration), never takes its
// address and never appends to it; for v, err := f(), the call and the
// index of v in its results.
func (pc *Package) SingleAssignment(id *ast.Ident) (ast.Expr, int) {
	v, ok := pc.Info.Uses[id].(*types.Var)
	if !ok || !IsLocal(v) {
		return nil, 0
	}
	if a := pc.Assignments()[v]; a != nil && a.Writes == 1 && !a.appended {
		return a.Def, a.Idx
	}
	return nil, 0
}

// ErrOr finds `v != nil || rest` in cond (v != nil the first of the
// disjuncts): the test, and what follows it.
func ErrOr(info *types.Info, cond ast.Expr, v *types.Var) (test *ast.BinaryExpr, rest ast.Expr) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	for ok && b.Op == token.LOR {
		if IsErrNotNil(info, b.X, v) {
			return ast.Unparen(b.X).(*ast.BinaryExpr), b.Y
		}
		b, ok = b.X.(*ast.BinaryExpr)
	}
	return nil, nil
}

// IsErrNotNil reports whether cond is `v != nil`.
func IsErrNotNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && info.Uses[id] == v && IsNil(info, b.Y)
}

// UsedIn reports whether v is used in n.
func UsedIn(info *types.Info, n ast.Node, v *types.Var) bool {
	used := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
			used = true
		}
		return !used
	})
	return used
}

// TestFile reports whether a file of the package is a test file.
func (pc *Package) TestFile(f *ast.File) bool {
	return strings.HasSuffix(pc.Pass.Fset.File(f.Pos()).Name(), "_test.go")
}

// Conjuncts returns the terms of a chain of && (e itself when it is not
// one), unparenthesised.
func Conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ast.Expr{ast.Unparen(e)}
}

// PathTo returns the nodes from n's file down to n, or nil when its file
// is not the package's.
func (pc *Package) PathTo(n ast.Node) []ast.Node {
	file := pc.FileOf(n.Pos())
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
	slices.Reverse(path)
	return path
}

// A Call is a call of the package's code with the body of the function
// that makes it.
type Call struct {
	Expr *ast.CallExpr
	Body *ast.BlockStmt
}

// CallsOf returns the package's calls of fn (or of an instance of it), in
// the order of the source.
func (pc *Package) CallsOf(fn *types.Func) []Call {
	var calls []Call
	for _, f := range pc.Pass.Files {
		WalkWithPath(f, func(n ast.Node, path []ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return
			}
			if callee, _ := typeutil.Callee(pc.Info, call).(*types.Func); callee != nil && callee.Origin() == fn {
				_, body := Enclosing(path)
				calls = append(calls, Call{call, body})
			}
		})
	}
	return calls
}

// FiledUnder returns what is filed under the key on top of path: the
// value of a map literal's entry, the right of an assignment to the map,
// the second argument of a call whose first is the key (a builder's
// Elicit(key, params)); nil for anything else.
func FiledUnder(path []ast.Node) ast.Expr {
	if len(path) < 2 {
		return nil
	}
	key := path[len(path)-1]
	switch p := path[len(path)-2].(type) {
	case *ast.KeyValueExpr:
		return p.Value
	case *ast.CallExpr:
		if len(p.Args) == 2 && p.Args[0] == key {
			return p.Args[1]
		}
	case *ast.IndexExpr:
		if len(path) >= 3 {
			if as, ok := path[len(path)-3].(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, l := range as.Lhs {
					if l == ast.Expr(p) {
						return as.Rhs[i]
					}
				}
			}
		}
	}
	return nil
}

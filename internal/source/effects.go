package source

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/effect"
	"golang.org/x/tools/go/types/typeutil"
)

// FuncEffect is what a function of the package does wherever it is
// called (see funcEffect).
func (pc *Package) FuncEffect(fn *types.Func) effect.Effect { return pc.funcEffect(fn.Origin()) }

// JudgeEffects decides the effect of every function of the package now, in
// source order, while one goroutine builds the model: the checks'
// analyzers, which run in parallel, then only read them. funcEffect
// answers "write" for a function whose effect is still being decided,
// which is right for a call that recurses into it and wrong for another
// goroutine that happens to ask at that moment: the same code got a
// different fail-open or migration verdict from run to run under load.
func (pc *Package) JudgeEffects() {
	for _, fn := range pc.FuncDecls() {
		pc.funcEffect(fn.Origin())
	}
}

// FuncWhy says what a function of the package writes (see Why), or ""
// when it writes nothing it can name; unseen is set when that is a call
// elicitlint cannot see into rather than a write.
func (pc *Package) FuncWhy(fn *types.Func) (why string, unseen bool) {
	if bad := pc.funcWrite(fn.Origin()); bad != nil {
		return pc.why(bad, 0)
	}
	return "", false
}

// Why says what writes in bad, a node an effect walk found (EffectsIn),
// in words a message can quote: the deepest write the module shows, as
// "`delete(s.tokens, tok)` in (*approval.TokenStore).Validate", through
// the package's functions and the facts of its module's other packages.
// Where that is a call elicitlint cannot see into (of another module, of
// a function value), it names the call, and unseen is set. It is "" when
// nothing can be named.
func (pc *Package) Why(bad ast.Node) (why string, unseen bool) { return pc.why(bad, 0) }

func (pc *Package) why(bad ast.Node, depth int) (string, bool) {
	unseen := false
	if call, ok := bad.(*ast.CallExpr); ok {
		switch callee := typeutil.Callee(pc.Info, call).(type) {
		case *types.Builtin:
		case *types.Func:
			switch {
			case callee.Pkg() == nil:
				return "", false
			case callee.Pkg() == pc.Pass.Pkg:
				if inner := pc.funcWrite(callee.Origin()); inner != nil && depth <= 8 {
					return pc.why(inner, depth+1)
				}
				return "", false
			default:
				if f := pc.EffectFact(callee); f != nil {
					return f.Why, f.Unseen
				}
				// The SDKs are judged by their table: what is not a
				// read there sends to the client or changes a server.
				// So are the functions of other modules in the tables
				// (PureFuncs): what writes there is in the arguments.
				path, name := callee.Pkg().Path(), callee.Name()
				unseen = !stdRoot(path) && pc.SDKs.OfPkg(callee) == nil && !PureFunc(path, name) && !isLog(callee)
			}
		default:
			unseen = true // a function value
		}
	}
	text := pc.Short(bad)
	if text == "" {
		return "", false // its source cannot be read (a cgo file)
	}
	where := "the handler"
	if fd, ok := pc.enclosingFunc(bad.Pos()).(*ast.FuncDecl); ok {
		if fn, ok := pc.Info.Defs[fd.Name].(*types.Func); ok {
			where = ShortName(fn)
		}
	}
	return "`" + text + "` in " + where, unseen
}

// IsStd reports a standard package by its path (no dot in its first
// element).
func IsStd(path string) bool {
	return !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
}

// ShortName names fn with its package's name: pkg.Func, (*pkg.T).M or
// pkg.T.M.
func ShortName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return effect.Qualified(fn)
	}
	return effect.QualifiedAs(fn, fn.Pkg().Name())
}

// Short is the source text of n on one line, cut to 60 bytes, for
// messages.
func (pc *Package) Short(n ast.Node) string {
	data, tf := pc.Src(n.Pos())
	var s string
	if data != nil && tf.Offset(n.End()) <= len(data) {
		s = string(data[tf.Offset(n.Pos()):tf.Offset(n.End())])
	} else if e, ok := n.(ast.Expr); ok {
		s = types.ExprString(e)
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + "..."
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// Stub reports a function whose body does nothing but log: empty, log
// lines, and a return of constants and nils. It stands in for work to
// come (an example's store that "only says so", a fixture's, a method
// not written yet), so the checks that look for work take it for work
// rather than for a computation.
func (pc *Package) Stub(decl *ast.FuncDecl) bool { return pc.stub(decl, false) }

// StubWork is Stub that also lets the body take and release a lock and
// refuse its arguments before it returns (d.mu.Lock(); defer
// d.mu.Unlock(); if key == "" { return errNoKey }; return nil): a store
// method not written yet. A lock says the method stands for shared
// state, so it is taken for the work in the flow of a handler. It is not
// used for what runs twice, where a validation of the arguments is a
// computation.
func (pc *Package) StubWork(decl *ast.FuncDecl) bool { return pc.Stub(decl) || pc.stub(decl, true) }

func (pc *Package) stub(decl *ast.FuncDecl, locked bool) bool {
	if decl.Body == nil {
		return false
	}
	locks := false
	for i, st := range decl.Body.List {
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, ok := st.X.(*ast.CallExpr)
			switch {
			case ok && pc.logCall(call):
			case ok && locked && pc.lockCall(call):
				locks = true
			default:
				return false
			}
		case *ast.DeferStmt:
			if !locked || !pc.lockCall(st.Call) {
				return false
			}
		case *ast.IfStmt:
			if !locked || st.Init != nil || st.Else != nil || len(st.Body.List) != 1 || !pc.noCalls(st.Cond) {
				return false
			}
			ret, ok := st.Body.List[0].(*ast.ReturnStmt)
			if !ok || !pc.constResults(ret, true) {
				return false
			}
		case *ast.ReturnStmt:
			if i != len(decl.Body.List)-1 || !pc.constResults(st, false) {
				return false
			}
		default:
			return false
		}
	}
	return !locked || locks
}

// constResults reports a return of constants and nils, and with errs of
// errors made from constants (errors.New("..."), a package-level error).
func (pc *Package) constResults(ret *ast.ReturnStmt, errs bool) bool {
	for _, r := range ret.Results {
		if tv, ok := pc.Info.Types[r]; ok && (tv.Value != nil || tv.IsNil()) {
			continue
		}
		if !errs || !IsError(pc.Info.TypeOf(r)) {
			return false
		}
		switch r := ast.Unparen(r).(type) {
		case *ast.Ident:
			if v, ok := pc.Info.Uses[r].(*types.Var); !ok || v.Parent() != v.Pkg().Scope() {
				return false
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(pc.Info, r).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "New" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// lockCall reports mu.Lock(), mu.Unlock() and the like on a sync mutex
// (effect.Sync, the table what runs twice reads too).
func (pc *Package) lockCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pc.Info, call).(*types.Func)
	return ok && effect.Sync(fn)
}

// noCalls reports an expression that calls nothing.
func (pc *Package) noCalls(e ast.Expr) bool {
	calls := false
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if tv, ok := pc.Info.Types[call.Fun]; !ok || !tv.IsType() {
				calls = true
			}
		}
		return !calls
	})
	return !calls
}

// logCall reports a call of a logging function or method.
func (pc *Package) logCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pc.Info, call).(*types.Func)
	return ok && isLog(fn)
}

// FuncDecl returns the declaration of a function of the package, or nil.
func (pc *Package) FuncDecl(fn *types.Func) *ast.FuncDecl { return pc.purityCache().decls[fn.Origin()] }

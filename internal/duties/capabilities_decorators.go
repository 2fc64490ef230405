package duties

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads handlers the package registers only wrapped by a
// function of its own (mcp.AddTool(s, tool, requireElicitation(wipe))):
// what the wrapper tests before it calls the handler holds whenever the
// handler runs.

// decoratorHeld returns what holds whenever handler fn runs, when every
// use of it other than a call hands it to a function of the package that
// calls it only after tests of its own: the intersection of what holds at
// those calls. A handler used in any other way (registered as it is,
// stored, exported where another package may) gets nothing from this.
func (pc *Pkg) decoratorHeld(fn ast.Node) Held {
	if h, ok := pc.decorated.Load(fn); ok {
		return h.(Held)
	}
	h := pc.decoratedBy(fn)
	pc.decorated.Store(fn, h)
	return h
}

// decoratedBy is decoratorHeld, uncached.
func (pc *Pkg) decoratedBy(fn ast.Node) Held {
	if lit, ok := fn.(*ast.FuncLit); ok {
		// A literal is used once, where it is written: as the argument
		// of a wrapper (requireElicitation(func(...) {...})), or not.
		if path := pc.PathTo(lit); len(path) >= 2 {
			if h, ok := pc.wrapperHeld(path); ok {
				return h
			}
		}
		return Held{}
	}
	decl, ok := fn.(*ast.FuncDecl)
	if !ok {
		return Held{}
	}
	obj, _ := pc.Info.Defs[decl.Name].(*types.Func)
	if obj == nil || obj.Exported() && pc.Pass.Pkg.Name() != "main" {
		return Held{}
	}
	pc.pinOnce.Do(pc.indexPins)
	uses := pc.pinIx.values[obj]
	var h heldAtAll
	for _, path := range uses {
		w, ok := pc.wrapperHeld(path)
		if !ok {
			return Held{}
		}
		h.add(w)
	}
	return h.Held
}

// wrapperHeld reads one use of a handler, the last node of path: an
// argument of a call of a function of the package, which calls that
// parameter only, and only where its tests hold. It returns what holds
// at those calls.
func (pc *Pkg) wrapperHeld(path []ast.Node) (Held, bool) {
	i := len(path) - 1
	if sel, ok := path[i-1].(*ast.SelectorExpr); ok && sel.Sel == path[i] {
		i-- // a method value: x.handler
	}
	call, ok := path[i-1].(*ast.CallExpr)
	if !ok {
		return Held{}, false
	}
	arg := -1
	for k, a := range call.Args {
		if ast.Node(a) == path[i] {
			arg = k
		}
	}
	callee := typeutil.StaticCallee(pc.Info, call)
	if arg < 0 || callee == nil || call.Ellipsis.IsValid() {
		return Held{}, false
	}
	wrapper := pc.FuncDecl(callee.Origin())
	params := callee.Origin().Type().(*types.Signature).Params()
	if wrapper == nil || wrapper.Body == nil || arg >= params.Len() {
		return Held{}, false
	}
	param := params.At(arg)
	var h heldAtAll
	other, inLit := false, true
	source.WalkWithPath(wrapper, func(n ast.Node, at []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok || pc.Info.Uses[id] != param {
			return
		}
		if !source.IsCallee(id, at) {
			other = true // stored, passed on, or compared
			return
		}
		h.add(pc.HeldAt(at))
		inLit = inLit && slices.ContainsFunc(at, func(n ast.Node) bool { _, lit := n.(*ast.FuncLit); return lit })
	})
	if h.n == 0 || other {
		return Held{}, false
	}
	// A wrapper that calls the handler only in the function it returns
	// may itself be wrapped (requireElicitation(logged(wipe))): what the
	// outer one holds where it calls that function holds too.
	if inLit {
		if outer, ok := pc.wrapperHeld(path[:i]); ok {
			return h.union(outer), true
		}
	}
	return h.Held, true
}

package source

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// A call through an interface does what the method of the value in it
// does. The package's code shows the values put into its interfaces
// (IfaceValues, set by the model from internal/ifaces); when those are
// all the values the interface can hold, the call's effect is the most
// any of their methods does. They are all when no other package can put
// a value in (closed): the interface is unexported and nothing exported
// (a function's or method's parameter, a field, a variable) has it in
// its type, or it has an unexported method (no other package can
// implement it). An interface of another package of the module is judged
// by its declaring package, whose fact on the method says the same
// (SummariseEffects). Anything else stays a write: a value from a caller
// in another package, a fake in a test, is not in sight.

// abstract returns the interface whose method fn is, or nil.
func abstract(fn *types.Func) *types.TypeName {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	return mcpsdk.NamedObj(recv.Type())
}

// ifaceEffect is the effect of a call of fn, a method of tn, an interface
// of the package, and the first write of the method that writes.
func (pc *Package) ifaceEffect(tn *types.TypeName, fn *types.Func) (effect.Effect, ast.Node) {
	if tn.Pkg() != pc.Pass.Pkg {
		return pc.factEffect(fn), nil
	}
	if pc.IfaceValues == nil || !pc.closedIface(tn) {
		return effect.Write, nil
	}
	vals, ok := pc.IfaceValues(tn)
	if !ok {
		return effect.Write, nil
	}
	e := effect.None
	for _, t := range vals {
		obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
		m, ok := obj.(*types.Func)
		if !ok || abstract(m) != nil {
			return effect.Write, nil
		}
		m = m.Origin()
		var me effect.Effect
		switch {
		case m.Pkg() == pc.Pass.Pkg:
			if me = pc.funcEffect(m); me == effect.Write {
				return me, pc.funcWrite(m)
			}
		case m.Pkg() != nil && IsStd(m.Pkg().Path()):
			se, fresh, known := effect.Std(m)
			if !known || fresh {
				return effect.Write, nil
			}
			me = se
		default:
			me = pc.factEffect(m)
		}
		e = max(e, me)
	}
	return e, nil
}

// closedIface reports whether no other package can put a value into tn,
// an interface of the package (see above), decided once per interface:
// it reads the package's whole scope.
func (pc *Package) closedIface(tn *types.TypeName) bool {
	if c, ok := pc.closed.Load(tn); ok {
		return c.(bool)
	}
	c := pc.closedNow(tn)
	pc.closed.Store(tn, c)
	return c
}

func (pc *Package) closedNow(tn *types.TypeName) bool {
	it := tn.Type().Underlying().(*types.Interface)
	for m := range it.Methods() {
		if !m.Exported() {
			return true // sealed
		}
	}
	if tn.Exported() {
		return false
	}
	scope := pc.Pass.Pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			if mentions(obj.Type(), tn) {
				return false
			}
		case *types.Var:
			if mentions(obj.Type(), tn) {
				return false
			}
		case *types.TypeName:
			if obj.IsAlias() {
				continue
			}
			if st, ok := obj.Type().Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					if f.Exported() && mentions(f.Type(), tn) {
						return false
					}
				}
			}
			if n, ok := obj.Type().(*types.Named); ok {
				for m := range n.Methods() {
					if m.Exported() && mentions(m.Type(), tn) {
						return false
					}
				}
			}
		}
	}
	return true
}

// mentions reports whether type t has tn in it: tn itself, or a pointer,
// slice, array, map, channel, function or struct with tn in it.
func mentions(t types.Type, tn *types.TypeName) bool {
	return mentionsIn(t, tn, 0)
}

func mentionsIn(t types.Type, tn *types.TypeName, depth int) bool {
	if depth > 8 || t == nil {
		return depth > 8
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		return u.Origin().Obj() == tn
	case *types.Pointer:
		return mentionsIn(u.Elem(), tn, depth+1)
	case *types.Slice:
		return mentionsIn(u.Elem(), tn, depth+1)
	case *types.Array:
		return mentionsIn(u.Elem(), tn, depth+1)
	case *types.Chan:
		return mentionsIn(u.Elem(), tn, depth+1)
	case *types.Map:
		return mentionsIn(u.Key(), tn, depth+1) || mentionsIn(u.Elem(), tn, depth+1)
	case *types.Signature:
		for _, tup := range []*types.Tuple{u.Params(), u.Results()} {
			for v := range tup.Variables() {
				if mentionsIn(v.Type(), tn, depth+1) {
					return true
				}
			}
		}
	case *types.Struct:
		for f := range u.Fields() {
			if mentionsIn(f.Type(), tn, depth+1) {
				return true
			}
		}
	}
	return false
}

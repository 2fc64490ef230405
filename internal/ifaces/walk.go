package ifaces

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// The walk: where values go into the followed interfaces, what context
// keys hold, and the calls through the interfaces.

// node records what one node of a file (not a test's) shows.
func (w *ifaceWalk) node(n ast.Node, stack []ast.Node) {
	info := w.pc.Info
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
			dst := make([]types.Type, len(n.Lhs))
			for i, l := range n.Lhs {
				dst[i] = info.TypeOf(l)
			}
			w.pairs(dst, n.Rhs)
		}
	case *ast.ValueSpec:
		if n.Type != nil {
			t := info.TypeOf(n.Type)
			w.pairs(slices.Repeat([]types.Type{t}, len(n.Names)), n.Values)
		}
	case *ast.ReturnStmt:
		fn, _ := source.Enclosing(stack)
		if sig := w.pc.SignatureOf(fn); sig != nil && len(n.Results) > 0 {
			w.pairs(tupleTypes(sig.Results()), n.Results)
		}
	case *ast.SendStmt:
		if ch, ok := info.TypeOf(n.Chan).Underlying().(*types.Chan); ok {
			w.into(ch.Elem(), n.Value)
		}
	case *ast.CompositeLit:
		w.lit(n)
	case *ast.CallExpr:
		w.call(n, stack)
	case *ast.TypeAssertExpr:
		if n.Type != nil {
			w.assert(n.X, info.TypeOf(n.Type))
		}
	case *ast.TypeSwitchStmt:
		var x ast.Expr
		switch a := n.Assign.(type) {
		case *ast.AssignStmt:
			x = a.Rhs[0]
		case *ast.ExprStmt:
			x = a.X
		}
		ta, ok := ast.Unparen(x).(*ast.TypeAssertExpr)
		if !ok {
			break
		}
		for _, c := range n.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				if t := info.TypeOf(e); t != nil && !source.IsNil(info, e) {
					w.assert(ta.X, t)
				}
			}
		}
	case *ast.RangeStmt:
		if n.Tok == token.ASSIGN {
			w.rangeAssign(n)
		}
	}
}

// tupleTypes returns the types of a tuple.
func tupleTypes(t *types.Tuple) []types.Type {
	out := make([]types.Type, t.Len())
	for i := range out {
		out[i] = t.At(i).Type()
	}
	return out
}

// pairs follows the values of src into slots of the types dst: one each,
// or the results of one call.
func (w *ifaceWalk) pairs(dst []types.Type, src []ast.Expr) {
	if len(dst) == len(src) {
		for i, s := range src {
			w.into(dst[i], s)
		}
		return
	}
	if len(src) != 1 {
		return
	}
	tuple, ok := w.pc.Info.TypeOf(src[0]).(*types.Tuple)
	if !ok {
		return
	}
	for i, t := range dst {
		if i < tuple.Len() {
			w.value(w.tracked(t), tuple.At(i).Type())
		}
	}
}

// into follows the value of src into a slot of type dst.
func (w *ifaceWalk) into(dst types.Type, src ast.Expr) {
	if dst == nil || src == nil {
		return
	}
	if in := w.tracked(dst); in != nil && !source.IsNil(w.pc.Info, src) {
		w.value(in, w.pc.Info.TypeOf(src))
	}
}

// value records a value of type t put into the interface in.
func (w *ifaceWalk) value(in *iface, t types.Type) {
	if in == nil || t == nil || types.Identical(t, in.tn.Type()) {
		return
	}
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedNil {
		return
	}
	if types.IsInterface(t) {
		if j := w.tracked(t); j != nil {
			in.from = append(in.from, j)
		} else {
			in.unknown = true
		}
		return
	}
	in.types = append(in.types, t)
}

// lit follows the elements of a composite literal into its fields,
// elements and keys.
func (w *ifaceWalk) lit(lit *ast.CompositeLit) {
	t := w.pc.Info.TypeOf(lit)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem() // &T{...} elided in a literal of pointers
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := w.pc.Info.Uses[id].(*types.Var); ok {
						w.into(f.Type(), kv.Value)
					}
				}
			} else if i < u.NumFields() {
				w.into(u.Field(i).Type(), e)
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		var key, elem types.Type
		switch u := u.(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			key, elem = u.Key(), u.Elem()
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if key != nil {
					w.into(key, kv.Key)
				}
				e = kv.Value
			}
			w.into(elem, e)
		}
	}
}

// call follows a call's arguments into its parameters (a conversion's
// operand into its type), records what context.WithValue stores under a
// key, and records calls through a followed interface.
func (w *ifaceWalk) call(call *ast.CallExpr, stack []ast.Node) {
	info := w.pc.Info
	tv, ok := info.Types[call.Fun]
	if !ok || tv.Type == nil {
		return
	}
	if tv.IsType() {
		if len(call.Args) == 1 {
			w.into(tv.Type, call.Args[0])
		}
		return
	}
	if sig, ok := tv.Type.Underlying().(*types.Signature); ok {
		w.args(sig, call)
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if isContextFunc(fn, "WithValue", false) && len(call.Args) == 3 {
		if k := w.keyOf(call.Args[1]); k != nil && !source.IsNil(info, call.Args[2]) {
			w.keyValue(k, info.TypeOf(call.Args[2]))
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || !w.names[s.Obj().Name()] {
		return
	}
	if in := w.tracked(embeddedRecv(s)); in != nil {
		w.calls = append(w.calls, ifaceCall{iface: in, name: s.Obj().Name(), call: call, stack: slices.Clone(stack)})
	}
}

// args follows the arguments of a call into its parameters.
func (w *ifaceWalk) args(sig *types.Signature, call *ast.CallExpr) {
	params := sig.Params()
	n := params.Len()
	param := func(i int) types.Type {
		switch {
		case sig.Variadic() && i >= n-1:
			pt := params.At(n - 1).Type()
			if s, ok := pt.(*types.Slice); ok && !call.Ellipsis.IsValid() {
				return s.Elem()
			}
			return pt
		case i < n:
			return params.At(i).Type()
		}
		return nil
	}
	if len(call.Args) == 1 {
		if tuple, ok := w.pc.Info.TypeOf(call.Args[0]).(*types.Tuple); ok { // f(g()), g with several results
			for i := range tuple.Len() {
				w.value(w.tracked(param(i)), tuple.At(i).Type())
			}
			return
		}
	}
	for i, a := range call.Args {
		w.into(param(i), a)
	}
}

// embeddedRecv returns the type whose method a method selection calls:
// the receiver's, or for a method promoted from an embedded field, that
// field's.
func embeddedRecv(s *types.Selection) types.Type {
	t := s.Recv()
	idx := s.Index()
	for _, i := range idx[:len(idx)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		t = st.Field(i).Type()
	}
	return t
}

// rangeAssign follows the elements a range statement assigns to
// variables declared before it.
func (w *ifaceWalk) rangeAssign(r *ast.RangeStmt) {
	var key, elem types.Type
	switch u := w.pc.Info.TypeOf(r.X).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			elem = a.Elem()
		}
	case *types.Map:
		key, elem = u.Key(), u.Elem()
	case *types.Chan:
		key = u.Elem()
	case *types.Signature: // range over a function: values not followed
		for _, e := range []ast.Expr{r.Key, r.Value} {
			if in := w.tracked(w.pc.Info.TypeOf(e)); in != nil {
				in.unknown = true
			}
		}
		return
	}
	if r.Key != nil && key != nil {
		w.value(w.tracked(w.pc.Info.TypeOf(r.Key)), key)
	}
	if r.Value != nil && elem != nil {
		w.value(w.tracked(w.pc.Info.TypeOf(r.Value)), elem)
	}
}

// assert records a type assertion of x to t: a value of a followed
// interface, known when x is a context's value under a key; or the
// author's word for what a key holds.
func (w *ifaceWalk) assert(x ast.Expr, t types.Type) {
	k := w.contextValue(x)
	if in := w.tracked(t); in != nil {
		if k != nil {
			in.keys = append(in.keys, k)
		} else {
			in.unknown = true
		}
		return
	}
	if k != nil && !types.IsInterface(t) {
		w.keyValue(k, t)
	}
}

// keyValue records a value of type t under the key k.
func (w *ifaceWalk) keyValue(k types.Object, t types.Type) {
	kv := w.keys[k]
	if kv == nil {
		kv = &keyValues{}
		w.keys[k] = kv
	}
	if t == nil || types.IsInterface(t) {
		kv.other = true
		return
	}
	kv.types = append(kv.types, t)
}

// contextValue returns the key when x is a context's value under it,
// ctx.Value(key), directly or through a local variable assigned once.
func (w *ifaceWalk) contextValue(x ast.Expr) types.Object {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		if def, idx := w.pc.SingleAssignment(id); def != nil && idx == 0 {
			x = ast.Unparen(def)
		}
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if fn, _ := typeutil.Callee(w.pc.Info, call).(*types.Func); !isContextFunc(fn, "Value", true) {
		return nil
	}
	return w.keyOf(call.Args[0])
}

// isContextFunc reports whether fn is the context package's function
// name, or with method set, context.Context's method name.
func isContextFunc(fn *types.Func, name string, method bool) bool {
	return fn != nil && fn.Name() == name && fn.Pkg() != nil && fn.Pkg().Path() == "context" &&
		(fn.Type().(*types.Signature).Recv() != nil) == method
}

// keyOf returns what a context key is: a constant, a package-level
// variable, or the type of an empty struct literal (all its values are
// equal); nil for anything else.
func (w *ifaceWalk) keyOf(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return keyObj(w.pc.Info.Uses[e])
	case *ast.SelectorExpr:
		return keyObj(w.pc.Info.Uses[e.Sel])
	case *ast.CompositeLit:
		if len(e.Elts) > 0 {
			return nil
		}
		if n, ok := types.Unalias(w.pc.Info.TypeOf(e)).(*types.Named); ok {
			if st, ok := n.Underlying().(*types.Struct); ok && st.NumFields() == 0 {
				return n.Obj()
			}
		}
	}
	return nil
}

func keyObj(obj types.Object) types.Object {
	switch o := obj.(type) {
	case *types.Const:
		return o
	case *types.Var:
		if o.Pkg() != nil && o.Parent() == o.Pkg().Scope() {
			return o
		}
	}
	return nil
}

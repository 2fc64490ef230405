package duties

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file finds the places a server keeps a client's capabilities
// beyond the request that brought them: a package-level variable, a map
// or sync.Map keyed by session, a field given the session's capabilities
// (an initialize hook's store). Capabilities read back from such a place
// are not the request's own (issue 36 §2).

// keptWrite is one value a non-local place is given: the place (a
// package-level variable or a field), the value, and whether the place is
// keyed (a map, a sync.Map) and so holds a value per session or request.
type keptWrite struct {
	place types.Object
	value ast.Expr
	keyed bool
	// lasting is set on a field written through the receiver of a
	// handler (s.caps = ... in a method registered as a tool handler):
	// the value outlives the request.
	lasting bool
}

// indexKept finds every place of the package given a capabilities value
// and decides which keep them. It runs in New, before the functions are
// summarised; until it ends, no place is a store (stores is nil), so the
// values written are judged by where they come from alone.
func (pc *Pkg) indexKept() {
	var writes []keptWrite
	add := func(w keptWrite) {
		if w.place != nil && pc.isCapsValue(w.value) {
			writes = append(writes, w)
		}
	}
	boolStores := map[types.Object]Held{}
	addBool := func(place types.Object, value ast.Expr, keyed bool) {
		if place == nil || !source.IsBool(pc.Info.TypeOf(value)) || !keyed && place.(*types.Var).IsField() {
			return
		}
		if t, _ := pc.condHeld(value, 0); t.Tested() != 0 {
			boolStores[place] = Held{Sess: t.Tested()}
		}
	}
	recvs := pc.handlerReceivers()
	for _, f := range pc.Pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, l := range n.Lhs {
					if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
						add(keptWrite{place: pc.place(ix.X), value: n.Rhs[i], keyed: true})
						addBool(pc.place(ix.X), n.Rhs[i], true)
						continue
					}
					w := keptWrite{place: pc.place(l), value: n.Rhs[i]}
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						id, _ := ast.Unparen(sel.X).(*ast.Ident)
						w.lasting = id != nil && recvs[pc.Info.Uses[id]]
					}
					add(w)
				}
			case *ast.CallExpr:
				if recv, arg := source.SyncMapStore(pc.Info, n); recv != nil {
					add(keptWrite{place: pc.place(recv), value: arg, keyed: true})
					addBool(pc.place(recv), arg, true)
				}
			case *ast.CompositeLit:
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if v, ok := pc.Info.Uses[id].(*types.Var); ok && v.IsField() {
								add(keptWrite{place: v, value: kv.Value})
							}
						}
					}
				}
			}
			return true
		})
	}
	stores := map[types.Object]bool{}
	for _, w := range writes {
		src := pc.capsSource(w.value, 0).src
		switch {
		case src == srcSession:
			stores[w.place] = true // the session's, wherever it is kept
		case src&srcUnknown == 0 && src != 0 && (w.keyed || w.lasting || !w.place.(*types.Var).IsField()):
			stores[w.place] = true // this request's, kept for later ones
		}
	}
	pc.stores, pc.boolStores = stores, boolStores
}

// keptBool returns what a bool read back from a place that keeps one per
// session holds when it is true (boolStores): the capabilities it was
// computed from, tested on the session's and kept. The read is the
// store's index or load, an assertion on it, or a local variable given
// only such reads.
func (pc *Pkg) keptBool(e ast.Expr, depth int) (Held, bool) {
	if pc.boolStores == nil || depth > source.FollowDepth {
		return Held{}, false
	}
	var at ast.Expr
	switch x := ast.Unparen(e).(type) {
	case *ast.TypeAssertExpr:
		return pc.keptBool(x.X, depth+1)
	case *ast.IndexExpr:
		at = x.X
	case *ast.CallExpr:
		at = source.SyncMapLoad(pc.Info, x)
	case *ast.Ident:
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !source.IsLocal(v) {
			return Held{}, false
		}
		var h Held
		found := false
		for _, d := range pc.Defs(v) {
			switch {
			case d.Rhs == nil:
				continue
			case d.Unknown || d.Tuple && !pc.keptValue(d):
				return Held{}, false
			}
			dh, ok := pc.keptBool(d.Rhs, depth+1)
			if !ok {
				return Held{}, false
			}
			h, found = dh, true
		}
		return h, found
	}
	if at == nil {
		return Held{}, false
	}
	place := pc.place(at)
	h, ok := pc.boolStores[place]
	if ok {
		h.Kept = pc.storeName(place, at)
	}
	return h, ok
}

// handlerReceivers returns the receivers of the package's methods that
// are handlers of an SDK: what such a method writes through its receiver
// outlives the request.
func (pc *Pkg) handlerReceivers() map[types.Object]bool {
	recvs := map[types.Object]bool{}
	for decl, fn := range pc.FuncDecls() {
		recv := fn.Type().(*types.Signature).Recv()
		if recv != nil && recv.Name() != "" && pc.host.RoundTripHandler(decl) {
			recvs[recv] = true
		}
	}
	return recvs
}

// isCapsValue reports whether e is a client's capabilities value, or a
// pointer to one, of any SDK.
func (pc *Pkg) isCapsValue(e ast.Expr) bool {
	t := pc.Info.TypeOf(e)
	for _, sdk := range pc.SDKs.All {
		if d := sdk.Duties(); d != nil && sdk.IsType(t, d.CapsType) {
			return true
		}
	}
	return false
}

// place returns the package-level variable or field of this package
// that e names, or nil.
func (pc *Pkg) place(e ast.Expr) types.Object {
	id := source.IdentOf(ast.Unparen(e))
	if id == nil {
		return nil
	}
	v, ok := pc.Info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != pc.Pass.Pkg || (source.IsLocal(v) && !v.IsField()) {
		return nil // a local, or another package's (not followed)
	}
	return v
}

// storeOf returns the store a capabilities value e is read from (e
// names one, indexes one, or loads from one; nil when it is not known to
// be), and the expression that names it.
func (pc *Pkg) storeOf(e ast.Expr) (types.Object, ast.Expr) {
	if pc.stores == nil {
		return nil, nil
	}
	var at ast.Expr
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		at = x
	case *ast.IndexExpr:
		at = x.X
	case *ast.CallExpr:
		at = source.SyncMapLoad(pc.Info, x)
	}
	if at == nil {
		return nil, nil
	}
	if place := pc.place(at); place != nil && pc.stores[place] {
		return place, at
	}
	return nil, nil
}

// storeName names a store for messages: a package-level variable by its
// name, a field by its struct's type and name (registry.caps).
func (pc *Pkg) storeName(place types.Object, at ast.Expr) string {
	if sel, ok := ast.Unparen(at).(*ast.SelectorExpr); ok && place.(*types.Var).IsField() {
		t := pc.Info.TypeOf(sel.X)
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + place.Name()
		}
	}
	return place.Name()
}

// keptValue reports whether d, the first of two values, is the value of
// a comma-ok read that can come from a store: a type assertion, a map
// index, a sync.Map load.
func (pc *Pkg) keptValue(d source.VarDef) bool {
	if d.Idx != 0 {
		return false
	}
	switch x := ast.Unparen(d.Rhs).(type) {
	case *ast.TypeAssertExpr, *ast.IndexExpr:
		return true
	case *ast.CallExpr:
		return source.SyncMapLoad(pc.Info, x) != nil
	}
	return false
}

// capsHelperValue reports the first variable of an assignment from a
// capability helper that returns capabilities with a bool or an error
// (caps, ok := keptCaps(ctx)): its capabilities are the helper's.
func (pc *Pkg) capsHelperValue(d source.VarDef) bool {
	call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
	if !ok || d.Idx != 0 {
		return false
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil {
		return false
	}
	df := pc.dutyFuncOf(fn)
	return df != nil && df.CapsSrc != 0
}

// SessionCanAsk reads cond as the ok of a comma-ok assertion of a
// session to an interface that has the SDK's session request of
// elicitation (mcp-go's `sess, ok := session.(server.SessionWithElicitation)`;
// the assertion itself stands for its ok): can is what cond says of
// whether the session can ask. A session that cannot (an
// SSE session of mcp-go) is a client that cannot be asked.
func (pc *Pkg) SessionCanAsk(cond ast.Expr) (can, ok bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			can, ok = pc.SessionCanAsk(e.X)
			return !can, ok
		}
	case *ast.Ident:
		if def, idx := pc.SingleAssignment(e); idx == 1 {
			if ta, isAssert := def.(*ast.TypeAssertExpr); isAssert {
				return pc.SessionCanAsk(ta)
			}
		}
	case *ast.TypeAssertExpr: // its ok, in the SSA form's conditions
		if e.Type == nil {
			return false, false
		}
		it, _ := pc.Info.TypeOf(e.Type).Underlying().(*types.Interface)
		if it == nil {
			return false, false
		}
		for m := range it.Methods() {
			for _, sdk := range pc.SDKs.All {
				if k, _ := sdk.UnstoppedKind(m); k != nil && k.Kind == mcpsdk.KindElicitation {
					return true, true // an interface of the session's own request
				}
			}
		}
	}
	return false, false
}

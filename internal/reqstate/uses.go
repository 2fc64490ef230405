package reqstate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file finds the uses of the state in one function: tests of its
// content, values read from it that reach the work, and the integrity
// checks after which nothing is reported.

// findUses walks the function in source order and records the uses of
// the state until an integrity check (or a call it cannot see into)
// takes it.
func (sf *stateFlow) findUses() {
	pc := sf.pc
	done := func() bool { return sf.verified || sf.opaque }
	source.WalkWithPath(sf.body, func(n ast.Node, path []ast.Node) {
		if done() {
			return
		}
		switch x := n.(type) {
		case *ast.CallExpr:
			sf.callUse(x, path)
		case *ast.BinaryExpr:
			sf.compareUse(x, path)
		case *ast.SwitchStmt:
			if x.Tag != nil && sf.taintOf(x.Tag) != 0 {
				for _, c := range x.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if s, ok := source.ConstString(pc.Info, e); ok && s != "" {
							sf.add(StateUse{Kind: UseTest, At: x.Tag, Path: source.AppendPath(path, x.Tag), Test: "a switch on its value", Decoded: sf.taintOf(x.Tag)&TaintDecoded != 0})
							return
						}
					}
				}
			}
		case *ast.IfStmt:
			sf.boolUse(x.Cond, path)
		case *ast.IndexExpr:
			switch t := sf.taintOf(x.Index); {
			case t&TaintParsed != 0:
				sf.add(StateUse{Kind: UseIndex, At: x, Path: path, Decoded: t&TaintDecoded != 0})
			case t != 0 && source.IsFuncMap(pc.Info.TypeOf(x.X)):
				// The whole state picks the code that runs: a switch
				// written as a table.
				sf.add(StateUse{Kind: UseTest, At: x, Path: path, Test: "a lookup in a map of functions", Decoded: t&TaintDecoded != 0})
			}
		case *ast.ReturnStmt:
			if pc.KindOfReturn(x) == ReturnFinal {
				sf.resultUse(x, path)
			}
		}
	})
}

func (sf *stateFlow) add(u StateUse) {
	if u.Kind == UseTest && sf.wordingOnly(u.At, u.Path) {
		return // it chooses the wording of a question, no more
	}
	u.Path = slices.Clone(u.Path)
	sf.uses = append(sf.uses, u)
}

// callUse records what a call does with the state.
func (sf *stateFlow) callUse(call *ast.CallExpr, path []ast.Node) {
	pc := sf.pc
	if tv, ok := pc.Info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	tainted := -1
	var t Taint
	var taintedArgs []int
	for i, a := range call.Args {
		if at := sf.taintOf(a); at != 0 {
			tainted, t = i, t|at
			taintedArgs = append(taintedArgs, i)
		}
	}
	if tainted < 0 {
		return
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil {
		if _, ok := typeutil.Callee(pc.Info, call).(*types.Builtin); !ok {
			sf.opaque = true // a function value
		}
		return
	}
	decoded := t&TaintDecoded != 0
	switch effect.KindOfValue(fn) {
	case effect.ValueVerify:
		if (fn.Name() == "Equal" || fn.Name() == "ConstantTimeCompare") && !sf.hmacKeysOK() {
			sf.add(StateUse{Kind: UseWeak, At: call, Path: path, Test: testKeyedMAC, Decoded: decoded})
			return
		}
		sf.verified = true
	case effect.ValueTest:
		sf.testCall(fn, call, path, decoded)
	case effect.ValueOther:
		if pc.SDKs.OfPkg(fn) != nil {
			return // minting the next state, building a result
		}
		// The argument a function's summary is about (decode(state, &v)
		// is about state, though v holds it too afterwards), else the
		// last the state reaches.
		var f *StateFact
		for _, i := range taintedArgs {
			if g := pc.stateFactOf(fn, i); g != nil && !g.plain {
				f = g
				break
			}
		}
		if f == nil {
			f = pc.stateFactOf(fn, tainted)
		}
		switch {
		case f != nil && f.plain && pc.FuncEffect(fn) == effect.Write:
			// The package's own work, which does not check it (st.Deploy(state)).
			sf.add(StateUse{Kind: UseArg, At: call, Path: path, Callee: fn.Name(), Decoded: decoded})
		case f == nil || f.plain:
			if t&TaintParsed != 0 && t&TaintRaw == 0 {
				sf.add(StateUse{Kind: UseArg, At: call, Path: path, Callee: fn.Name(), Decoded: decoded})
			} else {
				sf.opaque = true // may check it: precision first
			}
		case f.Verifies:
			sf.verified = true
		case f.Weak != "":
			sf.add(StateUse{Kind: UseWeak, At: call, Path: path, Test: f.Weak, Via: fn.Origin(), TestAt: f.at, Presence: f.Presence, Decoded: decoded})
		}
	}
}

// testCall records strings.HasPrefix(state, ...) and its kin.
func (sf *stateFlow) testCall(fn *types.Func, call *ast.CallExpr, path []ast.Node, decoded bool) {
	name := fn.Name()
	test := ""
	switch {
	case strings.HasPrefix(name, "HasPrefix"):
		test = "a prefix test"
	case strings.HasPrefix(name, "HasSuffix"):
		test = "a suffix test"
	case strings.HasPrefix(name, "Contains"), strings.HasPrefix(name, "Index"):
		test = "a substring test"
	default: // Equal, EqualFold, Compare: a comparison
		if len(call.Args) == 2 {
			sf.comparison(call, call.Args[0], call.Args[1], token.EQL, path)
		}
		return
	}
	sf.add(StateUse{Kind: UseWeak, At: call, Path: path, Test: test, Decoded: decoded})
}

// compareUse records comparisons of the state.
func (sf *stateFlow) compareUse(b *ast.BinaryExpr, path []ast.Node) {
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		sf.comparison(b, b.X, b.Y, b.Op, path)
	}
}

func (sf *stateFlow) comparison(at ast.Node, x, y ast.Expr, op token.Token, path []ast.Node) {
	pc := sf.pc
	tx, ty := sf.taintOf(x), sf.taintOf(y)
	if tx == 0 && ty == 0 || tx != 0 && ty != 0 {
		return
	}
	t, other := tx, y
	if tx == 0 {
		t, other = ty, x
	}
	decoded := t&TaintDecoded != 0
	if source.IsNil(pc.Info, other) {
		sf.present(at)
		return
	}
	if tv, ok := pc.Info.Types[other]; ok && tv.Value != nil {
		if s, ok := source.ConstString(pc.Info, other); ok {
			if s != "" {
				sf.add(StateUse{Kind: UseTest, At: at, Path: path, Test: "a comparison with " + tv.Value.ExactString(), Decoded: decoded})
			}
			sf.present(at) // ""
			return
		}
		if tv.Value.ExactString() == "0" && (op == token.EQL || op == token.NEQ || source.IsLen(pc.Info, x) || source.IsLen(pc.Info, y)) {
			sf.present(at) // len(state) == 0, len(state) > 0
			return
		}
		sf.add(StateUse{Kind: UseTest, At: at, Path: path, Test: "a comparison with " + tv.Value.ExactString(), Decoded: decoded})
		return
	}
	if sf.hashed(other, 0) {
		sf.add(StateUse{Kind: UseHash, At: at, Path: path, Test: testUnkeyedSum, Decoded: decoded})
		return
	}
	if op != token.EQL && op != token.NEQ && t&TaintParsed != 0 {
		sf.add(StateUse{Kind: UseTest, At: at, Path: path, Test: "a comparison", Decoded: decoded})
	}
	// == with a value made from the request: a binding check, which
	// tampering can only make fail.
}

// present records a test of whether the state is there at all.
func (sf *stateFlow) present(at ast.Node) {
	if sf.presence == nil {
		sf.presence = at
	}
}

// hashed reports whether e is made with an unkeyed hash.
func (sf *stateFlow) hashed(e ast.Expr, depth int) bool {
	if depth > source.FollowDepth {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if fn, _ := typeutil.Callee(sf.pc.Info, x).(*types.Func); fn != nil && (effect.KindOfValue(fn) == effect.ValueHash || sf.hashes(fn, depth)) {
				found = true
			}
		case *ast.Ident:
			if v, ok := sf.pc.Info.Uses[x].(*types.Var); ok && source.IsLocal(v) {
				for _, d := range sf.pc.Defs(v) {
					if d.Rhs != nil && sf.hashed(d.Rhs, depth+1) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// hashes reports a function of the package that returns an unkeyed hash
// on every return (digest(args...) string: hex of sha256 over them), and
// makes no MAC or cipher of its own.
func (sf *stateFlow) hashes(fn *types.Func, depth int) bool {
	decl := sf.pc.FuncDecl(fn)
	if decl == nil || decl.Body == nil || fn.Type().(*types.Signature).Results().Len() != 1 {
		return false
	}
	rets, unhashed := 0, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if callee, _ := typeutil.Callee(sf.pc.Info, x).(*types.Func); callee != nil && callee.Pkg() != nil && keyedPkg(callee.Pkg().Path()) {
				unhashed = true // a MAC, a cipher, a signature: keyed
			}
		case *ast.ReturnStmt:
			if len(x.Results) != 1 || !sf.hashed(x.Results[0], depth+1) {
				unhashed = true // a return that is not a hash
			}
			rets++
		}
		return !unhashed
	})
	return rets > 0 && !unhashed
}

// keyedPkg reports a package of MACs, ciphers or signatures: a function
// that uses one keys what it makes.
func keyedPkg(path string) bool {
	switch path {
	case "crypto/hmac", "crypto/cipher", "crypto/aes", "crypto/ed25519", "crypto/ecdsa", "crypto/rsa", "golang.org/x/crypto/chacha20poly1305", "golang.org/x/crypto/nacl/secretbox":
		return true
	}
	return false
}

// boolUse records a condition that is a bool read from the state.
func (sf *stateFlow) boolUse(cond ast.Expr, path []ast.Node) {
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				visit(x.X)
			}
		case *ast.BinaryExpr:
			if x.Op == token.LAND || x.Op == token.LOR {
				visit(x.X)
				visit(x.Y)
			}
		case *ast.Ident, *ast.SelectorExpr:
			if t := sf.taintOf(x); t&TaintParsed != 0 && source.IsBool(sf.pc.Info.TypeOf(x)) {
				sf.add(StateUse{Kind: UseTest, At: x, Path: source.AppendPath(path, x), Test: "a value read from it", Decoded: t&TaintDecoded != 0})
			}
		}
	}
	visit(cond)
}

// resultUse records a value read from the state in a final result (but
// not in the state it mints for the next round).
func (sf *stateFlow) resultUse(ret *ast.ReturnStmt, path []ast.Node) {
	pc := sf.pc
	source.WalkWithPath(ret, func(n ast.Node, p []ast.Node) {
		e, ok := n.(ast.Expr)
		if !ok || len(sf.uses) > 0 && sf.uses[len(sf.uses)-1].At == ast.Node(ret) {
			return
		}
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := pc.Info.Uses[id].(*types.Var); ok && v.IsField() && pc.SDKs.ByPkg[source.PkgPath(v)] != nil {
					return
				}
			}
		}
		switch e.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr:
		default:
			return
		}
		if t := sf.taintOf(e); t&TaintParsed != 0 && !inStateField(pc, p) {
			sf.add(StateUse{Kind: UseResult, At: ret, Path: path, Decoded: t&TaintDecoded != 0})
		}
	})
}

// inStateField reports whether the top of path is the value of a result's
// RequestState.
func inStateField(pc *Pkg, path []ast.Node) bool {
	for i := len(path) - 2; i >= 0; i-- {
		kv, ok := path[i].(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			if v, ok := pc.Info.Uses[id].(*types.Var); ok && v.IsField() {
				if sdk := pc.SDKs.ByPkg[source.PkgPath(v)]; sdk != nil && sdk.Duties() != nil && v.Name() == sdk.Duties().StateField {
					return true
				}
			}
		}
	}
	return false
}

// hmacKeysOK reports whether no hmac.New of the function takes its key
// from the state or the request: its SDK values, or in a handler, the
// arguments it is given (the tool's typed input).
func (sf *stateFlow) hmacKeysOK() bool {
	pc := sf.pc
	ok := true
	args := sf.handlerArgs()
	ast.Inspect(sf.body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !isCall || len(call.Args) != 2 {
			return true
		}
		fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "crypto/hmac" || fn.Name() != "New" {
			return true
		}
		key := call.Args[1]
		if sf.taintOf(key) != 0 || sf.fromRequest(key, args, 3) {
			ok = false
		}
		return ok
	})
	return ok
}

// fromRequest reports a key made from the request or the call's own
// arguments (args) alone, also through local variables given such a
// value once (service, _ := request.RequireString("service")). A key
// that also takes something the server holds (a package-level variable,
// a field of the method's receiver, a function of the package that may
// derive it from a secret: h.keyFor(user)) is the server's.
func (sf *stateFlow) fromRequest(e ast.Expr, args map[types.Object]bool, depth int) bool {
	req, server := sf.keySources(e, args, depth)
	return req && !server
}

func (sf *stateFlow) keySources(e ast.Expr, args map[types.Object]bool, depth int) (req, server bool) {
	pc := sf.pc
	var recv types.Object
	if sig := pc.SignatureOf(sf.fn); sig != nil && sig.Recv() != nil {
		recv = sig.Recv()
	}
	ast.Inspect(e, func(k ast.Node) bool {
		switch k := k.(type) {
		case *ast.CallExpr:
			if fn, _ := typeutil.Callee(pc.Info, k).(*types.Func); fn != nil && fn.Pkg() == pc.Pass.Pkg {
				server = true
			}
		case *ast.Ident:
			obj := pc.Info.Uses[k]
			v, isVar := obj.(*types.Var)
			switch {
			case args[obj]:
				req = true // the call's own arguments
			case obj != nil && obj == recv:
				server = true
			case isVar && v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
				server = true
			case depth > 0:
				if def, _ := pc.SingleAssignment(k); def != nil {
					r, s := sf.keySources(def, args, depth-1)
					req, server = req || r, server || s
				}
			}
		}
		if x, isExpr := k.(ast.Expr); isExpr && pc.host.FromSDK(pc.Info.TypeOf(x)) {
			req = true // from the request
		}
		return true
	})
	return req, server
}

// handlerArgs are the parameters of the function, when it is a handler of
// an SDK, that carry what the client sent (all but its context).
func (sf *stateFlow) handlerArgs() map[types.Object]bool {
	pc := sf.pc
	sig := pc.SignatureOf(sf.fn)
	if sig == nil || !pc.host.RoundTripHandler(sf.fn) {
		return nil
	}
	args := map[types.Object]bool{}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); !source.IsContext(p.Type()) {
			args[p] = true
		}
	}
	return args
}

package reqstate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// This file follows the RequestState a client echoes back: where a
// function reads it, what it makes of it (copies, decodes, parts), where
// an integrity check proves it is the server's own, and where the rest
// decides something (see docs/request-state.md). The request-state check
// reads StateFuncs; StateFact carries what a function does with its
// argument to other packages.
//
// Integrity checks: hmac.Equal or subtle.ConstantTimeCompare (when no
// hmac.New of the function takes a key from the request or the state),
// a cipher.AEAD's Open, ed25519, ecdsa and rsa signature checks; a
// function of this package or, by its StateFact, of another that does
// one of these on its argument. A call elicitlint cannot see into that
// takes the state (another package's function without a fact, a method
// of an interface, a token library) counts as one too: precision first.

// Taint is what a value holds of the client's RequestState.
type Taint uint8

const (
	// TaintRaw: the state as the client sent it (or a copy).
	TaintRaw Taint = 1 << iota
	// TaintParsed: a part of it or a value read from it.
	TaintParsed
	// TaintDecoded: read through a plain decoding (base64, hex, JSON),
	// which proves nothing about who wrote it.
	TaintDecoded
)

// StateUseKind is what a use of the state does.
type StateUseKind uint8

const (
	// UseTest: a test of the state's content decides a branch (a
	// comparison with a constant, a switch, a bool read from it).
	UseTest StateUseKind = iota
	// UseWeak: a test that looks like an integrity check and is not (a
	// prefix or suffix test, a helper that does one); Test says which.
	UseWeak
	// UseHash: a comparison with an unkeyed hash.
	UseHash
	// UseResult: a value read from the state goes into a final result.
	UseResult
	// UseArg: a value read from the state is passed to a function that
	// does the work (a target, an amount).
	UseArg
	// UseIndex: a value read from the state is an index or a map key.
	UseIndex
)

// The weak tests that are attempts at a cryptographic check.
const (
	testKeyedMAC   = "an HMAC whose key comes from the request"
	testUnkeyedSum = "a comparison with an unkeyed hash"
)

// StateUse is one use of the state that no integrity check comes before.
type StateUse struct {
	Kind StateUseKind
	// At is where the use is; Path the path from the file to it.
	At   ast.Node
	Path []ast.Node
	// Test names a weak test ("a suffix test"); Via is the helper that
	// makes it, if any; Callee names the function of a UseArg.
	Test, Callee string
	Via          *types.Func
	// TestAt is where Via makes its test, when Via is of this package.
	TestAt token.Pos
	// Presence is set when Via only tests that the state is there: it is
	// taken as a check only where the call fails when it fails.
	Presence bool
	// Decoded is set when the value went through a plain decoding.
	Decoded bool
}

// Cryptographic reports a weak test that is the function's attempt at
// the integrity check itself, by hand or through Via: an HMAC keyed from
// the request, a comparison with an unkeyed hash.
func (u StateUse) Cryptographic() bool {
	return u.Kind == UseHash || u.Kind == UseWeak && (u.Test == testKeyedMAC || u.Test == testUnkeyedSum)
}

// StateFunc is a function that reads the RequestState of a request.
type StateFunc struct {
	SDK   *mcpsdk.SDK
	Fn    ast.Node
	Reads []*ast.SelectorExpr
	// Uses are the uses that no integrity check comes before, in source
	// order.
	Uses []StateUse
	// Mints are the state values the function gives its results that are
	// made without a key: constants and concatenations.
	Mints []ast.Expr
	// Checked is set when an integrity check (or a call elicitlint cannot
	// see into) takes the state somewhere in the function, Verified when
	// it is an integrity check.
	Checked, Verified bool
}

// stateIndex is the package's state functions and its helpers'
// summaries.
type stateIndex struct {
	funcs   []*StateFunc
	mu      sync.Mutex
	helpers map[*types.Func]map[int]*StateFact
}

// StateFuncs returns the functions of the package that read the
// RequestState of a request, with what they do with it.
func (pc *Pkg) StateFuncs() []*StateFunc {
	if pc.state == nil {
		return nil
	}
	return pc.state.funcs
}

// StateFact says what a function does with its argument Param, a string
// or []byte: it checks its integrity (Verifies), tests it only weakly
// (Weak names the test), or returns values read from it (Parses).
type StateFact struct {
	Param    int
	Verifies bool
	Weak     string
	// Presence is set when the weak test only tells whether the state is
	// there (`return state != ""`).
	Presence bool
	Parses   bool
	Decodes  bool
	// Into is one more than the index of the parameter the function
	// decodes or parses the state into (json.Unmarshal(b, v) with v a
	// parameter), or 0.
	Into int
	// at is where the function makes its weak test; it is not encoded,
	// so only this package's summaries have it.
	at token.Pos
	// plain: a function of this package whose body, read whole, neither
	// checks the state nor returns a part of it (not encoded either).
	plain bool
}

func (*StateFact) AFact() {}

func (f *StateFact) String() string {
	switch {
	case f.Verifies:
		return "verifies-state"
	case f.Weak != "":
		return "weak-state-check(" + f.Weak + ")"
	}
	return "parses-state"
}

// stateFactsOf returns the StateFact of a function for its argument i:
// this package's summary, or another package's fact.
func (pc *Pkg) stateFactOf(fn *types.Func, i int) *StateFact {
	fn = fn.Origin()
	if fn.Pkg() == pc.Pass.Pkg {
		return pc.stateHelper(fn, i)
	}
	f := new(StateFact)
	if pc.Pass.ImportObjectFact(fn, f) && f.Param == i {
		return f
	}
	return nil
}

// stateHelper summarises argument i of a function of this package.
func (pc *Pkg) stateHelper(fn *types.Func, i int) *StateFact {
	ix := pc.state
	if ix == nil {
		return nil
	}
	ix.mu.Lock()
	if m, ok := ix.helpers[fn]; ok {
		if f, ok := m[i]; ok {
			ix.mu.Unlock()
			return f
		}
	} else {
		ix.helpers[fn] = map[int]*StateFact{}
	}
	ix.helpers[fn][i] = nil // in progress: a recursive call learns nothing
	ix.mu.Unlock()
	f := pc.summariseStateParam(fn, i)
	ix.mu.Lock()
	ix.helpers[fn][i] = f
	ix.mu.Unlock()
	return f
}

// summariseStateParam follows argument i of fn through its body.
func (pc *Pkg) summariseStateParam(fn *types.Func, i int) *StateFact {
	decl := pc.FuncDecl(fn)
	sig := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || i >= sig.Params().Len() {
		return nil
	}
	sf := &stateFlow{pc: pc, fn: decl, body: decl.Body, vars: map[*types.Var]Taint{sig.Params().At(i): TaintRaw}}
	sf.run()
	out := &StateFact{Param: i}
	switch {
	case sf.verified:
		out.Verifies = true
	case sf.opaque:
		return nil
	default:
		res := sig.Results()
		boolFunc := res.Len() >= 1 && source.IsBool(res.At(0).Type())
		for _, u := range sf.uses {
			if boolFunc && (u.Kind == UseWeak || u.Kind == UseHash || u.Kind == UseTest) && out.Weak == "" {
				out.Weak, out.at = u.Test, u.At.Pos()
				if u.Kind == UseHash {
					out.Weak = testUnkeyedSum
				}
			}
		}
		if boolFunc && len(sf.uses) == 0 && sf.presence != nil {
			out.Weak, out.Presence, out.at = "an emptiness test", true, sf.presence.Pos()
		}
		out.Parses, out.Decodes = sf.returnsTaint()
		if j, decodes := sf.decodesInto(sig); j >= 0 {
			out.Into, out.Decodes = j+1, out.Decodes || decodes
		}
		if out.Weak == "" && !out.Parses && out.Into == 0 {
			return &StateFact{Param: i, plain: true}
		}
	}
	return out
}

// exportStateFacts exports the StateFact of the package's exported
// functions that take a string or []byte.
func exportStateFacts(pc *Pkg) {
	for fd, fn := range pc.FuncDecls() {
		if !fd.Name.IsExported() {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		for i := 0; i < params.Len(); i++ {
			if !source.IsStringish(params.At(i).Type()) {
				continue
			}
			// A function that only parses its argument is not exported
			// as one unless it decodes it (base64, JSON): every string
			// helper parses.
			if sf := pc.stateHelper(fn, i); sf != nil && (sf.Verifies || sf.Weak != "" || sf.Decodes || sf.Into > 0) {
				pc.Pass.ExportObjectFact(fn, sf)
				break // one fact per object
			}
		}
	}
}

// indexState finds the functions that read a request's RequestState and
// follows the state through each. It runs during the model's build.
func (pc *Pkg) indexState() {
	ix := &stateIndex{helpers: map[*types.Func]map[int]*StateFact{}}
	pc.state = ix // stateHelper, called below, finds it here
	byFn := map[ast.Node]*StateFunc{}
	var order []ast.Node
	for _, f := range pc.Pass.Files {
		source.WalkWithPath(f, func(n ast.Node, path []ast.Node) {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return
			}
			sdk, read := pc.stateField(sel)
			if sdk == nil || !read || source.IsAssignTarget(sel, path) {
				return
			}
			fn, _ := source.Enclosing(path)
			if fn == nil {
				return
			}
			sfn := byFn[fn]
			if sfn == nil {
				sfn = &StateFunc{SDK: sdk, Fn: fn}
				byFn[fn] = sfn
				order = append(order, fn)
			}
			sfn.Reads = append(sfn.Reads, sel)
		})
	}
	for _, fn := range order {
		sfn := byFn[fn]
		body := source.FuncBody(fn)
		flow := &stateFlow{pc: pc, fn: fn, body: body, vars: map[*types.Var]Taint{}, reads: sfn.Reads}
		flow.run()
		sfn.Uses = flow.uses
		sfn.Checked, sfn.Verified = flow.verified || flow.opaque, flow.verified
		sfn.Mints = pc.keylessMints(fn)
		ix.funcs = append(ix.funcs, sfn)
	}
}

// stateField reports a selection of the SDK's RequestState field: read
// is true on a request's params (they hold the answers too), false on a
// result (it holds the requests).
func (pc *Pkg) stateField(sel *ast.SelectorExpr) (*mcpsdk.SDK, bool) {
	obj, _ := pc.Info.Uses[sel.Sel].(*types.Var)
	if obj == nil || !obj.IsField() || obj.Pkg() == nil {
		return nil, false
	}
	sdk := pc.SDKs.ByPkg[obj.Pkg().Path()]
	d := sdk.Duties()
	if d == nil || obj.Name() != d.StateField {
		return nil, false
	}
	t := pc.Info.TypeOf(sel.X)
	if f, _, _ := types.LookupFieldOrMethod(t, true, nil, sdk.RoundTrip.ResponsesField); f != nil {
		return sdk, true
	}
	return sdk, false
}

// keylessMints returns the state values fn gives its results that are
// constants or concatenations with constants: minted with no key.
func (pc *Pkg) keylessMints(fn ast.Node) []ast.Expr {
	var out []ast.Expr
	keyless := func(e ast.Expr) bool {
		if _, ok := source.ConstString(pc.Info, e); ok {
			return true
		}
		n, ok := source.ConstPartLen(pc.Info, e)
		return ok && n > 0
	}
	ast.Inspect(source.FuncBody(fn), func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				if v, ok := pc.Info.Uses[id].(*types.Var); ok && v.IsField() {
					if sdk := pc.SDKs.ByPkg[source.PkgPath(v)]; sdk != nil && sdk.Duties() != nil && v.Name() == sdk.Duties().StateField && keyless(n.Value) {
						out = append(out, n.Value)
					}
				}
			}
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(pc.Info, n).(*types.Func)
			if fn == nil || len(n.Args) != 1 {
				return true
			}
			if sdk := pc.SDKs.OfPkg(fn); sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.NewBuilder != "" && fn.Name() == sdk.RoundTrip.NewBuilder && keyless(n.Args[0]) {
				if s, ok := source.ConstString(pc.Info, n.Args[0]); !ok || s != "" {
					out = append(out, n.Args[0])
				}
			}
		}
		return true
	})
	return out
}

// stateFlow follows the state through one function.
type stateFlow struct {
	pc    *Pkg
	fn    ast.Node
	body  *ast.BlockStmt
	vars  map[*types.Var]Taint
	reads []*ast.SelectorExpr
	// verified is set once an integrity check takes the state, opaque
	// once a call elicitlint cannot see into does; from there on uses
	// are not reported. at is where.
	verified, opaque bool
	at               token.Pos
	uses             []StateUse
	// presence is the first test of whether the state is there at all.
	presence ast.Node
}

// taintOf returns what e holds of the state.
func (sf *stateFlow) taintOf(e ast.Expr) Taint {
	pc := sf.pc
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := pc.Info.Uses[x].(*types.Var); ok {
			if t := sf.vars[v]; t != 0 && !sf.redefined(x, v) {
				return t
			}
			return 0
		}
	case *ast.SelectorExpr:
		if slices.Contains(sf.reads, x) {
			return TaintRaw
		}
		if _, ok := pc.Info.Selections[x]; ok {
			if t := sf.taintOf(x.X); t != 0 {
				return TaintParsed | t&TaintDecoded
			}
		}
	case *ast.IndexExpr:
		if t := sf.taintOf(x.X); t != 0 {
			return TaintParsed | t&TaintDecoded
		}
	case *ast.SliceExpr:
		if t := sf.taintOf(x.X); t != 0 {
			return TaintParsed | t&TaintDecoded
		}
	case *ast.StarExpr:
		return sf.taintOf(x.X)
	case *ast.UnaryExpr:
		return sf.taintOf(x.X)
	case *ast.TypeAssertExpr:
		if t := sf.taintOf(x.X); t != 0 {
			return TaintParsed | t&TaintDecoded
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			if t := sf.taintOf(x.X) | sf.taintOf(x.Y); t != 0 {
				return TaintParsed | t&TaintDecoded
			}
		}
	case *ast.CallExpr:
		return sf.callTaint(x)
	case *ast.CompositeLit:
		// deployState{Env: fields["env"]}: the value holds the parts.
		var t Taint
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			t |= sf.taintOf(el)
		}
		if t != 0 {
			return TaintParsed | t&TaintDecoded
		}
	}
	return 0
}

// callTaint returns what the result of a call holds of the state.
func (sf *stateFlow) callTaint(call *ast.CallExpr) Taint {
	pc := sf.pc
	if tv, ok := pc.Info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return sf.taintOf(call.Args[0]) // a conversion
	}
	var in Taint
	for _, a := range call.Args {
		in |= sf.taintOf(a)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if _, isMethod := pc.Info.Selections[sel]; isMethod {
			in |= sf.taintOf(sel.X)
		}
	}
	if in == 0 {
		return 0
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil {
		return 0
	}
	switch effect.KindOfValue(fn) {
	case effect.ValueParse:
		return TaintParsed | in&TaintDecoded
	case effect.ValueDecode:
		return TaintParsed | TaintDecoded
	case effect.ValueFormat:
		return in
	}
	for i, a := range call.Args {
		if sf.taintOf(a) == 0 {
			continue
		}
		if f := pc.stateFactOf(fn, i); f != nil && f.Parses {
			t := TaintParsed | in&TaintDecoded
			if f.Decodes {
				t |= TaintDecoded
			}
			return t
		}
	}
	return 0
}

// run propagates the state through the function's variables to a fixed
// point, then finds its uses.
func (sf *stateFlow) run() {
	if sf.body == nil {
		return
	}
	for changed := true; changed; {
		changed = false
		set := func(e ast.Expr, t Taint) {
			if t == 0 {
				return
			}
			// A part of the state stored in an element or a field
			// (fields[k] = v, st.Env = v) is held by the container.
			for {
				switch x := ast.Unparen(e).(type) {
				case *ast.IndexExpr:
					e, t = x.X, TaintParsed|t&TaintDecoded
					continue
				case *ast.SelectorExpr:
					if sel := sf.pc.Info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
						e, t = x.X, TaintParsed|t&TaintDecoded
						continue
					}
				}
				break
			}
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				return
			}
			v, ok := sf.pc.Info.ObjectOf(id).(*types.Var)
			if ok && sf.vars[v]|t != sf.vars[v] {
				sf.vars[v] |= t
				changed = true
			}
		}
		ast.Inspect(sf.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
					return true
				}
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						set(n.Lhs[i], sf.taintOf(n.Rhs[i]))
					}
				} else if len(n.Rhs) == 1 {
					t := sf.taintOf(n.Rhs[0])
					for _, l := range n.Lhs {
						set(l, t)
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) == len(n.Names) {
					for i := range n.Names {
						set(n.Names[i], sf.taintOf(n.Values[i]))
					}
				}
			case *ast.RangeStmt:
				if t := sf.taintOf(n.X); t != 0 {
					set(n.Key, TaintParsed|t&TaintDecoded)
					if n.Value != nil {
						set(n.Value, TaintParsed|t&TaintDecoded)
					}
				}
			case *ast.CallExpr:
				// json.Unmarshal(state, &v), fmt.Sscanf(state, f, &a):
				// the outputs hold the state.
				fn, _ := typeutil.Callee(sf.pc.Info, n).(*types.Func)
				if fn == nil || len(n.Args) == 0 {
					return true
				}
				k := effect.KindOfValue(fn)
				if k == effect.ValueOther {
					// A function of the project that decodes its
					// argument into another (decode(state, &v)), as its
					// summary says.
					for i, a := range n.Args {
						t := sf.taintOf(a)
						if t == 0 {
							continue
						}
						if f := sf.pc.stateFactOf(fn, i); f != nil && f.Into > 0 && f.Into <= len(n.Args) {
							out := TaintParsed | t&TaintDecoded
							if f.Decodes {
								out |= TaintDecoded
							}
							set(source.UnAddr(n.Args[f.Into-1]), out)
						}
					}
					return true
				}
				if out := sf.decodeCall(n); out != 0 {
					for _, a := range n.Args {
						if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
							set(u.X, out)
						}
					}
				}
			}
			return true
		})
	}
	sf.findUses()
}

// decodesInto returns the index of the parameter of sig the function
// decodes or parses the state into, a pointer or interface handed as it
// is to json.Unmarshal or the like (json.Unmarshal(b, v)), and whether
// through a plain decoding; -1 when there is none.
func (sf *stateFlow) decodesInto(sig *types.Signature) (idx int, decodes bool) {
	idx = -1
	ast.Inspect(sf.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && idx < 0 {
			for _, a := range call.Args {
				id, _ := ast.Unparen(a).(*ast.Ident)
				for j := range sig.Params().Len() {
					if id != nil && sf.pc.Info.Uses[id] == sig.Params().At(j) && sf.taintOf(a) == 0 {
						if out := sf.decodeCall(call); out != 0 {
							idx, decodes = j, out&TaintDecoded != 0
						}
					}
				}
			}
		}
		return idx < 0
	})
	return idx, decodes
}

// decodeCall reads a call of a function that decodes or parses what it is
// given (json.Unmarshal(state, &v), fmt.Sscanf(state, f, &a)): the taint
// its outputs get from the state it is given, or 0.
func (sf *stateFlow) decodeCall(call *ast.CallExpr) Taint {
	fn, _ := typeutil.Callee(sf.pc.Info, call).(*types.Func)
	if fn == nil {
		return 0
	}
	k := effect.KindOfValue(fn)
	if k != effect.ValueDecode && k != effect.ValueParse {
		return 0
	}
	var in Taint
	for _, a := range call.Args {
		in |= sf.taintOf(a)
	}
	if in == 0 {
		return 0
	}
	out := TaintParsed | in&TaintDecoded
	if k == effect.ValueDecode {
		out |= TaintDecoded
	}
	return out
}

// returnsTaint reports whether the function returns a value read from
// the state, and whether through a plain decoding.
func (sf *stateFlow) returnsTaint() (parses, decodes bool) {
	ast.Inspect(sf.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if t := sf.taintOf(r); t != 0 {
					parses = true
					decodes = decodes || t&TaintDecoded != 0
				}
			}
		}
		return true
	})
	return parses, decodes
}

// redefined reports a use of v, a string or a number, that the state no
// longer reaches: a statement before it in its block, or in a block
// around it, gives v a value that is not the state's, and nothing between
// gives it another (handle := state; if handle == "" { handle = open();
// return pending(handle) }).
func (sf *stateFlow) redefined(id *ast.Ident, v *types.Var) bool {
	if _, basic := v.Type().Underlying().(*types.Basic); !basic {
		return false // a map or struct may be filled with the state's parts after
	}
	file := sf.pc.FileOf(id.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, id.Pos(), id.End())
	for i := 0; i+1 < len(path); i++ {
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		}
		at := slices.IndexFunc(list, func(st ast.Stmt) bool { return ast.Node(st) == path[i] })
		for k := at - 1; k >= 0; k-- {
			if rhs, direct := sf.assigns(list[k], v); direct {
				return sf.taintOf(rhs) == 0
			} else if rhs != nil {
				return false // given a value in a branch: either may reach
			}
		}
	}
	return false
}

// assigns returns the value st gives v: directly (an assignment of v
// alone), or somewhere inside it (direct false); nil when it gives none.
func (sf *stateFlow) assigns(st ast.Stmt, v *types.Var) (rhs ast.Expr, direct bool) {
	if as, ok := st.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
		if id, ok := as.Lhs[0].(*ast.Ident); ok && sf.pc.Info.ObjectOf(id) == v {
			return as.Rhs[0], true
		}
	}
	ast.Inspect(st, func(n ast.Node) bool {
		if rhs != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && sf.pc.Info.ObjectOf(id) == v {
					rhs = l
				}
			}
		case *ast.UnaryExpr:
			if id, ok := x.X.(*ast.Ident); ok && x.Op == token.AND && sf.pc.Info.Uses[id] == v {
				rhs = x // its address taken: anything may set it
			}
		}
		return true
	})
	return rhs, false
}

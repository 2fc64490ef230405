package duties

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file recognises tests of the client's capabilities and of the
// protocol version.
//
// What counts as a test of a capability. A condition tests capability C
// when it is, or implies through && and ||, one of:
//
//   - x != nil (or x == nil, for the other branch), where x selects a
//     capability from a value of the SDK's client capabilities type:
//     caps.Elicitation (form mode: a bare elicitation: {} declares form
//     only), caps.Elicitation.Form (form), caps.Elicitation.URL (url),
//     caps.Sampling (sampling), caps.Sampling.Tools (sampling with tools),
//     caps.RootsV2 or, in mcp-go, caps.Roots (roots); or x is itself a
//     value of the elicitation or sampling capability type
//     (e := caps.Elicitation; e != nil);
//   - go-sdk's caps.Roots.ListChanged (the deprecated roots struct);
//   - a call of a function that returns true only where one of the
//     above holds: of this package (its returns are read), or of another
//     package whose CapabilityFact says so;
//   - a bool local variable assigned one such condition.
//
// The capabilities value is traced to where it comes from: the request
// (go-sdk's req.ClientCapabilities(), mcp-go's
// server.RequestProtocolInfoFromContext(ctx).ClientCapabilities), the
// session (go-sdk's InitializeParams().Capabilities, mcp-go's
// GetClientCapabilities of the session's client info), a function that
// returns one of those, or a local variable assigned them (a variable
// assigned both, the request's with the session's as fallback for older
// clients, counts as the request's). A value elicitlint cannot trace
// counts as the request's: precision first. A value read back from where
// the server kept one (capabilities_kept.go: a sync.Map, a map or a field
// written with the session's, or a package-level variable with a
// request's) counts as the session's.
//
// A test guards a node (HeldAt) when the node is in the branch where the
// test holds: the body of if C (or its else for !C), a case C: of a
// switch without a tag, the right of C && ..., or any statement after
// if !C { ... } whose body always leaves (returns, panics, breaks,
// continues). At a handler, what the package's registered middleware hold
// at every call of next holds too (capabilities_middleware.go).
//
// What counts as a test of the protocol version: a comparison of the
// request's or session's version (go-sdk's req.ProtocolVersion() and
// InitializeParams().ProtocolVersion, mcp-go's RequestProtocolVersion(ctx)
// and RequestProtocolInfo.ProtocolVersion) with a constant, and mcp-go's
// IsModernRequest(ctx), RequestProtocolInfo.Modern and
// mcp.IsModernProtocol(v); or a function that returns true only under
// such a test. Held.Older is set where the request is of a protocol
// before 2026-07-28.

// Caps is a set of capabilities a request of the round trip needs.
type Caps uint8

const (
	CapForm         Caps = 1 << iota // elicitation in form mode
	CapURL                           // elicitation in url mode
	CapSampling                      // sampling
	CapSamplingTool                  // sampling with tools
	CapRoots                         // roots
)

// capsByName maps the SDK table's capability names to Caps.
var capsByName = map[string]Caps{
	mcpsdk.CapForm: CapForm, mcpsdk.CapURL: CapURL, mcpsdk.CapSampling: CapSampling,
	mcpsdk.CapSamplingTool: CapSamplingTool | CapSampling, mcpsdk.CapRoots: CapRoots,
}

// String names the capabilities as the spec's client capabilities do.
func (c Caps) String() string {
	var names []string
	for _, n := range []struct {
		c    Caps
		name string
	}{{CapForm, "elicitation (form)"}, {CapURL, "elicitation.url"}, {CapSampling, "sampling"}, {CapSamplingTool, "sampling.tools"}, {CapRoots, "roots"}} {
		if c&n.c != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ", ")
}

// Held is what holds where a node runs, or where a condition is true or
// false: the capabilities tested and whether the request is of an older
// protocol.
type Held struct {
	// Req are the capabilities tested on the request's own declaration
	// (or on a value whose source cannot be told); Sess those tested only
	// on the session's.
	Req, Sess Caps
	// Older is set where the request is of a protocol before 2026-07-28.
	Older bool
	// Kept names the place the session's capabilities were read from when
	// the server kept them (capsBySession), for messages.
	Kept string
}

// Tested returns every capability tested, on the request or the session.
func (h Held) Tested() Caps { return h.Req | h.Sess }

func (h Held) union(o Held) Held {
	req := h.Req | o.Req
	return Held{Req: req, Sess: (h.Sess | o.Sess) &^ req, Older: h.Older || o.Older, Kept: cmp.Or(h.Kept, o.Kept)}
}

func (h Held) intersect(o Held) Held {
	both := h.Tested() & o.Tested()
	req := h.Req & o.Req & both
	return Held{Req: req, Sess: both &^ req, Older: h.Older && o.Older, Kept: cmp.Or(h.Kept, o.Kept)}
}

// heldAtAll folds what holds at several places (the paths to a return,
// the callers of a function, a case's expressions) into what holds at
// every one of them: the first as it is, then the intersection.
type heldAtAll struct {
	Held
	n int
}

func (a *heldAtAll) add(h Held) {
	if a.n == 0 {
		a.Held = h
	} else {
		a.Held = a.Held.intersect(h)
	}
	a.n++
}

// capSrc is where a capabilities value comes from.
type capSrc uint8

const (
	srcRequest capSrc = 1 << iota
	srcSession
	srcUnknown
	srcKept // kept by the server beyond the request (capabilities_kept.go)
)

// heldOn returns the capabilities c as tested on the capabilities value x.
func (pc *Pkg) heldOn(x ast.Expr, depth int, c Caps) Held {
	o := pc.capsSource(x, depth)
	h := o.src.held(c)
	if h.Sess != 0 && o.src&srcKept != 0 {
		h.Kept = o.kept
	}
	return h
}

// held returns the capabilities c as tested on a value from src.
func (src capSrc) held(c Caps) Held {
	if src&(srcRequest|srcUnknown) != 0 || src == 0 {
		return Held{Req: c}
	}
	return Held{Sess: c}
}

// CondHeld returns what holds when the condition e is true, and when it
// is false.
func (pc *Pkg) CondHeld(e ast.Expr) (whenTrue, whenFalse Held) {
	return pc.condHeld(e, 0)
}

func (pc *Pkg) condHeld(e ast.Expr, depth int) (t, f Held) {
	if depth > source.FollowDepth {
		return
	}
	if pc.isModernCond(ast.Unparen(e)) {
		return Held{}, Held{Older: true}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f = pc.condHeld(e.X, depth+1)
			return f, t
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			ta, fa := pc.condHeld(e.X, depth+1)
			tb, fb := pc.condHeld(e.Y, depth+1)
			return ta.union(tb), fa.intersect(fb)
		case token.LOR:
			ta, fa := pc.condHeld(e.X, depth+1)
			tb, fb := pc.condHeld(e.Y, depth+1)
			return ta.intersect(tb), fa.union(fb)
		case token.EQL, token.NEQ:
			x := e.X
			if source.IsNil(pc.Info, e.X) {
				x = e.Y
			} else if !source.IsNil(pc.Info, e.Y) {
				return pc.versionCompare(e, depth)
			}
			h, isNil := pc.presence(x, depth), Held{Older: pc.olderIfNil(x)}
			if e.Op == token.EQL {
				return isNil, h
			}
			return h, isNil
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			return pc.versionCompare(e, depth)
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, e).(*types.Func)
		if fn == nil {
			if df := pc.litDutyFunc(e); df != nil {
				return df.WhenTrue, Held{}
			}
			return
		}
		if df := pc.dutyFuncOf(fn); df != nil {
			return df.WhenTrue, Held{}
		}
	case *ast.SelectorExpr:
		if _, ok := pc.Info.Uses[e.Sel].(*types.Var); ok {
			if h, ok := pc.rootsListChanged(e, depth); ok {
				return h, Held{}
			}
		}
	case *ast.TypeAssertExpr, *ast.IndexExpr:
		if h, ok := pc.keptBool(e, depth+1); ok {
			return h, Held{}
		}
	case *ast.Ident:
		v, ok := pc.Info.Uses[e].(*types.Var)
		if !ok || !source.IsLocal(v) {
			return
		}
		defs := pc.Defs(v)
		if len(defs) == 1 && !defs[0].Unknown && !defs[0].Tuple {
			return pc.condHeld(defs[0].Rhs, depth+1)
		}
		return pc.boolDefsHeld(defs, depth), Held{}
	}
	return
}

// boolDefsHeld returns what holds when a bool variable given several
// values is true: what each value that may be true says, with what holds
// where it is given, over all of them. A session's capabilities tested
// where the request is of an older protocol count as the request's (they
// are): canAsk set from the request's on 2026-07-28 and from the
// session's otherwise guards either way.
func (pc *Pkg) boolDefsHeld(defs []source.VarDef, depth int) Held {
	var acc heldAtAll
	for _, d := range defs {
		if d.Unknown || d.Tuple && !pc.keptValue(d) {
			return Held{}
		}
		if v, ok := pc.ConstBool(d.Rhs); d.Rhs == nil || ok && !v {
			continue // the zero value, or false: it never makes the variable true
		}
		t, _ := pc.condHeld(d.Rhs, depth+1)
		if d.Tuple {
			kept, ok := pc.keptBool(d.Rhs, depth+1)
			if !ok {
				return Held{}
			}
			t = kept
		}
		if pc.eraOlder(d.Rhs) {
			t.Older = true
		}
		if t.Older {
			t.Req, t.Sess = t.Req|t.Sess, 0
		}
		acc.add(t)
	}
	return acc.Held
}

// presence returns what x != nil establishes: the capability x selects,
// as tested on where its capabilities value comes from.
func (pc *Pkg) presence(x ast.Expr, depth int) Held {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		xt := pc.Info.TypeOf(sel.X)
		for _, sdk := range pc.SDKs.All {
			d := sdk.Duties()
			if d == nil {
				continue
			}
			name := sel.Sel.Name
			switch {
			case sdk.IsType(xt, d.CapsType):
				if c, ok := d.CapFields[name]; ok {
					return pc.heldOn(sel.X, depth+1, capsByName[c])
				}
			case sdk.IsType(xt, d.ElicitCapsType):
				switch name {
				case d.FormField:
					return pc.heldOn(sel.X, depth+1, CapForm)
				case d.URLField:
					return pc.heldOn(sel.X, depth+1, CapURL)
				}
			case sdk.IsType(xt, d.SamplingCapsType):
				if name == d.ToolsField {
					return pc.heldOn(sel.X, depth+1, CapSampling|CapSamplingTool)
				}
			}
		}
	}
	t := pc.Info.TypeOf(x)
	for _, sdk := range pc.SDKs.All {
		d := sdk.Duties()
		if d == nil {
			continue
		}
		switch {
		case sdk.IsType(t, d.ElicitCapsType):
			return pc.heldOn(x, depth+1, CapForm)
		case sdk.IsType(t, d.SamplingCapsType):
			return pc.heldOn(x, depth+1, CapSampling)
		}
	}
	return Held{}
}

// olderIfNil reports a value whose nil means a request of an older
// protocol (Duties.OlderIfNil).
func (pc *Pkg) olderIfNil(x ast.Expr) bool {
	t := pc.Info.TypeOf(x)
	for _, sdk := range pc.SDKs.All {
		if d := sdk.Duties(); d != nil {
			for _, name := range d.OlderIfNil {
				if sdk.IsType(t, name) {
					return true
				}
			}
		}
	}
	return false
}

// rootsListChanged reads go-sdk's caps.Roots.ListChanged, a bool of the
// deprecated roots struct: true only when the client declared roots.
func (pc *Pkg) rootsListChanged(e *ast.SelectorExpr, depth int) (Held, bool) {
	inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr)
	if !ok {
		return Held{}, false
	}
	xt := pc.Info.TypeOf(inner.X)
	for _, sdk := range pc.SDKs.All {
		d := sdk.Duties()
		if d == nil || d.RootsListChanged == "" || e.Sel.Name != d.RootsListChanged || !sdk.IsType(xt, d.CapsType) {
			continue
		}
		if d.CapFields[inner.Sel.Name] == mcpsdk.CapRoots {
			return pc.heldOn(inner.X, depth+1, CapRoots), true
		}
	}
	return Held{}, false
}

// capOrigin is where a capabilities value comes from, and for one kept by
// the server (srcKept), the name of the store it is read from.
type capOrigin struct {
	src  capSrc
	kept string
}

// capsSource returns where a capabilities value (of the client
// capabilities type, or of one of its parts) comes from: here, or in a
// helper that returns it.
func (pc *Pkg) capsSource(e ast.Expr, depth int) capOrigin {
	unknown := capOrigin{src: srcUnknown}
	if depth > source.FollowDepth {
		return unknown
	}
	e = ast.Unparen(e)
	if place, at := pc.storeOf(e); place != nil {
		return capOrigin{srcKept, pc.storeName(place, at)}
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return pc.capsSource(x.X, depth+1)
		}
	case *ast.StarExpr:
		return pc.capsSource(x.X, depth+1)
	case *ast.TypeAssertExpr:
		return pc.capsSource(x.X, depth+1) // a value kept as any
	case *ast.SelectorExpr:
		xt := pc.Info.TypeOf(x.X)
		for _, sdk := range pc.SDKs.All {
			d := sdk.Duties()
			if d == nil {
				continue
			}
			if sdk.IsType(xt, d.CapsType) || sdk.IsType(xt, d.ElicitCapsType) || sdk.IsType(xt, d.SamplingCapsType) {
				return pc.capsSource(x.X, depth+1) // a part of a capabilities value
			}
			obj, _ := pc.Info.Uses[x.Sel].(*types.Var)
			if obj == nil || !obj.IsField() || obj.Pkg() == nil || pc.SDKs.ByPkg[obj.Pkg().Path()] != sdk {
				continue
			}
			if d.SessionCapsField != "" && x.Sel.Name == d.SessionCapsField {
				return capOrigin{src: srcSession} // InitializeParams.Capabilities
			}
			if d.RequestInfoCaps != "" && x.Sel.Name == d.RequestInfoCaps {
				return capOrigin{src: srcRequest} // RequestProtocolInfo.ClientCapabilities
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, x).(*types.Func)
		if fn == nil {
			return unknown
		}
		for _, sdk := range pc.SDKs.All {
			d := sdk.Duties()
			if d == nil {
				continue
			}
			if d.RequestCaps.Matches(sdk, fn.Origin(), nil) && d.RequestInfoCaps == "" {
				return capOrigin{src: srcRequest}
			}
			if mcpsdk.MatchesAny(d.SessionCaps, sdk, fn.Origin(), nil) {
				return capOrigin{src: srcSession}
			}
		}
		if df := pc.dutyFuncOf(fn); df != nil && df.CapsSrc != 0 {
			return capOrigin{capSrc(df.CapsSrc), df.Kept}
		}
	case *ast.Ident:
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !source.IsLocal(v) {
			return unknown
		}
		var o capOrigin
		for _, d := range pc.Defs(v) {
			if d.Unknown || d.Tuple && !pc.keptValue(d) && !pc.capsHelperValue(d) {
				return unknown
			}
			if d.Rhs == nil {
				continue // var caps T: the zero value declares nothing
			}
			def := pc.capsSource(d.Rhs, depth+1)
			o.src |= def.src
			if o.kept == "" {
				o.kept = def.kept
			}
		}
		if o.src == 0 {
			return unknown
		}
		return o
	}
	return unknown
}

// HeldAt returns what holds where the last node of path runs: the tests
// whose true (or false) branch it is in, within its function. path runs
// from the file (or any ancestor of the function) to the node.
func (pc *Pkg) HeldAt(path []ast.Node) Held {
	var h Held
	trues := pc.truesAt(path)
	for i := len(path) - 1; i > 0; i-- {
		child, parent := path[i], path[i-1]
		switch p := parent.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return h
		case *ast.IfStmt:
			t, f := pc.condHeld(p.Cond, 0)
			if pc.acceptTest(p.Cond) {
				t = t.union(Held{Req: CapForm}) // the client answered a form on this call
			}
			switch child {
			case p.Body:
				h = h.union(t)
			case p.Else:
				h = h.union(f)
			}
		case *ast.CaseClause:
			if pc.acceptCase(path, i) {
				h = h.union(Held{Req: CapForm}) // the client answered a form on this call
			}
			if sw := source.TaglessCase(path, i); sw != nil {
				var c heldAtAll
				for _, e := range p.List {
					t, _ := pc.condHeld(e, 0)
					c.add(t)
				}
				h = h.union(c.Held).union(pc.earlierCasesFalse(sw, p, trues))
			}
			h = h.union(pc.exitsBefore(p.Body, child, trues))
		case *ast.BlockStmt:
			h = h.union(pc.exitsBefore(p.List, child, trues))
		case *ast.BinaryExpr:
			if child == ast.Node(p.Y) {
				t, f := pc.condHeld(p.X, 0)
				switch p.Op {
				case token.LAND:
					h = h.union(t)
				case token.LOR:
					h = h.union(f)
				}
			}
		}
	}
	return h
}

// acceptCase reports whether path[i] is a statement of a case that
// names "accept" in a switch on the action of an SDK's elicitation
// answer: a client that accepted a form on this call declared form
// elicitation, so asking it another question there needs no test.
func (pc *Pkg) acceptCase(path []ast.Node, i int) bool {
	sw, cc := source.CaseOf(path, i)
	return sw != nil && sw.Tag != nil && slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return pc.isAcceptAction(sw.Tag, e) })
}

// acceptTest reports a condition that holds only where an SDK's
// elicitation answer was accepted: res.Action == "accept", alone or as a
// term of an &&. It is not one of condHeld's tests, which the fail-open
// paths read as the client's declaration.
func (pc *Pkg) acceptTest(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return pc.acceptTest(b.X) || pc.acceptTest(b.Y)
	case token.EQL:
		return pc.isAcceptAction(b.X, b.Y) || pc.isAcceptAction(b.Y, b.X)
	}
	return false
}

// isAcceptAction reports whether action is the action field of an SDK's
// elicitation answer and value the constant "accept".
func (pc *Pkg) isAcceptAction(action, value ast.Expr) bool {
	sel, ok := ast.Unparen(action).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	sdk := pc.SDKs.Result(pc.Info.TypeOf(sel.X))
	s, isConst := source.ConstString(pc.Info, value)
	return sdk != nil && sel.Sel.Name == sdk.ActionField && isConst && s == "accept"
}

// earlierCasesFalse returns what holds in clause cc of a tagless switch
// because every case before it was false (the default clause included,
// wherever it is written), unless a clause falls through into another.
func (pc *Pkg) earlierCasesFalse(sw *ast.SwitchStmt, cc *ast.CaseClause, trues map[string]bool) Held {
	var h Held
	for _, e := range source.EarlierCases(sw, cc) {
		h = h.union(pc.falseGiven(e, trues))
	}
	return h
}

// truesAt returns the conditions known true where the last node of path
// runs, within its function: the terms of the conditions of the ifs whose
// bodies hold it and of the case (of one expression) of a tagless switch
// that holds it, as written.
func (pc *Pkg) truesAt(path []ast.Node) map[string]bool {
	var trues map[string]bool
	add := func(e ast.Expr) {
		for _, t := range source.Conjuncts(e) {
			if trues == nil {
				trues = map[string]bool{}
			}
			trues[types.ExprString(t)] = true
		}
	}
	for i := len(path) - 1; i > 0; i-- {
		switch p := path[i-1].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return trues
		case *ast.IfStmt:
			if path[i] == ast.Node(p.Body) {
				add(p.Cond)
			}
		case *ast.CaseClause:
			if len(p.List) == 1 && source.TaglessCase(path, i) != nil {
				add(p.List[0])
			}
		}
	}
	return trues
}

// falseGiven returns what holds when e is false where the conditions
// trues hold: when every term of e but one is among them (`res == nil &&
// !canElicit(ctx)` false where `res == nil` holds), that term is false.
func (pc *Pkg) falseGiven(e ast.Expr, trues map[string]bool) Held {
	terms := source.Conjuncts(e)
	if len(terms) > 1 && len(trues) > 0 {
		var rest []ast.Expr
		for _, t := range terms {
			if !trues[types.ExprString(t)] {
				rest = append(rest, t)
			}
		}
		if len(rest) == 1 {
			_, f := pc.condHeld(rest[0], 0)
			return f
		}
	}
	_, f := pc.condHeld(e, 0)
	return f
}

// exitsBefore returns what the statements of list before child leave
// holding: after if C { ... } whose body always leaves, C is false.
func (pc *Pkg) exitsBefore(list []ast.Stmt, child ast.Node, trues map[string]bool) Held {
	var h Held
	for _, s := range list {
		if ast.Node(s) == child {
			break
		}
		is, ok := s.(*ast.IfStmt)
		if !ok {
			continue
		}
		t, _ := pc.condHeld(is.Cond, 0)
		if is.Else == nil && pc.Terminates(is.Body) {
			h = h.union(pc.falseGiven(is.Cond, trues))
		}
		if eb, ok := is.Else.(*ast.BlockStmt); ok && pc.Terminates(eb) && !pc.Terminates(is.Body) {
			h = h.union(t)
		}
	}
	return h
}

// HeldThrough returns what holds where the last node of path runs, with
// what holds at every call of its function when that is a helper of the
// package: the intersection over its calls, up to a few calls away,
// stopping at handlers (sdk's), where what the package's receiving
// middleware test before handing a request on holds too. known is false when the function is a
// helper whose calls are not all known (exported, used as a value, a
// literal that is not a handler): then what its callers test is not
// known.
func (pc *Pkg) HeldThrough(path []ast.Node, sdk *mcpsdk.SDK) (h Held, known bool) {
	return pc.heldThrough(path, sdk, 0)
}

func (pc *Pkg) heldThrough(path []ast.Node, sdk *mcpsdk.SDK, depth int) (Held, bool) {
	h := pc.HeldAt(path)
	fnNode, _ := source.Enclosing(path)
	if fnNode == nil {
		return h, false
	}
	decl, _ := fnNode.(*ast.FuncDecl)
	var sites [][]ast.Node
	all := false
	if decl != nil {
		if fn, _ := pc.Info.Defs[decl.Name].(*types.Func); fn != nil {
			sites, all = pc.CallSites(fn)
		}
	}
	// A function with a handler's signature is a helper when it is only
	// called, never registered or passed on (answer, ask :=
	// askRoundTrip(req, key, params)): its callers hold what it holds.
	if sdk.RoundTrip != nil && pc.IsHandler(fnNode, sdk) && !(all && len(sites) > 0) {
		return h.union(pc.middlewareHeld(fnNode, sdk)).union(pc.decoratorHeld(fnNode)), true
	}
	if decl == nil || depth > 3 || !all || len(sites) == 0 {
		return h, false
	}
	var callers heldAtAll
	for _, s := range sites {
		c, ok := pc.heldThrough(s, sdk, depth+1)
		if !ok {
			return h, false
		}
		callers.add(c)
	}
	return h.union(callers.Held), true
}

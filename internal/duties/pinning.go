package duties

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file tells which direct requests protocol 2026-07-28 never
// refuses: those of a package whose every server stays on older protocols
// (pinned), and those made only while serving a request of an older
// protocol. Both are decided from the package's code and the SDK's
// constants, never from a version of the SDK.

// Pinned reports whether every server of sdk the package builds keeps
// direct requests working on every session it serves:
//
//   - go-sdk: the package calls mcp.NewServer at least once, and every
//     call's options set SupportedProtocolVersions to a list of constant
//     versions, all before 2026-07-28 (options written in place, in a
//     variable, set field by field, or returned by a function of the
//     package);
//   - mcp-go: the package serves its servers at least once, and every
//     transport it serves them on keeps direct requests working: stdio
//     when every server it builds has WithLegacyServerInitiatedRequests()
//     among its options (in place, in a slice, or from a function of the
//     package), streamable HTTP when its options narrow the versions to
//     older ones (WithStreamableHTTPProtocolVersions with constant
//     versions, or mcp.LegacyProtocolVersions()...), and in-process
//     clients always.
//
// Anything it cannot tell counts as not pinned.
func (pc *Pkg) Pinned(sdk *mcpsdk.SDK) bool {
	pc.pinOnce.Do(pc.indexPins)
	return pc.pins[sdk.Name]
}

// OlderOnly reports whether a direct request is made only while serving a
// request of an older protocol: where a test of the protocol version (see
// capabilities.go) says so, in a function of the package called only
// there, or in a method whose receiver is made only there (or handed
// only to functions that call other methods of it).
func (pc *Pkg) OlderOnly(stack []ast.Node) bool {
	pc.pinOnce.Do(pc.indexPins)
	return pc.olderAt(stack, 0)
}

// tri is a three-valued answer: yes, no, or cannot tell.
type tri uint8

const (
	unknownTri tri = iota
	yes
	no
)

func (t tri) and(o tri) tri {
	switch {
	case t == no || o == no:
		return no
	case t == yes && o == yes:
		return yes
	}
	return unknownTri
}

// pinIndex is the package's calls, constructions and function values,
// gathered in one walk for OlderOnly.
type pinIndex struct {
	calls    map[*types.Func][][]ast.Node
	values   map[*types.Func][][]ast.Node // uses of a function that are not calls
	makes    map[*types.TypeName][][]ast.Node
	fieldSet map[*types.Var][]ast.Expr // local v: v.F = x, by v (the assignments)
	// ifaceMethods are the names of the methods of the interface types
	// written in the package: a method of such a name may be called
	// through one.
	ifaceMethods map[string]bool
}

// sdkCall is a call of an SDK function that has duties.
type sdkCall struct {
	call *ast.CallExpr
	fn   *types.Func
	sdk  *mcpsdk.SDK
	path []ast.Node
}

func (pc *Pkg) indexPins() {
	pc.pins = map[string]bool{}
	ix := &pinIndex{calls: map[*types.Func][][]ast.Node{}, values: map[*types.Func][][]ast.Node{}, makes: map[*types.TypeName][][]ast.Node{}, fieldSet: map[*types.Var][]ast.Expr{}}
	var found []sdkCall
	var lits []sdkLit
	for _, f := range pc.Pass.Files {
		// How a package's tests build and serve its servers (in
		// process, on a pinned test server) is not how it is deployed:
		// they pin nothing. go vet analyses a package with its tests.
		test := pc.TestFile(f)
		source.WalkWithPath(f, func(n ast.Node, path []ast.Node) {
			switch n := n.(type) {
			case *ast.CallExpr:
				fn, _ := typeutil.Callee(pc.Info, n).(*types.Func)
				if fn == nil || fn.Pkg() == nil {
					if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "new" && len(n.Args) == 1 {
						if tn := mcpsdk.NamedObj(pc.Info.TypeOf(n.Args[0])); tn != nil && tn.Pkg() == pc.Pass.Pkg {
							ix.makes[tn] = append(ix.makes[tn], slices.Clone(path))
						}
					}
					return
				}
				if fn.Pkg() == pc.Pass.Pkg {
					ix.calls[fn.Origin()] = append(ix.calls[fn.Origin()], slices.Clone(path))
					return
				}
				if sdk := pc.SDKs.OfPkg(fn); sdk != nil && sdk.Duties() != nil && !test {
					found = append(found, sdkCall{n, fn, sdk, slices.Clone(path)})
				}
			case *ast.CompositeLit:
				tn := mcpsdk.NamedObj(pc.Info.TypeOf(n))
				switch {
				case tn == nil || tn.Pkg() == nil:
				case tn.Pkg() == pc.Pass.Pkg:
					ix.makes[tn] = append(ix.makes[tn], slices.Clone(path))
				case !test:
					if sdk := pc.SDKs.OfPkg(tn); sdk != nil && sdk.Duties() != nil {
						lits = append(lits, sdkLit{n, tn, sdk})
					}
				}
			case *ast.Ident:
				if fn, ok := pc.Info.Uses[n].(*types.Func); ok && fn.Pkg() == pc.Pass.Pkg && !source.IsCallee(n, path) {
					ix.values[fn.Origin()] = append(ix.values[fn.Origin()], slices.Clone(path))
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
					if !ok || len(n.Lhs) != len(n.Rhs) {
						continue
					}
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
						if v, ok := pc.Info.Uses[id].(*types.Var); ok {
							ix.fieldSet[v] = append(ix.fieldSet[v], &ast.KeyValueExpr{Key: sel.Sel, Value: n.Rhs[i]})
						}
					}
				}
			}
		})
	}
	ix.ifaceMethods = map[string]bool{}
	for _, t := range pc.Info.Types {
		if it, ok := t.Type.(*types.Interface); ok {
			for m := range it.Methods() {
				ix.ifaceMethods[m.Name()] = true
			}
		}
	}
	pc.pinIx = ix
	pc.served = pc.readServing(found, lits)
	for _, sdk := range pc.SDKs.All {
		d := sdk.Duties()
		if d == nil {
			continue
		}
		switch {
		case d.VersionsField != "":
			verdict := unknownTri
			for _, s := range found {
				if s.sdk != sdk || !d.NewServer.Matches(sdk, s.fn, nil) {
					continue
				}
				v := no
				if d.OptionsArg < len(s.call.Args) {
					v = pc.optionsPinned(sdk, s.call.Args[d.OptionsArg], 0)
				}
				if verdict == unknownTri {
					verdict = v
				} else {
					verdict = verdict.and(v)
				}
			}
			pc.pins[sdk.Name] = verdict == yes
		case d.LegacyOption.Name != "":
			pc.pins[sdk.Name] = pc.mcpgoPinned(sdk, d, found)
		}
	}
}

// optionsPinned reads a go-sdk server's options: do they narrow the
// versions to older ones?
func (pc *Pkg) optionsPinned(sdk *mcpsdk.SDK, e ast.Expr, depth int) tri {
	return pc.optionField(e, sdk.Duties().VersionsField, depth, func(v ast.Expr) tri { return pc.versionsPinned(sdk, v, depth+1) })
}

// optionField reads the field name of a struct of options with read
// (options that are nil or leave the field out count as no): written in
// place, in a variable (also set field by field), a field of another
// struct, or returned by a function of the package.
func (pc *Pkg) optionField(e ast.Expr, name string, depth int, read func(ast.Expr) tri) tri {
	if depth > source.FollowDepth {
		return unknownTri
	}
	e = source.UnAddr(e)
	if source.IsNil(pc.Info, e) {
		return no
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		kv := source.LitField(x, name)
		if kv == nil {
			return no
		}
		return read(kv.Value)
	case *ast.Ident:
		v, def := pc.identDef(x)
		if def == nil {
			return unknownTri
		}
		var set tri
		for _, s := range pc.pinIx.fieldSet[v] {
			kv := s.(*ast.KeyValueExpr)
			if kv.Key.(*ast.Ident).Name == name {
				if set == unknownTri {
					set = read(kv.Value)
				} else {
					set = set.and(read(kv.Value))
				}
			}
		}
		if set != unknownTri {
			return set
		}
		return pc.optionField(def, name, depth+1, read)
	case *ast.SelectorExpr:
		return pc.fieldOf(x, depth, func(v ast.Expr) tri {
			if v == nil {
				return no // no options
			}
			return pc.optionField(v, name, depth+1, read)
		})
	case *ast.CallExpr:
		return pc.returnsAll(x, depth, func(r ast.Expr) tri { return pc.optionField(r, name, depth+1, read) })
	}
	return unknownTri
}

// returnsAll reads the first result of every return of a function of
// this package called by call, with read; unknown for other calls.
func (pc *Pkg) returnsAll(call *ast.CallExpr, depth int, read func(ast.Expr) tri) tri {
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil || fn.Pkg() != pc.Pass.Pkg {
		return unknownTri
	}
	decl := pc.FuncDecl(fn.Origin())
	if decl == nil || decl.Body == nil {
		return unknownTri
	}
	verdict := unknownTri
	first := true
	source.WalkWithPath(decl.Body, func(n ast.Node, path []ast.Node) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 || source.InFuncLit(path) {
			return
		}
		v := read(ret.Results[0])
		if first {
			verdict, first = v, false
		} else {
			verdict = verdict.and(v)
		}
	})
	return verdict
}

// versionsPinned reads a list of versions: all constant and older than
// 2026-07-28?
func (pc *Pkg) versionsPinned(sdk *mcpsdk.SDK, e ast.Expr, depth int) tri {
	if depth > source.FollowDepth {
		return unknownTri
	}
	d := sdk.Duties()
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if len(x.Elts) == 0 {
			return no // no list: every version
		}
		verdict := yes
		for _, el := range x.Elts {
			verdict = verdict.and(pc.olderVersion(el))
		}
		return verdict
	case *ast.Ident:
		if v, ok := pc.Info.Uses[x].(*types.Var); ok {
			if def, _ := pc.SingleAssignment(x); def != nil {
				return pc.versionsPinned(sdk, def, depth+1)
			} else if a := pc.Assignments()[v]; !source.IsLocal(v) && a != nil && a.Writes == 1 && !a.Tuple && a.Def != nil {
				return pc.versionsPinned(sdk, a.Def, depth+1)
			}
		}
	case *ast.SelectorExpr:
		return pc.fieldOf(x, depth, func(v ast.Expr) tri {
			if v == nil {
				return no // no list: every version
			}
			return pc.versionsPinned(sdk, v, depth+1)
		})
	case *ast.CallExpr:
		if fn, _ := typeutil.Callee(pc.Info, x).(*types.Func); fn != nil && d.LegacyVersions.Name != "" && d.LegacyVersions.Matches(sdk, fn, nil) {
			return yes
		}
		return pc.returnsAll(x, depth, func(r ast.Expr) tri { return pc.versionsPinned(sdk, r, depth+1) })
	}
	return unknownTri
}

// olderVersion reads one version: a constant before 2026-07-28?
func (pc *Pkg) olderVersion(e ast.Expr) tri {
	v, ok := source.ConstString(pc.Info, e)
	switch {
	case !ok:
		return unknownTri
	case v != "" && v < mcpsdk.RoundTripVersion:
		return yes
	}
	return no
}

// mcpgoPinned decides for mcp-go: the package serves its servers, and
// every transport it serves them on keeps direct requests working.
func (pc *Pkg) mcpgoPinned(sdk *mcpsdk.SDK, d *mcpsdk.Duties, found []sdkCall) bool {
	rt := sdk.RoundTrip
	legacy := unknownTri // every server built has the legacy option
	served := false
	for _, s := range found {
		if s.sdk != sdk {
			continue
		}
		if mcpsdk.MatchesAny(rt.InProcess, sdk, s.fn, nil) {
			served = true
			continue
		}
		w, ok := sdk.ServingOf(s.fn)
		if !ok {
			continue
		}
		served = true
		switch w.Pin {
		case mcpsdk.PinLegacyOption:
			if legacy == unknownTri {
				legacy = pc.legacyServers(sdk, d, found)
			}
			if legacy != yes {
				return false
			}
		case mcpsdk.PinHTTPVersions:
			if pc.httpPinned(sdk, d, s.call) != yes {
				return false
			}
		default:
			return false // nothing keeps direct requests working there (mcp-go's SSE server)
		}
	}
	return served
}

// legacyServers reads every server the package builds: does each have
// the option that keeps direct requests?
func (pc *Pkg) legacyServers(sdk *mcpsdk.SDK, d *mcpsdk.Duties, found []sdkCall) tri {
	verdict := unknownTri
	for _, s := range found {
		if s.sdk != sdk || !d.NewServer.Matches(sdk, s.fn, nil) {
			continue
		}
		v := pc.optionListHas(sdk, s.call, option{m: d.LegacyOption}, 0)
		if verdict == unknownTri {
			verdict = v
		} else {
			verdict = verdict.and(v)
		}
	}
	return verdict
}

// option is an option function looked for in a list of options: found,
// read says what it sets (nil: yes, the option is there).
type option struct {
	m    mcpsdk.Method
	read func(*ast.CallExpr) tri
}

// optionListHas reads the variadic options of a call: is opt among them
// (and, with opt.read, set so)? Options written in place, in a slice
// passed with ..., built by appends or returned by a function of the
// package are read.
func (pc *Pkg) optionListHas(sdk *mcpsdk.SDK, call *ast.CallExpr, opt option, depth int) tri {
	sig, _ := pc.Info.TypeOf(call.Fun).(*types.Signature)
	if sig == nil || !sig.Variadic() {
		return unknownTri
	}
	first := sig.Params().Len() - 1
	if first > len(call.Args) {
		return no
	}
	args := call.Args[first:]
	if call.Ellipsis.IsValid() {
		return pc.sliceHas(sdk, args[len(args)-1], opt, depth+1)
	}
	return pc.elemsHave(sdk, args, opt)
}

// elemsHave: is one of the option values opt? unknown when one cannot be
// read.
func (pc *Pkg) elemsHave(sdk *mcpsdk.SDK, elems []ast.Expr, opt option) tri {
	verdict := no
	for _, a := range elems {
		call, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			verdict = unknownTri
			continue
		}
		fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
		switch {
		case fn != nil && opt.m.Matches(sdk, fn, nil):
			if opt.read != nil {
				return opt.read(call)
			}
			return yes
		case fn == nil || fn.Pkg() == pc.Pass.Pkg:
			verdict = unknownTri // an option of the package's own: could be anything
		}
	}
	return verdict
}

// sliceHas reads a slice of options.
func (pc *Pkg) sliceHas(sdk *mcpsdk.SDK, e ast.Expr, opt option, depth int) tri {
	if depth > source.FollowDepth {
		return unknownTri
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return pc.elemsHave(sdk, x.Elts, opt)
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && len(x.Args) > 0 {
			if x.Ellipsis.IsValid() {
				return orTri(pc.sliceHas(sdk, x.Args[0], opt, depth+1), pc.sliceHas(sdk, x.Args[len(x.Args)-1], opt, depth+1))
			}
			return orTri(pc.sliceHas(sdk, x.Args[0], opt, depth+1), pc.elemsHave(sdk, x.Args[1:], opt))
		}
		return pc.returnsAll(x, depth, func(r ast.Expr) tri { return pc.sliceHas(sdk, r, opt, depth+1) })
	case *ast.SelectorExpr:
		return pc.fieldOf(x, depth, func(v ast.Expr) tri {
			if v == nil {
				return no // no options
			}
			return pc.sliceHas(sdk, v, opt, depth+1)
		})
	case *ast.Ident:
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !source.IsLocal(v) {
			return unknownTri
		}
		// Every value the variable takes (a literal, appends to it): the
		// option is there if one of them adds it, and no write is
		// unreadable.
		verdict := no
		for _, df := range pc.Defs(v) {
			if df.Unknown || df.Tuple {
				return unknownTri
			}
			if df.Rhs == nil {
				continue
			}
			verdict = orTri(verdict, pc.sliceHas(sdk, df.Rhs, opt, depth+1))
		}
		return verdict
	}
	return unknownTri
}

func orTri(a, b tri) tri {
	switch {
	case a == yes || b == yes:
		return yes
	case a == no && b == no:
		return no
	}
	return unknownTri
}

// httpPinned reads a streamable HTTP server's options: do they narrow
// the versions to older ones?
func (pc *Pkg) httpPinned(sdk *mcpsdk.SDK, d *mcpsdk.Duties, call *ast.CallExpr) tri {
	return pc.optionListHas(sdk, call, option{m: d.HTTPVersions, read: func(opt *ast.CallExpr) tri {
		if opt.Ellipsis.IsValid() && len(opt.Args) == 1 {
			return pc.versionsPinned(sdk, opt.Args[0], 0)
		}
		if len(opt.Args) == 0 {
			return no
		}
		verdict := yes
		for _, v := range opt.Args {
			verdict = verdict.and(pc.olderVersion(v))
		}
		return verdict
	}}, 0)
}

// olderAt reports whether the node on top of path runs only while serving
// a request of an older protocol.
func (pc *Pkg) olderAt(path []ast.Node, depth int) bool {
	if pc.HeldAt(path).Older {
		return true
	}
	if depth > 3 {
		return false
	}
	fnNode, _ := source.Enclosing(path)
	decl, ok := fnNode.(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := pc.Info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	ix := pc.pinIx
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
		// An unexported method that no interface of the package names is
		// read as a function is, by its calls; else by its receiver.
		if fn.Exported() || ix.values[fn] != nil || len(ix.calls[fn]) == 0 || ix.ifaceMethods[fn.Name()] {
			return pc.receiverOlder(fn, sig.Recv(), depth)
		}
	} else if fn.Exported() || ix.values[fn] != nil || len(ix.calls[fn]) == 0 {
		return false // called from elsewhere, or as a value
	}
	served := 0
	for _, c := range ix.calls[fn] {
		if pc.inTestFile(c) {
			continue
		}
		if !pc.olderAt(c, depth+1) {
			return false
		}
		served++
	}
	return served > 0
}

// inTestFile reports whether the node at the top of path is in a _test.go
// file. A test's calls and values serve no client, so they do not decide
// which protocol a request is made on (github-mcp-server's tests make the
// direct-asking prompter to probe it).
func (pc *Pkg) inTestFile(path []ast.Node) bool {
	if len(path) == 0 {
		return false
	}
	return strings.HasSuffix(pc.Pass.Fset.File(path[0].Pos()).Name(), "_test.go")
}

// receiverOlder reports whether every value of the receiver type of
// method fn that the package makes is made while serving an older
// protocol, or is only handed to functions of the package that call
// other methods of it. The type must be the package's own and unexported,
// so that no other package makes one.
func (pc *Pkg) receiverOlder(fn *types.Func, recv *types.Var, depth int) bool {
	tn := mcpsdk.NamedObj(recv.Type())
	if tn == nil || tn.Pkg() != pc.Pass.Pkg || tn.Exported() {
		return false
	}
	ix := pc.pinIx
	served := 0
	for _, m := range ix.makes[tn] {
		if pc.inTestFile(m) {
			continue
		}
		if !pc.olderAt(m, depth+1) && !pc.handedToOtherMethods(m, fn) {
			return false
		}
		served++
	}
	return served > 0
}

// handedToOtherMethods reports whether the value made at the top of path
// (&T{...}) is an argument of a call of a function of the package whose
// parameter is only the receiver of calls of methods other than fn.
func (pc *Pkg) handedToOtherMethods(path []ast.Node, fn *types.Func) bool {
	i := len(path) - 2
	if i >= 0 {
		if u, ok := path[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
			i--
		}
	}
	if i < 0 {
		return false
	}
	call, ok := path[i].(*ast.CallExpr)
	if !ok {
		return false
	}
	callee, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if callee == nil || callee.Pkg() != pc.Pass.Pkg {
		return false
	}
	arg := -1
	for k, a := range call.Args {
		if a == path[i+1] {
			arg = k
		}
	}
	sig := callee.Type().(*types.Signature)
	if arg < 0 || arg >= sig.Params().Len() || sig.Variadic() && arg >= sig.Params().Len()-1 {
		return false
	}
	param := sig.Params().At(arg)
	decl := pc.FuncDecl(callee.Origin())
	if decl == nil || decl.Body == nil {
		return false
	}
	only := true
	source.WalkWithPath(decl.Body, func(n ast.Node, p []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok || pc.Info.Uses[id] != param {
			return
		}
		sel, ok := source.ParentOf(p).(*ast.SelectorExpr)
		if !ok || sel.X != ast.Expr(id) || len(p) < 3 {
			only = false
			return
		}
		c, ok := p[len(p)-3].(*ast.CallExpr)
		m, _ := pc.Info.Uses[sel.Sel].(*types.Func)
		if !ok || c.Fun != ast.Expr(sel) || m == nil || m.Name() == fn.Name() {
			only = false
		}
	})
	return only
}

// CallSites returns the paths to the calls of a function of this package,
// and whether they are all its calls: false when other packages may call
// it (it is exported) or it is used as a value.
func (pc *Pkg) CallSites(fn *types.Func) (sites [][]ast.Node, all bool) {
	pc.pinOnce.Do(pc.indexPins)
	ix := pc.pinIx
	fn = fn.Origin()
	return ix.calls[fn], !fn.Exported() && ix.values[fn] == nil
}

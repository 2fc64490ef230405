// Package capabilities is elicitlint's capabilities check: it reports
// round-trip input requests (elicitation in form or url mode, sampling,
// sampling with tools, roots) that no test of the client's capability for
// them guards, tests of the session's capabilities where the request
// carries its own, and tests that confuse kinds. docs/capabilities.md
// explains the check.
//
// It reads the model's round-trip requests and its recognition of
// capability tests (internal/model/capabilities.go). Like every check, it
// reaches no other check.
package capabilities

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/answers"
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Check is the capabilities check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckCapabilities, Doc: "report round-trip input requests sent without a test that the request's client declared the capability", Run: Run}

// Analyzer is the capabilities check as an analyzer of its own, for go
// vet, nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// site is one input request of the round trip.
type site struct {
	use  *model.KeyUse
	path []ast.Node
	need model.Caps
	// anyMode is set for an elicitation whose mode is not known: a test
	// of either mode will do.
	anyMode bool
	ret     *ast.ReturnStmt // the return that sends it, in its handler
}

// Run reports every input request of the round trip whose capability no
// test guards.
func Run(c *check.Pass) {
	var sites []*site
	perReturn := map[*ast.ReturnStmt]int{}
	for _, u := range c.D.RT.Requests {
		if u.Kind == nil || u.SDK.Duties() == nil {
			continue
		}
		s := newSite(c, u)
		if s == nil {
			continue
		}
		sites = append(sites, s)
		if s.ret != nil {
			perReturn[s.ret]++
		}
	}
	for _, s := range sites {
		report(c, s, perReturn[s.ret])
	}
}

// newSite reads what the request at u needs; nil when that cannot be
// told.
func newSite(c *check.Pass, u *model.KeyUse) *site {
	path := c.PathTo(u.At)
	if path == nil {
		return nil
	}
	s := &site{use: u, path: path}
	value := source.FiledUnder(path)
	switch u.Kind.Kind {
	case mcpsdk.KindElicitation:
		switch mode := modeOf(c, value); mode {
		case mcpsdk.ModeURL:
			s.need = model.CapURL
		case mcpsdk.ModeForm:
			s.need = model.CapForm
		default:
			s.need, s.anyMode = model.CapForm|model.CapURL, true
		}
	case mcpsdk.KindSampling:
		s.need = model.CapSampling
		fields := u.SDK.Duties().SamplingToolsParams
		if lit := paramsLit(c, value); lit != nil && litSets(c, lit, fields) || lit == nil && helperSetsField(c, value, fields) {
			s.need |= model.CapSamplingTool
		}
	case mcpsdk.KindRoots:
		s.need = model.CapRoots
	default:
		return nil
	}
	for i := len(path) - 1; i >= 0; i-- {
		switch n := path[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return s
		case *ast.ReturnStmt:
			s.ret = n
			return s
		}
	}
	return s
}

// paramsLit returns the params literal a request value is made of: the
// literal itself (or &lit), the argument of the SDK's request
// constructor, or the literal a local variable is assigned once.
func paramsLit(c *check.Pass, e ast.Expr) *ast.CompositeLit {
	for range 4 {
		if e == nil {
			return nil
		}
		e = source.UnAddr(e)
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(c.Info, x).(*types.Func)
			if fn == nil || c.SDKs.RequestConstructor(fn) == nil || len(x.Args) != 1 {
				return nil
			}
			e = x.Args[0]
		case *ast.Ident:
			e, _ = c.SingleAssignment(x)
		default:
			return nil
		}
	}
	return nil
}

// helperSetsField reports params made by a function of the package that
// sets one of fields on every call: in the literal it returns, or by an
// assignment among the statements of its body (not under an if or a loop):
// func duplicatesRequest() mcp.CreateMessageParams { p := base(); p.Tools =
// tools; return p }.
func helperSetsField(c *check.Pass, e ast.Expr, fields []string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(c.Info, call)
	if fn == nil {
		return false
	}
	decl := c.FuncDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	for _, st := range decl.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			for i, l := range st.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && len(st.Lhs) == len(st.Rhs) && slices.Contains(fields, sel.Sel.Name) && !source.IsNil(c.Info, st.Rhs[i]) {
					return true
				}
			}
		case *ast.ReturnStmt:
			if len(st.Results) == 1 {
				if lit, ok := source.UnAddr(st.Results[0]).(*ast.CompositeLit); ok && litSets(c, lit, fields) {
					return true
				}
			}
		}
	}
	return false
}

// litSets reports a literal that sets one of fields to a value that is
// not nil.
func litSets(c *check.Pass, lit *ast.CompositeLit, fields []string) bool {
	for _, f := range fields {
		if kv := source.LitField(lit, f); kv != nil && !source.IsNil(c.Info, kv.Value) {
			return true
		}
	}
	return false
}

// modeOf returns the mode of an elicitation request, "" when it cannot be
// told.
func modeOf(c *check.Pass, value ast.Expr) string {
	lit := paramsLit(c, value)
	if lit == nil {
		return ""
	}
	for _, p := range c.D.Params {
		if p.Lit == lit {
			return c.ModeOf(p)
		}
	}
	return ""
}

// report decides and reports one request.
func report(c *check.Pass, s *site, inReturn int) {
	h, known := c.HeldThrough(s.path, s.use.SDK)
	if !known {
		return // a helper whose callers are not all known
	}
	need := s.need
	switch {
	case s.anyMode && h.Req&need != 0, !s.anyMode && h.Req&need == need:
		return
	case s.ret == nil && sentGuarded(c, s):
		return
	case s.anyMode && h.Sess&need != 0, !s.anyMode && h.Tested()&need == need:
		if h.Older {
			return // the session's capabilities are the request's on older protocols
		}
		sessionTest(c, s, h.Kept)
		return
	case need&model.CapURL != 0 && !s.anyMode && h.Tested()&model.CapForm != 0:
		c.Report(s.use.At, "url-mode elicitation request %q is guarded by a test of elicitation that a client declaring only form mode passes (a bare \"elicitation\": {} means form only): test %s",
			s.use.Key, testSpelling(s.use.SDK, model.CapURL))
		return
	case need&model.CapSamplingTool != 0 && h.Tested()&model.CapSampling != 0:
		c.Report(s.use.At, "sampling request %q sends tools, but only the sampling capability is tested: a client must declare sampling.tools for a request with tools; test %s",
			s.use.Key, testSpelling(s.use.SDK, model.CapSamplingTool))
		return
	}
	if calls := unguardedCalls(c, s); len(calls) > 0 {
		for _, call := range calls {
			helperCall(c, s, call)
		}
		return
	}
	noTest(c, s, need&^h.Req, inReturn)
}

// covers reports whether h holds the test a request needs on its own
// capabilities.
func covers(s *site, h model.Held) bool {
	if s.anyMode {
		return h.Req&s.need != 0
	}
	return h.Req&s.need == s.need
}

// unguardedCalls returns, for a request built in a helper of the package
// (not a handler) whose calls are all in sight, the calls that send it
// with no test of this request's capabilities, with what the helper
// itself tests, when others do test: the request is judged at its
// callers, and the finding belongs where the test is missing. Nil when
// the request is in a handler, when a call's way cannot be told, or when
// no call tests (one test in the helper would serve them all). A
// function that takes the request (a handler's signature) is a helper
// too when it is only called, never registered or passed on
// (answer, ask := askRoundTrip(req, "drain", params)).
func unguardedCalls(c *check.Pass, s *site) []*ast.CallExpr {
	decl := source.OuterDecl(s.path)
	if decl == nil {
		return nil
	}
	if fnNode, _ := source.Enclosing(s.path); fnNode != ast.Node(decl) {
		return nil // in a function literal of the helper
	}
	fn, _ := c.Info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	sites, all := c.CallSites(fn)
	if !all || len(sites) == 0 {
		return nil
	}
	local := c.HeldAt(s.path)
	var out []*ast.CallExpr
	for _, path := range sites {
		h, known := c.HeldThrough(path, s.use.SDK)
		if !known {
			return nil
		}
		call, ok := path[len(path)-1].(*ast.CallExpr)
		if !ok {
			return nil
		}
		if !covers(s, model.Held{Req: local.Req | h.Req}) && h.Tested()&s.need == 0 {
			out = append(out, call)
		}
	}
	if len(out) == len(sites) {
		return nil // no call tests: the finding is the helper's, where one test serves them all
	}
	return out
}

// helperCall reports a call of a helper that builds a request (s) made
// with no test of the capability.
func helperCall(c *check.Pass, s *site, call *ast.CallExpr) {
	need := s.need
	if s.anyMode {
		need = model.CapForm
	}
	decl := source.OuterDecl(s.path)
	key := s.use.Key
	if _, i := answers.KeyParam(c.Package, decl, s.use.At); key == "" && i >= 0 && i < len(call.Args) {
		key, _ = source.ConstString(c.Info, call.Args[i]) // the key the call gives the helper
	}
	c.Report(call, "%s request%s that %s builds is sent from here without a test that the client declared %s: protocol 2026-07-28 forbids input requests for a capability the client did not declare on the request, and neither SDK checks them in the round trip; test %s before this call, and return what the tool returns when it cannot ask; no automatic fix: the request is built outside the handler that sends it",
		kindName(s), keyText(key), decl.Name.Name, capName(s), testSpelling(s.use.SDK, need))
}

// sentGuarded reports a request filed into a variable of its function
// (missing[k] = &mcp.ElicitParams{...}, b.Elicit(k, ...) on a builder,
// in a loop over the keys) whose every return that sends that variable
// holds the test: what the client is sent is decided there, not where
// the request was filed.
func sentGuarded(c *check.Pass, s *site) bool {
	v := filedInto(c, s.path)
	_, body := source.Enclosing(s.path)
	if v == nil || body == nil {
		return false
	}
	sent := 0
	guarded := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !source.UsedIn(c.Info, n, v) {
				return true
			}
			sent++
			h, known := c.HeldThrough(c.PathTo(n), s.use.SDK)
			if !known || s.anyMode && h.Req&s.need == 0 || !s.anyMode && h.Req&s.need != s.need {
				guarded = false
			}
		}
		return guarded
	})
	return sent > 0 && guarded
}

// filedInto returns the local variable a request is filed into: the map
// of m[k] = params, or the builder of b.Elicit(k, params); nil otherwise.
func filedInto(c *check.Pass, path []ast.Node) *types.Var {
	if len(path) < 2 {
		return nil
	}
	var x ast.Expr
	switch p := path[len(path)-2].(type) {
	case *ast.IndexExpr:
		x = p.X
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(p.Fun).(*ast.SelectorExpr); ok {
			x = sel.X
		}
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.Info.Uses[id].(*types.Var)
	if v == nil || !source.IsLocal(v) {
		return nil
	}
	return v
}

// names returns how messages name the kind of request and the
// capability it needs, as the client declares it.
func names(s *site) (kind, capability string) {
	switch {
	case s.need&model.CapURL != 0 && !s.anyMode:
		return "url-mode elicitation", "elicitation.url"
	case s.anyMode:
		return "elicitation", "elicitation"
	case s.need&model.CapForm != 0:
		return "form elicitation", "elicitation"
	case s.need&model.CapSamplingTool != 0:
		return "sampling (with tools)", "sampling.tools"
	case s.need&model.CapSampling != 0:
		return "sampling", "sampling"
	}
	return "roots", "roots"
}

func kindName(s *site) string { k, _ := names(s); return k }

func capName(s *site) string { _, c := names(s); return c }

// testSpelling spells the test of a capability on the request's own
// capabilities, for messages.
func testSpelling(sdk *mcpsdk.SDK, c model.Caps) string {
	d := sdk.Duties()
	base := "req." + d.RequestCaps.Name + "()"
	if d.RequestInfoCaps != "" {
		base = mcpsdk.LastElem(sdk.ServerPath()) + "." + d.RequestCaps.Name + "(ctx)." + d.RequestInfoCaps
	}
	return base + "." + capPath(d, c)
}

// capPath spells the fields that declare capability c.
func capPath(d *mcpsdk.Duties, c model.Caps) string {
	field := func(capName string) string {
		for f, n := range d.CapFields {
			if n == capName && (f != "Roots" || d.RootsListChanged == "") {
				return f
			}
		}
		return ""
	}
	switch {
	case c&model.CapURL != 0:
		return field(mcpsdk.CapForm) + "." + d.URLField
	case c&model.CapForm != 0:
		return field(mcpsdk.CapForm)
	case c&model.CapSamplingTool != 0:
		return field(mcpsdk.CapSampling) + "." + d.ToolsField
	case c&model.CapSampling != 0:
		return field(mcpsdk.CapSampling)
	}
	return field(mcpsdk.CapRoots)
}

// sessionTest reports a request guarded only by the session's
// capabilities, or by capabilities the server kept in a store (kept).
func sessionTest(c *check.Pass, s *site, kept string) {
	need := s.need
	if s.anyMode {
		need = model.CapForm // the mode is not known: the test of elicitation itself
	}
	if kept != "" {
		c.Report(s.use.At, "%s request%s is guarded by capabilities kept in %s, not this request's: on protocol 2026-07-28 every request declares its own, and a server must not infer them from the session's initialize or an earlier request; test %s, which falls back to the session's for older clients",
			kindName(s), keyText(s.use.Key), kept, testSpelling(s.use.SDK, need))
		return
	}
	c.Report(s.use.At, "%s request%s is guarded by the session's capabilities, not this request's: on protocol 2026-07-28 every request declares its own (a stateless server has no session to remember them, and a session keeps those of its first request); test %s, which falls back to the session's for older clients",
		kindName(s), keyText(s.use.Key), testSpelling(s.use.SDK, need))
}

// keyText names the request's key in a message, or nothing where the key
// is not a constant (a prefix plus a flow's ID).
func keyText(key string) string {
	if key == "" {
		return ""
	}
	return fmt.Sprintf(" %q", key)
}

// noTest reports a request no test guards, with a guard as its fix where
// the handler allows one.
func noTest(c *check.Pass, s *site, missing model.Caps, inReturn int) {
	need := s.need
	if s.anyMode {
		need = model.CapForm // the mode is not known: the test of elicitation itself
	}
	msg := fmt.Sprintf("%s request%s is sent without a test that the client declared %s: protocol 2026-07-28 forbids input requests for a capability the client did not declare on the request, and neither SDK checks them in the round trip; test %s first, and return what the tool returns when it cannot ask",
		kindName(s), keyText(s.use.Key), capName(s), testSpelling(s.use.SDK, need))
	fixes, why := guard(c, s, inReturn)
	if len(fixes) == 0 {
		msg += "; no automatic fix: " + why
	}
	c.ReportFix(s.use.At.Pos(), s.use.At.End(), fixes, "%s", msg)
}

// guard returns the fix that tests the capability before the return that
// sends the request (go-sdk, whose one accessor serves both protocols),
// failing the call with an error when it is missing; or why there is
// none.
func guard(c *check.Pass, s *site, inReturn int) ([]analysis.SuggestedFix, string) {
	d := s.use.SDK.Duties()
	switch {
	case s.ret == nil:
		return nil, "the request is not sent by a return of its handler"
	case inReturn > 1:
		return nil, "the result asks for several requests at once; test each capability, and ask only for what the client declared"
	case s.anyMode:
		return nil, "the request's mode is not known"
	}
	fnNode, _ := source.Enclosing(s.path)
	if fnNode == nil || !c.IsHandler(fnNode, s.use.SDK) {
		return nil, "the request is built outside the handler that sends it"
	}
	file := c.FileOf(s.ret.Pos())
	ret, edits, ok := fix.FailReturn(c.Package, c.SignatureOf(fnNode), file, "the client did not declare the "+capName(s)+" capability")
	if !ok {
		return nil, "the handler's results cannot be written here"
	}
	indent := c.IndentOf(s.ret.Pos())
	missing := func(caps string) string {
		conds := []string{caps + " == nil"}
		path := strings.Split(capPath(d, s.need), ".")
		for i := range path {
			conds = append(conds, caps+"."+strings.Join(path[:i+1], ".")+" == nil")
		}
		return strings.Join(conds, " || ")
	}
	var text string
	if d.RequestInfoCaps == "" {
		req := requestParam(c, fnNode, s.use.SDK)
		if req == "" {
			return nil, "the handler does not name its request"
		}
		text = fmt.Sprintf("if caps := %s.%s(); %s {\n%s\t%s\n%s}\n%s", req, d.RequestCaps.Name, missing("caps"), indent, ret, indent, indent)
	} else {
		read, imports, why := capsRead(c, s, fnNode, file, indent)
		if why != "" {
			return nil, why
		}
		edits = append(edits, imports...)
		text = strings.TrimPrefix(read.text, "\n"+indent) + fmt.Sprintf("\n%sif %s {\n%s\t%s\n%s}\n%s", indent, missing(read.caps), indent, ret, indent, indent)
	}
	edits = append(edits, analysis.TextEdit{Pos: s.ret.Pos(), End: s.ret.Pos(), NewText: []byte(text)})
	return []analysis.SuggestedFix{{Message: "Test the client's " + capName(s) + " capability first", TextEdits: edits}}, ""
}

// capsRead spells, for an SDK whose handlers learn the capabilities from
// the context (mcp-go), the statements before the return at s that read
// those of this call: the request's own on protocol 2026-07-28, the
// session's on older ones, as the migration writes them. It returns the
// edits that add the imports they need, or why there is no fix.
func capsRead(c *check.Pass, s *site, fnNode ast.Node, file *ast.File, indent string) (read struct{ text, caps string }, imports []analysis.TextEdit, why string) {
	sdk := s.use.SDK
	g := sdk.Guard()
	ctx := source.ContextParam(c.SignatureOf(fnNode))
	if g == nil || ctx == "" {
		return read, nil, "the handler does not name its context, from which the SDK gives the capabilities"
	}
	at := s.ret.Pos()
	scope := c.Pass.Pkg.Scope().Innermost(at)
	taken := map[string]bool{}
	name := func(base string) string {
		n := fix.Fresh(scope, at, taken, base, nil)
		taken[n] = true
		return n
	}
	r := fix.CapsRead{Ctx: ctx, Caps: name("caps")}
	r.Name(name, c.LookupSDK(sdk.ServerPath(), g.InfoFunc) != nil)
	for _, p := range []struct {
		path string
		to   *string
	}{{sdk.TypesPath(), &r.Types}, {sdk.ServerPath(), &r.Server}} {
		n, e, ok := fix.ImportName(c.Package, file, p.path, mcpsdk.LastElem(p.path))
		if !ok {
			return read, nil, "the file cannot import " + p.path + " under a name of its own"
		}
		if e != nil {
			imports = append(imports, *e)
		}
		*p.to = n
	}
	read.text, read.caps = fix.CapsReadText(g, r, indent), r.Caps
	return read, imports, ""
}

// params returns the parameters of a function declaration or literal.
func params(fn ast.Node) []*ast.Field {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Params == nil {
		return nil
	}
	return ft.Params.List
}

// requestParam returns the name of the handler's request parameter, ""
// when it has none or it is unnamed.
func requestParam(c *check.Pass, fn ast.Node, sdk *mcpsdk.SDK) string {
	for _, field := range params(fn) {
		t := c.Info.TypeOf(field.Type)
		if t == nil || !c.FromSDK(t) {
			continue
		}
		if _, ok := t.(*types.Pointer); !ok {
			continue
		}
		if f, _, _ := types.LookupFieldOrMethod(t, true, nil, sdk.Duties().RequestCaps.Name); f == nil {
			continue
		}
		for _, n := range field.Names {
			if n.Name != "_" {
				return n.Name
			}
		}
	}
	return ""
}

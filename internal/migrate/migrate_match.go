package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file decides whether the direct requests of a handler can move to
// the round trip, and says why not in one clause when they cannot.

// noCarry: the results of a function given the call's request cannot carry the question.
const noCarry = "the handler's result cannot carry requests"

// matchHandler checks that the function is a handler whose result can
// carry requests: it takes a request whose params carry answers, returns a
// pointer to one of the SDK's result types first and an error last. ok is
// false when it is not, with why ("" when the finding says it already).
func (m *migration) matchHandler() (why string, ok bool) {
	rt, rtd := m.mod, m.sdk.RoundTrip
	m.sig = rt.SignatureOf(m.fn)
	m.body = model.FuncBody(m.fn)
	m.file = rt.FileOf(m.fn.Pos())
	if m.sig == nil || m.body == nil || m.file == nil {
		return "the request is not made in a handler", false
	}
	if !rt.TakesRequest(m.fn, m.sdk) {
		if rt.IsHandler(m.fn, m.sdk) {
			return "the request is made in a middleware; return the requests from it by hand (see the docs)", false
		}
		if rt.NotificationFunc(m.fn) {
			return "it is made in a notification handler or a client's callback, whose result never reaches the client as a tool, prompt or resource result", false
		}
		// Its callers may be handlers the package cannot see (through an
		// interface, in other packages): say only what is known.
		return "the request is made outside a tool, prompt or resource handler, with no result to return it in; see the docs for migrating a confirmation helper with its callers", false
	}
	res := m.sig.Results()
	if res.Len() < 2 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "the handler does not return a result and an error", false
	}
	first := res.At(0).Type()
	if _, ok := first.Underlying().(*types.Slice); ok {
		return "mcp-go resource handlers return contents, which cannot carry requests", false
	}
	obj := mcpsdk.NamedObj(first)
	if _, isPtr := first.(*types.Pointer); !isPtr || obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != m.sdk.TypesPath() {
		return noCarry, false
	}
	if _, ok := rtd.Results[obj.Name()]; !ok {
		return noCarry, false
	}
	if rtd.Finishers != nil && rtd.Finishers[obj.Name()] == "" {
		return noCarry, false
	}
	m.result = obj.Name()
	// The request parameter.
	params := m.funcType().Params
	for _, f := range params.List {
		t := m.mod.Info.TypeOf(f.Type)
		if t == nil || !m.carriesAnswers(t) {
			continue
		}
		m.param = f
		switch {
		case len(f.Names) == 0 || f.Names[0].Name == "_":
			m.req = m.freshName("request", nil)
			m.rename = true
		default:
			m.req = f.Names[0].Name
		}
		break
	}
	if m.param == nil {
		return "the handler's request parameter was not found", false
	}
	m.findCtx()
	return "", true
}

// findCtx finds the handler's context.Context parameter, which the
// capability guard reads (mcp-go), and names it when it has no usable name.
func (m *migration) findCtx() {
	for _, f := range m.funcType().Params.List {
		if t := m.mod.Info.TypeOf(f.Type); t == nil || !mcpsdk.IsNamed(t, "context", "Context") {
			continue
		}
		m.ctxParam = f
		if len(f.Names) == 0 || f.Names[0].Name == "_" {
			m.ctxName = m.freshName("ctx", map[string]bool{m.req: true})
			m.ctxRename = true
		} else {
			m.ctxName = f.Names[0].Name
		}
		return
	}
}

// funcType returns the handler's type.
func (m *migration) funcType() *ast.FuncType {
	if d, ok := m.fn.(*ast.FuncDecl); ok {
		return d.Type
	}
	return m.fn.(*ast.FuncLit).Type
}

// carriesAnswers reports whether t is a request of the SDK whose params
// carry answers.
func (m *migration) carriesAnswers(t types.Type) bool {
	if !m.mod.FromSDK(t) {
		return false
	}
	rtd := m.sdk.RoundTrip
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, rtd.ParamsField)
	params, ok := obj.(*types.Var)
	if !ok || !params.IsField() {
		return false
	}
	f, _, _ := types.LookupFieldOrMethod(params.Type(), true, nil, rtd.ResponsesField)
	return f != nil
}

// shape says why a request written another way is not rewritten.
const shape = "the fix rewrites only a request made as `res, err := ...` or alone in its statement"

// matchAsk checks the statement that makes one request: `res, err :=
// call` (either may be _) with an optional `if err != nil { ... }` right
// after it, or the call alone, in a statement list of the handler.
func (m *migration) matchAsk(dc *model.DirectCall) (*ask, string) {
	if why := viaReason(dc); why != "" {
		return nil, why
	}
	pc := m.mod
	a := &ask{dc: dc}
	n := len(dc.Stack)
	if n < 3 {
		return nil, "the request is not in a statement"
	}
	for _, anc := range dc.Stack {
		switch anc.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if anc.Pos() > m.fn.Pos() {
				return nil, "the request is in a loop"
			}
		case *ast.SelectStmt:
			if anc.Pos() > m.fn.Pos() {
				return nil, "the request is in a select statement"
			}
		}
	}
	listAt := n - 3
	if ifs, ok := dc.Stack[n-3].(*ast.IfStmt); ok && ifs.Init == dc.Stack[n-2] {
		// if res, err := call; err == nil { ... } else { ... }
		if n < 4 {
			return nil, shape
		}
		a.initIf = ifs
		listAt = n - 4
	}
	switch p := dc.Stack[n-2].(type) {
	case *ast.ExprStmt:
		a.stmt = p
	case *ast.ReturnStmt:
		// return ss.Elicit(...): a gate that passes the answer on.
		if why := m.matchPass(a, p); why != "" {
			return nil, why
		}
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != ast.Expr(dc.Call) || len(p.Lhs) != 2 {
			return nil, shape
		}
		if p.Tok != token.DEFINE {
			return nil, "the answer is assigned to variables declared before the request"
		}
		a.stmt = p
		resID, ok1 := p.Lhs[0].(*ast.Ident)
		errID, ok2 := p.Lhs[1].(*ast.Ident)
		if !ok1 || !ok2 {
			return nil, shape
		}
		if resID.Name != "_" {
			a.res = resID.Name
			a.resVar, _ = pc.Info.Defs[resID].(*types.Var)
			if a.resVar == nil {
				return nil, "the answer's variable " + resID.Name + " is declared before the request"
			}
		}
		if errID.Name != "_" {
			// A new error variable, or one an earlier request of the
			// handler declared (checked in matchAsks).
			a.errName = errID.Name
			a.errVar, _ = pc.Info.ObjectOf(errID).(*types.Var)
		}
	default:
		return nil, shape
	}
	if a.initIf != nil {
		if why := m.matchInitIf(a); why != "" {
			return nil, why
		}
	}
	switch b := dc.Stack[listAt].(type) {
	case *ast.BlockStmt:
		a.list = b.List
	case *ast.CaseClause:
		a.list = b.Body
	case *ast.CommClause:
		return nil, "the request is in a select statement"
	default:
		return nil, shape
	}
	if a.errVar != nil && a.initIf == nil {
		i := slices.Index(a.list, a.stmt)
		var ifs *ast.IfStmt
		if i+1 < len(a.list) {
			ifs, _ = a.list[i+1].(*ast.IfStmt)
		}
		if pre := ifs; pre != nil && m.gate == nil && pre.Init == nil && pre.Else == nil && source.ErrorsIsSentinel(pc.Info, pre.Cond, a.errVar) != nil && pc.Terminates(pre.Body) && i+2 < len(a.list) && oneLine(pc, pre.Cond) {
			// if errors.Is(err, server.ErrElicitationNotSupported) { ... }
			// if err != nil { ... }
			if next, ok := a.list[i+2].(*ast.IfStmt); ok && next.Init == nil && next.Else == nil && source.IsErrNotNil(pc.Info, next.Cond, a.errVar) {
				a.errPre, ifs = pre, next
			}
		}
		if ifs != nil && ifs.Init == nil && ifs.Else == nil {
			if source.IsErrNotNil(pc.Info, ifs.Cond, a.errVar) {
				a.errIf = ifs
			} else if test, rest := source.ErrOr(pc.Info, ifs.Cond, a.errVar); test != nil && !source.UsedIn(pc.Info, rest, a.errVar) {
				// if err != nil || res.Action != "accept": the guard
				// runs the body, the if keeps the rest of its test.
				a.errIf, a.errTest, a.errRest = ifs, test, rest
			}
		}
		// Otherwise the error is not checked: errorsChecked sees that
		// nothing reads it, or that what does reads a later error.
	}
	if why := m.matchParams(a); why != "" {
		return nil, why
	}
	return a, ""
}

// oneLine reports an expression written on one line.
func oneLine(pc *model.Model, e ast.Expr) bool {
	_, ok := pc.LineText(e)
	return ok
}

// matchPass checks a request whose results a gate returns as they are
// (return ss.Elicit(ctx, params)): the gate returns the answer it looks
// up, nil and the SDK's error for a client that cannot be asked, or the
// error of the answer's check. Only an answer the SDK hands back as the
// direct request returned it passes on: not a sampling result the fix
// converts or parses.
func (m *migration) matchPass(a *ask, ret *ast.ReturnStmt) string {
	k := a.dc.Kind
	if m.gate == nil || len(ret.Results) != 1 || ret.Results[0] != ast.Expr(a.dc.Call) || k == nil {
		return shape
	}
	if k.Downconvert != nil || k.ContentParser != "" {
		return "the request's result is returned as it is, and the round trip's answer is converted where it is read; assign it first (`res, err := ...`), then run -fix again"
	}
	a.stmt, a.pass = ret, true
	return ""
}

// matchParams finds the params of the request: the expression the fix
// keeps, or the text it writes.
func (m *migration) matchParams(a *ask) string {
	pc, dc := m.mod, a.dc
	call := dc.Call
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "the request is not a method call"
	}
	// The receiver and the context are dropped: they must be replay-safe.
	dropped := []ast.Node{sel.X}
	if len(call.Args) > 0 {
		dropped = append(dropped, call.Args[0])
	}
	for _, p := range m.sdk.Positional {
		if p.Name == dc.Fn.Name() && p.Recv == mcpsdk.RecvName(dc.Fn) {
			return m.matchPositional(a, p, dropped)
		}
	}
	sig := dc.Fn.Type().(*types.Signature)
	if len(call.Args) != 2 || sig.Params().Len() != 2 {
		return "the request's arguments are not (ctx, params)"
	}
	arg := call.Args[1]
	k := dc.Kind
	switch {
	case m.sdk.RoundTrip.ResponseIface != "": // go-sdk: the argument is the params
		if source.IsNil(pc.Info, arg) {
			if k.Kind == mcpsdk.KindElicitation {
				return "the request's params are nil"
			}
			a.paramsText = "&" + m.pkgName(m.sdk.TypesPkg) + "." + mcpsdk.NamedObj(sig.Params().At(1).Type()).Name() + "{}"
		} else {
			a.params = arg
		}
	case k.ParamsOfRequest == "": // mcp-go roots: no params
		dropped = append(dropped, arg)
	default: // mcp-go: the argument is a request holding the params
		lit, isLit := ast.Unparen(arg).(*ast.CompositeLit)
		switch {
		case isLit:
			if kv := source.LitField(lit, k.ParamsOfRequest); kv != nil {
				a.params = kv.Value
				for _, elt := range lit.Elts {
					if elt != ast.Expr(kv) {
						dropped = append(dropped, elt)
					}
				}
			} else {
				a.paramsText = m.pkgName(m.sdk.TypesPkg) + "." + typeName(pc.Info.TypeOf(lit), k.ParamsOfRequest) + "{}"
				dropped = append(dropped, arg)
			}
		default:
			text, ok := fix.LineText(m.mod.Package, arg)
			if !ok {
				return "the request's argument spans several lines"
			}
			if _, ok := ast.Unparen(arg).(*ast.Ident); !ok {
				text = "(" + text + ")"
			}
			a.paramsText = text + "." + k.ParamsOfRequest
			a.kept = append(a.kept, arg)
		}
	}
	for _, n := range dropped {
		if bad := m.impure(n); bad != nil {
			return fmt.Sprintf("`%s` in the request would not run again once the fix drops it", m.mod.Short(bad))
		}
	}
	if a.params != nil {
		if bad := m.impure(a.params); bad != nil {
			return fmt.Sprintf("`%s` in the request's params would run only on the call that asks", m.mod.Short(bad))
		}
	}
	return m.matchSchema(a)
}

// matchSchema keeps the migration from changing what a client sees when the
// SDK rejects the requested schema: on the direct path the handler got the
// error and usually answered with its own error result; through the
// bridge for older clients the error fails the whole call. Where the
// schema check knows the repair, the fix repairs the schema too.
func (m *migration) matchSchema(a *ask) string {
	if !m.sdk.RoundTrip.BridgeValidatesSchema || a.dc.Kind.Kind != mcpsdk.KindElicitation {
		return ""
	}
	site := m.paramsSite(a)
	if site == nil {
		return ""
	}
	m.mod.Sum.Schemas.Findings(m.mod) // computes bySite
	for _, f := range m.mod.Sum.Schemas.BySite[site] {
		if !f.Rejects {
			continue
		}
		if len(f.Repair) == 0 {
			return "go-sdk rejects the requested schema when the user accepts (see the " + f.Check + " finding at line " + fmt.Sprint(m.line(f.Pos)) + "), and after the migration that error would fail the call for older clients instead of reaching your error check; fix the schema first"
		}
		a.repairs = append(a.repairs, f.Repair...)
	}
	return ""
}

// paramsSite returns the discovered request of the params: their literal,
// or the literal of the local variable that holds them.
func (m *migration) paramsSite(a *ask) *model.ParamsSite {
	e := a.params
	if e == nil {
		return nil
	}
	e = source.UnAddr(e)
	var v *types.Var
	if id, ok := e.(*ast.Ident); ok {
		v, _ = m.mod.Info.Uses[id].(*types.Var)
	}
	for _, site := range m.mod.D.Params {
		if site.Lit != nil && ast.Expr(site.Lit) == e || v != nil && site.V == v {
			return site
		}
	}
	return nil
}

// typeName returns the name of the type of field name of the struct t.
func typeName(t types.Type, field string) string {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, field)
	if v, ok := obj.(*types.Var); ok {
		if n := mcpsdk.NamedObj(v.Type()); n != nil {
			return n.Name()
		}
	}
	return field
}

// matchPositional builds the params of an SDK function that takes the
// fields as arguments (mcp-go's RequestURLElicitation).
func (m *migration) matchPositional(a *ask, p mcpsdk.Positional, dropped []ast.Node) string {
	call := a.dc.Call
	var fields []string
	if p.Mode != "" {
		mode := fmt.Sprintf("%q", p.Mode)
		if c := m.sdk.RoundTrip.ModeConsts[p.Mode]; c != "" {
			mode = m.pkgName(m.sdk.TypesPkg) + "." + c
		}
		fields = append(fields, mcpsdk.FieldMode+": "+mode)
	}
	used := map[int]bool{0: true}
	for _, i := range sortedArgs(p.Args) {
		if i >= len(call.Args) {
			return "the request's arguments are not the SDK's"
		}
		used[i] = true
		text, ok := fix.ExprText(m.mod.Package, call.Args[i])
		if !ok {
			return "an argument of the request spans several lines"
		}
		fields = append(fields, p.Args[i]+": "+text)
		a.kept = append(a.kept, call.Args[i])
		if bad := m.impure(call.Args[i]); bad != nil {
			return fmt.Sprintf("`%s` in the request's arguments would run only on the call that asks", m.mod.Short(bad))
		}
	}
	for i, arg := range call.Args {
		if !used[i] {
			dropped = append(dropped, arg)
		}
	}
	for _, n := range dropped {
		if bad := m.impure(n); bad != nil {
			return fmt.Sprintf("`%s` in the request would not run again once the fix drops it", m.mod.Short(bad))
		}
	}
	a.paramsText = m.pkgName(m.sdk.TypesPkg) + "." + m.sdk.ParamsType + "{" + strings.Join(fields, ", ") + "}"
	return ""
}

func sortedArgs(args map[int]string) []int {
	var is []int
	for i := range args {
		is = append(is, i)
	}
	slices.Sort(is)
	return is
}

package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// roundTripFix migrates the common shape of a tool handler that makes one
// direct elicitation to the round trip:
//
//	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{...})
//	if err != nil { return ... }
//
// becomes (go-sdk)
//
//	res, ok := req.Params.InputResponses["key"].(*mcp.ElicitResult)
//	if !ok {
//		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"key": &mcp.ElicitParams{...}}}, zero, nil
//	}
//
// or (mcp-go)
//
//	res := server.ElicitationResponse(request.Params.InputResponses, "key")
//	if res == nil {
//		return server.NewInputRequestBuilder("").Elicit("key", mcp.ElicitationParams{...}).ToolResult(), nil
//	}
//
// The handler then runs twice (once to ask, once with the answer), so the
// fix is offered only when nothing before the elicitation can have an
// effect that would happen twice: no calls but pure ones, no writes but to
// local variables. It is also not offered when the error of the call is
// used for anything but the `if err != nil` that follows, or when a
// comment would be lost.
func roundTripFix(c *checkPass, dc *directCall) []analysis.SuggestedFix {
	m := matchRoundTripFix(c, dc)
	if m == nil {
		return nil
	}
	file := c.fileOf(dc.call.Pos())
	rtd := dc.sdk.RoundTrip
	var edits []analysis.TextEdit
	imp := func(path, name string) (string, bool) {
		n, e, ok := c.importName(file, path, name)
		if e != nil {
			edits = append(edits, *e)
		}
		return n, ok
	}
	mcpName, ok := imp(dc.sdk.typesPath(), lastElem(dc.sdk.TypesPkg))
	if !ok {
		return nil
	}
	qual := c.qualifier(file)
	sig := m.sig
	var zeros []string
	for i := 1; i < sig.Results().Len()-1; i++ {
		z, ok := zeroValue(sig.Results().At(i).Type(), qual)
		if !ok {
			return nil
		}
		zeros = append(zeros, z)
	}
	tail := strings.Join(append(zeros, "nil"), ", ")
	key := m.key
	responses := m.req + "." + rtd.ParamsField + "." + rtd.ResponsesField
	indent := c.indentOf(m.assign.Pos())
	params := string(m.paramsText)
	var b strings.Builder
	comment := ""
	if m.trailing != "" {
		comment = " " + m.trailing
	}
	if rtd.ResponseIface != "" {
		okName := freshName(c.pass.Pkg, c.info, m.assign.Pos(), "ok")
		fmt.Fprintf(&b, "%s, %s := %s[%q].(*%s.%s)%s\n", m.res, okName, responses, key, mcpName, dc.sdk.ResultTypes[0], comment)
		fmt.Fprintf(&b, "%sif !%s {\n", indent, okName)
		fmt.Fprintf(&b, "%s\treturn &%s.%s{%s: %s.%s{%q: %s}}, %s\n", indent, mcpName, rtd.ToolResult, rtd.RequestsField, mcpName, rtd.RequestMap, key, params, tail)
	} else {
		srv, ok := imp(dc.sdk.serverPath(), lastElem(dc.sdk.ServerPkg))
		if !ok {
			return nil
		}
		fmt.Fprintf(&b, "%s := %s.%s(%s, %q)%s\n", m.res, srv, rtd.kind(kindElicitation).ResponseFunc, responses, key, comment)
		fmt.Fprintf(&b, "%sif %s == nil {\n", indent, m.res)
		fmt.Fprintf(&b, "%s\treturn %s.%s(\"\").%s(%q, %s).%s(), %s\n", indent, srv, rtd.NewBuilder, rtd.kind(kindElicitation).BuilderMethod, key, params, rtd.Finishers[0], tail)
	}
	fmt.Fprintf(&b, "%s}", indent)
	edits = append(edits, analysis.TextEdit{Pos: m.assign.Pos(), End: m.end, NewText: []byte(b.String())})
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Return the request in %s under %q and read the answer from %s", rtd.RequestsField, key, rtd.ResponsesField),
		TextEdits: edits,
	}}
}

func lastElem(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
}

// rtFixMatch is a direct elicitation in the shape the fix migrates.
type rtFixMatch struct {
	sig        *types.Signature
	assign     *ast.AssignStmt // res, err := <direct call>
	end        token.Pos       // end of what the fix replaces (the if err != nil too)
	res        string          // the result variable
	req        string          // the handler's request parameter
	key        string
	paramsText []byte
	trailing   string // comments at the end of the call's line
}

func matchRoundTripFix(c *checkPass, dc *directCall) *rtFixMatch {
	rtd := dc.sdk.RoundTrip
	stack := dc.stack
	n := len(stack)
	if n < 4 || rtd.ToolRequest == "" {
		return nil
	}
	fnNode, body := enclosing(stack)
	as, ok := stack[n-2].(*ast.AssignStmt)
	if !ok || body == nil || stack[n-3] != ast.Node(body) || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != dc.call {
		return nil
	}
	resID, ok := as.Lhs[0].(*ast.Ident)
	if !ok || resID.Name == "_" {
		return nil
	}
	// One direct elicitation in the handler.
	count := 0
	for _, other := range c.d.rt.direct {
		if f, _ := enclosing(other.stack); f == fnNode {
			count++
		}
	}
	if count != 1 {
		return nil
	}
	// A tool handler: a request parameter, a tool result first, an error last.
	sig := c.signatureOf(fnNode)
	if sig == nil || sig.Results().Len() < 2 {
		return nil
	}
	if !c.isSDKType(sig.Results().At(0).Type(), dc.sdk, rtd.ToolResult, true) ||
		!types.Identical(sig.Results().At(sig.Results().Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	req := ""
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if c.isSDKType(p.Type(), dc.sdk, rtd.ToolRequest, rtd.ToolRequestPtr) && p.Name() != "" && p.Name() != "_" {
			req = p.Name()
		}
	}
	if req == "" {
		return nil
	}
	// The params literal.
	arg := dc.call.Args[len(dc.call.Args)-1]
	if len(dc.call.Args) != 2 {
		return nil
	}
	lit := arg
	if rtd.ParamsOfRequest != "" {
		outer, ok := ast.Unparen(arg).(*ast.CompositeLit)
		if !ok {
			return nil
		}
		kv := litField(outer, rtd.ParamsOfRequest)
		if kv == nil {
			return nil
		}
		lit = kv.Value
	}
	inner := ast.Unparen(lit)
	if u, ok := inner.(*ast.UnaryExpr); ok && u.Op == token.AND {
		inner = ast.Unparen(u.X)
	}
	if cl, ok := inner.(*ast.CompositeLit); !ok || c.sdks.params(c.info.TypeOf(cl)) != dc.sdk {
		return nil
	}
	data, tf := c.src(lit.Pos())
	if data == nil {
		return nil
	}
	paramsText := bytes.Clone(data[tf.Offset(lit.Pos()):tf.Offset(lit.End())])
	// The error: unused, or used only by the `if err != nil` that follows.
	end := as.End()
	if errID, ok := as.Lhs[1].(*ast.Ident); !ok {
		return nil
	} else if errID.Name != "_" {
		errVar, _ := c.info.Defs[errID].(*types.Var)
		if errVar == nil {
			return nil // err was declared before: other code may read it
		}
		next := nextStmt(body, as)
		ifs, ok := next.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || !isErrNotNil(c.info, ifs.Cond, errVar) {
			return nil
		}
		if usedOutside(c.info, body, errVar, ifs) {
			return nil
		}
		end = ifs.End()
	}
	// Nothing before the elicitation may have an effect that would happen
	// twice; the receiver and the params are evaluated only once, but must
	// not have effects either (the fix moves them).
	for _, s := range body.List {
		if s == ast.Stmt(as) {
			break
		}
		if !c.pureNode(s) {
			return nil
		}
	}
	if !c.pureNode(dc.call.Fun) || !c.pureNode(lit) {
		return nil
	}
	// No comment may be lost: a comment at the end of the call's last line
	// moves to the first line of the replacement; any other comment in
	// what is replaced, outside the params, blocks the fix.
	file := c.fileOf(as.Pos())
	line := c.pass.Fset.File(as.Pos()).Line
	var trailing []string
	for _, cg := range file.Comments {
		if cg.Pos() >= as.End() && line(cg.Pos()) == line(as.End()) {
			for _, cm := range cg.List {
				trailing = append(trailing, cm.Text)
			}
			end = max(end, cg.End())
			continue
		}
		if cg.Pos() < as.Pos() || cg.End() > end || cg.Pos() >= lit.Pos() && cg.End() <= lit.End() {
			continue
		}
		return nil
	}
	return &rtFixMatch{sig: sig, assign: as, end: end, res: resID.Name, req: req, key: c.roundTripKey(fnNode), paramsText: paramsText, trailing: strings.Join(trailing, " ")}
}

// isSDKType reports whether t is the SDK's type name (through a pointer
// when ptr is set).
func (pc *pkgCtx) isSDKType(t types.Type, sdk *SDK, name string, ptr bool) bool {
	if p, ok := t.(*types.Pointer); ok != ptr {
		return false
	} else if ok {
		t = p.Elem()
	}
	// go-sdk's request types are aliases (CallToolRequest =
	// ServerRequest[*CallToolParamsRaw]): match the alias by name.
	if a, ok := t.(*types.Alias); ok {
		obj := a.Obj()
		if obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == sdk.typesPath() {
			return true
		}
	}
	return isNamed(t, sdk.typesPath(), name)
}

// roundTripKey names the request the fix files: the handler's name, made
// unique among the package's request keys.
func (c *checkPass) roundTripKey(fn ast.Node) string {
	base := "elicitation"
	if d, ok := fn.(*ast.FuncDecl); ok {
		base = d.Name.Name
	}
	used := map[string]bool{}
	for _, r := range c.d.rt.requests {
		used[r.key] = true
	}
	for _, r := range c.d.rt.reads {
		used[r.key] = true
	}
	key := base
	for i := 2; used[key]; i++ {
		key = fmt.Sprintf("%s%d", base, i)
	}
	return key
}

// nextStmt returns the statement after s in body, or nil.
func nextStmt(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	for i, x := range body.List {
		if x == s && i+1 < len(body.List) {
			return body.List[i+1]
		}
	}
	return nil
}

// isErrNotNil reports whether cond is `v != nil`.
func isErrNotNil(info *types.Info, cond ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	return ok && info.Uses[id] == v && isNil(info, b.Y)
}

// usedOutside reports whether v is used in body outside the node except.
func usedOutside(info *types.Info, body *ast.BlockStmt, v *types.Var, except ast.Node) bool {
	used := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == except {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			used = true
		}
		return !used
	})
	return used
}

// pureFuncs are the functions, by package, whose calls have no effect the
// caller could see twice; "*" stands for every function of the package.
var pureFuncs = map[string][]string{
	"fmt":           {"Sprintf", "Sprint", "Sprintln", "Errorf"},
	"errors":        {"New", "Is", "As", "Unwrap", "Join"},
	"strings":       {"*"},
	"strconv":       {"*"},
	"unicode":       {"*"},
	"unicode/utf8":  {"*"},
	"math":          {"*"},
	"path":          {"*"},
	"path/filepath": {"Join", "Base", "Dir", "Ext", "Clean", "IsAbs", "Split"},
	"net/url":       {"Parse", "QueryEscape", "PathEscape"},
	"time":          {"Duration"},
	"github.com/google/jsonschema-go/jsonschema": {"For", "ForType", "Ptr"},
}

// pureNode reports whether evaluating n has no effect other than on local
// variables: calls only of pure functions, conversions and non-mutating
// builtins; assignments only to local variables; no channel operations,
// go or defer statements.
func (pc *pkgCtx) pureNode(n ast.Node) bool {
	pure := true
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // not called here
		case *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt:
			pure = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				pure = false
			}
		case *ast.IncDecStmt:
			if !pc.localTarget(n.X) {
				pure = false
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if !pc.localTarget(l) {
					pure = false
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil && !pc.localTarget(n.Key) || n.Value != nil && !pc.localTarget(n.Value) {
				pure = false
			}
		case *ast.CallExpr:
			if !pc.pureCall(n) {
				pure = false
			}
		}
		return pure
	})
	return pure
}

// localTarget reports an assignment target that is a local variable (or _).
func (pc *pkgCtx) localTarget(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	v, _ := pc.info.ObjectOf(id).(*types.Var)
	return isLocal(v)
}

func (pc *pkgCtx) pureCall(call *ast.CallExpr) bool {
	if tv, ok := pc.info.Types[call.Fun]; ok && tv.IsType() {
		return true // a conversion
	}
	switch callee := typeutil.Callee(pc.info, call).(type) {
	case *types.Builtin:
		switch callee.Name() {
		case "len", "cap", "make", "new", "append", "min", "max", "complex", "real", "imag":
			return true
		}
	case *types.Func:
		if callee.Pkg() == nil || callee.Type().(*types.Signature).Recv() != nil {
			return false
		}
		for _, name := range pureFuncs[callee.Pkg().Path()] {
			if name == "*" || name == callee.Name() {
				return true
			}
		}
	}
	return false
}

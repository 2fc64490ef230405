package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file migrates a gate's call in a go-sdk receiving middleware by
// protocol. go-sdk runs its bridge for older clients inside the
// middleware chain, around the tool handler, so a middleware that
// returned input requests to a session of protocol 2025-11-25 would hand
// them to a client that knows nothing of them. A middleware sees every
// call, though, the retried one with its answers included. So:
//
//   - on a tools/call request of protocol 2026-07-28, the middleware calls
//     the gate's round-trip version, returns the result that asks, and
//     on the retried call reads the answer from it;
//   - on every other request it keeps the direct request, which works
//     on the older sessions and which the bridge never sees.
//
// Only a gate of another package whose round-trip version is declared
// (its fact names the sibling) is migrated this way: the old function
// stays, for the older sessions.

// mwSite is what a middleware's call needs: the name of the middleware's
// request parameter.
type mwSite struct {
	req string
}

// middlewareSite plans a call of an imported gate in a go-sdk receiving
// middleware (a function of (context, method, request) returning a result
// and an error), made as a statement of its own or an assignment.
func (c *chain) middlewareSite(s *site, f *chainFn) (*mwSite, bool) {
	if c.sdk.RoundTrip.ResponseIface == "" || f.decl != nil || f.fact == nil || f.fact.Sibling == "" {
		return nil, false
	}
	switch s.stmt.(type) {
	case *ast.AssignStmt, *ast.ExprStmt:
	default:
		return nil, false
	}
	sig := c.mod.SignatureOf(s.in)
	if sig == nil || sig.Params().Len() != 3 || sig.Results().Len() != 2 || !c.sdk.IsType(sig.Params().At(2).Type(), "Request") {
		return nil, false
	}
	req := sig.Params().At(2).Name()
	if req == "" || req == "_" {
		return nil, false
	}
	return &mwSite{req: req}, true
}

// middlewareEdits replace the call's statement with a branch on the
// request's protocol: the round-trip version on tools/call requests of
// 2026-07-28, the statement as it was on every other. Variables the
// statement declared are declared before the branch.
func (c *chain) middlewareEdits(s *site, file *ast.File, pkgIn func(*ast.File, string) string) ([]analysis.TextEdit, string) {
	if c.mod.CommentIn(s.stmt.Pos(), s.stmt.End()) {
		return nil, lostComment
	}
	src := func(n ast.Node) string {
		t, _ := c.mod.LineText(n) // all of it, on one line or several
		return t
	}
	if c.names == nil {
		c.names = map[ast.Node]map[string]bool{}
	}
	if c.names[s.in] == nil {
		c.names[s.in] = map[string]bool{}
	}
	fresh := func(base string) string {
		n := fix.FreshAt(c.mod.Pass.Pkg, s.stmt.Pos(), c.names[s.in], base)
		c.names[s.in][n] = true
		return n
	}
	call, ok, ask := fresh("call"), fresh("ok"), fresh("ask")
	mcp := pkgIn(file, c.sdk.TypesPkg)
	rt := c.sdk.RoundTrip

	plan, why := c.argPlan(s, call)
	if why != "" {
		return nil, why
	}
	var args []string
	for _, a := range plan {
		args = append(args, a.Text)
	}
	fun := s.callee.fact.Sibling
	if sel, isSel := ast.Unparen(s.call.Fun).(*ast.SelectorExpr); isSel {
		fun = src(sel.X) + "." + fun
	}
	sibling := fun + "(" + strings.Join(args, ", ") + ")"

	ind := c.mod.IndentOf(s.stmt.Pos())
	var decls []string
	var old []string // the left-hand side as written, one per result
	oldStmt := src(s.stmt)
	if st, isAssign := s.stmt.(*ast.AssignStmt); isAssign {
		qual := c.mod.Qualifier(file)
		for _, l := range st.Lhs {
			old = append(old, src(l))
			if id, isID := l.(*ast.Ident); isID && st.Tok == token.DEFINE {
				if obj := c.mod.Info.Defs[id]; obj != nil {
					decls = append(decls, "var "+id.Name+" "+types.TypeString(obj.Type(), qual))
				}
			}
		}
		if st.Tok == token.DEFINE {
			oldStmt = strings.Join(old, ", ") + " = " + src(s.call)
		}
	}
	var lhs []string
	for _, i := range s.callee.fact.Results {
		switch {
		case i == model.ResultAsk:
			lhs = append(lhs, ask)
		case old == nil:
			lhs = append(lhs, "_")
		default:
			lhs = append(lhs, old[i])
		}
	}
	var b strings.Builder
	for _, d := range decls {
		b.WriteString(d + "\n" + ind)
	}
	fmt.Fprintf(&b, "if %s, %s := %s.(*%s.%s); %s && %s.ProtocolVersion() >= %q {\n", call, ok, s.mw.req, mcp, rt.ToolRequest, ok, call, mcpsdk.RoundTripVersion)
	fmt.Fprintf(&b, "%s\tvar %s *%s.%s\n", ind, ask, mcp, rt.ToolResult)
	fmt.Fprintf(&b, "%s\t%s = %s\n", ind, strings.Join(lhs, ", "), sibling)
	fmt.Fprintf(&b, "%s\tif %s != nil {\n%s\t\treturn %s, nil\n%s\t}\n", ind, ask, ind, ask, ind)
	fmt.Fprintf(&b, "%s} else {\n%s\t%s\n%s}", ind, ind, oldStmt, ind)
	return []analysis.TextEdit{{Pos: s.stmt.Pos(), End: s.stmt.End(), NewText: []byte(b.String())}}, ""
}

// middlewareNote says, in the fix's message, which calls move only on
// requests of 2026-07-28.
func (c *chain) middlewareNote() string {
	var names []string
	for _, s := range c.sites {
		if s.mw != nil {
			names = append(names, c.mod.HandlerName(s.in))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return fmt.Sprintf("; in the receiving middleware (%s), on tools/call requests of protocol %s only: older sessions keep the direct request, which go-sdk's bridge for older clients, inside the middleware chain, never sees. go-sdk v1.8.0 sends a result a middleware returns without resultType (go-sdk#1225, fixed after v1.8.0): its own client answers the question, but clients that require resultType (mcp-go's) see an empty result, and the tool does not run", strings.Join(names, ", "), mcpsdk.RoundTripVersion)
}

// inOlderBranch reports whether the node at the top of stack is in the
// else branch of an if that takes requests of protocol 2026-07-28 (a
// condition with ProtocolVersion() >= "2026-07-28", as the middleware's
// migration writes it): the call kept there for older sessions is not
// migrated again.
func inOlderBranch(info *types.Info, stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || ifs.Else == nil || ifs.Else != stack[i+1] {
			continue
		}
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != token.GEQ {
				return !found
			}
			call, ok := ast.Unparen(b.X).(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if v, isConst := source.ConstString(info, b.Y); ok && sel.Sel.Name == "ProtocolVersion" && isConst && v == mcpsdk.RoundTripVersion {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

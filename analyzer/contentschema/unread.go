package contentschema

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Unread confirmations (issue #38 §4). A form that asks for a boolean, a
// confirm or approve checkbox, and then looks only at the action goes
// ahead when the user accepts with the box unticked; one that asks the
// user to choose (an enum, or oneOf's titled values) goes ahead the same
// whatever they choose. The check reports
// such a property when everything the handler does with the answer is
// known: it reads the action, and reads Content only by constant keys
// (directly, or through a local map), none of them the property. Where
// the answer or its Content goes anywhere else (a helper, a range, a
// dynamic key, a return), it says nothing. A property with a default is
// not reported: the work may not depend on it.

// checkUnread reports the boolean and single-select properties of the
// requested schema that the handler never reads.
func checkUnread(c *check.Pass, site *model.ResultSite, ps *model.ParamsSite, rs *requestedSchema) {
	if site.Obj == nil || site.Discarded || site.ActionOnly || site.Decision != nil || c.ModeOf(ps) != mcpsdk.ModeForm {
		return // a url-mode request shows no form, whatever it carries
	}
	u := answerUses(c, site)
	if !u.known || !u.action {
		return
	}
	for _, key := range rs.props.Keys {
		prop := rs.props.Get(key)
		if prop == nil || prop.Has("default") || u.keys[key] {
			continue
		}
		shown := fmt.Sprintf("%s[%q]", site.SDK.ContentField, key)
		switch {
		case prop.Get("type").IsString("boolean"):
			c.Report(site.Expr, "the form asks for %q, a box the user ticks, but the answer's %s is never read: accepting with the box unticked goes ahead as if it were ticked; read it and refuse unless it is true, or drop it from the form; no automatic fix: which of the two is yours to choose", key, shown)
		case prop.Get("type").IsString("string") && (prop.Has("enum") || prop.Has("oneOf")):
			c.Report(site.Expr, "the form asks the user to choose %q, but the answer's %s is never read: accepting goes ahead the same whatever they choose; act on the choice, or drop it from the form; no automatic fix: which of the two is yours to choose", key, shown)
		}
	}
}

// uses is what a handler does with an answer: whether it reads the
// action, the keys it reads from Content, and whether every use is one
// the check knows.
type uses struct {
	action, known bool
	keys          map[string]bool
	maps          map[*types.Var]bool // local maps Content went into
}

// answerUses reads every use of the answer's variable in its function:
// the action, Content by a constant key, Content into a local map read
// only by constant keys or its length, Content compared with nil. Any
// other use leaves known false.
func answerUses(c *check.Pass, site *model.ResultSite) *uses {
	sdk := site.SDK
	u := &uses{known: true, keys: map[string]bool{}, maps: map[*types.Var]bool{}}
	source.WalkWithPath(site.Body, func(n ast.Node, path []ast.Node) {
		id, ok := n.(*ast.Ident)
		if !ok || !u.known || c.Info.Uses[id] != site.Obj {
			return
		}
		sel, ok := parentOf(path).(*ast.SelectorExpr)
		if !ok || sel.X != ast.Expr(id) {
			if as, ok := parentOf(path).(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(id)) {
				return // the answer itself assigned (the lookup)
			}
			if b, ok := parentOf(path).(*ast.BinaryExpr); ok && source.IsNilTest(c.Info, b) {
				return // whether there is an answer (res == nil)
			}
			u.known = false
			return
		}
		switch sel.Sel.Name {
		case sdk.ActionField:
			u.action = true
		case sdk.ContentField:
			u.known = u.contentUse(c, path[:len(path)-1])
		default:
			// Meta and the like: not the answer's content.
		}
	})
	if u.known {
		source.WalkWithPath(site.Body, func(n ast.Node, path []ast.Node) {
			if id, ok := n.(*ast.Ident); ok && u.known {
				if v, ok := c.Info.Uses[id].(*types.Var); ok && u.maps[v] {
					u.known = u.mapUse(c, id, path)
				}
			}
		})
	}
	return u
}

// contentUse classifies a use of answer.Content (at the top of path): a
// read by a constant key, a nil test, or a local map it goes into (added
// to maps, whose uses are checked after).
func (u *uses) contentUse(c *check.Pass, path []ast.Node) bool {
	var e ast.Node = path[len(path)-1]
	i := len(path) - 2
	if i >= 0 {
		if ta, ok := path[i].(*ast.TypeAssertExpr); ok && ta.X == e { // mcp-go: Content.(map[string]any)
			e = ta
			i--
		}
	}
	if i < 0 {
		return false
	}
	switch p := path[i].(type) {
	case *ast.IndexExpr:
		return p.X == e && u.key(c, p.Index)
	case *ast.BinaryExpr:
		return source.IsNilTest(c.Info, p)
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != e || len(p.Lhs) == 0 {
			return false
		}
		id, ok := p.Lhs[0].(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := c.Info.ObjectOf(id).(*types.Var)
		if v == nil || !source.IsLocal(v) {
			return false
		}
		u.maps[v] = true
		return true
	}
	return false
}

// mapUse reports whether a use of a local map of the answer's Content is
// a read by a constant key, its length, a nil test or its definition.
func (u *uses) mapUse(c *check.Pass, id *ast.Ident, path []ast.Node) bool {
	switch p := parentOf(path).(type) {
	case *ast.IndexExpr:
		return p.X == ast.Expr(id) && u.key(c, p.Index)
	case *ast.BinaryExpr:
		return source.IsNilTest(c.Info, p)
	case *ast.CallExpr:
		return source.IsLen(c.Info, p)
	case *ast.AssignStmt:
		return slices.Contains(p.Lhs, ast.Expr(id)) && p.Tok == token.DEFINE
	}
	return false
}

// key notes a read of Content by the key e, and reports whether e is a
// constant.
func (u *uses) key(c *check.Pass, e ast.Expr) bool {
	k, ok := source.ConstString(c.Info, e)
	if ok {
		u.keys[k] = true
	}
	return ok
}

// parentOf is the parent of the top of path, parens skipped.
func parentOf(path []ast.Node) ast.Node {
	i := len(path) - 2
	for i >= 0 {
		if _, ok := path[i].(*ast.ParenExpr); !ok {
			return path[i]
		}
		i--
	}
	return nil
}

package failopen

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// A round-trip answer is what the client sends with its call, and its
// action is any string the client puts there: neither SDK checks it. A
// switch that names "accept", "decline" and "cancel" handles the three
// actions (the settled rule of the actions check), but when the code
// after it is the work, or `if a == "decline" || a == "cancel" { return }`
// guards the work, an action that is none of them ("bogus") reaches the
// work as only "accept" should. Direct answers are left alone: see
// docs/fail-open.md.

const forgedWhen = `the answer's action is none of "accept", "decline" and "cancel"`

const forgedWhy = "a round-trip answer is what the client sends, and its action can be any string"

// forged reports the paths of an action that is none of the three that
// go ahead: a return of what accept returns, or the work only accept
// reaches. It reports whether it reported anything.
func (fo *failOpen) forged() bool {
	if !fo.site.RoundTrip {
		return false
	}
	if d := fo.Decisions(); d != nil {
		reported := false
		for _, r := range d.Rets {
			if r.Set&failflow.Other == 0 || r.Set.Any(failflow.Decline|failflow.Cancel) {
				continue
			}
			vals := fo.Values(r, failflow.Forged)
			if !d.GoesAhead(vals) {
				continue
			}
			at := fo.returnStmt(r.Ret)
			if at == nil {
				continue
			}
			fixes, noFix := fo.refuseOthers(at.Pos(), d)
			fo.c.ReportFix(at.Pos(), at.End(), fixes, "%s returns %s when %s, as it does when the user accepts: %s; refuse the others too (a default case, or a test for \"accept\")%s",
				fo.name(), fo.describe(vals, d.Idx, at), forgedWhen, forgedWhy, noFix)
			reported = true
		}
		return reported
	}
	r := fo.WorkReached(failflow.Other)
	if r == nil || !r.Into {
		return false
	}
	call := fo.callAt(r.At)
	if call == nil {
		return false
	}
	fixes, noFix := fo.refuseOthers(call.Pos(), nil)
	fo.c.ReportFix(call.Pos(), call.End(), fixes, "%s reaches %s when %s, as only an accepted answer should: %s; refuse the others before the work (a default case, or a test for \"accept\")%s",
		fo.name(), shortCall(call), forgedWhen, forgedWhy, noFix)
	return true
}

// refuseOthers makes the switch or if statement on the action that the
// path leaves before at send the other actions to a refusal: a default
// case for a switch without one, a test for "accept" after an if. The
// refusal is what a decline returns in a function that returns a
// decision (d), else an error return. noFix is "" or the clause that
// says why there is none.
func (fo *failOpen) refuseOthers(at token.Pos, d *failflow.Decisions) (fixes []analysis.SuggestedFix, noFix string) {
	stmt, action := fo.actionStmtBefore(at)
	if stmt == nil {
		return nil, "; no automatic fix: the test of the action is not in sight"
	}
	file := fo.c.FileOf(stmt.Pos())
	if file == nil {
		return nil, "; no automatic fix: the file is not in sight"
	}
	var ret string
	var importEdits []analysis.TextEdit
	if d != nil {
		texts := fo.declineConsts(d.Rets)
		if texts == nil {
			return nil, "; no automatic fix: what a decline returns cannot be written here"
		}
		ret = "return " + strings.Join(texts, ", ")
	} else {
		var ok bool
		ret, importEdits, ok = fix.FailReturn(fo.c.Package, fo.Fn.Signature, file, "unknown elicitation action")
		if !ok {
			return nil, "; no automatic fix: the function does not return an error last"
		}
	}
	indent := fo.c.IndentOf(stmt.Pos())
	var edit analysis.TextEdit
	switch s := stmt.(type) {
	case *ast.SwitchStmt:
		rb := s.Body.Rbrace
		text := fmt.Sprintf("%sdefault:\n%s\t%s\n", indent, indent, ret)
		if !fo.namesAccept(s) {
			// Accept leaves the switch as the others do: keep it going
			// there, so that only the others are refused.
			text = fmt.Sprintf("%scase %q:\n", indent, flow.ActAccept) + text
		}
		insert := fo.c.LineStart(rb)
		if !fo.c.OnlySpaceBefore(rb) {
			insert, text = rb, "\n"+text
		}
		edit = analysis.TextEdit{Pos: insert, End: insert, NewText: []byte(text)}
	case *ast.IfStmt:
		end := fo.c.LineEnd(s.End())
		text := fmt.Sprintf("\n%sif %s != %q {\n%s\t%s\n%s}", indent, action, flow.ActAccept, indent, ret, indent)
		edit = analysis.TextEdit{Pos: end, End: end, NewText: []byte(text)}
	}
	return []analysis.SuggestedFix{{
		Message:   "Refuse the actions that are none of the three",
		TextEdits: append([]analysis.TextEdit{edit}, importEdits...),
	}}, ""
}

// namesAccept reports whether a case of the switch names "accept".
func (fo *failOpen) namesAccept(s *ast.SwitchStmt) bool {
	for _, st := range s.Body.List {
		for _, e := range st.(*ast.CaseClause).List {
			if v, ok := source.ConstString(fo.c.Info, e); ok && v == flow.ActAccept {
				return true
			}
		}
	}
	return false
}

// actionStmtBefore finds the statement a path leaves before reaching pos
// in the function's syntax: the nearest switch on the answer's action
// without a default case, or if statement that tests the action, that
// comes before pos in a block holding it. action is the text of the
// action's read (res.Action).
func (fo *failOpen) actionStmtBefore(pos token.Pos) (ast.Stmt, string) {
	body := fo.funcBody()
	if body == nil {
		return nil, ""
	}
	var lists [][]ast.Stmt // the statement lists holding pos, innermost last
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() < pos {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && n != fo.Fn.Syntax() {
			return false
		}
		switch b := n.(type) {
		case *ast.BlockStmt:
			lists = append(lists, b.List)
		case *ast.CaseClause:
			lists = append(lists, b.Body)
		}
		return true
	})
	for i := len(lists) - 1; i >= 0; i-- {
		list := lists[i]
		for j := len(list) - 1; j >= 0; j-- {
			st := list[j]
			if st.End() > pos {
				continue
			}
			switch s := st.(type) {
			case *ast.SwitchStmt:
				if s.Tag != nil && fo.isAction(s.Tag) && !hasDefault(s) {
					return s, source.ExprString(s.Tag)
				}
			case *ast.IfStmt:
				if a := fo.actionIn(s.Cond); a != nil && s.Else == nil {
					return s, source.ExprString(a)
				}
			}
		}
	}
	return nil, ""
}

// funcBody is the body of the function the flow runs in.
func (fo *failOpen) funcBody() *ast.BlockStmt { return source.FuncBody(fo.Fn.Syntax()) }

// isAction reports a read of the site's answer's action.
func (fo *failOpen) isAction(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && fo.c.IsResultField(fo.site, sel, fo.site.SDK.ActionField)
}

// actionIn returns a read of the site's answer's action in cond, or nil.
func (fo *failOpen) actionIn(cond ast.Expr) ast.Expr {
	var found ast.Expr
	ast.Inspect(cond, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && found == nil && fo.isAction(e) {
			found = e
		}
		return found == nil
	})
	return found
}

func hasDefault(s *ast.SwitchStmt) bool {
	for _, st := range s.Body.List {
		if cc, ok := st.(*ast.CaseClause); ok && cc.List == nil {
			return true
		}
	}
	return false
}

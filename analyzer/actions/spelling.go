package actions

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file reports an answer's Action compared with a misspelled action
// ("Accept", "accepted", "canceled"): clients send "accept", "decline" or
// "cancel", so the test never holds, and the code it guards never runs.

var protocolActions = []string{flow.ActAccept, flow.ActDecline, flow.ActCancel}

// misspelledActions reports, in the functions that hold an SDK's answer,
// a comparison (==, !=, a case of a switch on it) of the answer's Action
// with a constant string that is no action but reads as one, when the
// function never compares the Action with that action itself (case
// "accept", "Accept": is a spare spelling, not a mistake).
func misspelledActions(c *check.Pass) {
	for _, site := range c.D.Results {
		if site.Obj == nil || site.Body == nil || site.ActionOnly || site.SDK == nil || site.SDK.Module == "" || site.SDK.TypesPkg == "." {
			continue
		}
		isAction := func(e ast.Expr) bool {
			sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
			return ok && c.IsResultField(site, sel, mcpsdk.FieldAction)
		}
		type comparison struct{ action, with ast.Expr }
		var compared []comparison
		ast.Inspect(site.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BinaryExpr:
				if x.Op == token.EQL || x.Op == token.NEQ {
					if isAction(x.X) {
						compared = append(compared, comparison{x.X, x.Y})
					} else if isAction(x.Y) {
						compared = append(compared, comparison{x.Y, x.X})
					}
				}
			case *ast.SwitchStmt:
				if x.Tag != nil && isAction(x.Tag) {
					for _, s := range x.Body.List {
						for _, e := range s.(*ast.CaseClause).List {
							compared = append(compared, comparison{x.Tag, e})
						}
					}
				}
			}
			return true
		})
		named := map[string]bool{}
		for _, cmp := range compared {
			if s, ok := source.ConstString(c.Info, cmp.with); ok {
				named[s] = true
			}
		}
		for _, cmp := range compared {
			s, ok := source.ConstString(c.Info, cmp.with)
			if !ok || slices.Contains(protocolActions, s) {
				continue
			}
			if a := meantAction(s); a != "" && !named[a] {
				c.ReportFix(cmp.with.Pos(), cmp.with.End(), spellingFix(cmp.with, a), "%s is compared with %q, which no client sends: the action is %q, %q or %q, in lower case, so this test never holds; compare with %q",
					source.ExprString(cmp.action), s, flow.ActAccept, flow.ActDecline, flow.ActCancel, a)
			}
		}
	}
}

// meantAction returns the action s misspells ("Accept", "accepted",
// "cancelled", "decine"), or "".
func meantAction(s string) string {
	lower := strings.ToLower(strings.TrimSpace(s))
	for _, a := range protocolActions {
		if strings.HasPrefix(lower, a) && len(lower) <= len(a)+3 {
			return a
		}
	}
	return schema.Suggest(lower, protocolActions)
}

// spellingFix replaces a string literal by the action it misspells; a
// named constant is left to its author.
func spellingFix(e ast.Expr, a string) []analysis.SuggestedFix {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "compare with " + strconv.Quote(a),
		TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(a))}},
	}}
}

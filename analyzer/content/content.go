// Package content is elicitlint's content check: it reports reads of an
// answer's Content that can happen before the action is known to be accept.
// docs/content.md explains the check.
//
// It reads the model's answers and Content readers, and internal/flow's
// SSAFlow on the SSA form of the functions that read Content. Like every
// check, it reaches no other check.
package content

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// Check is the content check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckContent, Doc: "report reads of an answer's Content that can happen before the action is known to be accept", Run: Run}

// Analyzer is the content check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkContent implements the content check: Content is only there when
// the user accepted, so every read must sit on a path where the action is
// known to be "accept". The guard is found on the SSA form of the function:
// a read is fine when a block that dominates it is entered only through the
// "accept" edge of a comparison of the same result's Action. SSA is built
// only for the functions that read Content (buildSSAFor).
func Run(c *check.Pass) {
	reads := contentSelectors(c.Model, c.D)
	if len(reads) == 0 {
		return
	}
	cc := &contentCheck{pc: c.Model, flow: flow.NewSSAFlow(c.Model.Package)}
	cc.flow.Gates = maps.Clone(c.Sum.Gates)
	ssapkg := cc.buildSSA(reads)
	for _, sel := range reads {
		fn := flow.SSAFunc(c.Package, ssapkg, sel)
		if fn == nil {
			continue
		}
		instr := contentInstr(fn, sel.Sel.Pos())
		if instr == nil {
			continue
		}
		var base ssa.Value
		switch in := instr.(type) {
		case *ssa.FieldAddr:
			base = in.X
		case *ssa.Field:
			base = in.X
		}
		root := flow.RootOf(base)
		if root == nil || cc.flow.PossibleActions(fn, root)[instr.Block()].OnlyAccept() || cc.flow.Guarded(instr.Block(), root) {
			continue
		}
		c.Report(sel, "%s is read before the action is known to be \"accept\": it is empty on decline and cancel; read it only in the accept branch", source.ExprString(sel))
	}
}

// contentCheck is the content check's state for one package: the SSA form,
// built on first need, and the possible actions per block, per function and
// result.
type contentCheck struct {
	pc   *model.Model
	ssa  *ssa.Package
	flow *flow.SSAFlow
}

// contentSelectors finds the reads of Content on each result variable
// (res.Content), outside nested function literals. A comparison with nil
// and an assignment to Content are not reads.
func contentSelectors(pc *model.Model, d *model.Discovery) []*ast.SelectorExpr {
	var reads []*ast.SelectorExpr
	for _, site := range d.Results {
		if site.Obj == nil || site.Body == nil {
			continue
		}
		var path []ast.Node
		ast.Inspect(site.Body, func(n ast.Node) bool {
			if n == nil {
				path = path[:len(path)-1]
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			path = append(path, n)
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || !pc.IsResultField(site, sel, site.SDK.ContentField) {
				return true
			}
			if isMove(pc.Info, sel, path) || movedAsserted(pc.Info, sel, path, site.Body) {
				return true
			}
			switch p := source.ParentOf(path).(type) {
			case *ast.BinaryExpr:
				if source.IsNil(pc.Info, p.X) || source.IsNil(pc.Info, p.Y) {
					return true
				}
			case *ast.AssignStmt:
				for _, l := range p.Lhs {
					if l == sel {
						return true
					}
				}
			}
			reads = append(reads, sel)
			return true
		})
	}
	return reads
}

// buildSSA builds, once, the SSA form of the functions that hold reads.
func (cc *contentCheck) buildSSA(reads []*ast.SelectorExpr) *ssa.Package {
	if cc.ssa == nil {
		at := make([]ast.Node, len(reads))
		for i, r := range reads {
			at[i] = r
		}
		pass := cc.pc.Pass
		cc.ssa = flow.BuildSSAFor(pass.Fset, pass.Pkg, pass.Files, cc.pc.Info, at)
	}
	return cc.ssa
}

// contentInstr finds the field selection instruction for the selector at pos.
func contentInstr(fn *ssa.Function, pos token.Pos) ssa.Instruction {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.FieldAddr:
				if in.Pos() == pos {
					return in
				}
			case *ssa.Field:
				if in.Pos() == pos {
					return in
				}
			}
		}
	}
	return nil
}

// isMove reports whether the Content selected by sel (the last node of
// path) is moved rather than read: into a field of a composite literal,
// returned, or assigned to a field. Where the value goes is checked there
// (a result-like type, or the caller).
func isMove(info *types.Info, sel ast.Expr, path []ast.Node) bool {
	switch p := source.ParentOf(path).(type) {
	case *ast.KeyValueExpr:
		if p.Value == sel && len(path) >= 3 {
			_, inLit := path[len(path)-3].(*ast.CompositeLit)
			return inLit
		}
	case *ast.CompositeLit:
		return true
	case *ast.ReturnStmt:
		return true
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == sel && i < len(p.Lhs) && len(p.Lhs) == len(p.Rhs) {
				_, field := ast.Unparen(p.Lhs[i]).(*ast.SelectorExpr)
				return field
			}
		}
	}
	return false
}

// movedAsserted reports whether the Content selected by sel (the last node
// of path) is converted and moved on: m, _ := res.Content.(map[string]any),
// with every use of m a move (mcp-go's Content is an any, so an adapter
// that fills a project type with a map field asserts it first). The
// comma-ok form with ok dropped cannot fail, and decides nothing; keeping
// ok, or a single-value assertion, does.
func movedAsserted(info *types.Info, sel *ast.SelectorExpr, path []ast.Node, body *ast.BlockStmt) bool {
	n := len(path)
	if n < 3 {
		return false
	}
	ta, ok := path[n-2].(*ast.TypeAssertExpr)
	if !ok || ta.X != sel || ta.Type == nil {
		return false
	}
	as, ok := path[n-3].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ta {
		return false
	}
	okID, _ := as.Lhs[1].(*ast.Ident)
	id, _ := as.Lhs[0].(*ast.Ident)
	if okID == nil || okID.Name != "_" || id == nil {
		return false
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if !source.IsLocal(v) {
		return false
	}
	moved, uses := true, 0
	source.WalkWithPath(body, func(n ast.Node, path []ast.Node) {
		if u, ok := n.(*ast.Ident); ok && info.Uses[u] == v {
			uses++
			if !isMove(info, u, path) {
				moved = false
			}
		}
	})
	return moved && uses > 0
}

package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// This file migrates a request made in the init statement of an if, as
// mcp-go's own roots examples write it:
//
//	if res, err := s.RequestRoots(ctx, req); err == nil {
//		... res ...
//	} else {
//		... err ...
//	}
//
// becomes
//
//	if res := server.RootsResponse(request.Params.InputResponses, "k"); res != nil {
//		... res ...
//	} else {
//		<the capability guard, which returns the request>
//		err := server.ErrRootsNotSupported
//		... err ...
//	}
//
// (err != nil with the branches the other way round works the same.)

// matchInitIf checks the if around a request made in its init statement:
// its condition tests the request's error alone, its else is a block (or
// missing), and only the branch that runs on failure reads the error.
func (m *migration) matchInitIf(a *ask) string {
	ifs := a.initIf
	a.stmt = ifs
	if a.errVar == nil {
		return "the request is in the init statement of an if that does not test its error"
	}
	b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ || !source.IsErrNotNil(m.mod.Info, &ast.BinaryExpr{X: b.X, Op: token.NEQ, Y: b.Y}, a.errVar) {
		return "the request is in the init statement of an if whose condition is not " + a.errName + " == nil or " + a.errName + " != nil"
	}
	other, isBlock := ifs.Else.(*ast.BlockStmt)
	switch {
	case b.Op == token.NEQ:
		// if ...; err != nil { failed } else ...: the else (an else if
		// too) runs with the answer.
		a.errBranch = ifs.Body
		if ifs.Else != nil && source.UsedIn(m.mod.Info, ifs.Else, a.errVar) {
			return a.errName + " is read where the request succeeded"
		}
	case ifs.Else != nil && !isBlock:
		return "the request is in the init statement of an if whose failure branch is an else if"
	default:
		a.okBranch, a.errBranch = ifs.Body, other
		if source.UsedIn(m.mod.Info, a.okBranch, a.errVar) {
			return a.errName + " is read where the request succeeded"
		}
	}
	if m.downconverts(a) || m.parsesContent(a) {
		return "the request is in the init statement of an if, and the fix converts its answer after it"
	}
	return ""
}

// initIfEdits rewrites the if's init and condition to read the answer,
// and puts the guard that returns the request first in the branch that
// runs when it is missing (a new else when there is none).
func (m *migration) initIfEdits(a *ask) ([]analysis.TextEdit, string) {
	ifs := a.initIf
	if len(a.repairs) > 0 {
		return nil, "go-sdk rejects the requested schema when the user accepts, and the fix moves the params of a request in an if's init statement; fix the schema first"
	}
	if why := m.lostComments(ifs.Init.Pos(), ifs.Cond.End(), a.params); why != "" {
		return nil, why
	}
	zeros, ok := m.zeros()
	if !ok {
		return nil, "the handler's other results have no zero value the fix can write"
	}
	ind := m.mod.IndentOf(ifs.Pos())
	taken := map[string]bool{}
	stmt, missing := m.lookup(a, taken, true)
	if stmt == "" { // go-sdk, the answer not kept
		stmt, missing = m.lookupDiscard(a, taken)
	}
	cond := missing
	if a.errBranch != ifs.Body {
		cond = present(missing)
	}
	params := a.paramsText
	if a.params != nil {
		text, ok := fix.MovedText(m.mod.Package, a.params, len(ind)+2)
		if !ok {
			return nil, "the request's params are not indented with tabs"
		}
		params = text
	}
	in := ind + "\t"
	pre, capsCond := m.guard(in, taken)
	open, closeText := m.returnParts(a, in, zeros)
	var g strings.Builder
	fmt.Fprintf(&g, "%s\n%sif %s {\n%s\t%s%s%s\n%s}", pre, in, capsCond, in, open, params, closeText, in)
	if a.errBranch != nil && source.UsedIn(m.mod.Info, a.errBranch, a.errVar) {
		fmt.Fprintf(&g, "\n%s%s := %s", in, a.errName, m.guardError(a))
	}
	edits := []analysis.TextEdit{{Pos: ifs.Init.Pos(), End: ifs.Cond.End(), NewText: []byte(stmt + "; " + cond)}}
	if a.errBranch != nil {
		at := m.afterLineComment(a.errBranch.Lbrace + 1)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(g.String())})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: ifs.Body.End(), End: ifs.Body.End(), NewText: []byte(" else {" + g.String() + "\n" + ind + "}")})
	}
	return edits, ""
}

// present turns the test that an answer is missing into the test that it
// is there: !ok into ok, res == nil into res != nil.
func present(missing string) string {
	if s, ok := strings.CutPrefix(missing, "!"); ok {
		return s
	}
	return strings.Replace(missing, " == nil", " != nil", 1)
}

// lostComments says why the fix cannot replace [from, to): a comment there,
// outside keep, would be lost.
func (m *migration) lostComments(from, to token.Pos, keep ast.Node) string {
	for _, cg := range m.file.Comments {
		if cg.End() <= from || cg.Pos() >= to {
			continue
		}
		if keep != nil && cg.Pos() >= keep.Pos() && cg.End() <= keep.End() {
			continue
		}
		return "a comment in the lines the fix replaces would be lost"
	}
	return ""
}

// afterLineComment returns pos, or the end of a comment that follows it on
// its line: where to insert lines after an opening brace.
func (m *migration) afterLineComment(pos token.Pos) token.Pos {
	tf := m.mod.Pass.Fset.File(pos)
	for _, cg := range m.file.Comments {
		if cg.Pos() >= pos && tf.Line(cg.Pos()) == tf.Line(pos) {
			return cg.End()
		}
	}
	return pos
}

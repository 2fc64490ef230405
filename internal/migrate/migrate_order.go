package migrate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file checks what runs before the requests of a handler and how
// they relate: replay safety of the path to the first request, the order
// of several requests, and their error variables.

// matchAsks checks what runs before the requests and how they relate:
// the statements on the way to the first request must be replay-safe;
// several requests must be made one after the other in one statement
// list, none depending on the answer of another.
func (m *migration) matchAsks() string {
	if len(m.asks) == 0 {
		return "the request is not made in the handler's body"
	}
	first := m.asks[0]
	for _, a := range m.asks {
		if a.errPre != nil && len(m.asks) > 1 {
			return lineOf(m.mod, a.dc.Call.Pos()) + "its error is tested by two ifs, and the handler makes other requests; ask them together by hand"
		}
		if a.initIf != nil && len(m.asks) > 1 {
			return lineOf(m.mod, a.dc.Call.Pos()) + "it is made in the init statement of an if, and the handler makes other requests; ask them together by hand"
		}
	}
	if why := m.errorsChecked(); why != "" {
		return why
	}
	if bad, why := m.pathUnsafe(m.body.List, first.stmt); why != "" {
		return why
	} else if bad != nil {
		bad, note := m.blocked(m.body.List, first.stmt, bad)
		return fmt.Sprintf("`%s` before the request runs again on the call that brings the answer", m.mod.Short(bad)) + note
	}
	answers := map[*types.Var]*ask{}
	for i, a := range m.asks {
		if a.resVar != nil {
			answers[a.resVar] = a
		}
		if i == 0 {
			continue
		}
		prev := m.asks[i-1]
		if !slices.Equal(a.list, first.list) {
			return lineOf(m.mod, a.dc.Call.Pos()) + "it is asked only on some paths after the request at line " + fmt.Sprint(m.line(first.dc.Call.Pos())) + "; ask in steps with RequestState"
		}
		// The statements between two requests run on the second call
		// only: they must not need an answer, nor leave the handler.
		from, to := slices.Index(a.list, prev.stmt)+1, slices.Index(a.list, a.stmt)
		if prev.errIf != nil {
			from++
		}
		between := a.list[from:to]
		for _, s := range append(slices.Clone(between), a.stmt) {
			if dep := m.usesAnswer(s, answers, a); dep != nil {
				return lineOf(m.mod, a.dc.Call.Pos()) + "it depends on the answer of the request at line " + fmt.Sprint(m.line(dep.dc.Call.Pos())) + "; ask in steps with RequestState"
			}
		}
		for _, s := range between {
			if bad := m.replayReads().Impure(s); bad != nil {
				return fmt.Sprintf("`%s` between two requests would run before either is asked", m.mod.Short(bad))
			}
			if source.HasReturn(&ast.BlockStmt{List: []ast.Stmt{s}}) {
				return lineOf(m.mod, a.dc.Call.Pos()) + "a return between it and the request at line " + fmt.Sprint(m.line(prev.dc.Call.Pos())) + " may skip it; ask in steps with RequestState"
			}
		}
		// Its params move up to the first request: they may use only
		// what is declared before it.
		if v := m.declaredAfter(a, first.stmt.Pos()); v != nil {
			return lineOf(m.mod, a.dc.Call.Pos()) + "its params use " + v.Name() + ", set after the request at line " + fmt.Sprint(m.line(first.dc.Call.Pos())) + "; ask in steps with RequestState"
		}
	}
	return ""
}

func (m *migration) line(pos token.Pos) int { return m.mod.Pass.Fset.Position(pos).Line }

// errorsChecked checks that the requests' error variables are declared by
// the requests and read only by the checks right after them, which the fix
// removes (several requests of a handler often share one err).
func (m *migration) errorsChecked() string {
	pc := m.mod
	within := func(pos token.Pos) bool {
		for _, a := range m.asks {
			if a.stmt.Pos() <= pos && pos < a.stmt.End() || a.errIf != nil && a.errIf.Pos() <= pos && pos < a.errIf.End() || a.errPre != nil && a.errPre.Pos() <= pos && pos < a.errPre.End() {
				return true
			}
		}
		return false
	}
	first := m.asks[0].stmt.Pos()
	for _, a := range m.asks {
		if a.errVar == nil {
			continue
		}
		// Declared before the requests (question, err := ...), err may
		// stay, if it is read before them and not after.
		before := !within(a.errVar.Pos())
		if before && a.errVar.Pos() >= first {
			return a.errName + " is declared between the requests and may be read after them"
		}
		kill := m.errKill(a, before)
		bad, readBefore := false, false
		ast.Inspect(m.body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && pc.Info.ObjectOf(id) == a.errVar && !within(id.Pos()) {
				switch {
				case before && id.Pos() < first:
					readBefore = readBefore || pc.Info.Uses[id] != nil
				case kill != nil && id.Pos() >= kill.Pos():
					// A later error in the same variable: the request's
					// is gone by then.
				default:
					bad = true
				}
			}
			return !bad
		})
		if bad {
			return a.errName + " is read by more than the `if " + a.errName + " != nil` right after the request"
		}
		if before && !readBefore {
			return a.errName + " is declared before the request and read only after it"
		}
	}
	return ""
}

// errKill returns the statement after the request (and its error check)
// in the request's statement list that gives the error variable a new
// value without reading it (raw, err := json.Marshal(v)); nil when there
// is none. When the request declares the variable, only a := that
// declares it anew after the fix counts.
func (m *migration) errKill(a *ask, declaredBefore bool) *ast.AssignStmt {
	from := slices.Index(a.list, a.stmt) + 1
	if a.errIf != nil {
		from++
	}
	for _, s := range a.list[min(from, len(a.list)):] {
		as, ok := s.(*ast.AssignStmt)
		if !ok {
			if source.UsedIn(m.mod.Info, s, a.errVar) {
				return nil
			}
			continue
		}
		writes := false
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && m.mod.Info.ObjectOf(id) == a.errVar {
				writes = true
			}
		}
		reads := false
		for _, r := range as.Rhs {
			reads = reads || source.UsedIn(m.mod.Info, r, a.errVar)
		}
		switch {
		case reads:
			return nil
		case writes && (declaredBefore || as.Tok == token.DEFINE):
			return as
		case writes:
			return nil
		}
	}
	return nil
}

// usesAnswer returns the earlier request whose answer (or error) n reads.
func (m *migration) usesAnswer(n ast.Node, answers map[*types.Var]*ask, self *ask) *ask {
	var dep *ask
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := m.mod.Info.Uses[id].(*types.Var); ok {
				if a := answers[v]; a != nil && a != self {
					dep = a
				}
			}
		}
		return dep == nil
	})
	return dep
}

// declaredAfter returns a local variable the request's params use that is
// declared after pos.
func (m *migration) declaredAfter(a *ask, pos token.Pos) *types.Var {
	var found *types.Var
	n := ast.Node(a.params)
	if n == nil {
		n = a.dc.Call
	}
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := m.mod.Info.Uses[id].(*types.Var); ok && source.IsLocal(v) && v.Pos() > pos && v.Pos() < a.stmt.Pos() {
				found = v
			}
		}
		return found == nil
	})
	return found
}

// pathUnsafe walks the statements on the way to target: it returns the
// first node whose evaluation is not replay-safe, or why target's place
// prevents the fix (replay.Path.Unsafe).
func (m *migration) pathUnsafe(list []ast.Stmt, target ast.Stmt) (ast.Node, string) {
	return m.replayReads().Unsafe(list, target)
}

// pathUnsafeAll is pathUnsafe, but returns the last node that is not
// replay-safe: the nearest to target, the work a caller did just before.
func (m *migration) pathUnsafeAll(list []ast.Stmt, target ast.Stmt) (ast.Node, string) {
	return m.replayReads().UnsafeAll(list, target)
}

// pkgName is the name the file imports an SDK package under; the fix
// adds the import when the file lacks it (see importPath).
func (m *migration) pkgName(rel string) string {
	return m.importPath(mcpsdk.JoinPath(m.sdk.Module, rel), mcpsdk.LastElem(rel))
}

// importPath returns the name the file imports path under, recording the
// edit that adds the import when the file lacks it.
func (m *migration) importPath(path, name string) string {
	if n, ok := m.imports[path]; ok {
		return n
	}
	if m.imports == nil {
		m.imports = map[string]string{}
	}
	n, e, ok := fix.ImportName(m.mod.Package, m.file, path, name)
	if !ok {
		m.importBlocked = path
		n = name
	}
	if e != nil {
		m.importEdits = append(m.importEdits, *e)
	}
	m.imports[path] = n
	return n
}

// freshName returns base, or base with a number, that names nothing
// visible where the first request is, nothing declared anywhere in the
// block that holds it (a later ok := ... there would no longer compile),
// and nothing in taken.
func (m *migration) freshName(base string, taken map[string]bool) string {
	pos := m.body.Lbrace + 1
	if len(m.asks) > 0 {
		pos = m.asks[0].stmt.Pos()
	}
	scope := m.mod.Pass.Pkg.Scope().Innermost(pos)
	return fix.Fresh(scope, pos, taken, base, nil)
}

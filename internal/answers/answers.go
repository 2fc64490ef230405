// Package answers reads what a handler does when an answer it asked for
// is missing: the assignment that takes the answer (the SDK's own read,
// or a helper's results), and the branch a missing answer takes after it,
// to the return that leaves there. The round-trip check reports a failure
// there (a client may retry without an answer); the model summarises the
// helpers that say an answer is missing (a non-nil error, false, nil) for
// the packages that call them.
package answers

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ast/astutil"
)

// Read is a read of an answer: At is its key (an expression of the
// assignment that takes the answer), Responses the name of the field of
// the request's params that holds the answers.
type Read struct {
	At        ast.Node
	Responses string
	// State is the field of the request's params that holds the state
	// the client echoes (RequestState): a test of it, or of the answers,
	// tells the first round from a retry.
	State string
	// Sentinel, for a helper's read, is the error the helper returns
	// (or wraps) when the answer is missing, as "path.Name": errors.Is
	// of the read's error and it tests for the missing answer.
	Sentinel string
}

// Shape says which variables of the assignment that takes an answer
// hold what: the answer (res, nil when missing), a bool (ok, false when
// missing), an error (err, non-nil when missing); -1 for none.
type Shape struct{ Res, OK, Err int }

// Direct is the SDK's read: res, ok := responses[k].(T), res :=
// responses[k], res := server.ElicitationResponse(responses, k).
var Direct = Shape{Res: 0, OK: 1, Err: -1}

// Bool is a helper's single bool, false when the answer is missing
// (answered(req, k) bool), assigned or tested where it is called.
var Bool = Shape{Res: -1, OK: 0, Err: -1}

// FailsWhenMissing returns the return that fails the call in the branch
// where the answer read at r is missing, or nil.
func FailsWhenMissing(pc *source.Package, r Read, shape Shape, fails func(*ast.ReturnStmt) bool) *ast.ReturnStmt {
	m, as, path := readOf(pc, r, shape, fails)
	if m == nil {
		return nil
	}
	if as == nil {
		return m.inCondition(path)
	}
	for i, n := range path {
		if n != ast.Node(as) || i+1 >= len(path) {
			continue
		}
		switch p := path[i+1].(type) {
		case *ast.IfStmt:
			switch {
			case p.Init != ast.Stmt(as):
			case m.absent(p.Cond):
				if pc.Terminates(p.Body) {
					return m.missingFails(p.Body)
				}
				return nil
			case m.present(p.Cond) && p.Else == nil && pc.Terminates(p.Body) && i+2 < len(path):
				// if res, ok := ...; ok { ...; return }: what follows
				// the if runs only when the answer is missing.
				if list := stmtList(path[i+2]); list != nil {
					return m.scan(list, p, true)
				}
			}
		case *ast.SwitchStmt:
			// switch res, ok := ...; { case ...: }
			if p.Init == ast.Stmt(as) && p.Tag == nil {
				ret, _ := m.cases(p)
				return ret
			}
		case *ast.BlockStmt, *ast.CaseClause:
			return m.scan(stmtList(p), as, false)
		}
	}
	return nil
}

// LeftWhenMissing returns the if that leaves whenever the answer read at
// r is missing, as its init (if _, ok := ...; !ok { return ... }) or the
// statement after the read, with the statement list that holds it; nil
// when there is none. A later read of the same key, after it in that
// list, never sees the answer missing: a nil there is an answer of
// another kind.
func LeftWhenMissing(pc *source.Package, r Read) (*ast.IfStmt, ast.Node) {
	m, as, path := readOf(pc, r, Direct, func(*ast.ReturnStmt) bool { return true })
	if m == nil {
		return nilTestLeaves(pc, r)
	}
	for i, n := range path {
		if n != ast.Node(as) || i+2 >= len(path) {
			continue
		}
		var is *ast.IfStmt
		list := path[i+1]
		switch p := path[i+1].(type) {
		case *ast.IfStmt:
			if p.Init == ast.Stmt(as) {
				is, list = p, path[i+2]
			}
		case *ast.BlockStmt, *ast.CaseClause:
			stmts := stmtList(p)
			for k, st := range stmts {
				if st == ast.Stmt(as) && k+1 < len(stmts) {
					if next, ok := stmts[k+1].(*ast.IfStmt); ok && next.Init == nil {
						is = next
					}
				}
			}
		}
		if is != nil && m.absent(is.Cond) && is.Else == nil && pc.Terminates(is.Body) && stmtList(list) != nil {
			return is, list
		}
		return nil, nil
	}
	return nil, nil
}

// nilTestLeaves returns the if that leaves when the answer read at r,
// compared with nil in its condition, is nil (if
// server.ElicitationResponse(responses, "k") == nil { return ask }),
// with the statement list that holds it.
func nilTestLeaves(pc *source.Package, r Read) (*ast.IfStmt, ast.Node) {
	file := pc.FileOf(r.At.Pos())
	if file == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	if len(path) < 5 {
		return nil, nil
	}
	switch x := path[1].(type) {
	case *ast.CallExpr:
		if !slices.Contains(x.Args, ast.Expr(path[0].(ast.Expr))) {
			return nil, nil
		}
	case *ast.IndexExpr:
		if x.Index != path[0] {
			return nil, nil
		}
	default:
		return nil, nil
	}
	bin, ok := path[2].(*ast.BinaryExpr)
	if !ok || bin.Op != token.EQL || !source.IsNil(pc.Info, bin.X) && !source.IsNil(pc.Info, bin.Y) {
		return nil, nil
	}
	is, ok := path[3].(*ast.IfStmt)
	if !ok || ast.Unparen(is.Cond) != ast.Expr(bin) || is.Else != nil || !pc.Terminates(is.Body) || stmtList(path[4]) == nil {
		return nil, nil
	}
	return is, path[4]
}

// readOf finds the assignment that takes the answer read at r, and what
// its variables hold (shape); path runs from the key up.
func readOf(pc *source.Package, r Read, shape Shape, fails func(*ast.ReturnStmt) bool) (*missing, *ast.AssignStmt, []ast.Node) {
	file := pc.FileOf(r.At.Pos())
	if file == nil {
		return nil, nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	// path runs from the key up: find the assignment that takes the
	// answer, and the statement list that holds it.
	var as *ast.AssignStmt
	for _, n := range path {
		if a, ok := n.(*ast.AssignStmt); ok {
			as = a
			break
		}
		switch n.(type) {
		case ast.Stmt, *ast.FuncLit:
			if call := boolCall(pc, r, shape, path); call != nil {
				m := &missing{pc: pc, okCall: call, responses: r.Responses, state: r.State, fails: fails}
				return m, nil, path
			}
			return nil, nil, nil
		}
	}
	if as == nil || len(as.Rhs) != 1 || len(as.Lhs) > 3 {
		return nil, nil, nil
	}
	ident := func(i int) *types.Var {
		if i < 0 || i >= len(as.Lhs) {
			return nil
		}
		id, _ := as.Lhs[i].(*ast.Ident)
		if id == nil {
			return nil
		}
		v, _ := pc.Info.ObjectOf(id).(*types.Var)
		return v
	}
	m := &missing{pc: pc, okVar: ident(shape.OK), resVar: ident(shape.Res), errVar: ident(shape.Err), responses: r.Responses, state: r.State, sentinel: r.Sentinel, fails: fails}
	if m.okVar == nil && m.resVar == nil && m.errVar == nil {
		return nil, nil, nil
	}
	return m, as, path
}

// boolCall returns the call of a Bool helper whose key is at r, when the
// call is tested where it is made: in the condition of an if, or in a
// case of a switch with no tag (if !answered(req, "k") { ... }).
func boolCall(pc *source.Package, r Read, shape Shape, path []ast.Node) *ast.CallExpr {
	if shape != Bool || len(path) < 2 {
		return nil
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok || !slices.Contains(call.Args, ast.Expr(path[0].(ast.Expr))) {
		return nil
	}
	for i, n := range path[2:] {
		switch n := n.(type) {
		case *ast.UnaryExpr, *ast.BinaryExpr, *ast.ParenExpr:
			continue
		case *ast.IfStmt:
			if path[i+1] == ast.Node(n.Cond) { // n is path[i+2]
				return call
			}
		case *ast.CaseClause:
			return call
		}
		return nil
	}
	return nil
}

// inCondition returns the return that fails the call when the Bool
// helper's call m.okCall says the answer is missing, from the if (in the
// statements from it on) or the switch case that tests it.
func (m *missing) inCondition(path []ast.Node) *ast.ReturnStmt {
	for i, n := range path {
		switch n := n.(type) {
		case *ast.IfStmt:
			if i+1 < len(path) {
				list := stmtList(path[i+1])
				if k := slices.Index(list, ast.Stmt(n)); k >= 0 {
					return m.scanAt(list, k, false)
				}
			}
			return nil
		case *ast.CaseClause:
			if i+2 < len(path) {
				if sw, ok := path[i+2].(*ast.SwitchStmt); ok && sw.Tag == nil {
					ret, _ := m.cases(sw)
					return ret
				}
			}
			return nil
		}
	}
	return nil
}

// missing reads the statements after an answer's read: where does a
// missing answer go?
type missing struct {
	pc *source.Package
	// okCall is the call of a Bool helper tested in a condition: it, or a
	// call of the same helper with the same arguments, stands for ok.
	okCall                *ast.CallExpr
	okVar, resVar, errVar *types.Var
	responses, state      string
	sentinel              string
	// fails reports a return that fails: the call, in a handler; the
	// helper's way of saying the answer is missing, in a helper.
	fails func(*ast.ReturnStmt) bool
}

func (m *missing) absent(cond ast.Expr) bool {
	return m.absentTest(cond) || m.absentAmong(cond)
}

// present reports a condition true exactly when the answer is there:
// ok, ok == true, res != nil, err == nil.
func (m *missing) present(cond ast.Expr) bool {
	if m.isOK(cond) {
		return true
	}
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op == token.EQL {
			if b, ok := m.pc.Info.Types[c.Y]; ok && b.Value != nil && b.Value.ExactString() == "true" {
				return m.isOK(c.X)
			}
			return m.isNilTest(c, m.errVar)
		}
		if c.Op == token.NEQ {
			return m.isNilTest(c, m.resVar)
		}
	}
	return false
}

// isNilTest reports a comparison of v with nil.
func (m *missing) isNilTest(c *ast.BinaryExpr, v *types.Var) bool {
	return m.uses(c.X, v) && source.IsNil(m.pc.Info, c.Y) || m.uses(c.Y, v) && source.IsNil(m.pc.Info, c.X)
}

// isOK reports the answer's ok: its variable, or the Bool helper's call.
func (m *missing) isOK(e ast.Expr) bool {
	if m.okCall == nil {
		return m.uses(e, m.okVar)
	}
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && (c == m.okCall || source.SameCall(m.pc.Info, c, m.okCall))
}

func (m *missing) uses(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && m.pc.Info.Uses[id] == v
}

// scan walks the statements of list after from, and returns the return
// that fails the call when the answer is missing, or nil: the first if
// (or case of a tagless switch) that tests for the missing answer decides.
// After an if that leaves whenever the answer is there, every statement
// runs only without it (missingOnly): a test there that reads only the
// request's answers (len(req.Params.InputResponses) > 0), or a return,
// decides too, and a test on anything else that may leave (a count of
// rounds) ends the walk as a limit of the server's own. Before it, other
// statements are passed over: a failure a missing answer reaches on any
// path is reported. Setting the answer's variables again ends the walk.
func (m *missing) scan(list []ast.Stmt, from ast.Stmt, missingOnly bool) *ast.ReturnStmt {
	at := slices.Index(list, from)
	if at < 0 {
		return nil
	}
	return m.scanAt(list, at+1, missingOnly)
}

// scanAt is scan from the statement list[at] on.
func (m *missing) scanAt(list []ast.Stmt, at int, missingOnly bool) *ast.ReturnStmt {
	for _, st := range list[at:] {
		if m.sets(st) {
			return nil
		}
		switch s := st.(type) {
		case *ast.IfStmt:
			if s.Init != nil {
				if missingOnly && source.HasReturn(&ast.BlockStmt{List: []ast.Stmt{s}}) {
					return nil
				}
				continue
			}
			switch {
			case m.absent(s.Cond) || missingOnly && m.answersOnly(s.Cond):
				if s.Else != nil || !m.pc.Terminates(s.Body) {
					return nil
				}
				if ret := m.missingFails(s.Body); ret != nil {
					return ret
				}
				if m.absentTest(s.Cond) {
					return nil // every missing answer took that branch
				}
				// It asks again when nothing was answered (!ok &&
				// len(...) == 0): a missing answer still reaches what
				// follows when something else was.
				continue
			case m.present(s.Cond) && s.Else == nil && m.pc.Terminates(s.Body):
				missingOnly = true
				continue
			case m.absentAnd(s.Cond) && s.Else == nil && m.pc.Terminates(s.Body):
				return nil
			}
		case *ast.SwitchStmt:
			if s.Tag == nil && s.Init == nil {
				if ret, decided := m.cases(s); decided {
					return ret
				}
			}
		case *ast.ReturnStmt:
			if missingOnly && m.fails(s) {
				return s
			}
			return nil
		}
		if missingOnly && source.HasReturn(&ast.BlockStmt{List: []ast.Stmt{st}}) {
			return nil // something else decides: a limit of the server's own
		}
	}
	return nil
}

// cases reads the cases of a tagless switch in order: the first that
// tests for the missing answer decides (the failure its body leaves by,
// or nil), unless it asks again only when nothing was answered (a missing
// answer then reaches the later cases when something else was); decided
// is false when no case tests for it.
func (m *missing) cases(s *ast.SwitchStmt) (ret *ast.ReturnStmt, decided bool) {
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		body := &ast.BlockStmt{List: cc.Body}
		for _, e := range cc.List {
			switch {
			case m.absentAnd(e) && m.pc.Terminates(body):
				return nil, true
			case m.absent(e):
				if !m.pc.Terminates(body) {
					return nil, true
				}
				if ret := m.missingFails(body); ret != nil || m.absentTest(e) {
					return ret, true
				}
			}
		}
	}
	return nil, false
}

// missingFails returns the return by which the branch a missing answer
// takes fails the call: its only way out; or its last statement, when
// the branch asks again only on the first round (if
// req.Params.RequestState == "" { return ask }, or a test of the answers
// alone) and fails on a retry. Nil when it may leave otherwise.
func (m *missing) missingFails(body *ast.BlockStmt) *ast.ReturnStmt {
	if ret := m.allFail(body); ret != nil {
		return ret
	}
	n := len(body.List)
	if n < 2 {
		return nil
	}
	last, ok := body.List[n-1].(*ast.ReturnStmt)
	if !ok {
		return nil
	}
	for _, st := range body.List[:n-1] {
		if is, ok := st.(*ast.IfStmt); ok && is.Init == nil && is.Else == nil && m.roundOnly(is.Cond) {
			// if req.Params.RequestState != "" { return fail }: fails on
			// a retry, before the branch asks.
			if ret := m.allFail(is.Body); ret != nil && m.pc.Terminates(is.Body) {
				return ret
			}
			continue
		}
		if source.HasReturn(&ast.BlockStmt{List: []ast.Stmt{st}}) {
			return nil
		}
	}
	if !m.fails(last) {
		return nil
	}
	return last
}

// roundOnly reports a condition that tells the first round from a retry:
// it reads nothing but the request's answers and the state it echoes.
func (m *missing) roundOnly(e ast.Expr) bool {
	return m.state != "" && m.reads(e, m.state) || m.answersOnly(e)
}

// sets reports a statement that assigns the answer's variables again.
func (m *missing) sets(st ast.Stmt) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok {
			if v := m.pc.Info.ObjectOf(id); v != nil && m.isVar(v) {
				return true
			}
		}
	}
	return false
}

// isVar reports one of the answer's variables.
func (m *missing) isVar(obj types.Object) bool {
	return obj != nil && (obj == types.Object(m.okVar) || obj == types.Object(m.resVar) || obj == types.Object(m.errVar))
}

// allFail returns the first return of body when every return of it fails
// the call, or nil.
func (m *missing) allFail(body *ast.BlockStmt) *ast.ReturnStmt {
	var first *ast.ReturnStmt
	allFail := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if !m.fails(n) {
				allFail = false
			} else if first == nil {
				first = n
			}
		}
		return true
	})
	if !allFail {
		return nil
	}
	return first
}

// stmtList is the statement list of a block or a case clause, or nil.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	}
	return nil
}

// absentAmong reports a condition true only when the answer is missing,
// whose other terms read nothing but the request's answers:
// `!ok && len(req.Params.InputResponses) > 0` (the client answered
// something, but not this). A term on anything else (a count of rounds
// in the state, a setting) may be a deliberate limit, and is not taken.
func (m *missing) absentAmong(cond ast.Expr) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.LAND {
		return false
	}
	term := func(e ast.Expr) bool { return m.absentTest(e) || m.absentAmong(e) }
	return term(c.X) && (term(c.Y) || m.answersOnly(c.Y)) || term(c.Y) && m.answersOnly(c.X)
}

// absentAnd reports a condition true only when the answer is missing and
// something else holds that is not the request's answers: `!ok &&
// caps.Elicitation != nil` (ask when the client can be asked), `res == nil
// && round < 3`. A branch it takes that leaves decides: a missing answer
// that goes on past it does so because that something is false (the
// client cannot be asked, a limit of the server's own), and a failure
// there is the server's choice, not a missing answer's.
func (m *missing) absentAnd(cond ast.Expr) bool {
	var absent, other bool
	for _, e := range source.Conjuncts(cond) {
		switch {
		case m.absentTest(e):
			absent = true
		case !m.roundOnly(e):
			other = true
		}
	}
	return absent && other
}

// answersOnly reports a condition that reads nothing but the request's
// answers (the field responses), the answer's variables, constants and
// builtins.
func (m *missing) answersOnly(e ast.Expr) bool { return m.reads(e, "") }

// reads reports a condition that reads nothing but the request's answers,
// the field named also (the state, when not ""), the answer's variables,
// constants and builtins.
func (m *missing) reads(e ast.Expr, also string) bool {
	only := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if v, ok := m.pc.Info.Uses[n.Sel].(*types.Var); ok && v.IsField() && (v.Name() == m.responses || also != "" && v.Name() == also) {
				return false // the request's answers (or state)
			}
		case *ast.Ident:
			switch obj := m.pc.Info.Uses[n].(type) {
			case *types.Builtin, *types.Const, *types.Nil:
			case *types.Var:
				if !m.isVar(obj) {
					only = false
				}
			default:
				only = false
			}
		case *ast.FuncLit:
			only = false
		}
		return only
	})
	return only
}

// absentTest reports a condition true exactly when the answer is
// missing: !ok, ok == false, res == nil, err != nil, or an || of those.
func (m *missing) absentTest(cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && m.isOK(c.X)
	case *ast.CallExpr:
		// errors.Is(err, ErrNoAnswer), the helper's own sentinel.
		if m.sentinel == "" || m.errVar == nil {
			return false
		}
		x := source.ErrorsIsSentinel(m.pc.Info, c, m.errVar)
		return x != nil && qualified(x) == m.sentinel
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR:
			return m.absentTest(c.X) && m.absentTest(c.Y)
		case token.NEQ:
			return m.isNilTest(c, m.errVar)
		case token.EQL:
			if b, ok := m.pc.Info.Types[c.Y]; ok && b.Value != nil && b.Value.ExactString() == "false" {
				return m.isOK(c.X)
			}
			return m.isNilTest(c, m.resVar)
		}
	}
	return false
}

// ReturnsRead reports a helper that returns the SDK's read itself as its
// only result, nil when the answer is missing (return
// server.ElicitationResponse(req.Params.InputResponses, id)), or a bool
// that says whether it is there (return ok after the read, return
// server.ElicitationResponse(...) != nil).
func ReturnsRead(pc *source.Package, r Read, shape Shape) bool {
	nilShape := shape == Shape{Res: 0, OK: -1, Err: -1}
	switch {
	case (shape == Direct || shape == Bool) && returnsOK(pc, r, shape.OK):
		return true
	case nilShape && returnsAnswer(pc, r):
		return true
	case !nilShape && shape != Bool:
		return false
	}
	file := pc.FileOf(r.At.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, r.At.Pos(), r.At.End())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			// The key, its index or call, and the return of that (or of
			// its comparison with nil, for a bool).
			if len(n.Results) != 1 || path[0] != r.At || i < 2 {
				return false
			}
			res := ast.Unparen(n.Results[0])
			if shape != Bool {
				return i == 2 && res == path[1]
			}
			c, ok := res.(*ast.BinaryExpr)
			return ok && c.Op == token.NEQ && (ast.Unparen(c.X) == path[1] && source.IsNil(pc.Info, c.Y) || ast.Unparen(c.Y) == path[1] && source.IsNil(pc.Info, c.X))
		case *ast.BinaryExpr, *ast.ParenExpr:
			if shape == Bool {
				continue
			}
			return false
		case ast.Stmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// returnsOK reports a (T, bool) helper that returns the read's answer
// and comma-ok right after it: res, ok := ...; return res, ok (or ok &&
// res != nil): false whenever the answer is missing.
func returnsOK(pc *source.Package, r Read, at int) bool {
	m, as, path := readOf(pc, r, Direct, func(*ast.ReturnStmt) bool { return false })
	if m == nil || m.okVar == nil {
		return false
	}
	return returnedNext(as, path, at, func(e ast.Expr) bool {
		return slices.ContainsFunc(source.Conjuncts(e), func(t ast.Expr) bool { return m.uses(t, m.okVar) })
	})
}

// returnsAnswer reports a helper with a single pointer or interface
// result that returns the answer of a comma-ok read right after it:
// res, _ := ...; return res (nil whenever the answer is missing).
func returnsAnswer(pc *source.Package, r Read) bool {
	m, as, path := readOf(pc, r, Direct, func(*ast.ReturnStmt) bool { return false })
	if m == nil || m.resVar == nil || len(as.Lhs) != 2 {
		return false
	}
	return returnedNext(as, path, 0, func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && pc.Info.Uses[id] == m.resVar
	})
}

// returnedNext reports whether the statement right after the assignment
// as (on path) returns at+1 results whose last one is returned says.
func returnedNext(as *ast.AssignStmt, path []ast.Node, at int, returned func(ast.Expr) bool) bool {
	for i, n := range path {
		if n != ast.Node(as) || i+1 >= len(path) {
			continue
		}
		list := stmtList(path[i+1])
		for k, st := range list {
			if st != ast.Stmt(as) || k+1 >= len(list) {
				continue
			}
			ret, ok := list[k+1].(*ast.ReturnStmt)
			return ok && len(ret.Results) == at+1 && returned(ret.Results[at])
		}
		return false
	}
	return false
}

// ResultShape reads a helper's results: (T, error) or error, a non-nil
// error when the answer is missing; (T, bool), false; a single pointer or
// interface, nil. It returns the shape of an assignment of its results
// and the test of a return that says the answer is missing.
func ResultShape(info *types.Info, sig *types.Signature) (Shape, func(*ast.ReturnStmt) bool) {
	res := sig.Results()
	n := res.Len()
	isErr := func(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }
	isBool := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	result := func(ret *ast.ReturnStmt, i int) ast.Expr {
		if len(ret.Results) != n {
			return nil
		}
		return ret.Results[i]
	}
	switch {
	case n >= 1 && n <= 2 && isErr(res.At(n-1).Type()):
		shape := Shape{Res: -1, OK: -1, Err: n - 1}
		if n == 2 {
			shape.Res = 0
		}
		return shape, func(ret *ast.ReturnStmt) bool {
			e := result(ret, n-1)
			return e != nil && !source.IsNil(info, e)
		}
	case n == 2 && isBool(res.At(1).Type()), n == 1 && isBool(res.At(0).Type()):
		// (T, bool) or bool: the bool is false.
		shape := Shape{Res: 0, OK: 1, Err: -1}
		if n == 1 {
			shape = Bool
		}
		return shape, func(ret *ast.ReturnStmt) bool {
			e := result(ret, n-1)
			if e == nil {
				return false
			}
			tv, ok := info.Types[e]
			return ok && tv.Value != nil && tv.Value.ExactString() == "false"
		}
	case n == 1:
		switch res.At(0).Type().Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return Shape{Res: 0, OK: -1, Err: -1}, func(ret *ast.ReturnStmt) bool {
				e := result(ret, 0)
				return e != nil && source.IsNil(info, e)
			}
		}
	}
	return Shape{}, nil
}

// qualified names a package-level variable as "path.Name", or "".
func qualified(obj types.Object) string {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return ""
	}
	return v.Pkg().Path() + "." + v.Name()
}

// sentinelOf returns the one package-level error variable the error
// result of ret names (return nil, ErrNoAnswer, or fmt.Errorf("%w ...",
// ErrNoAnswer, ...)), qualified; "" when there is not exactly one.
func sentinelOf(pc *source.Package, ret *ast.ReturnStmt, shape Shape) string {
	if ret == nil || shape.Err < 0 || shape.Err >= len(ret.Results) {
		return ""
	}
	found := ""
	n := 0
	ast.Inspect(ret.Results[shape.Err], func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if q := qualified(pc.Info.Uses[id]); q != "" && types.Implements(pc.Info.TypeOf(id), errorIface) {
				found, n = q, n+1
			}
		}
		return true
	})
	if n != 1 {
		return ""
	}
	return found
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

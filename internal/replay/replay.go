// Package replay decides what the round-trip migration may run twice.
// After the fix, a handler runs once to ask and once more with the answer, so what runs
// before the request runs twice. That is fine for code whose only effect
// is on the values of the call (reading the call's arguments, building a
// message), and for logging, which then logs twice; not for anything else
// (a counter, a random ID, a write, a message to the client). What a call
// may do is internal/source's PureCall (pure.go). Where elicitlint cannot
// tell (a method of an interface, a store's Get), the author may say so
// with //elicitlint:replay-safe (report.Directives.ReplaySafe).
package replay

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"golang.org/x/tools/go/types/typeutil"
)

// A Path judges the code of Fn, a handler or a function a handler
// reaches, on the way to a request: Safe says which nodes the caller
// knows to be replay-safe besides what the model can tell.
type Path struct {
	Mod  *model.Model
	Fn   ast.Node
	Safe func(ast.Node) bool
	// Read, when set, is told of each call that reads (effect.Read) and
	// so runs again: a fix names them.
	Read func(*ast.CallExpr)
}

// Impure returns the first node of n whose evaluation has an effect other
// than on the values of the call in progress, or a read, or nil (see
// source.EffectsIn): the handler's parameters are the call's.
func (p Path) Impure(n ast.Node) ast.Node {
	bad, reads := p.Mod.EffectsIn(n, p.Fn, true, func(n ast.Node) bool {
		return p.Safe != nil && p.Safe(n) || p.Mod.Dirs.ReplaySafe(n)
	})
	if p.Read != nil {
		for _, r := range reads {
			p.Read(r)
		}
	}
	return bad
}

// ImpureAny returns the first node of the non-nil ns that Impure finds.
func (p Path) ImpureAny(ns ...ast.Node) ast.Node {
	for _, n := range ns {
		if n == nil {
			continue
		}
		if bad := p.Impure(n); bad != nil {
			return bad
		}
	}
	return nil
}

// Unsafe walks the statements on the way to target: it returns the
// first node whose evaluation is not replay-safe, or why target's place
// prevents the fix. Branches that leave the handler before target need not
// be safe: when they run, the request is never made, before or after the
// fix.
func (p Path) Unsafe(list []ast.Stmt, target ast.Stmt) (ast.Node, string) {
	var first ast.Node
	why := p.walk(list, target, func(bad ast.Node) bool { first = bad; return true })
	return first, why
}

// UnsafeAll is Unsafe, but returns the last node that is not
// replay-safe: the nearest to target, the work a caller did just before.
func (p Path) UnsafeAll(list []ast.Stmt, target ast.Stmt) (ast.Node, string) {
	var last ast.Node
	why := p.walk(list, target, func(bad ast.Node) bool { last = bad; return false })
	return last, why
}

// walk walks the statements on the way to target, calling found for
// each that is not replay-safe until it returns true; it returns why
// target's place prevents the fix.
func (p Path) walk(list []ast.Stmt, target ast.Stmt, found func(ast.Node) bool) string {
	report := func(bad ast.Node) bool { return bad != nil && found(bad) }
	for _, s := range list {
		if s == target {
			return ""
		}
		if s.Pos() > target.Pos() {
			break
		}
		if s.End() < target.Pos() {
			if report(p.unsafeBefore(s)) {
				return ""
			}
			continue
		}
		// s holds target.
		switch s := s.(type) {
		case *ast.BlockStmt:
			return p.walk(s.List, target, found)
		case *ast.LabeledStmt:
			return p.walk([]ast.Stmt{s.Stmt}, target, found)
		case *ast.IfStmt:
			if s.Init == target {
				return ""
			}
			if report(p.ImpureAny(s.Init, s.Cond)) {
				return ""
			}
			if target.Pos() < s.Body.End() {
				return p.walk(s.Body.List, target, found)
			}
			return p.walk([]ast.Stmt{s.Else}, target, found)
		case *ast.SwitchStmt:
			if report(p.ImpureAny(s.Init, s.Tag)) {
				return ""
			}
			for _, c := range s.Body.List {
				cc := c.(*ast.CaseClause)
				for _, e := range cc.List {
					if report(p.Impure(e)) {
						return ""
					}
				}
				if cc.Pos() <= target.Pos() && target.End() <= cc.End() {
					return p.walk(cc.Body, target, found)
				}
			}
		case *ast.TypeSwitchStmt:
			if report(p.ImpureAny(s.Init, s.Assign)) {
				return ""
			}
			for _, c := range s.Body.List {
				cc := c.(*ast.CaseClause)
				if cc.Pos() <= target.Pos() && target.End() <= cc.End() {
					return p.walk(cc.Body, target, found)
				}
			}
		case *ast.ForStmt, *ast.RangeStmt:
			return "the request is in a loop"
		case *ast.SelectStmt:
			return "the request is in a select statement"
		}
		return "the request is in a statement the fix does not rewrite"
	}
	return "the request is not on the handler's way through its body"
}

// unsafeBefore returns what is not replay-safe in a statement that runs
// entirely before the request: branches that always leave the handler
// need not be.
func (p Path) unsafeBefore(s ast.Stmt) ast.Node {
	pc := p.Mod
	switch s := s.(type) {
	case *ast.IfStmt:
		if bad := p.ImpureAny(s.Init, s.Cond); bad != nil {
			return bad
		}
		if !pc.Terminates(s.Body) {
			if bad := p.Impure(s.Body); bad != nil {
				return bad
			}
		}
		switch e := s.Else.(type) {
		case *ast.IfStmt:
			return p.unsafeBefore(e)
		case *ast.BlockStmt:
			if !pc.Terminates(e) {
				return p.Impure(e)
			}
		}
		return nil
	case *ast.SwitchStmt:
		if bad := p.ImpureAny(s.Init, s.Tag); bad != nil {
			return bad
		}
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				if bad := p.Impure(e); bad != nil {
					return bad
				}
			}
			if !pc.Leaves(cc.Body, false) {
				for _, st := range cc.Body {
					if bad := p.Impure(st); bad != nil {
						return bad
					}
				}
			}
		}
		return nil
	}
	return p.Impure(s)
}

// Quote adds to texts the reads, quoted as a message quotes code, each
// once.
func Quote(mod *model.Model, reads []*ast.CallExpr, texts []string) []string {
	for _, r := range reads {
		if t := "`" + mod.Short(r) + "`"; !slices.Contains(texts, t) {
			texts = append(texts, t)
		}
	}
	return texts
}

// ReadNote names, for a fix's message, the reads (quoted) that run again
// on the call that brings the answer, so that a reviewer sees them.
func ReadNote(texts []string) string {
	texts = slices.Clone(texts)
	switch n := len(texts); {
	case n == 0:
		return ""
	case n > 3:
		texts = append(texts[:3], strconv.Itoa(n-3)+" more")
	}
	verb := "reads, and runs"
	if len(texts) > 1 {
		verb = "read, and run"
		texts[len(texts)-1] = "and " + texts[len(texts)-1]
	}
	sep := ", "
	if len(texts) == 2 {
		sep = " "
	}
	return "; " + strings.Join(texts, sep) + " only " + verb + " again on the call that brings the answer"
}

// WriteNote says, for a reason that refuses a fix, what bad writes when
// that is deeper than bad itself (source.Why): the store a helper
// changes, the token a check deletes. Where bad, or what it calls, is a
// call elicitlint cannot see into, it says so, and names the
// -replay-safe pattern that vouches for bad and for more, the other
// calls elicitlint cannot see into on the same way (Path.Unvouched), so
// that an author reads every call at once.
func WriteNote(mod *model.Model, bad ast.Node, more []ast.Node) string {
	why, unseen := mod.Why(bad)
	deeper := why != "" && !strings.HasPrefix(why, "`"+mod.Short(bad)+"`")
	if !unseen {
		if !deeper {
			return ""
		}
		return ", and it writes: " + why
	}
	note := ", which elicitlint cannot see into"
	if deeper {
		note = ", and elicitlint cannot see into " + why
	}
	var patterns, others []string
	for _, n := range append([]ast.Node{bad}, more...) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn, ok := typeutil.Callee(mod.Info, call).(*types.Func)
		if !ok || fn.Pkg() == nil {
			continue
		}
		if p := effect.Pattern(fn); !slices.Contains(patterns, p) {
			patterns = append(patterns, p)
			if n != bad {
				others = append(others, "`"+mod.Short(n)+"`")
			}
		}
	}
	if len(others) > 0 {
		note += ", nor into " + report.AndList(others) + " on the same way"
	}
	if len(patterns) > 0 {
		vouch := "it only reads, vouch for it"
		if len(patterns) > 1 || len(others) > 0 {
			vouch = "they only read, vouch for them"
		}
		note += " (if " + vouch + " with -replay-safe='" + strings.Join(patterns, ",") + "')"
	}
	return note
}

// Unvouched looks, when bad is a call elicitlint cannot see into, at
// the other nodes on the way to target that are not replay-safe. When
// each is such a call too, it returns bad and them, in order (at most
// eight): vouching for them all would let the fix through. When one is a
// write elicitlint sees, it returns that write alone, the reason that
// holds whatever an author vouches for.
func (p Path) Unvouched(list []ast.Stmt, target ast.Stmt, bad ast.Node) (ast.Node, []ast.Node) {
	if _, unseen := p.Mod.Why(bad); !unseen {
		return bad, nil
	}
	var more []ast.Node
	known := p.Safe
	for len(more) < 8 {
		seen := append([]ast.Node{bad}, more...)
		q := p
		q.Read = nil
		q.Safe = func(n ast.Node) bool { return slices.Contains(seen, n) || known != nil && known(n) }
		next, why := q.Unsafe(list, target)
		if why != "" || next == nil {
			break
		}
		if _, unseen := p.Mod.Why(next); !unseen {
			return next, nil
		}
		more = append(more, next)
	}
	return bad, more
}

package duties

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file reads the tests of a request's protocol: a call or field
// true exactly on 2026-07-28 (server.IsModernRequest(ctx), info.Modern),
// comparisons of the version with a constant, and the branches that run
// for older clients only.

// eraOlder reports whether n runs only for requests of an older protocol
// by a test of the protocol around it, within its function
// (server.IsModernRequest(ctx), info.Modern): the else of such a test,
// the body of its negation, or a case of a tagless switch after a case
// that is such a test (default included). Only such tests are read, so
// that a variable tested around its own assignment (if !found { found =
// ... }) is not followed in a circle.
func (pc *Pkg) eraOlder(n ast.Node) bool {
	path := pc.PathTo(n)
	for i := len(path) - 1; i > 0; i-- {
		switch p := path[i-1].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if modern, ok := pc.modernCond(p.Cond); ok && (path[i] == p.Else && modern || path[i] == ast.Node(p.Body) && !modern) {
				return true
			}
		case *ast.CaseClause:
			sw := source.TaglessCase(path, i)
			if sw == nil {
				continue
			}
			for _, e := range p.List {
				if modern, ok := pc.modernCond(e); ok && !modern {
					return true
				}
			}
			for _, e := range source.EarlierCases(sw, p) {
				if modern, ok := pc.modernCond(e); ok && modern {
					return true
				}
			}
		}
	}
	return false
}

// modernCond reads a test of the protocol: ok is set when e is a call or
// field that is true exactly on the round trip's protocol (modern), or
// its negation (!modern).
func (pc *Pkg) modernCond(e ast.Expr) (modern, ok bool) {
	e = ast.Unparen(e)
	if u, isNot := e.(*ast.UnaryExpr); isNot && u.Op == token.NOT {
		m, ok := pc.modernCond(u.X)
		return !m, ok
	}
	if b, isAnd := e.(*ast.BinaryExpr); isAnd && b.Op == token.LAND {
		// info != nil && info.Modern: a test that the protocol's value
		// is there adds nothing; where it is not, there is no 2026-07-28
		// request to speak of.
		var test string
		var present []string
		for _, c := range source.Conjuncts(e) {
			if b, ok := ast.Unparen(c).(*ast.BinaryExpr); ok && b.Op == token.NEQ && source.IsNil(pc.Info, b.Y) {
				present = append(present, types.ExprString(b.X))
				continue
			}
			if test != "" || !pc.isModernCond(ast.Unparen(c)) {
				return false, false
			}
			test = types.ExprString(c)
		}
		for _, x := range present {
			if !strings.HasPrefix(test, x+".") {
				return false, false
			}
		}
		return true, test != ""
	}
	return true, pc.isModernCond(e)
}

// isModernCond reports a call or field that is true exactly on the round
// trip's protocol.
func (pc *Pkg) isModernCond(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, x).(*types.Func)
		return fn != nil && pc.isModernTest(fn, nil)
	case *ast.SelectorExpr:
		obj, _ := pc.Info.Uses[x.Sel].(*types.Var)
		return obj != nil && pc.isModernTest(obj, pc.Info.TypeOf(x.X))
	}
	return false
}

// versionCompare reads a comparison of the request's protocol version
// with a constant.
func (pc *Pkg) versionCompare(e *ast.BinaryExpr, depth int) (t, f Held) {
	op := e.Op
	x, c := e.X, e.Y
	v, ok := source.ConstString(pc.Info, c)
	if !ok {
		x, c = e.Y, e.X
		if v, ok = source.ConstString(pc.Info, c); !ok {
			return
		}
		op = source.Mirror(op) // the version is on the right: turn it around
	}
	if v == "" || !pc.isVersion(x, depth) {
		return
	}
	rt := mcpsdk.RoundTripVersion
	older := Held{Older: true}
	switch op {
	case token.LSS: // x < v
		if v <= rt {
			return older, Held{}
		}
	case token.LEQ, token.EQL:
		if v < rt {
			return older, Held{}
		}
	case token.GEQ: // false: x < v
		if v <= rt {
			return Held{}, older
		}
	case token.GTR, token.NEQ:
		if v < rt {
			return Held{}, older
		}
	}
	return
}

// isVersion reports whether e is the protocol version of the request or
// the session.
func (pc *Pkg) isVersion(e ast.Expr, depth int) bool {
	if depth > source.FollowDepth {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, x).(*types.Func)
		return fn != nil && pc.matchesAny(fn.Origin(), nil, func(d *mcpsdk.Duties) []mcpsdk.Method { return d.VersionOf })
	case *ast.SelectorExpr:
		obj, _ := pc.Info.Uses[x.Sel].(*types.Var)
		return obj != nil && pc.matchesAny(obj, pc.Info.TypeOf(x.X), func(d *mcpsdk.Duties) []mcpsdk.Method { return d.VersionOf })
	case *ast.Ident:
		v, ok := pc.Info.Uses[x].(*types.Var)
		if !ok || !source.IsLocal(v) {
			return false
		}
		defs := pc.Defs(v)
		if len(defs) == 0 {
			return false
		}
		for _, d := range defs {
			if d.Unknown || d.Tuple || !pc.isVersion(d.Rhs, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// isModernTest reports a function or field that is true exactly on the
// round trip's protocol.
func (pc *Pkg) isModernTest(obj types.Object, recv types.Type) bool {
	if f, ok := obj.(*types.Func); ok {
		obj = f.Origin()
	}
	return pc.matchesAny(obj, recv, func(d *mcpsdk.Duties) []mcpsdk.Method { return d.ModernTests })
}

func (pc *Pkg) matchesAny(obj types.Object, recv types.Type, pick func(*mcpsdk.Duties) []mcpsdk.Method) bool {
	for _, sdk := range pc.SDKs.All {
		d := sdk.Duties()
		if d == nil {
			continue
		}
		if mcpsdk.MatchesAny(pick(d), sdk, obj, recv) {
			return true
		}
	}
	return false
}

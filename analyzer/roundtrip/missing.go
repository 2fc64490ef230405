package roundtrip

import (
	"go/ast"

	"github.com/elicitlint/elicitlint/internal/answers"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/model"
)

// This file reports handlers that fail the call when an answer they ask
// for is missing, where they could ask again.

// missingAnswers reports, in a function that requests key K, a read of
// the answer to K whose missing branch fails the call (an error, or a
// result that reports one): a client may retry without an answer, and
// protocol 2026-07-28 says to ask again with a new input-required result
// rather than fail. The read is the answer's comma-ok lookup or
// assertion, or the SDK's response function tested against nil.
func (rt *roundTripCheck) missingAnswers() {
	asked := map[ast.Node]map[string]bool{}
	ask := func(fn ast.Node, key string) {
		if asked[fn] == nil {
			asked[fn] = map[string]bool{}
		}
		asked[fn][key] = true
	}
	for _, r := range rt.D.RT.Requests {
		if r.Fn == nil {
			continue
		}
		callers := rt.askerCalls(r.Fn)
		for _, key := range rt.keysOf(r) {
			ask(r.Fn, key)
			// A function that builds the question under a key of its
			// own (askPurge()) asks in the functions that call it.
			for _, c := range callers {
				ask(c, key)
			}
		}
		// A helper that files the request under the key it is given
		// (ask("restart", "Restart?")) asks in its callers, for the
		// constant keys they give it.
		for _, c := range rt.keyParamCalls(r) {
			ask(c.fn, c.key)
		}
	}
	// The reads after one that leaves whenever the answer is missing.
	type left struct {
		fn   ast.Node
		key  string
		is   *ast.IfStmt
		list ast.Node
	}
	var lefts []left
	for _, r := range rt.D.RT.Reads {
		if is, list := answers.LeftWhenMissing(rt.Package, r.AnswerRead()); is != nil {
			for _, key := range rt.keysOf(r) {
				lefts = append(lefts, left{r.Fn, key, is, list})
			}
		}
	}
	after := func(r *model.KeyUse, key string) bool {
		for _, l := range lefts {
			if l.fn == r.Fn && l.key == key && r.At.Pos() > l.is.End() && l.list.Pos() <= r.At.Pos() && r.At.End() <= l.list.End() {
				return true
			}
		}
		return false
	}
	reported := map[*ast.ReturnStmt]bool{}
	report := func(ret *ast.ReturnStmt, key string) {
		if ret == nil || reported[ret] {
			return
		}
		reported[ret] = true
		rt.Report(ret, "the call fails here when the answer to %q is missing, though the handler asks for it: a client may call again without an answer, and protocol 2026-07-28 says to ask again with a new input-required result rather than fail; return the request for %q again", key, key)
	}
	// The reads of each key a function asks for, for the paths of the
	// function's SSA form where the syntax shows none failing.
	type group struct {
		fn    ast.Node
		key   string
		reads []answers.ShapedRead
		seen  bool // the syntax reported one
	}
	var groups []*group
	add := func(fn ast.Node, key string, read answers.ShapedRead, seen bool) {
		for _, g := range groups {
			if g.fn == fn && g.key == key {
				g.reads, g.seen = append(g.reads, read), g.seen || seen
				return
			}
		}
		groups = append(groups, &group{fn, key, []answers.ShapedRead{read}, seen})
	}
	check := func(r *model.KeyUse, shape answers.Shape, sentinel string) {
		for _, key := range rt.keysOf(r) {
			if !asked[r.Fn][key] || after(r, key) {
				continue
			}
			read := r.AnswerRead()
			read.Sentinel = sentinel
			ret := answers.FailsWhenMissing(rt.Package, read, shape, rt.failsCall)
			report(ret, key)
			add(r.Fn, key, answers.ShapedRead{Read: read, Shape: shape}, ret != nil)
			return
		}
	}
	for _, r := range rt.D.RT.Reads {
		check(r, answers.Direct, "")
	}
	for _, c := range rt.helperReads(asked) {
		check(c.use, c.h.Shape, c.h.Sentinel)
	}
	var at []ast.Node
	for _, g := range groups {
		if !g.seen {
			at = append(at, g.fn)
		}
	}
	if len(at) == 0 {
		return
	}
	pkg := flow.BuildSSAFor(rt.Pass.Pass.Fset, rt.Pass.Pass.Pkg, rt.Pass.Pass.Files, rt.Info, at)
	for _, g := range groups {
		if !g.seen {
			fn := flow.SSAFunc(rt.Package, pkg, g.reads[0].At)
			report(answers.FailsOnPath(rt.FailEnv(), fn, g.reads, rt.failsCall), g.key)
		}
	}
}

// failsCall reports a return of a handler that fails the call.
func (rt *roundTripCheck) failsCall(ret *ast.ReturnStmt) bool {
	return rt.KindOfReturn(ret) == model.ReturnFailure
}

package failopen

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/ssa"
)

// This file decides what a path without an answer reaches: a return of
// what accept returns, or the work only accept should reach.

// check runs the flow and reports what it finds: returns first, then the
// work reached.
func (fo *failOpen) check() {
	fo.in = flow.ForwardFlow(fo.fn, foPre, fo.transfer)
	if fo.returns() {
		return
	}
	fo.workReached()
}

// foReturn is one return of the function, with the set that holds at it.
type foReturn struct {
	ret *ssa.Return
	set foSet
}

// returns reports the returns on which the answer is missing and that
// give what accept gets and no refusal gets, in a function that returns a
// decision. It reports whether it reported anything.
func (fo *failOpen) returns() bool {
	sig := fo.fn.Signature
	n := sig.Results().Len()
	if n == 0 {
		return false
	}
	for i := 0; i < n; i++ {
		if handlerResult(fo.c, sig.Results().At(i).Type()) {
			return false // a handler: its result is what it did, not a decision
		}
	}
	var rets []foReturn
	for _, b := range fo.fn.Blocks {
		in, reached := fo.in[b]
		if !reached || len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == n {
			rets = append(rets, foReturn{r, fo.walk(b, in, nil)})
		}
	}
	acceptVals, refusalVals := make([]map[foVal]bool, n), make([]map[foVal]bool, n)
	for i := range n {
		acceptVals[i], refusalVals[i] = map[foVal]bool{}, map[foVal]bool{}
	}
	for _, r := range rets {
		for _, a := range flow.AllActions {
			if !r.set.any(foBit(a) | foUnknown) {
				continue
			}
			for i, v := range r.ret.Results {
				val := fo.eval(v, a, r.set, 6)
				if a == flow.ActAccept {
					acceptVals[i][val] = true
				} else {
					refusalVals[i][val] = true
				}
			}
		}
	}
	// A decision is a result whose values are all known, where accept
	// gets something no refusal gets: that is going ahead. For an error,
	// going ahead is nil (accept may fail too, on content it cannot use).
	var decisions []int
	errorsOnly := true
	for i := range n {
		if len(acceptVals[i]) == 0 || len(refusalVals[i]) == 0 || acceptVals[i][valUnknown] || refusalVals[i][valUnknown] {
			continue
		}
		if isErrorType(sig.Results().At(i).Type()) {
			if acceptVals[i][valNil] && !refusalVals[i][valNil] {
				decisions = append(decisions, i)
			}
			continue
		}
		for v := range acceptVals[i] {
			if !refusalVals[i][v] {
				decisions = append(decisions, i)
				errorsOnly = false
				break
			}
		}
	}
	if len(decisions) == 0 {
		return false
	}
	// A function whose decision is only its error, and that does the work
	// itself on accept, is the worker, not a gate: its nil error on the
	// missing path means it did nothing.
	if errorsOnly && fo.acceptDoesWork() {
		return false
	}
	reported := false
	for _, r := range rets {
		if r.set&foNone == 0 {
			continue
		}
		vals := make([]foVal, n)
		for i, v := range r.ret.Results {
			vals[i] = fo.eval(v, "", r.set, 6)
		}
		if !fo.failsOpen(vals, decisions, acceptVals, refusalVals) {
			continue
		}
		fo.reportReturn(r, vals, decisions, rets)
		reported = true
	}
	return reported
}

// failsOpen reports whether the values of a return on the missing path
// are, on every decision, what accept gets and no refusal gets (for an
// error, nil), and on no other result nil where accept's is not (or the
// reverse).
func (fo *failOpen) failsOpen(vals []foVal, decisions []int, acceptVals, refusalVals []map[foVal]bool) bool {
	for _, i := range decisions {
		if vals[i] == valUnknown || !acceptVals[i][vals[i]] || refusalVals[i][vals[i]] {
			return false
		}
	}
	for i, v := range vals {
		if slices.Contains(decisions, i) {
			continue
		}
		switch {
		case v == valNil && len(acceptVals[i]) == 1 && acceptVals[i][valNonNil]:
			return false
		case v == valNonNil && len(acceptVals[i]) == 1 && acceptVals[i][valNil]:
			return false
		}
	}
	return true
}

// handlerResult reports a result type of a handler (a tool, prompt or
// resource result): what such a function returns is its reply, not a
// decision for its caller.
func handlerResult(c *check.Pass, t types.Type) bool {
	return c.SDKs.NamedIn(t, func(sdk *mcpsdk.SDK) []string {
		if sdk.RoundTrip == nil {
			return nil
		}
		return slices.Collect(maps.Keys(sdk.RoundTrip.Results))
	}) != nil
}

// acceptDoesWork reports whether code only accept reaches calls work.
func (fo *failOpen) acceptDoesWork() bool {
	found := false
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		if !found && fo.acceptOnly(s) && fo.work(instr) != nil {
			found = true
		}
	})
	return found
}

// acceptOnly reports a set that accept reaches and no refusal does, and
// that is past the request.
func (fo *failOpen) acceptOnly(s foSet) bool {
	return s.any(foAccept) && !s.any(foDecline|foCancel|foUnknown) && s&foPre == 0
}

// eachInstr calls f with every instruction of the blocks reached and the
// set at it.
func (fo *failOpen) eachInstr(f func(ssa.Instruction, foSet)) {
	for _, b := range fo.fn.Blocks {
		if in, ok := fo.in[b]; ok {
			fo.walk(b, in, f)
		}
	}
}

// workReached reports the first call, on the path without an answer, of
// work that only accept reaches: in code the refusals have left before,
// or a call the accept branch makes and no refusal does.
func (fo *failOpen) workReached() {
	acceptCalls, otherCalls := map[any]bool{}, map[any]bool{}
	var into, same ssa.Instruction // the first of each kind, by position
	earlier := func(a, b ssa.Instruction) bool { return b == nil || a.Pos() < b.Pos() }
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		key := fo.work(instr)
		if key == nil {
			return
		}
		switch {
		case s&foNone != 0 && fo.acceptOnly(s&^foNoneAny):
			if earlier(instr, into) {
				into = instr
			}
		case fo.acceptOnly(s):
			acceptCalls[key] = true
		case s&^foNoneAny != 0:
			otherCalls[key] = true
		}
	})
	if into != nil {
		fo.reportWork(into, true)
		return
	}
	fo.eachInstr(func(instr ssa.Instruction, s foSet) {
		if s&foNone == 0 || s&^foNoneAny != 0 {
			return
		}
		if key := fo.work(instr); key != nil && acceptCalls[key] && !otherCalls[key] && earlier(instr, same) {
			same = instr
		}
	})
	if same != nil {
		fo.reportWork(same, false)
	}
}

// work returns what a call calls when it is work a confirmation guards (a
// function or method of the project or a library, a closure), or nil for
// what any path may do: logging, formatting, building a reply, the SDK,
// the standard library but for the calls that change things.
func (fo *failOpen) work(instr ssa.Instruction) any {
	call, ok := instr.(*ssa.Call)
	if !ok || instr == fo.def {
		return nil
	}
	com := call.Common()
	if com.IsInvoke() {
		if workFunc(fo.c, com.Method) {
			return com.Method
		}
		return nil
	}
	switch callee := com.Value.(type) {
	case *ssa.Function:
		obj, ok := callee.Object().(*types.Func)
		if !ok {
			return callee // a function literal called in place
		}
		obj = obj.Origin()
		if workFunc(fo.c, obj) && fo.gateCall(call) == nil {
			return obj
		}
	case *ssa.MakeClosure:
		return callee.Fn
	}
	return nil
}

// effectfulStd lists the functions of the standard library that change
// something outside the program ("*": every function and method).
var effectfulStd = map[string][]string{
	"os":           {"Remove", "RemoveAll", "Rename", "WriteFile", "Create", "Mkdir", "MkdirAll", "Chmod", "Chown", "Truncate", "Symlink", "Link"},
	"os/exec":      {"*"},
	"database/sql": {"Exec", "ExecContext"},
	"net/http":     {"Post", "PostForm", "Do"},
	"syscall":      {"Kill", "Unlink", "Rmdir"},
}

// logPrefixes start the names loggers give their methods and functions.
var logPrefixes = []string{"print", "log", "debug", "info", "warn", "error", "trace", "fatal", "panic", "with", "sugar"}

// workFunc reports whether a call of fn is work (see work).
func workFunc(c *check.Pass, fn *types.Func) bool {
	if fn.Pkg() == nil || c.SDKs.OfPkg(fn) != nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	// The standard library by its paths (no dot in the first element);
	// the package analysed is never part of it.
	if fn.Pkg() != c.Pass.Pkg && !strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		names := effectfulStd[path]
		return slices.Contains(names, "*") || slices.Contains(names, name)
	}
	if names := source.PureFuncs[path]; slices.Contains(names, "*") || slices.Contains(names, name) {
		return false
	}
	lower := strings.ToLower(name)
	for _, p := range logPrefixes {
		if strings.HasPrefix(lower, p) {
			return false
		}
	}
	sig := fn.Type().(*types.Signature)
	// Another question, or a reply built from text.
	for i := 0; i < sig.Results().Len(); i++ {
		if c.ResultSDK(sig.Results().At(i).Type()) != nil {
			return false
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if handlerResult(c, sig.Results().At(i).Type()) && textParams(sig) {
			return false
		}
	}
	return true
}

// textParams reports a signature whose parameters are all text, numbers,
// errors or values to format: the signature of a reply builder.
func textParams(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == sig.Params().Len()-1 {
			t = s.Elem()
		}
		if _, basic := t.Underlying().(*types.Basic); !basic && !types.IsInterface(t) {
			return false
		}
	}
	return true
}

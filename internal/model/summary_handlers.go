package model

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// HandlerFact marks a function that fully handles a result passed in one of
// its parameters (every action has its own path), so that passing a result
// to it counts as handling it.
type HandlerFact struct {
	Params []int // indexes (receiver excluded) of result parameters fully handled
	// Reads are result parameters whose Action the function reads without
	// handling every answer; the caller stays silent about those (the
	// function is where the decision is made).
	Reads []int
}

func (*HandlerFact) AFact() {}

func (f *HandlerFact) String() string {
	ints := func(xs []int) string {
		var s []string
		for _, x := range xs {
			s = append(s, strconv.Itoa(x))
		}
		return strings.Join(s, ",")
	}
	if len(f.Params) == 0 {
		return "readsAction(" + ints(f.Reads) + ")"
	}
	return "handlesResult(" + ints(f.Params) + ")"
}

// handlerCand is a function parameter of a result type.
type handlerCand struct {
	fn   *types.Func
	Decl *ast.FuncDecl
	idx  int
	V    *types.Var
	SDK  *mcpsdk.SDK
}

// Func is the candidate's function, and Param the index of its result
// parameter.
func (c handlerCand) Func() *types.Func { return c.fn }
func (c handlerCand) Param() int        { return c.idx }

// handlerSummary holds what this package's functions do with a result
// passed to them.
type handlerSummary struct {
	local map[*types.Func]*HandlerFact
	// Cands are the package's functions with a result-typed parameter.
	Cands []handlerCand
}

// FullyHandled reports whether the candidate's function handles every
// answer of its result parameter.
func (h *handlerSummary) FullyHandled(c handlerCand) bool {
	f := h.local[c.fn]
	return f != nil && slices.Contains(f.Params, c.idx)
}

// handles tells what fn does with a result passed as argument idx:
// vHandled when it handles every answer, vPartial when it reads the action
// but not fully, vNeverRead when it does not look (or we know nothing).
func (h *handlerSummary) handles(pc *Model, fn *types.Func, idx int) flow.Verdict {
	fn = fn.Origin()
	f := h.local[fn]
	if f == nil {
		f = new(HandlerFact)
		if !pc.Pass.ImportObjectFact(fn, f) {
			return flow.VNeverRead
		}
	}
	switch {
	case slices.Contains(f.Params, idx):
		return flow.VHandled
	case slices.Contains(f.Reads, idx):
		return flow.VPartial
	}
	return flow.VNeverRead
}

// Flow returns the action flow analysis that knows the handlers.
func (h *handlerSummary) Flow(pc *Model) *flow.ActionFlow {
	return &flow.ActionFlow{
		Pkg:                pc.Package,
		DefaultHandlesRest: pc.Cfg.DefaultHandlesRest,
		Handles:            func(fn *types.Func, idx int) flow.Verdict { return h.handles(pc, fn, idx) },
	}
}

// summariseHandlers computes the handler facts of this package's
// functions: those whose result-typed parameter is fully handled, and
// those that read its action.
func summariseHandlers(pc *Model) *handlerSummary {
	h := &handlerSummary{local: map[*types.Func]*HandlerFact{}}
	for _, f := range pc.Pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pc.Info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			for i := 0; i < params.Len(); i++ {
				if sdk := pc.ResultSDK(params.At(i).Type()); sdk != nil {
					h.Cands = append(h.Cands, handlerCand{fn, fd, i, params.At(i), sdk})
				}
			}
		}
	}
	factOf := func(fn *types.Func) *HandlerFact {
		f := h.local[fn]
		if f == nil {
			f = &HandlerFact{}
			h.local[fn] = f
		}
		return f
	}
	af := h.Flow(pc)
	// Helpers may call helpers: iterate until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, c := range h.Cands {
			if h.FullyHandled(c) {
				continue
			}
			r := af.AnalyzeUses(c.V, c.Decl.Body, c.SDK)
			switch {
			case r.Verdict == flow.VHandled:
				f := factOf(c.fn)
				f.Params = append(f.Params, c.idx)
				sort.Ints(f.Params)
				f.Reads = slices.DeleteFunc(f.Reads, func(i int) bool { return i == c.idx })
				changed = true
			case r.ActionRead:
				if f := factOf(c.fn); !slices.Contains(f.Reads, c.idx) {
					f.Reads = append(f.Reads, c.idx)
					sort.Ints(f.Reads)
					changed = true
				}
			}
		}
	}
	for fn, f := range h.local {
		pc.Pass.ExportObjectFact(fn, f)
	}
	return h
}

package model

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// WrapperFact marks a function that passes some of its own parameters into
// elicitation params fields, like printf's wrapper facts: its call sites in
// any package get the message, mode and elicitation-id checks on those
// arguments.
type WrapperFact struct {
	Module string       // module path of the SDK (or fork) the params belong to
	Args   []wrapperArg // sorted by Index; a slice, not a map, so that gob encoding is deterministic
	Mode   string       // the mode every call uses, "" if it varies or is unknown
}

// wrapperArg says that parameter Index (receiver excluded) feeds Field.
type wrapperArg struct {
	Index int
	Field string
}

// set records that parameter i feeds field; it reports whether that is new.
func (f *WrapperFact) set(i int, field string) bool {
	for k, a := range f.Args {
		if a.Index == i {
			if a.Field == field {
				return false
			}
			f.Args[k].Field = field
			return true
		}
	}
	f.Args = append(f.Args, wrapperArg{i, field})
	sort.Slice(f.Args, func(a, b int) bool { return f.Args[a].Index < f.Args[b].Index })
	return true
}

func (*WrapperFact) AFact() {}

func (f *WrapperFact) String() string {
	var parts []string
	for _, a := range f.Args {
		parts = append(parts, fmt.Sprintf("%d:%s", a.Index, a.Field))
	}
	s := "elicitWrapper(" + strings.Join(parts, ",") + ")"
	if f.Mode != "" {
		s += " mode=" + f.Mode
	}
	return s
}

// wrapper is a function whose call is an elicitation request.
type wrapper struct {
	sdk  *mcpsdk.SDK
	fact *WrapperFact
}

// site is the request a call of the wrapper makes.
func (w *wrapper) site(call *ast.CallExpr, decl *ast.FuncDecl) *ParamsSite {
	site := &ParamsSite{SDK: w.sdk, call: call, Fields: map[string]*FieldVal{}, fixedMode: w.fact.Mode, fn: decl}
	for _, a := range w.fact.Args {
		if a.Index < len(call.Args) && !(call.Ellipsis.IsValid() && a.Index == len(call.Args)-1) {
			site.Fields[a.Field] = &FieldVal{Value: call.Args[a.Index]}
		}
	}
	return site
}

// importedWrapper returns the wrapper description of a function the
// package calls: an SDK function that takes params fields as arguments, or
// a function of another package with a wrapper fact.
func importedWrapper(pc *Model, fn *types.Func) *wrapper {
	fn = fn.Origin()
	if fn.Pkg() == nil || fn.Pkg() == pc.Pass.Pkg {
		return nil
	}
	if sdk := pc.SDKs.OfPkg(fn); sdk != nil {
		for _, p := range sdk.Positional {
			if mcpsdk.JoinPath(sdk.Module, p.Pkg) == fn.Pkg().Path() && p.Name == fn.Name() && mcpsdk.RecvName(fn) == p.Recv {
				f := &WrapperFact{Module: sdk.Module, Mode: p.Mode}
				for i, field := range p.Args {
					f.set(i, field)
				}
				return &wrapper{sdk: sdk, fact: f}
			}
		}
		return nil
	}
	f := new(WrapperFact)
	if !pc.Pass.ImportObjectFact(fn, f) {
		return nil
	}
	if sdk := pc.SDKs.ByModule(f.Module); sdk != nil {
		return &wrapper{sdk: sdk, fact: f}
	}
	return nil
}

// wrapperFields are the params fields whose values are checked at a
// wrapper's call sites.
var wrapperFields = []string{mcpsdk.FieldMessage, mcpsdk.FieldURL, mcpsdk.FieldID}

// wrapperSummary holds this package's wrappers.
type wrapperSummary struct {
	local map[*types.Func]*WrapperFact
}

// summariseWrappers finds this package's wrappers: functions that pass a
// parameter straight into a params field, directly or through another
// wrapper. It exports their facts and adds calls of them to the discovered
// requests.
func summariseWrappers(pc *Model, d *Discovery) *wrapperSummary {
	ws := &wrapperSummary{local: map[*types.Func]*WrapperFact{}}
	paramIndex := func(decl *ast.FuncDecl, e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || decl == nil {
			return -1
		}
		v, _ := pc.Info.Uses[id].(*types.Var)
		if v == nil {
			return -1
		}
		fn, _ := pc.Info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return -1
		}
		params := fn.Type().(*types.Signature).Params()
		for i := 0; i < params.Len(); i++ {
			if params.At(i) == v {
				return i
			}
		}
		return -1
	}
	add := func(decl *ast.FuncDecl, sdk *mcpsdk.SDK, idx int, field, mode string) bool {
		fn, _ := pc.Info.Defs[decl.Name].(*types.Func)
		if fn == nil {
			return false
		}
		f := ws.local[fn]
		if f == nil {
			f = &WrapperFact{Module: sdk.Module, Mode: mode}
			ws.local[fn] = f
		} else if f.Mode != mode {
			f.Mode = ""
		}
		return f.set(idx, field)
	}
	for _, site := range d.Params {
		mode := pc.ModeOf(site)
		for _, field := range wrapperFields {
			if fv := site.Fields[field]; fv != nil {
				if i := paramIndex(site.fn, fv.Value); i >= 0 {
					add(site.fn, site.SDK, i, field, mode)
				}
			}
		}
	}
	for _, site := range d.wrapperCalls {
		for field, fv := range site.Fields {
			if i := paramIndex(site.fn, fv.Value); i >= 0 {
				add(site.fn, site.SDK, i, field, site.fixedMode)
			}
		}
	}
	// Wrappers of wrappers within the package, to a fixed point.
	for changed := true; changed; {
		changed = false
		for _, lc := range d.LocalCalls {
			f := ws.local[lc.Fn.Origin()]
			if f == nil {
				continue
			}
			sdk := pc.SDKs.ByModule(f.Module)
			for _, a := range f.Args {
				if a.Index < len(lc.Call.Args) {
					if i := paramIndex(lc.Decl, lc.Call.Args[a.Index]); i >= 0 && add(lc.Decl, sdk, i, a.Field, f.Mode) {
						changed = true
					}
				}
			}
		}
	}
	for fn, f := range ws.local {
		pc.Pass.ExportObjectFact(fn, f)
	}
	// Calls of this package's wrappers are requests too.
	for _, lc := range d.LocalCalls {
		f := ws.local[lc.Fn.Origin()]
		if f == nil {
			continue
		}
		w := &wrapper{sdk: pc.SDKs.ByModule(f.Module), fact: f}
		site := w.site(lc.Call, lc.Decl)
		d.wrapperCalls = append(d.wrapperCalls, site)
	}
	return ws
}

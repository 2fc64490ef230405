package duties

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// This file reads how the package serves its servers (the SDK's
// Servings: stdio, stateful or stateless streamable HTTP, SSE), so that a
// direct request's finding says what happens to it there. The reading is
// of the package's own code outside its tests; where the handlers are
// served from another package, nothing is known.

// Serving returns how the package serves sdk's servers.
func (pc *Pkg) Serving(sdk *mcpsdk.SDK) mcpsdk.Served {
	pc.pinOnce.Do(pc.indexPins)
	return pc.served[sdk.Name]
}

// sdkLit is a literal of a type of an SDK with duties.
type sdkLit struct {
	lit *ast.CompositeLit
	tn  *types.TypeName
	sdk *mcpsdk.SDK
}

// readServing reads the ways the package serves each SDK's servers, from
// its calls of SDK functions and literals of SDK types.
func (pc *Pkg) readServing(found []sdkCall, lits []sdkLit) map[string]mcpsdk.Served {
	served := map[string]mcpsdk.Served{}
	unread := map[string]bool{}
	add := func(sdk *mcpsdk.SDK, w mcpsdk.Serving, stateless tri) {
		s := served[sdk.Name]
		switch stateless {
		case unknownTri:
			unread[sdk.Name] = true
		case yes:
			s.Ways = append(s.Ways, mcpsdk.Way{Era: mcpsdk.EraNever, Label: w.StatelessLabel, Why: w.Why})
		default:
			s.Ways = append(s.Ways, mcpsdk.Way{Era: w.Era, Label: w.Label, Why: w.Why})
		}
		served[sdk.Name] = s
	}
	for _, c := range found {
		if w, ok := c.sdk.ServingOf(c.fn); ok {
			add(c.sdk, w, pc.statelessCall(c, w, found))
		}
	}
	for _, l := range lits {
		if l.tn.Pkg().Path() != l.sdk.ServerPath() {
			continue
		}
		for _, w := range l.sdk.Servings() {
			if w.Type == l.tn.Name() {
				add(l.sdk, w, pc.statelessField(l.lit, w))
			}
		}
	}
	for name := range unread {
		delete(served, name)
	}
	return served
}

// statelessCall reads whether a call that makes a streamable HTTP server
// makes it stateless: from a field of its options (go-sdk), or from an
// option function given a bool (mcp-go), which the package's calls of
// that option must all give alike (the options may be built in a slice
// elsewhere). Other ways are never stateless.
func (pc *Pkg) statelessCall(c sdkCall, w mcpsdk.Serving, found []sdkCall) tri {
	switch {
	case w.StatelessField != "":
		if w.OptionsArg >= len(c.call.Args) {
			return no
		}
		return pc.statelessField(c.call.Args[w.OptionsArg], w)
	case w.StatelessOption != "":
		opt := mcpsdk.Method{Pkg: c.sdk.ServerPkg, Name: w.StatelessOption}
		if pc.optionListHas(c.sdk, c.call, option{m: opt}, 0) == no {
			return no
		}
		verdict := unknownTri
		for _, o := range found {
			if o.sdk != c.sdk || !opt.Matches(c.sdk, o.fn, nil) || len(o.call.Args) != 1 {
				continue
			}
			v := pc.boolTri(o.call.Args[0])
			if v == unknownTri || verdict != unknownTri && verdict != v {
				return unknownTri
			}
			verdict = v
		}
		return verdict
	}
	return no
}

// statelessField reads the stateless field of a way's options, e: no
// when the way has none.
func (pc *Pkg) statelessField(e ast.Expr, w mcpsdk.Serving) tri {
	if w.StatelessField == "" {
		return no
	}
	return pc.optionField(e, w.StatelessField, 0, pc.boolTri)
}

// boolTri reads a constant bool: yes for true, no for false.
func (pc *Pkg) boolTri(e ast.Expr) tri {
	switch v, ok := pc.ConstBool(e); {
	case !ok:
		return unknownTri
	case v:
		return yes
	}
	return no
}

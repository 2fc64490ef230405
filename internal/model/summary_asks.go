package model

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/config"
)

// This file summarises the functions of a package that elicitlint's fix
// moves to the round trip together with their callers: a confirmation
// gate that asks the client directly, and the wrappers between it and
// the handlers. Where every caller is in the package and moves with it,
// the fix changes their signatures in place (they take the request and a
// key, and return the result that asks). Where other packages or tests
// may call them, or a caller cannot move, the fix adds a round-trip
// version beside each (its sibling, named with a RoundTrip suffix) and
// leaves the old one as it is, so that every package builds whichever
// packages' edits are applied. Once the sibling is in the source,
// AskGateFact tells the callers' packages how to switch to it.
//
// The plan is made by the migration (internal/migrate), which registers
// itself in PlanAsks: the model cannot import it, and every fact must be
// the model's.

// AskGateFact marks a function whose signature the round-trip fix
// changes: Params are its new parameters as indexes of its old ones,
// with ParamRequest for the request it now takes and ParamKey for the key
// of the answer; Results likewise, with ResultAsk for the result that
// asks. Request and Result name the SDK's request and result types (in
// the SDK's types package) of the handlers it serves. Sibling, when set,
// names the round-trip version declared beside the function, which takes
// and returns what Params and Results say; the function itself is left
// as it is. Without Sibling the function's own signature changes, and
// only its package can call it.
type AskGateFact struct {
	Module          string
	Request, Result string
	Params, Results []int
	Sibling         string
}

const (
	// ParamRequest and ParamKey are the new parameters in
	// AskGateFact.Params; ResultAsk the new result in Results.
	ParamRequest = -1
	ParamKey     = -2
	ResultAsk    = -1
)

func (*AskGateFact) AFact() {}

func (f *AskGateFact) String() string {
	idx := func(xs []int) string {
		var parts []string
		for _, x := range xs {
			switch x {
			case ParamRequest:
				parts = append(parts, "req")
			case ParamKey:
				parts = append(parts, "key")
			default:
				parts = append(parts, fmt.Sprint(x))
			}
		}
		return strings.Join(parts, ",")
	}
	res := strings.ReplaceAll(idx(f.Results), "req", "ask")
	if f.Sibling != "" {
		return fmt.Sprintf("askGate(%s)(%s) as %s", idx(f.Params), res, f.Sibling)
	}
	return fmt.Sprintf("askGate(%s)(%s)", idx(f.Params), res)
}

// AskPlans is what the migration planned for the package's gates and
// their callers (internal/migrate's plan), made once with the model.
type AskPlans any

// PlanAsks plans the migration of the package's gates and of its calls of
// other packages' gates, and returns the facts of the functions whose
// signatures it changes. Set by internal/migrate; nil leaves gates alone.
var PlanAsks func(pc *Model) (AskPlans, map[*types.Func]*AskGateFact)

// summariseAsks plans the gates' migration and exports the facts.
func summariseAsks(pc *Model) AskPlans {
	if PlanAsks == nil {
		return nil
	}
	plans, facts := PlanAsks(pc)
	for fn, f := range facts {
		pc.Pass.ExportObjectFact(fn, f)
	}
	if len(facts) > 0 {
		pc.rewritten = map[*ast.BlockStmt]string{}
		for _, file := range pc.Pass.Files {
			for _, decl := range file.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := pc.Info.Defs[fd.Name].(*types.Func); ok && facts[fn] != nil && facts[fn].Sibling == "" {
						pc.rewritten[fd.Body] = fd.Name.Name
					}
				}
			}
		}
	}
	return plans
}

// Rewritten returns the name of the function with this body when the
// round-trip fix changes its signature (a gate or wrapper migrated with its
// callers), and "" otherwise. Other checks' fixes there would be written
// for the old signature: they leave the function to a second -fix. With
// round-trip off there is no such fix.
func (pc *Model) Rewritten(body *ast.BlockStmt) string {
	if pc.Cfg.Disable[config.CheckRoundTrip] {
		return ""
	}
	return pc.rewritten[body]
}

// ImportedAskGate returns the fact of a function of another package that
// has a round-trip sibling its callers can switch to, or nil.
func (pc *Model) ImportedAskGate(fn *types.Func) *AskGateFact {
	fn = fn.Origin()
	if fn.Pkg() == nil || fn.Pkg() == pc.Pass.Pkg {
		return nil
	}
	f := new(AskGateFact)
	if !pc.Pass.ImportObjectFact(fn, f) || f.Sibling == "" {
		return nil
	}
	return f
}

// LookupSDK finds name in the SDK package path among the package's
// imports, direct or not: what the SDK version the package is built
// against declares.
func (pc *Model) LookupSDK(path, name string) types.Object { return pc.lookupSDK(path, name) }

// Package contentschema is elicitlint's content-schema check: it reports
// reads of an answer's Content that cannot match the schema the same
// elicitation asked for. docs/content-schema.md explains the check.
//
// It reads the model's answers, their keys and the schema summary. Like
// every check, it reaches no other check.
package contentschema

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Check is the content-schema check, for the suite (analyzer.Analyzer).
var Check = check.Check{Name: config.CheckContentSchema, Doc: "report reads of an answer's Content that cannot match the schema the same elicitation asked for, and boxes the form asks the user to tick that are never read", Run: Run}

// Analyzer is the content-schema check as an analyzer of its own, for go vet,
// nogo and multichecker drivers.
var Analyzer = check.Analyzer(Check, model.Analyzer)

// checkContentSchema implements the content-schema check: when the schema
// an answer was requested with is known, reads of its Content are checked
// against it. The answer arrives as JSON decoded into map[string]any: a
// number is float64, a multi-select is []any, and a key the schema does
// not declare is never there.
func Run(c *check.Pass) {
	lk := newParamsLookup(c)
	for _, site := range c.D.Results {
		if site.Obj == nil || site.Body == nil {
			continue
		}
		ps := lk.forResult(c.Model, site)
		if ps == nil {
			continue
		}
		fv := ps.Fields[mcpsdk.FieldSchema]
		if fv == nil {
			continue
		}
		root, _ := c.Sum.Schemas.Read(fv.Value)
		props := root.Get("properties")
		if root == nil || root.Kind != schema.Object || props == nil || props.Kind != schema.Object {
			continue
		}
		rs := &requestedSchema{props: props, required: map[string]bool{}}
		if req := root.Get("required"); req != nil && req.Kind == schema.Array {
			for _, e := range req.Elems {
				if e.Kind == schema.String {
					rs.required[e.Str] = true
				}
			}
		}
		for _, r := range model.KeyReads(c.Model, site, c.Sum.Schemas.Reader.Resolve) {
			checkKeyRead(c, site, rs, r)
		}
		checkUnread(c, site, ps, rs)
		checkHelperReads(c, site, rs)
	}
}

// requestedSchema is the part of a known schema the reads are checked
// against.
type requestedSchema struct {
	props    *schema.Node
	required map[string]bool
}

// checkKeyRead checks one Content[key] read.
func checkKeyRead(c *check.Pass, site *model.ResultSite, rs *requestedSchema, r model.KeyRead) {
	shown := source.ExprString(r.Index.X) + fmt.Sprintf("[%q]", r.Key)
	prop := rs.props.Get(r.Key)
	if prop == nil {
		if rs.props.Partial {
			return
		}
		c.Report(r.Index.Index, "%s: the requested schema has no property %q%s, so the key is never in the answer", shown, r.Key, report.DidYouMean(r.Key, rs.props.Keys))
		return
	}
	ta := r.Assert
	if ta == nil {
		return
	}
	asserted := c.Info.TypeOf(ta.Type)
	decoded, why := decodedType(prop)
	if decoded != nil && !types.IsInterface(asserted) && !types.Identical(asserted, decoded) {
		var fixes []analysis.SuggestedFix
		if !r.CommaOK && isNumeric(asserted) && types.Identical(decoded, types.Typ[types.Float64]) {
			fixes = floatFix(c, ta, asserted)
		}
		c.ReportFix(ta.Pos(), ta.End(), fixes, "%s.(%s) never succeeds: %s", shown, c.TypeString(asserted, ta.Pos()), why)
		return
	}
	// A round-trip answer is client input whatever the schema says: the
	// round-trip check reports every single-value assertion on it.
	if site.RoundTrip && !c.Cfg.Disable[config.CheckRoundTrip] {
		return
	}
	if !r.CommaOK && !rs.required[r.Key] && !(site.SDK.ContentIsMap && prop.Has("default")) {
		c.Report(ta, "%s.(%s) panics when the user leaves %q empty: it is not required, so the key may be missing; use the comma-ok form v, ok := ...", shown, c.TypeString(asserted, ta.Pos()), r.Key)
	}
}

// checkHelperReads checks the reads that helpers make on a result passed
// to them, against the schema the caller knows. Findings are reported at
// the argument.
func checkHelperReads(c *check.Pass, site *model.ResultSite, rs *requestedSchema) {
	ast.Inspect(site.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutil.Callee(c.Info, call).(*types.Func)
		if fn == nil {
			return true
		}
		f := c.Sum.Readers.Of(c.Model, fn)
		if f == nil {
			return true
		}
		for _, pr := range f.Params {
			if pr.Index >= len(call.Args) {
				continue
			}
			arg := call.Args[pr.Index]
			if id, ok := ast.Unparen(arg).(*ast.Ident); !ok || c.Info.Uses[id] != site.Obj {
				continue
			}
			for _, r := range pr.Reads {
				prop := rs.props.Get(r.Key)
				if prop == nil {
					if !rs.props.Partial {
						c.Report(arg, "%s reads Content[%q], which the requested schema does not declare, so the key is never in the answer", fn.Name(), r.Key)
					}
					continue
				}
				decoded, why := decodedType(prop)
				if decoded == nil || r.Asserted == "" || r.Asserted == "interface" {
					continue
				}
				if r.Asserted != source.CanonType(decoded) {
					c.Report(arg, "%s asserts Content[%q].(%s), which never succeeds: %s", fn.Name(), r.Key, r.Asserted, why)
				}
			}
		}
		return true
	})
}

// paramsLookup indexes a package's params literals once, for matching
// every answer to its request.
type paramsLookup struct {
	byLit map[*ast.CompositeLit]*model.ParamsSite
	byVar map[*types.Var]*model.ParamsSite
	byKey map[string][]*model.ParamsSite // complete sites by round-trip key
}

func newParamsLookup(c *check.Pass) *paramsLookup {
	lk := &paramsLookup{byLit: map[*ast.CompositeLit]*model.ParamsSite{}, byVar: map[*types.Var]*model.ParamsSite{}, byKey: map[string][]*model.ParamsSite{}}
	for _, p := range c.D.Params {
		if p.Lit == nil {
			continue
		}
		lk.byLit[p.Lit] = p
		if p.V != nil {
			lk.byVar[p.V] = p
		}
		if p.RequestKey != "" && p.Complete {
			lk.byKey[p.RequestKey] = append(lk.byKey[p.RequestKey], p)
		}
	}
	// Params filed by the name of a package-level variable nothing
	// changes (InputRequestMap{"wipe": wipeParams}; the model gives such
	// a variable's site V).
	for _, u := range c.D.RT.Requests {
		path := c.PathTo(u.At)
		if u.Key == "" || path == nil {
			continue
		}
		id, ok := source.UnAddr(source.FiledUnder(path)).(*ast.Ident)
		if !ok {
			continue
		}
		if v, _ := c.Info.Uses[id].(*types.Var); v != nil && !source.IsLocal(v) {
			if p := lk.byVar[v]; p != nil && p.Complete && p.RequestKey == "" {
				lk.byKey[u.Key] = append(lk.byKey[u.Key], p)
			}
		}
	}
	return lk
}

// forResult finds the params an answer was requested with: a params
// literal (or a variable holding one) among the arguments of the call that
// returned the answer, or for a round-trip answer the one request filed
// under the same key in this package.
func (lk *paramsLookup) forResult(pc *model.Model, site *model.ResultSite) *model.ParamsSite {
	if site.RequestKey != "" {
		if ps := lk.byKey[site.RequestKey]; len(ps) == 1 {
			return ps[0]
		}
		return nil
	}
	call, ok := site.Expr.(*ast.CallExpr)
	if !ok {
		return nil
	}
	var found *model.ParamsSite
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if p := lk.byLit[n]; p != nil && p.Complete {
					found = p
				}
			case *ast.Ident:
				if v, ok := pc.Info.Uses[n].(*types.Var); ok {
					if p := lk.byVar[v]; p != nil && p.Complete {
						found = p
					}
				}
			}
			return true
		})
	}
	return found
}

func isNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0 && b.Info()&types.IsComplex == 0
}

// decodedType is the Go type encoding/json gives a property's value.
func decodedType(prop *schema.Node) (types.Type, string) {
	t := prop.Get("type")
	if t == nil || t.Kind != schema.String {
		return nil, ""
	}
	switch t.Str {
	case "string":
		return types.Typ[types.String], "a string property decodes as string"
	case "number", "integer":
		return types.Typ[types.Float64], "JSON numbers decode as float64"
	case "boolean":
		return types.Typ[types.Bool], "a boolean property decodes as bool"
	case "array":
		return types.NewSlice(types.NewInterfaceType(nil, nil)), "multi-select answers decode as []any, never []string"
	}
	return nil, ""
}

// floatFix rewrites x.(int) as int(x.(float64)).
func floatFix(c *check.Pass, ta *ast.TypeAssertExpr, asserted types.Type) []analysis.SuggestedFix {
	name := c.TypeString(asserted, ta.Pos())
	return []analysis.SuggestedFix{{
		Message: "Assert float64 and convert to " + name,
		TextEdits: []analysis.TextEdit{
			{Pos: ta.Pos(), End: ta.Pos(), NewText: []byte(name + "(")},
			{Pos: ta.Type.Pos(), End: ta.Type.End(), NewText: []byte("float64")},
			{Pos: ta.End(), End: ta.End(), NewText: []byte(")")},
		},
	}}
}

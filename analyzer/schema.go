package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/goschema"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/sensitive"
)

// checkSchemas runs the nested, schema and sensitive checks on every
// requested schema that can be read statically. Schemas built at run time
// read as Unknown and get no findings.
func checkSchemas(pc *passCtx, d *discovery) {
	if pc.cfg.disable[CheckNested] && pc.cfg.disable[CheckSchema] && pc.cfg.disable[CheckSensitive] {
		return
	}
	var matcher *sensitive.Matcher
	if !pc.cfg.disable[CheckSensitive] {
		m, err := sensitive.New(pc.cfg.sensitivePatterns.listValue, pc.cfg.sensitiveAllow)
		if err != nil {
			return // the flag was validated when set; nothing sensible to do
		}
		matcher = m
	}
	r := pc.schemaReader()
	for _, site := range d.params {
		fv := site.fields[fieldSchema]
		if fv == nil || site.lit == nil {
			continue
		}
		mode := pc.modeOf(site)
		if mode == modeURL {
			continue // the mode check reports a schema in url mode
		}
		if s, ok := constString(pc.info, fv.value); ok && isGoString(pc.info.TypeOf(fv.value)) {
			_ = s
			pc.report(CheckSchema, fv.value, "RequestedSchema is a Go string: it is sent as a JSON string, not as a schema object; use json.RawMessage(...) or a map literal")
			continue
		}
		root := r.Read(fv.value)
		for _, p := range r.Problems {
			pc.reportAt(CheckSchema, p.Pos, "%s", p.Message)
		}
		r.Problems = nil
		if root == nil || root.Kind == schema.Unknown {
			continue
		}
		opts := schema.Options{Version: schema.Version(pc.cfg.spec)}
		if mode == modeForm || mode == "" {
			opts.Sensitive = matcher
		}
		for _, f := range schema.Check(root, opts) {
			pc.reportAt(f.Check, f.Pos, "%s", f.Message)
		}
	}
}

func isGoString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// reportAt reports at a position inside the package, or nowhere.
func (pc *passCtx) reportAt(check string, pos token.Pos, format string, args ...any) {
	pc.reportRange(check, pos, pos, nil, format, args...)
}

// schemaReader returns the package's schema reader, which resolves
// variables assigned exactly once and helper functions that return a
// single expression.
func (pc *passCtx) schemaReader() *goschema.Reader {
	if pc.reader != nil {
		return pc.reader
	}
	defs, writes := map[*types.Var]ast.Expr{}, map[*types.Var]int{}
	returns := map[*types.Func]ast.Expr{}
	for _, f := range pc.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if v, ok := pc.info.Defs[name].(*types.Var); ok {
						writes[v]++
						if len(n.Values) == len(n.Names) {
							defs[v] = n.Values[i]
						}
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					root := lhsRoot(l)
					if root == nil {
						continue
					}
					v, _ := pc.info.ObjectOf(root).(*types.Var)
					if v == nil {
						continue
					}
					writes[v]++
					if l == ast.Expr(root) && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
						switch {
						case len(n.Lhs) == len(n.Rhs):
							defs[v] = n.Rhs[i]
						case len(n.Rhs) == 1 && i == 0:
							defs[v] = n.Rhs[0] // s, err := jsonschema.For[T](nil)
						}
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
						if v, ok := pc.info.Uses[id].(*types.Var); ok {
							writes[v] += 2 // address taken: anything may change it
						}
					}
				}
			case *ast.IncDecStmt:
				if root := lhsRoot(n.X); root != nil {
					if v, ok := pc.info.Uses[root].(*types.Var); ok {
						writes[v] += 2
					}
				}
			case *ast.FuncDecl:
				if n.Body != nil && len(n.Body.List) == 1 && n.Type.Params.NumFields() == 0 {
					if ret, ok := n.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) >= 1 {
						if fn, ok := pc.info.Defs[n.Name].(*types.Func); ok {
							returns[fn] = ret.Results[0]
						}
					}
				}
			}
			return true
		})
	}
	pc.reader = &goschema.Reader{
		Info:  pc.info,
		Files: pc.pass.Files,
		Resolve: func(v *types.Var) ast.Expr {
			if writes[v] == 1 {
				return defs[v]
			}
			return nil
		},
		FuncResult: func(fn *types.Func) ast.Expr { return returns[fn] },
		Imported:   pc.importedSchema,
	}
	return pc.reader
}

// lhsRoot returns the variable an assignment target is rooted in:
// v, v.f, v[k], v.f[k].g ...
func lhsRoot(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

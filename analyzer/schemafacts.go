package analyzer

import (
	"encoding/json"
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/schema"
)

// schemaFact carries a requested schema defined in one package (an
// exported variable assigned once, or an exported helper function without
// parameters that returns one expression) to the packages that use it.
type schemaFact struct {
	JSON string
}

func (*schemaFact) AFact()         {}
func (*schemaFact) String() string { return "schema" }

// exportSchemas exports a fact for each exported schema-like variable and
// helper of the package whose value can be read statically.
func (pc *passCtx) exportSchemas() {
	r := pc.schemaReader()
	export := func(obj types.Object, e ast.Expr) {
		if obj == nil || !obj.Exported() || e == nil {
			return
		}
		n := r.Read(e)
		r.Problems = nil
		if !looksLikeSchema(n) {
			return
		}
		v, ok := schema.ToAny(n)
		if !ok {
			return
		}
		data, err := json.Marshal(v)
		if err != nil {
			return
		}
		pc.pass.ExportObjectFact(obj, &schemaFact{JSON: string(data)})
	}
	for _, f := range pc.pass.Files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						if v, ok := pc.info.Defs[name].(*types.Var); ok && r.Resolve(v) != nil {
							export(v, vs.Values[i])
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil || d.Body == nil {
					continue
				}
				if fn, ok := pc.info.Defs[d.Name].(*types.Func); ok {
					export(fn, r.FuncResult(fn))
				}
			}
		}
	}
}

// looksLikeSchema: an object with "type": "object" or "properties".
func looksLikeSchema(n *schema.Node) bool {
	return n != nil && n.Kind == schema.Object && !n.Partial && (n.Get("type").IsString("object") || n.Get("properties") != nil)
}

// importedSchema reads the schema fact of another package's object.
func (pc *passCtx) importedSchema(obj types.Object) *schema.Node {
	if obj.Pkg() == nil || obj.Pkg() == pc.pass.Pkg {
		return nil
	}
	var f schemaFact
	if !pc.pass.ImportObjectFact(obj, &f) {
		return nil
	}
	n, err := schema.ParseJSON([]byte(f.JSON), nil)
	if err != nil {
		return nil
	}
	return n
}

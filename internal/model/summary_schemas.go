package model

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/goschema"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/sensitive"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// SchemaFact carries a requested schema defined in one package (an
// exported variable assigned once, or an exported helper function without
// parameters that returns one expression) to the packages that use it.
type SchemaFact struct {
	JSON string
}

func (*SchemaFact) AFact() {}

func (*SchemaFact) String() string { return "schema" }

// schemaSummary reads the package's schemas: it resolves variables
// assigned exactly once, helper functions that return a single expression,
// and schemas other packages exported.
type schemaSummary struct {
	// mu guards the reader, which caches what it has read, and the
	// findings, for the checks' analyzers that run in parallel.
	mu     sync.Mutex
	Reader *goschema.Reader
	// found are the findings of the nested, schema and sensitive checks,
	// made once for the three (checked is set once they are).
	found   []schemaFinding
	checked bool
	// BySite are the findings about each request's schema.
	BySite map[*ParamsSite][]schemaFinding
}

// summariseSchemas builds the package's schema reader and exports a fact
// for each exported schema-like variable and helper whose value can be read
// statically.
func summariseSchemas(pc *Model) *schemaSummary {
	s := &schemaSummary{Reader: newSchemaReader(pc)}
	r := s.Reader
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
		pc.Pass.ExportObjectFact(obj, &SchemaFact{JSON: string(data)})
	}
	for _, f := range pc.Pass.Files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						if v, ok := pc.Info.Defs[name].(*types.Var); ok && r.Resolve(v) != nil {
							export(v, vs.Values[i])
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil || d.Body == nil {
					continue
				}
				if fn, ok := pc.Info.Defs[d.Name].(*types.Func); ok {
					export(fn, r.FuncResult(fn))
				}
			}
		}
	}
	return s
}

// Read reads the schema e, with the problems found reading it (invalid
// JSON text).
func (s *schemaSummary) Read(e ast.Expr) (*schema.Node, []goschema.Problem) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.read(e)
}

func (s *schemaSummary) read(e ast.Expr) (*schema.Node, []goschema.Problem) {
	s.Reader.Problems = nil
	n := s.Reader.Read(e)
	probs := s.Reader.Problems
	s.Reader.Problems = nil
	return n, probs
}

// looksLikeSchema: an object with "type": "object" or "properties".
func looksLikeSchema(n *schema.Node) bool {
	return n != nil && n.Kind == schema.Object && !n.Partial && (n.Get("type").IsString("object") || n.Get("properties") != nil)
}

// newSchemaReader returns a reader for the package's schema expressions.
func newSchemaReader(pc *Model) *goschema.Reader {
	returns := map[*types.Func]ast.Expr{}
	for _, f := range pc.Pass.Files {
		for _, d := range f.Decls {
			n, ok := d.(*ast.FuncDecl)
			if !ok || n.Body == nil || len(n.Body.List) != 1 || n.Type.Params.NumFields() != 0 {
				continue
			}
			if ret, ok := n.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) >= 1 {
				if fn, ok := pc.Info.Defs[n.Name].(*types.Func); ok {
					returns[fn] = ret.Results[0]
				}
			}
		}
	}
	assigns := pc.Assignments()
	steps := map[ast.Expr][]ast.Expr{}
	return &goschema.Reader{
		Info:  pc.Info,
		Files: pc.Pass.Files,
		// A variable assigned exactly once, to a value or to the first
		// result of s, err := f() or var s, _ = f(); or a map built in
		// steps (source.MapSteps).
		Resolve: func(v *types.Var) ast.Expr {
			if a := assigns[v]; a != nil && a.Writes == 1 && !(a.Tuple && a.Idx != 0) {
				return a.Def
			}
			if m, added := pc.MapSteps(v); m != nil {
				steps[m] = added
				return m
			}
			return nil
		},
		Steps:      func(m ast.Expr) []ast.Expr { return steps[m] },
		FuncResult: func(fn *types.Func) ast.Expr { return returns[fn] },
		Imported: func(obj types.Object) *schema.Node {
			return importedSchema(pc, obj)
		},
	}
}

// importedSchema reads the schema fact of another package's object.
func importedSchema(pc *Model, obj types.Object) *schema.Node {
	if obj.Pkg() == nil || obj.Pkg() == pc.Pass.Pkg {
		return nil
	}
	var f SchemaFact
	if !pc.Pass.ImportObjectFact(obj, &f) {
		return nil
	}
	n, err := schema.ParseJSON([]byte(f.JSON), nil)
	if err != nil {
		return nil
	}
	return n
}

type schemaFinding struct {
	Check    string
	Pos, End token.Pos
	Message  string
	// Related names the elicitation, for a finding about a struct field
	// that jsonschema.For made a property of: the field may be far from
	// every elicitation that uses it.
	Related []analysis.RelatedInformation
	// Rejects is set when go-sdk rejects the schema for this problem at
	// run time; repair is the edit that fixes it, when there is one.
	Rejects bool
	Repair  []analysis.TextEdit
}

// Findings checks the requested schemas of the package's requests, once.
func (s *schemaSummary) Findings(c *Model) []schemaFinding {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.checked {
		return s.found
	}
	s.checked = true
	var matcher *sensitive.Matcher
	if !c.Cfg.Disable[config.CheckSensitive] {
		m, err := c.Cfg.SensitiveMatcher()
		if err != nil {
			return nil // the flag was validated when set; nothing sensible to do
		}
		matcher = m
	}
	add := func(check string, pos, end token.Pos, msg string) {
		s.found = append(s.found, schemaFinding{Check: check, Pos: pos, End: end, Message: msg})
	}
	for _, site := range c.D.Params {
		fv := site.Fields[mcpsdk.FieldSchema]
		if fv == nil || site.Lit == nil {
			continue
		}
		mode := c.ModeOf(site)
		if mode == mcpsdk.ModeURL {
			continue // the mode check reports a schema in url mode
		}
		if _, ok := source.ConstString(c.Info, fv.Value); ok && isGoString(c.Info.TypeOf(fv.Value)) {
			add(config.CheckSchema, fv.Value.Pos(), fv.Value.End(), "RequestedSchema is a Go string: it is sent as a JSON string, not as a schema object; use json.RawMessage(...) or a map literal")
			continue
		}
		root, probs := s.read(fv.Value)
		for _, p := range probs {
			add(config.CheckSchema, p.Pos, p.End, p.Message)
		}
		if root == nil || root.Kind == schema.Unknown {
			continue
		}
		opts := schema.Options{Version: c.Cfg.Version()}
		if mode == mcpsdk.ModeForm || mode == "" {
			opts.Sensitive = matcher
		}
		for _, f := range schema.Check(root, opts) {
			sf := schemaFinding{Check: f.Check, Pos: f.Pos, End: f.End, Message: f.Message, Rejects: f.Rejects}
			if f.Field != nil && (f.Pos < site.Lit.Pos() || f.Pos >= site.Lit.End()) {
				sf.Related = []analysis.RelatedInformation{{
					Pos: fv.At().Pos(), End: fv.Value.End(),
					Message: "requested by this elicitation",
				}}
			}
			if f.Remove {
				sf.Repair = fix.RemoveMember(c.Package, f.Pos)
			}
			s.found = append(s.found, sf)
			if s.BySite == nil {
				s.BySite = map[*ParamsSite][]schemaFinding{}
			}
			s.BySite[site] = append(s.BySite[site], sf)
		}
	}
	return s.found
}

func isGoString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

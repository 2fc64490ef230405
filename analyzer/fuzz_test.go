package analyzer_test

// FuzzAnalyzePackage runs the whole analyzer on one-file packages built from
// fuzzed Go source, type-checked against the stub SDK packages of
// testdata/src. Inputs that do not parse or type-check are skipped. A run
// fails when the analyzer panics or returns an error (its run turns a panic
// into an "internal error ..." error), reports a diagnostic or a fix outside
// the file, offers a fix whose result does not parse, exports a fact the
// drivers would refuse (wrong package, undeclared type, not gob-encodable),
// or reports differently when run twice.
//
// The seed corpus in testdata/fuzz/FuzzAnalyzePackage holds the
// single-file fixtures of testdata/src, for both SDKs. Run it with
//
//	go test ./analyzer -run '^$' -fuzz FuzzAnalyzePackage -fuzztime 5m

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// fuzzImports are the packages a fuzzed source may import: the stubs and
// the standard packages elicitation code commonly uses. Anything else makes
// the input not type-check, and it is skipped.
var fuzzImports = []string{
	"github.com/modelcontextprotocol/go-sdk/mcp",
	"github.com/mark3labs/mcp-go/mcp",
	"github.com/mark3labs/mcp-go/server",
	"github.com/google/jsonschema-go/jsonschema",
	// Fixture packages other fixtures import (their facts are not
	// available: imported objects have none).
	"wrapperlib", "handlerlib",
	"context", "crypto/rand", "encoding/hex", "encoding/json", "errors", "fmt",
	"io", "log", "log/slog", "net/http", "net/url", "os", "reflect", "slices",
	"strconv", "strings", "sync", "time",
}

var fuzzPkgs struct {
	once sync.Once
	pkgs map[string]*types.Package
	err  error
}

// fuzzLoad type-checks the importable packages once per process, with
// go/packages in GOPATH mode (like analysistest).
func fuzzLoad(tb testing.TB) map[string]*types.Package {
	tb.Helper()
	fuzzPkgs.once.Do(func() {
		dir := testdata(tb)
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
			Dir:  dir,
			Env:  append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS=", "GOWORK=off"),
		}
		roots, err := packages.Load(cfg, fuzzImports...)
		if err != nil {
			fuzzPkgs.err = err
			return
		}
		fuzzPkgs.pkgs = map[string]*types.Package{}
		var errs []string
		packages.Visit(roots, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				errs = append(errs, e.Error())
			}
			if p.Types != nil {
				fuzzPkgs.pkgs[p.PkgPath] = p.Types
			}
		})
		if len(errs) > 0 {
			fuzzPkgs.err = fmt.Errorf("loading the stubs: %s", strings.Join(errs, "; "))
		}
	})
	if fuzzPkgs.err != nil {
		tb.Fatal(fuzzPkgs.err)
	}
	return fuzzPkgs.pkgs
}

func FuzzAnalyzePackage(f *testing.F) {
	pkgs := fuzzLoad(f)
	// Two small seeds inline; the realistic ones are in the corpus.
	f.Add(`package p

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		_ = res.Content["x"]
	}
	return nil
}
`, byte(0))
	f.Add(`package p

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Ask(ctx context.Context, s *server.MCPServer, id string) error {
	res, err := s.RequestURLElicitation(ctx, nil, id, "http://example.com/x", "")
	if err != nil {
		return err
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return nil
	}
	m := res.Content.(map[string]any)
	_ = m
	return nil
}
`, byte(5))
	f.Fuzz(func(t *testing.T, src string, flags byte) {
		a := fuzzAnalyzer(t, flags)
		first := fuzzAnalyze(t, a, pkgs, src)
		if first == nil {
			return // does not parse or type-check
		}
		if second := fuzzAnalyze(t, a, pkgs, src); !reflect.DeepEqual(first, second) {
			t.Fatalf("two runs differ:\n%s\n---\n%s", strings.Join(first, "\n"), strings.Join(second, "\n"))
		}
	})
}

var fuzzSpecs = []string{"2025-06-18", "2025-11-25", "2026-07-28"}

// fuzzAnalyzer returns an analyzer configured from the bits of flags: bit
// 0 -actions-default-handles-rest, bits 1-2 -spec, bit 3 a short
// -max-message-length.
func fuzzAnalyzer(t *testing.T, flags byte) *analysis.Analyzer {
	var c analyzer.Config
	c.DefaultHandlesRest = flags&1 != 0
	if spec := int(flags>>1) & 3; spec < len(fuzzSpecs) {
		c.Spec = fuzzSpecs[spec]
	}
	if flags&8 != 0 {
		c.MaxMessageLength = 10
	}
	a, err := analyzer.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

type fuzzImporter map[string]*types.Package

func (m fuzzImporter) Import(path string) (*types.Package, error) {
	if p := m[path]; p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("package %q is not available to fuzzed sources", path)
}

// fuzzAnalyze runs the analyzer on src and returns its diagnostics as
// text (empty but non-nil when there are none), or nil when src is not a
// well-typed package.
func fuzzAnalyze(t *testing.T, a *analysis.Analyzer, pkgs map[string]*types.Package, src string) []string {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "input.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	typeErr := false
	conf := types.Config{
		Importer:  fuzzImporter(pkgs),
		Sizes:     types.SizesFor("gc", "amd64"),
		GoVersion: "go1.26",
		Error:     func(error) { typeErr = true },
	}
	pkg, _ := conf.Check("example.com/fuzz", fset, []*ast.File{file}, info)
	if typeErr || pkg == nil {
		return nil
	}

	tf := fset.File(file.FileStart)
	type factKey struct {
		obj types.Object
		typ reflect.Type
	}
	facts := map[factKey]analysis.Fact{}
	// The analyzer and what it requires, each run once, requirements
	// first, as the drivers do.
	var graph []*analysis.Analyzer
	var visit func(x *analysis.Analyzer)
	visit = func(x *analysis.Analyzer) {
		if slices.Contains(graph, x) {
			return
		}
		for _, req := range x.Requires {
			visit(req)
		}
		graph = append(graph, x)
	}
	visit(a)
	factTypes := map[reflect.Type]bool{}
	for _, x := range graph {
		for _, ft := range x.FactTypes {
			factTypes[reflect.TypeOf(ft)] = true
		}
	}
	var diags []analysis.Diagnostic
	results := map[*analysis.Analyzer]any{}
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       fset,
		Files:      []*ast.File{file},
		Pkg:        pkg,
		TypesInfo:  info,
		TypesSizes: conf.Sizes,
		ResultOf:   results,
		Report:     func(d analysis.Diagnostic) { diags = append(diags, d) },
		// Like the drivers, only the package's own files can be read.
		ReadFile: func(name string) ([]byte, error) {
			if name == "input.go" {
				return []byte(src), nil
			}
			t.Errorf("the analyzer read the file %s", name)
			return nil, fs.ErrNotExist
		},
		// Like the drivers: facts of this package's objects exported
		// earlier in the pass can be imported; there are no others.
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			got, ok := facts[factKey{obj, reflect.TypeOf(fact)}]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(got).Elem())
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != pkg {
				t.Errorf("fact %v exported for %v, an object of another package", fact, obj)
			}
			if !factTypes[reflect.TypeOf(fact)] {
				t.Errorf("fact of undeclared type %T exported", fact)
			}
			if err := gob.NewEncoder(new(bytes.Buffer)).Encode(fact); err != nil {
				t.Errorf("fact %v of %v cannot be encoded: %v", fact, obj, err)
			}
			facts[factKey{obj, reflect.TypeOf(fact)}] = fact
		},
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(fact analysis.Fact) { t.Errorf("unexpected package fact %v", fact) },
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			for k, f := range facts {
				out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact { return nil },
	}
	for _, x := range graph {
		p := *pass
		p.Analyzer = x
		res, err := x.Run(&p)
		if err != nil {
			t.Fatalf("analyzer %s error: %v", x.Name, err)
		}
		results[x] = res
	}

	out := []string{}
	inFile := func(p token.Pos) bool { return file.FileStart <= p && p <= file.FileEnd }
	for _, d := range diags {
		if !d.Pos.IsValid() || !inFile(d.Pos) || d.End.IsValid() && (d.End < d.Pos || !inFile(d.End)) {
			t.Errorf("diagnostic %q has a bad range [%d, %d] (file [%d, %d])", d.Message, d.Pos, d.End, file.FileStart, file.FileEnd)
			continue
		}
		if d.Category == "" || d.Message == "" {
			t.Errorf("diagnostic without category or message: %+v", d)
		}
		for _, fix := range d.SuggestedFixes {
			fuzzCheckFix(t, tf, file, src, d.Message, fix)
		}
		out = append(out, fmt.Sprintf("%v: %s", fset.Position(d.Pos), d.Message))
	}
	return out
}

// fuzzCheckFix checks that a fix's edits lie in the file, do not overlap,
// and leave source that parses.
func fuzzCheckFix(t *testing.T, tf *token.File, file *ast.File, src, msg string, fix analysis.SuggestedFix) {
	edits := append([]analysis.TextEdit(nil), fix.TextEdits...)
	for _, e := range edits {
		if !e.Pos.IsValid() || e.End.IsValid() && e.End < e.Pos || e.Pos < file.FileStart || e.End > file.FileEnd {
			t.Errorf("fix %q of %q has an edit outside the file: [%d, %d]", fix.Message, msg, e.Pos, e.End)
			return
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(e.Pos)
		if e.End.IsValid() {
			end = tf.Offset(e.End)
		}
		if start < last {
			t.Errorf("fix %q of %q has overlapping edits", fix.Message, msg)
			return
		}
		b.WriteString(src[last:start])
		b.Write(e.NewText)
		last = end
	}
	b.WriteString(src[last:])
	if _, err := parser.ParseFile(token.NewFileSet(), "fixed.go", b.String(), parser.SkipObjectResolution); err != nil {
		t.Errorf("fix %q of %q leaves source that does not parse: %v\n%s", fix.Message, msg, err, b.String())
	}
}

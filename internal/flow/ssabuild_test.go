package flow

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// TestSSASubset is the content check's precision proof: the SSA form that
// buildSSAFor builds for one function (only that body, only the import
// members it names) is the same, instruction for instruction, as in a build
// of the whole package with every direct import created from its types,
// which is what the check used before. Every function of every fixture
// package is built on its own, and so is every package-level var whose
// initializer holds a function literal.
//
// ELICITLINT_SSA_DIFF="DIR PATTERN..." runs the same comparison on other
// code, e.g. the real SDKs (see BENCHMARKS.md, "Issue #12: SSA").
func TestSSASubset(t *testing.T) {
	var pkgs []*packages.Package
	least := 100 // the fixtures have more
	if env := os.Getenv("ELICITLINT_SSA_DIFF"); env != "" {
		f := strings.Fields(env)
		pkgs, least = loadForSSA(t, &packages.Config{Dir: f[0]}, f[1:]...), 1
	} else if testing.Short() {
		// A sample of the shapes: closures, generics, range-over-func,
		// both SDKs' answers and the round trip.
		pkgs, least = loadFixtures(t, "content", "failopengosdk", "failopenmcpgo", "missinggosdk", "reliabgenerics", "ifaceflows"), 50
	} else {
		pkgs = loadFixtures(t, "./...")
	}
	n := 0
	for _, p := range pkgs {
		n += compareSSASubset(t, p)
	}
	if n < least {
		t.Errorf("compared %d functions, want at least %d", n, least)
	}
	t.Logf("%d functions of %d packages built alone and compared", n, len(pkgs))
}

// loadFixtures loads packages of testdata/src, test files included.
func loadFixtures(t testing.TB, patterns ...string) []*packages.Package {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Dir: filepath.Join(dir, "src"),
		Env: append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOFLAGS="),
	}
	return loadForSSA(t, cfg, patterns...)
}

// loadForSSA loads the packages matched, test files included, and returns
// those without errors (ssa needs well-typed code; some fixtures are not).
func loadForSSA(t testing.TB, cfg *packages.Config, patterns ...string) []*packages.Package {
	cfg.Mode, cfg.Tests = packages.LoadAllSyntax, true
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) == 0 && len(p.TypeErrors) == 0 {
			ok = append(ok, p)
		}
	}
	return ok
}

// wholeSSA builds p as the content check did before buildSSAFor: every
// function, every direct import created from its types.
func wholeSSA(p *packages.Package) *ssa.Package {
	prog := ssa.NewProgram(p.Fset, 0)
	for _, imp := range p.Types.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	whole := prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false)
	whole.Build()
	return whole
}

// BenchmarkContentSSA compares the content check's SSA build with the
// whole-package build it replaced, on the fixture packages that read
// Content (every selector named Content stands for a read).
//
//	go test ./analyzer -run '^$' -bench ContentSSA -benchmem
func BenchmarkContentSSA(b *testing.B) {
	pkgs := loadFixtures(b, "content", "actionsgosdk", "actionsmcpgo", "contentschema", "roundtripgosdk", "roundtripmcpgo")
	reads := make([][]ast.Node, len(pkgs))
	for i, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Content" {
					reads[i] = append(reads[i], sel)
				}
				return true
			})
		}
	}
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range pkgs {
				wholeSSA(p)
			}
		}
	})
	b.Run("reads", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i, p := range pkgs {
				BuildSSAFor(p.Fset, p.Types, p.Syntax, p.TypesInfo, reads[i])
			}
		}
	})
}

// TestSSASubsetGoVersion: the copies of files that ssaSubset makes keep
// their file's Go version, which decides whether a loop variable is one per
// loop (before go1.22) or one per iteration.
func TestSSASubsetGoVersion(t *testing.T) {
	const src = `package p

func loop(xs []int) (fs []func() int) {
	for _, x := range xs {
		fs = append(fs, func() int { return x })
	}
	return fs
}

func other() {}
`
	for _, v := range []string{"go1.21", "go1.22"} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		info := &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
			Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
			Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
		}
		pkg, err := (&types.Config{GoVersion: v}).Check("p", fset, []*ast.File{f}, info)
		if err != nil {
			t.Fatal(err)
		}
		n := compareSSASubset(t, &packages.Package{ID: v, Fset: fset, Types: pkg, TypesInfo: info, Syntax: []*ast.File{f}})
		if n != 2 {
			t.Errorf("%s: compared %d functions, want 2", v, n)
		}
	}
}

// compareSSASubset builds each function of p alone and compares it with
// the whole-package build; it returns how many it compared.
func compareSSASubset(t *testing.T, p *packages.Package) int {
	whole := wholeSSA(p)
	n := 0
	for _, f := range p.Syntax {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Body == nil {
					continue
				}
				obj := p.TypesInfo.Defs[decl.Name].(*types.Func)
				alone := BuildSSAFor(p.Fset, p.Types, p.Syntax, p.TypesInfo, []ast.Node{decl.Body})
				want, got := ssaText(whole.Prog.FuncValue(obj), false), ssaText(alone.Prog.FuncValue(obj), false)
				if got != want {
					t.Errorf("%s: %s built alone differs from the whole-package build:\n%s\nwant:\n%s", p.ID, obj.FullName(), got, want)
				}
				n++
			case *ast.GenDecl:
				if decl.Tok != token.VAR || !hasFuncLit(decl) {
					continue
				}
				// Function literals in initializers belong to the package
				// initializer, which differs (no guard, no calls of the
				// imports' initializers): compare its closures.
				alone := BuildSSAFor(p.Fset, p.Types, p.Syntax, p.TypesInfo, []ast.Node{decl})
				want, got := ssaText(whole.Func("init"), true), ssaText(alone.Func("init"), true)
				if got != want {
					t.Errorf("%s: closures of package initializer built for %s differ from the whole-package build:\n%s\nwant:\n%s", p.ID, p.Fset.Position(decl.Pos()), got, want)
				}
				n++
			}
		}
	}
	return n
}

// ssaText prints fn and its closures (only its closures with anonOnly).
func ssaText(fn *ssa.Function, anonOnly bool) string {
	if fn == nil {
		return "<nil>"
	}
	var buf bytes.Buffer
	if !anonOnly {
		ssa.WriteFunction(&buf, fn)
	}
	for _, anon := range fn.AnonFuncs {
		buf.WriteString(ssaText(anon, false))
	}
	return buf.String()
}

func hasFuncLit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		_, lit := n.(*ast.FuncLit)
		found = found || lit
		return !found
	})
	return found
}

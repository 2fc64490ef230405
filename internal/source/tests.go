package source

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
)

// TestIdents are the identifiers of the package's own test files (in
// the directories of its files, in the package itself, not an external
// _test package), and whether one of them could not be read. The
// variant of a package without its tests reads them too, so that both
// variants can decide alike.
func TestIdents(pass *analysis.Pass) (map[string]bool, bool) {
	idents := map[string]bool{}
	dirs := map[string]bool{}
	for _, f := range pass.Files {
		dirs[filepath.Dir(pass.Fset.Position(f.Pos()).Filename)] = true
	}
	fset := token.NewFileSet()
	for dir := range dirs {
		names, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, name := range names {
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, true
			}
			if f.Name.Name != pass.Pkg.Name() {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					idents[id.Name] = true
				}
				return true
			})
		}
	}
	return idents, false
}

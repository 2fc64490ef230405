package source

import (
	"go/ast"
	gobuild "go/build"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/effect"
	"golang.org/x/tools/go/analysis"
)

// SummariseEffects exports what each function and method of pc with an
// exported name does beyond its frame (effect.Fact), for the packages of
// the module that call it: the round-trip migration lets a read run
// again, and the fail-open check does not take it for the work a
// confirmation guards.
//
// Only packages of the module being analysed that hold no elicitation
// are summarised: the stores, services and helpers a handler calls. The
// standard library is in internal/effect's table, other modules stay
// unknown (the -replay-safe setting vouches for them), and a package that
// holds elicitations is judged on its own terms. A write is exported only
// when it says what writes, or the call it cannot see into
// (effect.Fact.Why): a function without a fact
// is a write anyway, and the module's facts stay small. A stub (a body
// that does nothing) gets no fact: it stands in for work to come.
func (pc *Package) SummariseEffects() {
	if !ownModule(pc.Pass) {
		return
	}
	for _, f := range pc.Pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() || pc.Stub(fd) {
				continue
			}
			fn, ok := pc.Info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			pc.exportEffect(fn)
		}
	}
	// The methods of interfaces whose every value the package shows.
	for _, name := range pc.Pass.Pkg.Scope().Names() {
		tn, ok := pc.Pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || !types.IsInterface(tn.Type()) {
			continue
		}
		for m := range tn.Type().Underlying().(*types.Interface).ExplicitMethods() {
			if m.Exported() {
				pc.exportEffect(m)
			}
		}
	}
}

// exportEffect exports fn's effect.Fact, unless it is a write that cannot
// say what writes or which call it cannot see into.
func (pc *Package) exportEffect(fn *types.Func) {
	fact := &effect.Fact{Effect: pc.FuncEffect(fn)}
	if fact.Effect == effect.Write {
		if fact.Why, fact.Unseen = pc.FuncWhy(fn); fact.Why == "" {
			return
		}
	}
	pc.Pass.ExportObjectFact(fn, fact)
}

// goroot is the standard library's source directory, as the go command
// sets it for the tools it runs.
var goroot = filepath.Join(gobuild.Default.GOROOT, "src") + string(filepath.Separator)

// stdRoots are the first elements of the standard library's import paths.
var stdRoots = []string{"archive", "bufio", "builtin", "bytes", "cmd", "cmp", "compress", "container",
	"context", "crypto", "database", "debug", "embed", "encoding", "errors", "expvar", "flag", "fmt", "go",
	"hash", "html", "image", "index", "internal", "io", "iter", "log", "maps", "math", "mime", "net", "os",
	"path", "plugin", "reflect", "regexp", "runtime", "slices", "sort", "strconv", "strings", "structs",
	"sync", "syscall", "testing", "text", "time", "unicode", "unique", "unsafe", "vendor", "weak"}

// stdRoot reports a package of the standard library by the first element
// of its path (IsStd takes any path without a dot, as GOPATH-mode tests
// have).
func stdRoot(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return slices.Contains(stdRoots, first)
}

// ownModule reports whether the package is of the module being analysed:
// not of a dependency at a version, nor of the standard library (which has
// no module path; nor has a package in GOPATH mode, as analysistest loads
// them).
func ownModule(pass *analysis.Pass) bool {
	if m := pass.Module; m != nil && m.Path != "" {
		return m.Version == ""
	}
	if len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return !stdRoot(pass.Pkg.Path()) && !strings.HasPrefix(name, goroot)
}

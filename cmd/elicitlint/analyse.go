package main

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// analyse analyses every target and returns the findings, sorted and
// without the copies a file gets in a package and its test variant. Load
// and analysis errors are printed to standard error as they come and
// recorded in targets.errors for -json.
//
// A target runs under go vet (govet.go) when it can: the go command then
// schedules one process per package, reads every dependency from export
// data and caches each package's facts and findings, so that a second run
// costs what go vet costs. When go vet cannot run it, or fails (a package
// that does not load or build), or test files are left out (go vet always
// vets them), the target is loaded and analysed in this process instead,
// which reports what it can of a broken module. ELICITLINT_DRIVER=inprocess
// always does that.
func analyse(targets *targets, o *options) ([]*finding, bool) {
	failed := false
	var all []*finding
	self, selfErr := os.Executable()
	useVet := o.tests && selfErr == nil && os.Getenv(driverEnv) != driverInProcess
	for _, t := range targets.list {
		if useVet {
			if fs, errs, ok := vetAnalyse(self, t, o); ok {
				for _, e := range errs {
					fmt.Fprintf(os.Stderr, "elicitlint: %s: %v\n", e.pkg, e.err)
					failed = true
				}
				targets.errors = append(targets.errors, errs...)
				all = append(all, fs...)
				continue
			}
		}
		fs, ok := loadAnalyse(t, o, targets)
		if !ok {
			failed = true
		}
		all = append(all, fs...)
	}
	return sortFindings(all), failed
}

// driverEnv set to driverInProcess makes the standalone driver analyse
// every target in its own process, as it did before it ran go vet.
const (
	driverEnv       = "ELICITLINT_DRIVER"
	driverInProcess = "inprocess"
)

// loadAnalyse loads one target with go/packages, every dependency from
// source, and analyses it with go/analysis/checker in this process.
func loadAnalyse(t target, o *options, targets *targets) ([]*finding, bool) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Tests: o.tests,
		Dir:   t.dir,
	}
	if o.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + o.tags}
	}
	pkgs, err := packages.Load(cfg, t.patterns...)
	if err == nil && len(pkgs) == 0 {
		err = noPackages(t)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return nil, false
	}
	ok := packages.PrintErrors(pkgs) == 0
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return nil, false
	}
	var acts []*checker.Action
	for act := range graph.All() {
		if act.Analyzer == analyzer.Analyzer {
			acts = append(acts, act)
		}
	}
	slices.SortFunc(acts, func(a, b *checker.Action) int { return cmp.Compare(a.Package.ID, b.Package.ID) })
	var all []*finding
	for _, act := range acts {
		if act.Err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %s: %v\n", act.Package.ID, act.Err)
			targets.errors = append(targets.errors, pkgError{act.Package.ID, act.Err})
			ok = false
			continue
		}
		if !act.IsRoot {
			continue
		}
		all = append(all, rootFindings(act, t.keep)...)
	}
	return all, ok
}

// noPackages is the error of a target that matched nothing.
func noPackages(t target) error {
	return fmt.Errorf("%s matched no packages", strings.Join(t.patterns, " "))
}

// rootFindings are the findings of one root action, in the files keep
// accepts (all files when keep is nil).
func rootFindings(act *checker.Action, keep func(string) bool) []*finding {
	var out []*finding
	for _, d := range act.Diagnostics {
		f := fromDiagnostic(act.Package.ID, act.Package.Fset, d)
		if keep == nil || keep(f.posn.Filename) {
			out = append(out, f)
		}
	}
	return out
}

// fromDiagnostic resolves a diagnostic's positions and edits.
func fromDiagnostic(pkg string, fset *token.FileSet, d analysis.Diagnostic) *finding {
	f := &finding{pkg: pkg, category: d.Category, message: d.Message, posn: fset.Position(d.Pos)}
	f.end = f.posn
	if d.End.IsValid() {
		f.end = fset.Position(d.End)
	}
	for _, r := range d.Related {
		f.related = append(f.related, related{
			posn: fset.Position(r.Pos), end: fset.Position(cmp.Or(r.End, r.Pos)), message: r.Message,
		})
	}
	for _, sf := range d.SuggestedFixes {
		fix := suggestedFix{message: sf.Message}
		for _, te := range sf.TextEdits {
			end := cmp.Or(te.End, te.Pos)
			tf := fset.File(te.Pos)
			if tf == nil || fset.File(end) != tf || end < te.Pos {
				fix.broken = true
				continue
			}
			fix.edits = append(fix.edits, fileEdit{
				file: fset.Position(te.Pos).Filename, start: tf.Offset(te.Pos), end: tf.Offset(end),
				text: string(te.NewText), size: tf.Size(),
			})
		}
		f.fixes = append(f.fixes, fix.ordered())
	}
	return f
}

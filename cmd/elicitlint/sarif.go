package main

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"sort"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/docs"
	"github.com/elicitlint/elicitlint/internal/sarif"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// runSARIF loads the packages named by args, runs the analyzer and writes
// SARIF to standard output. Errors go to standard error; the exit status is
// 1 if any package could not be loaded or analysed, else 0.
func runSARIF(args []string) int {
	fs := flag.NewFlagSet("elicitlint -sarif", flag.ContinueOnError)
	tests := fs.Bool("test", true, "also analyse test packages")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	if err := fs.Parse(args); err != nil {
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: *tests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return 1
	}
	status := 0
	if packages.PrintErrors(pkgs) > 0 {
		status = 1
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		status = 1
	}
	var findings []sarif.Finding
	seen := map[string]bool{}
	var fset *token.FileSet
	for act := range graph.All() {
		if !act.IsRoot || act.Analyzer != analyzer.Analyzer {
			continue
		}
		if act.Err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %s: %v\n", act.Package.PkgPath, act.Err)
			status = 1
			continue
		}
		fset = act.Package.Fset
		for _, d := range act.Diagnostics {
			p, e := fset.Position(d.Pos), fset.Position(d.End)
			key := fmt.Sprint(p, d.Message)
			if seen[key] { // a file in a package and its test variant
				continue
			}
			seen[key] = true
			findings = append(findings, sarif.Finding{
				RuleID: d.Category, Message: d.Message, File: p.Filename,
				Line: p.Line, Col: p.Column, EndLine: e.Line, EndCol: e.Column,
			})
		}
	}
	sort.Slice(findings, func(i, j int) bool { return findings[i].File < findings[j].File })
	root, _ := os.Getwd()
	tool := sarif.Tool{Name: "elicitlint", Version: getVersion(), InformationURI: "https://github.com/elicitlint/elicitlint"}
	if err := sarif.Write(os.Stdout, tool, Rules(), findings, root, os.ReadFile); err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return 1
	}
	return status
}

// Rules describes every check for SARIF, from the pages in docs/.
func Rules() []sarif.Rule {
	var rules []sarif.Rule
	for _, c := range append(append([]string(nil), analyzer.Checks...), analyzer.CheckDirective) {
		name := analyzer.DocPage(c)
		page := docs.Page(name)
		full := docs.Section(page, "Why")
		if full == "" {
			full = docs.Summary(page)
		}
		rules = append(rules, sarif.Rule{
			ID: c, Short: docs.Summary(page), Full: full,
			HelpText: docs.Summary(page) + " See " + analyzer.DocsURL + name + ".md", HelpMarkdown: page,
			HelpURI: analyzer.DocsURL + name + ".md",
		})
	}
	return rules
}

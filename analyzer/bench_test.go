package analyzer_test

import (
	"os"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Benchmarks of the analyzer on fixture packages, loaded once: each
// iteration runs the whole analyzer (discovery, checks, SSA where needed)
// on already type-checked packages, so the figures exclude loading.
//
//	go test ./analyzer -run '^$' -bench . -benchmem
func benchPackages(b *testing.B, patterns ...string) []*packages.Package {
	b.Helper()
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  testdata(b) + "/src",
		Env:  append(os.Environ(), "GOPATH="+testdata(b), "GO111MODULE=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("loading %v: %v", patterns, err)
	}
	return pkgs
}

func runBench(b *testing.B, patterns ...string) {
	pkgs := benchPackages(b, patterns...)
	b.ReportAllocs()
	for b.Loop() {
		g, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		for act := range g.All() {
			if act.Err != nil {
				b.Fatal(act.Err)
			}
		}
	}
}

// Discovery and the request checks (message, mode, elicitation-id, wrappers).
func BenchmarkRequestChecks(b *testing.B) {
	runBench(b, "message", "modegosdk", "modemcpgo", "wrapperuse")
}

// Schema reading (maps, jsonschema.Schema, raw JSON, For[T]) and checking.
func BenchmarkSchemas(b *testing.B) { runBench(b, "schemas") }

// The action analysis, SSA for content, and content-schema.
func BenchmarkAnswers(b *testing.B) {
	runBench(b, "actionsgosdk", "actionsmcpgo", "content", "contentschema")
}

// A package with no MCP import: the prefilter's cost.
func BenchmarkNonMCP(b *testing.B) { runBench(b, "lookalike") }

// The fail-open check: SSA and the flow for the functions whose missing
// answer the syntax cannot settle.
func BenchmarkFailOpen(b *testing.B) {
	runBench(b, "failopengosdk", "failopenmcpgo")
}

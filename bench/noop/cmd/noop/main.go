// Command noop is the floor of the elicitlint benchmarks: a go/analysis
// analyzer that does nothing, so running it measures only what every
// singlechecker pays (loading, parsing, type checking, and under go vet the
// per-package process start and the .vetx export data).
//
// The -nonce flag is ignored by the analysis; bench/run.sh gives it a new
// value on every run so that go vet, which puts the tool's flags in its
// cache key, cannot replay a cached result.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: does nothing (benchmark floor: loading and type checking only)",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Flags.String("nonce", "", "ignored; changes the go vet cache key")
}

func main() { singlechecker.Main(analyzer) }

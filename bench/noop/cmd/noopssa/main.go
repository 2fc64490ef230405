// Command noopssa requires buildssa.Analyzer and does nothing with it: the
// cost of building SSA for every function of every analysed package, which
// elicitlint avoids by building SSA only where a result's Content is read.
//
// The -nonce flag is ignored; see cmd/noop.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var analyzer = &analysis.Analyzer{
	Name:     "noopssa",
	Doc:      "noopssa: builds SSA for every package and does nothing else",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Flags.String("nonce", "", "ignored; changes the go vet cache key")
}

func main() { singlechecker.Main(analyzer) }

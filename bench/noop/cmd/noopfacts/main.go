// Command noopfacts is noop with a declared (never exported) fact type.
// Declaring a fact type is what makes a checker load every dependency from
// source in standalone mode (go/analysis loads packages.LoadAllSyntax when
// an analyzer uses facts, export data otherwise), so noopfacts is the floor
// of an analyzer that, like elicitlint, uses facts. It is a supplementary
// floor: the targets are stated against noop.
//
// The -nonce flag is ignored; see cmd/noop.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

type dummyFact struct{}

func (*dummyFact) AFact()         {}
func (*dummyFact) String() string { return "dummy" }

var analyzer = &analysis.Analyzer{
	Name:      "noopfacts",
	Doc:       "noopfacts: declares a fact type and does nothing (floor of a fact-using analyzer)",
	FactTypes: []analysis.Fact{new(dummyFact)},
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Flags.String("nonce", "", "ignored; changes the go vet cache key")
}

func main() { singlechecker.Main(analyzer) }

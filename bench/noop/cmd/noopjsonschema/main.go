// Command noopjsonschema is noop plus a blank import of
// github.com/santhosh-tekuri/jsonschema/v6, the JSON Schema library that
// elicitlint's internal/schema links in. Its package initialisation runs in
// every process, and go vet starts one tool process per package (the
// dependencies included), so this isolates the per-process start-up cost
// that elicitlint pays before any analysis. Not part of the default runs;
// see BENCHMARKS.md, "What changed the numbers".
//
// The -nonce flag is ignored; see cmd/noop.
package main

import (
	_ "github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noopjsonschema",
	Doc:  "noopjsonschema: noop that links (and so initialises) santhosh-tekuri/jsonschema/v6",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func init() {
	analyzer.Flags.String("nonce", "", "ignored; changes the go vet cache key")
}

func main() { singlechecker.Main(analyzer) }

// Command elicitlint checks MCP elicitations in Go server code.
//
// Standalone:
//
//	elicitlint ./...
//
// As a go vet tool:
//
//	go vet -vettool=$(command -v elicitlint) ./...
package main

import (
	"github.com/elicitlint/elicitlint/analyzer"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(analyzer.Analyzer) }

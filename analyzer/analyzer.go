// Package analyzer is elicitlint: go/analysis analyzers that check
// elicitations, and the sampling and roots requests of the 2026-07-28
// round trip, in Go MCP server code built on
// github.com/modelcontextprotocol/go-sdk or github.com/mark3labs/mcp-go.
//
// The code is laid out in rooms, the way x/tools' go/analysis/passes and
// staticcheck are, so that a reader can tell what each part may touch:
//
//   - internal/model is the model analyzer (elicitmodel): discovery and the
//     summaries, and every fact. Its Result is the package's model.
//   - analyzer/<check> is one package per check (message, mode,
//     elicitationid, actions, content, nested, schema, sensitive,
//     contentschema, roundtrip, failopen), each with its Check and its own
//     Analyzer that requires the model. A check reads only what the model
//     exports, and reaches no other check.
//   - analyzer/directive reports the suppression directives that are
//     malformed or suppress nothing, from the checks' analyzers' results.
//   - internal/flow holds the flow engines (the action flow on the syntax,
//     the SSA flow); internal/migrate the round-trip check's fix;
//     internal/fix the edit machinery of every fix; internal/report the
//     reporting and the directives; internal/source the package's syntax,
//     values and bytes; internal/mcpsdk the SDK table; internal/config the
//     settings; internal/check what a check is built from.
//
// This package is the suite. Analyzer runs every check on one pass, in
// the order of the registry (checks.go), and reports their findings in
// one order that depends only on the source: the standalone driver,
// golangci-lint and the tests run it. Analyzers are the checks as
// analyzers of their own, for go vet (whose -NAME=false turns one off),
// nogo and multichecker drivers; TestAnalyzersAgree shows that they report
// what Analyzer reports. run (analyzer.go) reads as the pipeline: discover
// and summarise (the model), check, report.
package analyzer

import (
	"fmt"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/report"
	"golang.org/x/tools/go/analysis"
)

const doc = `elicitlint: check MCP elicitations in Go server code

elicitlint finds every elicitation a server makes with the go-sdk
(github.com/modelcontextprotocol/go-sdk) or mcp-go (github.com/mark3labs/mcp-go),
including through user wrappers, and checks the request (message, mode, URL,
elicitation ID, requested schema) and the handling of the answer (accept,
decline and cancel each handled; Content read only after accept).

Each finding names its check in parentheses; see
https://github.com/elicitlint/elicitlint/tree/main/docs for each one.`

// Analyzer is elicitlint: every check on one pass, with its settings
// bound to its flags (config.Default), for the standalone driver,
// golangci-lint and analysistest. It reports every check's findings in one
// order that depends only on the source, and the suppression directives
// that are malformed or suppress nothing.
var Analyzer = newSuite(config.Default, model.Analyzer)

// New returns an analyzer of its own with the settings c, for programs and
// tests that run several configurations side by side. Settings are checked
// as the flags of the same names are.
func New(c config.Config) (*analysis.Analyzer, error) {
	cfg := config.NewSettings()
	a := newSuite(cfg, model.New(cfg))
	for _, kv := range c.Flags() {
		if err := a.Flags.Set(kv[0], kv[1]); err != nil {
			return nil, fmt.Errorf("elicitlint: invalid %s %q: %v", kv[0], kv[1], err)
		}
	}
	return a, nil
}

// newSuite returns the analyzer that runs every check of the registry on
// the model m, whose settings are cfg.
func newSuite(cfg *config.Settings, m *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "elicitlint",
		Doc:      doc,
		URL:      "https://github.com/elicitlint/elicitlint",
		Requires: []*analysis.Analyzer{m},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, m) },
	}
	cfg.Register(&a.Flags)
	return a
}

// run is the pipeline on one package: the model analyzer has discovered
// its elicitations and summarised it; the checks of the registry report
// on the model; the reporter applies the suppression directives and
// reports in a stable order.
func run(pass *analysis.Pass, m *analysis.Analyzer) (_ any, err error) {
	res := pass.ResultOf[m].(*model.Result)
	if res.Err != nil || res.Model == nil {
		return nil, res.Err
	}
	defer check.Recover(pass, &err)
	mod := res.Model
	rep := report.New(mod.Package, pass, mod.Dirs)
	for _, c := range registry {
		if !mod.Cfg.Disable[c.Name] {
			c.Run(check.NewPass(mod, c.Name, rep))
		}
	}
	rep.Flush(true, func(d *report.Directive) bool { return rep.Used[d] })
	return nil, nil
}

// Package analyzer is elicitlint: a go/analysis Analyzer that checks
// elicitations in Go MCP server code built on
// github.com/modelcontextprotocol/go-sdk or github.com/mark3labs/mcp-go.
//
// run is a pipeline of four stages, and a file's name says its stage:
//
//   - discover (discover.go): one walk over the package's syntax finds every
//     elicitation request (params literals, calls of wrappers), every answer
//     (values of the SDKs' result types and of result-like project types)
//     and the places of the 2026-07-28 round trip, by type. The sites are
//     described in discover_sites.go.
//   - summarise (summary_*.go): what other packages need to know about this
//     one, each summary exporting its own fact: result-like types and
//     functions that return an action (summary_resulttypes.go), wrappers
//     (summary_wrappers.go), schemas (summary_schemas.go), result handlers
//     (summary_handlers.go), Content readers (summary_contentreads.go),
//     error gates (summary_gates.go) and messages built for other packages
//     (summary_messages.go).
//   - check (check_*.go): the checks of the registry (checks.go), one file
//     each: check_message.go, check_mode.go, check_elicitid.go,
//     check_actions.go, check_content.go, check_schema.go (for nested,
//     schema and sensitive), check_contentschema.go, check_roundtrip.go (and
//     its fix, the migration to the round trip: migrate.go, migrate_match.go,
//     migrate_replay.go, migrate_edit.go), check_failopen.go. A check reads
//     the discovery and the summaries and reports under its own name only.
//   - report (report.go): suppression directives, a stable order, and the
//     findings handed to the driver.
//
// What the analyzer knows of each SDK is in the table in sdk.go. Shared
// helpers: syntax.go (AST, calls that never return), values.go (constant
// strings), edit.go (the source edits of suggested fixes, gofmt-formatted
// where they land), actionflow.go (how code branches on a result's action,
// for the handler summary and the actions check), ssaflow.go (the same on
// SSA, for the content check and the gate summary, and the dataflow engine
// the fail-open check drives).
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

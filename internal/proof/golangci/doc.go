// Package golangci proves the golangci-lint module plugin (package plugin)
// end to end: golangci-lint v2.15.0 built with the plugin from the module
// proxy alone (plugin/gcl), run with the configuration docs/golangci-lint.md
// documents (plugin/testdata/golangci.yml), reports exactly what the
// standalone elicitlint reports, on the example and on a module with
// repeated, same-line and more than 50 findings, which golangci-lint's
// default issue filters would cut down (they do, which is why the
// documented configuration turns them off); //nolint:elicitlint and
// //elicitlint:ignore suppress what they name and nothing else.
//
// The package has tests only; they skip with -short. The build takes a few
// minutes on an empty build cache (docs/golangci-lint.md), which is why
// this proof runs beside the others rather than last.
package golangci

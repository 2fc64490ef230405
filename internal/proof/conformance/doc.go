// Package conformance proves elicitlint -fix on servers nobody here wrote,
// with a referee nobody here wrote: the SDKs' own conformance servers
// (go-sdk v1.8.0 conformance/everything-server and mcp-go v1.6.0
// examples/conformance, in testdata/conformance), migrated by the fix, give
// the official MCP conformance suite (npm @modelcontextprotocol/conformance
// 0.2.0-alpha.12) the same result as the originals, scenario by scenario and
// check by check, on both of its legs: --requirements 2025-11-25 against a
// stateful server (the SDKs' bridge for older clients) and --requirements
// 2026-07-28 against a stateless one (the round trip). Each SDK's own client
// on 2026-07-28 gets every migrated tool's result through the round trip.
//
// It also shows that the proof can fail, and how far the suite can be
// trusted as a referee: copies of go-sdk's server with one round-trip duty
// broken each (the concordance copies) are run through the 2026-07-28 leg,
// and their verdicts are recorded with the line of the broken code.
//
// The package has tests only; they skip with -short. See
// testdata/conformance/README.md.
package conformance

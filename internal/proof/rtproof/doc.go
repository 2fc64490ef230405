// Package rtproof proves elicitlint -fix on a tool handler by running it:
// the "book" handler of testdata/rtproof runs in a real SDK server (go-sdk
// v1.8.0 over in-memory transports, mcp-go v1.6.0 over stdio) and is called
// by a real client of the same SDK, on protocol 2026-07-28 and on
// 2025-11-25, with the user accepting, declining and cancelling. The
// hand-written round-trip handler passes; the legacy handler, which sends
// the elicitation itself, passes on 2025-11-25 and gets the SDK's refusal
// on 2026-07-28 (the proof can fail); and what elicitlint -fix makes of the
// legacy handler passes on both, with no direct request left.
//
// The package has tests only; they skip with -short. See
// testdata/rtproof/README.md.
package rtproof

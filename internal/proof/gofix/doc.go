// Package gofix proves what docs/go-fix.md says of Go 1.26's go fix with
// elicitlint as its fix tool: on a copy of the example servers, go fix
// -roundtrip -diff (the CI gate) reports the migration and exits 1, go fix
// -roundtrip applies exactly the edits elicitlint -fix applies with only
// round-trip on, the result builds, and a second go fix -roundtrip -diff
// finds nothing left to do.
//
// The package has tests only; they skip with -short.
package gofix

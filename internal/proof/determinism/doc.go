// Package determinism proves that elicitlint's output is the same from run
// to run, byte for byte, whatever order go/packages parses files in and
// however the runtime orders maps: ten -json and ten -sarif runs on a
// package of 24 files using go-sdk v1.8.0, and two -json and two text runs
// on the real-SDK fixture module of go-sdk v1.8.0 (testdata/realsdk).
//
// The package has tests only; they skip with -short.
package determinism

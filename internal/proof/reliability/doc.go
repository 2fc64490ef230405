// Package reliability proves how the elicitlint binary behaves on unusual
// and broken input, run the way users run it, standalone and as a go vet
// tool (issue #8, docs/reliability.md): a package that does not type-check
// is reported with the compiler's error while the others are analysed;
// vendored dependencies give their facts but no findings; build tags
// select files through GOFLAGS, -tags and go vet -tags; without -fix
// nothing under the module changes, and -fix leaves generated files alone;
// schemas that point at files or URLs make elicitlint open neither.
//
// The package has tests only; they skip with -short. The reliability tests
// that run through analysistest are in the analyzer package.
package reliability

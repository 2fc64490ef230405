package analyzer

import "go/token"

// SetMigrateFallback sets the hook called when the migration cannot write
// gofmt-formatted edits in place and falls back to one edit computed from
// the formatted file; it returns a function that removes it.
func SetMigrateFallback(f func(token.Position)) (reset func()) {
	migrateFallback = f
	return func() { migrateFallback = nil }
}

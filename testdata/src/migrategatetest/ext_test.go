package migrategatetest_test

import (
	"context"
	"testing"

	"migrategatetest"
)

// An external test package sees the gate through its package's fact.
func TestConfirmDelete(t *testing.T) {
	if ok, err := migrategatetest.ConfirmDelete(context.Background(), nil, "y"); err != nil || !ok { // want `the round-trip fix changes ConfirmDelete, .* no automatic fix: the call is in a test file.* \(round-trip\)`
		t.Fatal(ok, err)
	}
}

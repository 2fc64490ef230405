package migrategatetest_test

import (
	"context"
	"testing"

	"migrategatetest"
)

// An external test calls the old wrapper, which the fix leaves.
func TestConfirmDelete(t *testing.T) {
	if ok, err := migrategatetest.ConfirmDelete(context.Background(), nil, "y"); err != nil || !ok {
		t.Fatal(ok, err)
	}
}

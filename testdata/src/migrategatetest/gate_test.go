package migrategatetest

import (
	"context"
	"testing"
)

func TestConfirmWithoutSession(t *testing.T) {
	ctx := context.Background()
	ok, err := Confirm(ctx, nil, "sure?") // the old gate stays: no finding
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if ok, _ := Confirm(ctx, nil, "again?"); !ok {
		t.Fatal("asked")
	}
	if ok, _ := ConfirmDelete(ctx, nil, "x"); !ok {
		t.Fatal("asked")
	}
	if ok, _ := purge(ctx, nil, "x"); ok {
		t.Fatal("purged without a session")
	}
	if Label("x") != "item x" { // not changed by the fix: no finding
		t.Fatal(Label("x"))
	}
}

package migrategatetest

import (
	"context"
	"testing"
)

func TestConfirmWithoutSession(t *testing.T) {
	ctx := context.Background()
	ok, err := Confirm(ctx, nil, "sure?") // want `the round-trip fix changes Confirm, which reaches a direct request that sessions that negotiate protocol 2026-07-28 refuse: it will take the call's request and a key and return the result that asks; no automatic fix: the call is in a test file, which the fix leaves as it is; once -fix has run this test does not build until its calls of Confirm pass a request and a key and handle the result that asks \(round-trip\)`
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if ok, _ := Confirm(ctx, nil, "again?"); !ok {
		t.Fatal("asked")
	}
	if ok, _ := ConfirmDelete(ctx, nil, "x"); !ok { // want `the round-trip fix changes ConfirmDelete, .* until its calls of ConfirmDelete pass a request and a key .*\(round-trip\)`
		t.Fatal("asked")
	}
	if Label("x") != "item x" { // not changed by the fix: no finding
		t.Fatal(Label("x"))
	}
}

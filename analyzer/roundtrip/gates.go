package roundtrip

import "fmt"

// gateCalls reports the package's calls of other packages' gates that the
// gate's package's fix migrates (their signatures change): this package's
// part of the migration, whose fix changes the calls to return the result
// that asks. Where the calls cannot change, the package no longer builds
// once the gate's package is fixed, and the finding says why.
func (rt *roundTripCheck) gateCalls() {
	for _, gc := range rt.migrations.GateCalls() {
		pkg := gc.Callee.Pkg().Path()
		msg := fmt.Sprintf("%s (package %s) asks the client directly, which sessions that negotiate protocol 2026-07-28 refuse: the fix of its package makes it take the call's request and a key and return the result that asks, so this call must return that result from the handler", gc.Callee.Name(), pkg)
		if len(gc.Fixes) == 0 {
			msg += fmt.Sprintf("; no automatic fix: %s; once %s is fixed this package does not build until the call is migrated by hand", gc.Why, pkg)
		}
		rt.Record(gc.Call.Pos(), gc.Call.End(), gc.Fixes, gc.Related, msg)
	}
}

// testCalls reports the calls, in the package's test files, of the gates
// and wrappers whose signatures the round-trip fix changes: the fix leaves
// tests alone, so once it is applied they no longer build, and the test
// must be changed by hand (to ask through the result, or to test the
// round trip). Without this finding -fix would leave go vet and go test
// failing with only the compiler's word for why.
func (rt *roundTripCheck) testCalls() {
	for _, tc := range rt.migrations.TestCalls() {
		name := tc.Callee.Name()
		msg := fmt.Sprintf("the round-trip fix changes %s, which reaches a direct request that sessions that negotiate protocol 2026-07-28 refuse: it will take the call's request and a key and return the result that asks; no automatic fix: %s; once -fix has run this test does not build until its calls of %s pass a request and a key and handle the result that asks", name, tc.Why, name)
		rt.Record(tc.Call.Pos(), tc.Call.End(), nil, tc.Related, msg)
	}
}

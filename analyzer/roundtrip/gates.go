package roundtrip

import "fmt"

// gateCalls reports the package's calls of other packages' gates that
// have a round-trip sibling (their package's fix added it): this
// package's part of the migration, whose fix switches the calls to the
// sibling and returns the result that asks. Where a call cannot move, it
// keeps the direct request, and the finding says why.
func (rt *roundTripCheck) gateCalls() {
	for _, gc := range rt.migrations.GateCalls() {
		pkg := gc.Callee.Pkg().Path()
		msg := fmt.Sprintf("%s (package %s) asks the client directly, which sessions that negotiate protocol 2026-07-28 refuse: call %s, its round-trip version, which takes the call's request and a key and returns the result that asks, and return that result from the handler", gc.Callee.Name(), pkg, gc.Sibling)
		if len(gc.Fixes) == 0 {
			msg += fmt.Sprintf("; no automatic fix: %s", gc.Why)
		}
		rt.Record(gc.Call.Pos(), gc.Call.End(), gc.Fixes, gc.Related, msg)
	}
}

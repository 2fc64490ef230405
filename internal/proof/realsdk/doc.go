// Package realsdk proves that what the analyzer's tests show on the stub
// SDK packages of testdata/src holds for the real SDKs: the fixture modules
// of testdata/realsdk, compiled against go-sdk v1.2.0 and v1.8.0 and mcp-go
// v0.44.0 and v1.6.0 from the module proxy, get exactly the findings their
// expectations name (the round-trip fixtures and the migration with their
// fixes, whose fixed code must build against the real SDK), the versions
// without the round trip get no round-trip finding, and the stubs declare
// the same API as the real packages (a checker that is shown to catch
// mismatches).
//
// The package has tests only; all but TestRealSDKLayout skip with -short.
package realsdk

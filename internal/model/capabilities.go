package model

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/duties"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/reqstate"
)

// This file is the model's API for the duties protocol 2026-07-28 moved
// onto the server author (internal/duties does the work): tests of the
// client's capabilities and of the protocol version, pinned servers, and
// what handlers do with RequestState. The capabilities check reads it; the
// fail-open check can find with CondHeld the branch where a capability is
// missing; the migration generates guards that pass HeldAt (see
// docs/capabilities.md). internal/duties/capabilities.go says which
// shapes count as a test.

// Caps is a set of capabilities a request of the round trip needs; Held
// is what holds where a node runs (the capabilities tested, on the
// request or only on the session, and whether the request is of an older
// protocol).
type (
	Caps = duties.Caps
	Held = duties.Held
)

// The capabilities.
const (
	CapForm         = duties.CapForm
	CapURL          = duties.CapURL
	CapSampling     = duties.CapSampling
	CapSamplingTool = duties.CapSamplingTool
	CapRoots        = duties.CapRoots
)

// CondHeld returns what holds when the condition e is true, and when it
// is false: the capabilities it tests (Held.Req on the request's own,
// Held.Sess on the session's only) and whether it says the request is of
// an older protocol (Held.Older).
func (pc *Model) CondHeld(e ast.Expr) (whenTrue, whenFalse Held) { return pc.duties.CondHeld(e) }

// HeldAt returns what holds where the last node of path runs, within its
// function; path runs from the file (or any ancestor of the function) to
// the node.
func (pc *Model) HeldAt(path []ast.Node) Held { return pc.duties.HeldAt(path) }

// HeldThrough is HeldAt joined with what holds at every call of the
// node's function when that is a helper of the package (up to a few calls
// away, stopping at sdk's handlers); known is false when the helper's
// calls are not all known.
func (pc *Model) HeldThrough(path []ast.Node, sdk *mcpsdk.SDK) (h Held, known bool) {
	return pc.duties.HeldThrough(path, sdk)
}

// Pinned reports whether every server of sdk the package builds keeps
// direct requests working on every session it serves:
//
//   - go-sdk: the package calls mcp.NewServer at least once, and every
//     call's options set SupportedProtocolVersions to constant versions,
//     all before 2026-07-28 (options written in place, in a variable, set
//     field by field, or returned by a function of the package);
//   - mcp-go: the package serves its servers at least once, and every
//     transport it serves them on keeps direct requests working: stdio
//     when every server it builds has WithLegacyServerInitiatedRequests()
//     among its options (in place, in a slice, or from a function of the
//     package), streamable HTTP when its options narrow the versions to
//     older ones (WithStreamableHTTPProtocolVersions with constant
//     versions, or mcp.LegacyProtocolVersions()...), in-process clients
//     always.
//
// Anything it cannot tell counts as not pinned.
func (pc *Model) Pinned(sdk *mcpsdk.SDK) bool { return pc.duties.Pinned(sdk) }

// OlderOnly reports whether a direct request is made only while serving a
// request of an older protocol: where a test of the protocol version says
// so, in a function of the package called only there, or in a method
// whose receiver (an unexported type of the package) is made only there or
// only handed to functions that call its other methods.
func (pc *Model) OlderOnly(dc *DirectCall) bool { return pc.duties.OlderOnly(dc.Stack) }

// Serving returns how the package serves sdk's servers: stdio, stateful
// or stateless streamable HTTP, SSE (see the duties package's serving.go).
func (pc *Model) Serving(sdk *mcpsdk.SDK) mcpsdk.Served { return pc.duties.Serving(sdk) }

// CallSites returns the paths to the calls of a function of this package,
// and whether they are all its calls.
func (pc *Model) CallSites(fn *types.Func) ([][]ast.Node, bool) { return pc.duties.CallSites(fn) }

// The RequestState a client echoes: see internal/reqstate.
type (
	StateFunc    = reqstate.StateFunc
	StateUse     = reqstate.StateUse
	StateUseKind = reqstate.StateUseKind
	ReturnKind   = reqstate.ReturnKind
)

const (
	UseTest   = reqstate.UseTest
	UseWeak   = reqstate.UseWeak
	UseHash   = reqstate.UseHash
	UseResult = reqstate.UseResult
	UseArg    = reqstate.UseArg
	UseIndex  = reqstate.UseIndex

	ReturnFinal    = reqstate.ReturnFinal
	ReturnQuestion = reqstate.ReturnQuestion
	ReturnFailure  = reqstate.ReturnFailure
)

// StateFuncs returns the functions of the package that read the
// RequestState of a request, each with its uses of it that no integrity
// check comes before.
func (pc *Model) StateFuncs() []*StateFunc { return pc.reqstate.StateFuncs() }

// KindOfReturn says what a return of a handler gives the client: a final
// result, a new question (an input-required result) or a failure (an
// error, or a result that reports one).
func (pc *Model) KindOfReturn(ret *ast.ReturnStmt) ReturnKind { return pc.reqstate.KindOfReturn(ret) }

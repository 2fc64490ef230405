// Package duties recognises what protocol 2026-07-28 moved from the SDKs
// onto the server author, in one package's code: tests of the client's
// capabilities and of the protocol version (capabilities*.go), and
// servers that stay on older protocols (pinning.go); what a handler does
// with the RequestState a client echoes is internal/reqstate's. The model
// (internal/model) builds a Pkg for each package it models and publishes
// what the checks need; the facts declared here are the model analyzer's.
//
// It uses internal/source and internal/mcpsdk; nothing of the model's
// discovery or of the checks.
package duties

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Host is what the model tells this package: which functions are
// handlers of an SDK's requests.
type Host interface {
	IsHandler(fn ast.Node, sdk *mcpsdk.SDK) bool
	// RoundTripHandler reports a handler of an SDK that has the round
	// trip.
	RoundTripHandler(fn ast.Node) bool
}

// Pkg is the duties' view of one package: the summaries of its functions
// (made by New, read-only after), and indexes built on first need, safe
// for the checks' analyzers running in parallel.
type Pkg struct {
	*source.Package
	host Host

	funcs      map[*types.Func]*CapabilityFact
	inProgress map[*types.Func]bool
	built      bool

	pinOnce sync.Once
	pins    map[string]bool // by SDK name: every server the package builds is pinned
	pinIx   *pinIndex
	served  map[string]mcpsdk.Served // by SDK name: how the package serves its servers

	// stores are the places that keep a client's capabilities beyond
	// its request (capabilities_kept.go); nil while they are indexed.
	stores map[types.Object]bool
	// boolStores are the places that keep, per session, whether a client
	// declared a capability (canElicit.Store(id, caps.Elicitation != nil)),
	// with what the kept bool says when true.
	boolStores map[types.Object]Held

	mwOnce sync.Once
	mw     *mwIndex // what registered middleware hold (capabilities_middleware.go)

	// decorated caches decoratorHeld by handler (ast.Node → Held): each
	// request of a handler asks it.
	decorated sync.Map
}

// New summarises the package for the duties and exports its facts. It
// runs during the model's build.
func New(p *source.Package, host Host) *Pkg {
	pc := &Pkg{Package: p, host: host}
	pc.indexKept()
	summariseFuncs(pc)
	return pc
}

// IsHandler reports whether fn handles a request of sdk (the model's
// answer).
func (pc *Pkg) IsHandler(fn ast.Node, sdk *mcpsdk.SDK) bool { return pc.host.IsHandler(fn, sdk) }

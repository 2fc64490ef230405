// Package reqstate follows the RequestState a client echoes back in the
// round trip of protocol 2026-07-28, in one package's code: where a
// function reads it, what it makes of it, where an integrity check proves
// it is the server's own, and where the rest decides something
// (docs/request-state.md). The model (internal/model) builds a Pkg for
// each package it models; the request-state check reads its StateFuncs,
// and StateFact, one of the model analyzer's facts, carries what a
// function does with its argument to other packages.
//
// It uses internal/source, internal/mcpsdk and internal/effect.
package reqstate

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/source"
)

// Host is what the model tells this package: which functions handle
// requests of an SDK that has the round trip, which types are an SDK's.
type Host interface {
	RoundTripHandler(fn ast.Node) bool
	// FromSDK reports whether t (or *t) is a named type of an SDK.
	FromSDK(t types.Type) bool
}

// Pkg is the request-state view of one package: the functions that read
// the state (made by New, read-only after).
type Pkg struct {
	*source.Package
	host  Host
	state *stateIndex
}

// New follows the state in the package and exports its facts. It runs
// during the model's build.
func New(p *source.Package, host Host) *Pkg {
	pc := &Pkg{Package: p, host: host}
	pc.indexState()
	exportStateFacts(pc)
	return pc
}

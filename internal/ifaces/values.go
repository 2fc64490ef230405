package ifaces

import (
	"go/types"
	"sync"

	"github.com/elicitlint/elicitlint/internal/source"
)

// Values returns what the package's code (not its tests) shows of the
// values of every named interface it puts a value into: the concrete
// types of those values, and whether they are all known, by the rules
// Find follows for SDK sessions (a value of another interface is known
// when that interface's are; a type assertion only under a context key
// whose values are shown). The effect summary (internal/source) reads it:
// a call through an interface does what its values' methods do, when the
// program shows them all. The walk runs once, on the first question, and
// answers from any goroutine.
func Values(pc *source.Package) func(*types.TypeName) ([]types.Type, bool) {
	walked := sync.OnceValue(func() *ifaceWalk {
		w := &ifaceWalk{pc: pc, all: true, ifaces: map[*types.TypeName]*iface{}, keys: map[types.Object]*keyValues{}}
		for _, f := range pc.Pass.Files {
			if !pc.TestFile(f) {
				source.WalkWithPath(f, w.node)
			}
		}
		for _, in := range w.ifaces {
			w.resolve(in) // every answer now: the lookups below only read
		}
		return w
	})
	return func(tn *types.TypeName) ([]types.Type, bool) {
		in := walked().ifaces[tn]
		if in == nil {
			return nil, false
		}
		return in.vals, in.ok
	}
}

package mcpsdk

import (
	"go/types"
	"slices"
	"sync"
)

// Era is what a direct (server-initiated) request does on the sessions a
// way of serving a server gives, as the era proofs in testdata/rtproof
// (TestEras) observed with each SDK's own client.
type Era uint8

const (
	// EraRefused: current clients negotiate protocol 2026-07-28 there,
	// and the SDK refuses the request (stdio; mcp-go's streamable HTTP,
	// which serves both eras on one server).
	EraRefused Era = iota + 1
	// EraOlderOnly: the transport serves only older protocols, so current
	// clients renegotiate to 2025-11-25 and the request works (go-sdk's
	// stateful streamable HTTP handler and its SSE handler).
	EraOlderOnly
	// EraNever: the request can never be answered there, on any
	// protocol (stateless streamable HTTP; mcp-go's SSE sessions, which
	// cannot send requests).
	EraNever
)

// PinBy is how a server served one way keeps direct requests working for
// every client (mcp-go; go-sdk pins a server by its options, whatever
// serves it).
type PinBy uint8

const (
	// PinNone: nothing does.
	PinNone PinBy = iota
	// PinLegacyOption: the server's Duties.LegacyOption (stdio).
	PinLegacyOption
	// PinHTTPVersions: the transport's Duties.HTTPVersions narrowed to
	// older versions (streamable HTTP).
	PinHTTPVersions
)

// Serving is one way of serving a server: a function of ServerPkg called
// (Func) or a type of ServerPkg written as a literal (Type), with what a
// direct request does on the sessions it gives.
type Serving struct {
	Func, Type string
	Era        Era
	// Label names the transport in a message ("stdio").
	Label string
	// Stateless is how a streamable HTTP server is made stateless: a
	// bool field of the options (argument OptionsArg of Func, or the
	// literal itself), or an option function given a bool. A stateless
	// one never answers a direct request, and StatelessLabel names it.
	StatelessField  string
	OptionsArg      int
	StatelessOption string
	StatelessLabel  string
	// Why says, for EraNever, why no answer can come back on older
	// protocols.
	Why string
	Pin PinBy
}

// servings are the ways each SDK serves a server, by SDK name: built on
// first use (go vet starts elicitlint once per package, and only packages
// that serve a server need them).
var servings = sync.OnceValue(func() map[string][]Serving {
	const goStateless = "a stateless handler has no session to send a request on, so go-sdk fails it on older protocols"
	const mcpStateless = "a client's answer cannot reach a stateless server, so on older protocols the call waits until its context ends"
	return map[string][]Serving{
		"go-sdk": {
			{Type: "StdioTransport", Era: EraRefused, Label: "stdio"},
			{Type: "IOTransport", Era: EraRefused, Label: "an IO transport"},
			{Func: "NewInMemoryTransports", Era: EraRefused, Label: "in-memory transports"},
			{Func: "NewStreamableHTTPHandler", Era: EraOlderOnly, Label: "a stateful streamable HTTP handler", StatelessField: "Stateless", OptionsArg: 1, StatelessLabel: "a stateless streamable HTTP handler", Why: goStateless},
			{Type: "StreamableServerTransport", Era: EraOlderOnly, Label: "a stateful streamable HTTP transport", StatelessField: "Stateless", StatelessLabel: "a stateless streamable HTTP transport", Why: goStateless},
			{Func: "NewSSEHandler", Era: EraOlderOnly, Label: "an SSE handler"},
			{Type: "SSEServerTransport", Era: EraOlderOnly, Label: "an SSE transport"},
		},
		"mcp-go": {
			{Func: "ServeStdio", Era: EraRefused, Label: "stdio", Pin: PinLegacyOption},
			{Func: "NewStdioServer", Era: EraRefused, Label: "stdio", Pin: PinLegacyOption},
			{Func: "NewStreamableHTTPServer", Era: EraRefused, Label: "a streamable HTTP server", StatelessOption: "WithStateLess", StatelessLabel: "a stateless streamable HTTP server", Why: mcpStateless, Pin: PinHTTPVersions},
			{Func: "NewSSEServer", Era: EraNever, Label: "an SSE server", Why: "mcp-go's SSE sessions cannot send a request to the client"},
		},
	}
})

// Servings returns the ways the SDK serves a server.
func (s *SDK) Servings() []Serving { return servings()[s.Name] }

// ServingOf returns the way of serving a server that a call of fn is, if
// it is one.
func (s *SDK) ServingOf(fn *types.Func) (Serving, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != s.ServerPath() || RecvName(fn) != "" {
		return Serving{}, false
	}
	for _, w := range s.Servings() {
		if w.Func == fn.Name() {
			return w, true
		}
	}
	return Serving{}, false
}

// Served is how the package serves an SDK's servers: the ways found. It
// is empty when the package serves none, or one that could not be read (a
// stateless option given a flag).
type Served struct {
	Ways []Way
}

// Way is one way the package serves a server, with what a direct request
// does on it.
type Way struct {
	Era   Era
	Label string
	// Why says, for EraNever, why no answer comes back.
	Why string
}

// Known reports whether the package serves its servers in ways that
// could all be read.
func (s Served) Known() bool { return len(s.Ways) > 0 }

// Has reports whether one of the ways has era.
func (s Served) Has(era Era) bool {
	return slices.ContainsFunc(s.Ways, func(w Way) bool { return w.Era == era })
}

// Only reports whether every way has era (and there is one).
func (s Served) Only(era Era) bool {
	return s.Known() && !slices.ContainsFunc(s.Ways, func(w Way) bool { return w.Era != era })
}

// Of returns the ways of era, each label once.
func (s Served) Of(era Era) []Way {
	var ws []Way
	for _, w := range s.Ways {
		if w.Era == era && !slices.ContainsFunc(ws, func(o Way) bool { return o.Label == w.Label }) {
			ws = append(ws, w)
		}
	}
	return ws
}

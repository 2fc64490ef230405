package mcpsdk

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

// Serving is one way of serving a server: a function of ServerPkg called
// (Func) or a type of ServerPkg written as a literal (Type), with what a
// direct request does on the sessions it gives.
type Serving struct {
	Func, Type string
	Era        Era
	// Label names the transport in a message ("stdio").
	Label string
	// Stateless is how a streamable HTTP server is made stateless: a
	// bool field of the options (argument OptionsArg of Func, or of the
	// literal itself), or an option function given a bool.
	StatelessField  string
	OptionsArg      int
	StatelessOption string
	// Why says, for EraNever, why no answer can come back on older
	// protocols.
	Why string
}

// StatelessWhy says why a stateless streamable HTTP server of the SDK can
// never have a direct request answered.
func (s *SDK) StatelessWhy() string {
	switch s.Name {
	case "go-sdk":
		return "a stateless handler has no session to send a request on, so go-sdk fails it on older protocols"
	case "mcp-go":
		return "a client's answer cannot reach a stateless server, so on older protocols the call waits until its context ends"
	}
	return ""
}

// Servings returns the ways the SDK serves a server. (A function, not a
// table: go vet starts elicitlint once per package, and the table is
// needed only where a package serves one.)
func (s *SDK) Servings() []Serving {
	switch s.Name {
	case "go-sdk":
		return []Serving{
			{Type: "StdioTransport", Era: EraRefused, Label: "stdio"},
			{Type: "IOTransport", Era: EraRefused, Label: "an IO transport"},
			{Func: "NewInMemoryTransports", Era: EraRefused, Label: "in-memory transports"},
			{Func: "NewStreamableHTTPHandler", Era: EraOlderOnly, Label: "a stateful streamable HTTP handler", StatelessField: "Stateless", OptionsArg: 1},
			{Type: "StreamableServerTransport", Era: EraOlderOnly, Label: "a stateful streamable HTTP transport", StatelessField: "Stateless", OptionsArg: -1},
			{Func: "NewSSEHandler", Era: EraOlderOnly, Label: "an SSE handler"},
			{Type: "SSEServerTransport", Era: EraOlderOnly, Label: "an SSE transport"},
		}
	case "mcp-go":
		return []Serving{
			{Func: "ServeStdio", Era: EraRefused, Label: "stdio"},
			{Func: "NewStdioServer", Era: EraRefused, Label: "stdio"},
			{Func: "NewStreamableHTTPServer", Era: EraRefused, Label: "a streamable HTTP server", StatelessOption: "WithStateLess"},
			{Func: "NewSSEServer", Era: EraNever, Label: "an SSE server", Why: "mcp-go's SSE sessions cannot send a request to the client"},
		}
	}
	return nil
}

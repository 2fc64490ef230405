package mcpsdk

// Guard spells how a handler of an SDK learns what the client of the call
// declared it can do, so that a migrated handler returns a request only to
// a client that declared its kind (protocol 2026-07-28: a server MUST NOT
// send inputRequests for a capability the client did not declare), and
// otherwise takes the path it took when the direct request failed.
type Guard struct {
	// RequestMethod is a method of the request that returns the
	// capabilities of this call, for every protocol (go-sdk's
	// req.ClientCapabilities(), which falls back to the session's for
	// older clients); "" when the capabilities come from the context.
	RequestMethod string
	// InfoFunc is a function in ServerPkg that returns the per-request
	// protocol information from the context (mcp-go's
	// server.RequestProtocolInfoFromContext), whose InfoModern field says
	// the request is of protocol 2026-07-28 and InfoCaps holds its
	// capabilities. For older requests the capabilities are the session's:
	// SessionFunc returns the session from the context, SessionIface is
	// the interface of sessions that keep the client's capabilities and
	// SessionCaps its method that returns them (by value).
	InfoFunc, InfoModern, InfoCaps         string
	SessionFunc, SessionIface, SessionCaps string
	// CapsType is the capabilities type in TypesPkg.
	CapsType string
	// Fields are the capability fields of each kind; URLField is the field
	// of the elicitation capability that url mode needs.
	Fields   map[string]string
	URLField string
	// Errors are what the fix gives the handler's error branch when the
	// client cannot be asked, by kind: a sentinel in ServerPkg (Sentinel)
	// or the text of the SDK's own error (Text).
	Errors map[string]GuardError
	// Pin says how to keep a server on protocol 2025-11-25, where direct
	// requests still work: the way out where no migration applies.
	Pin string
}

// GuardError is the error a direct request of a kind returned for a client
// that had not declared the kind.
type GuardError struct {
	Sentinel, Text string
}

var guards = map[string]*Guard{
	"go-sdk": {
		Fields: map[string]string{KindElicitation: "Elicitation", KindSampling: "Sampling", KindRoots: "RootsV2"},
		Pin:    "mcp.ServerOptions.SupportedProtocolVersions without 2026-07-28",
		// go-sdk's ServerSession.Elicit checks the capability itself;
		// CreateMessage and ListRoots send the request, and a client
		// without the capability answers it with an error.
		Errors: map[string]GuardError{
			KindElicitation: {Text: "client does not support elicitation"},
			KindSampling:    {Text: "client does not support sampling"},
			KindRoots:       {Text: "client does not support roots"},
		},
	},
	"mcp-go": {
		InfoModern:   "Modern",
		SessionFunc:  "ClientSessionFromContext",
		SessionIface: "SessionWithClientInfo",
		Fields:       map[string]string{KindElicitation: "Elicitation", KindSampling: "Sampling", KindRoots: "Roots"},
		Pin:          "server.WithStreamableHTTPProtocolVersions(mcp.LegacyProtocolVersions()...)",
		Errors: map[string]GuardError{
			KindElicitation: {Sentinel: "ErrElicitationNotSupported"},
			KindSampling:    {Text: "session does not support sampling"},
			KindRoots:       {Sentinel: "ErrRootsNotSupported"},
		},
	},
}

// Guard returns how the SDK's handlers read the client's capabilities, or
// nil when the fix does not know it.
func (s *SDK) Guard() *Guard { return guards[s.Name] }

// The facts the duty checks read too are held once, in the SDK's Duties:
// the capabilities type, the url-mode field, and how a request's own
// capabilities are read (a method of the request, or a function of the
// context and its result's field) and a session's.
func init() {
	for name, g := range guards {
		d := duties[name]
		g.CapsType, g.URLField = d.CapsType, d.URLField
		if d.RequestCaps.Recv != "" {
			g.RequestMethod = d.RequestCaps.Name
		} else {
			g.InfoFunc, g.InfoCaps = d.RequestCaps.Name, d.RequestInfoCaps
			g.SessionCaps = d.SessionCaps[0].Name
		}
	}
}

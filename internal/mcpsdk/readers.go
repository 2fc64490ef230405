package mcpsdk

import "slices"

// readers are the methods, by SDK and type (in TypesPkg or ServerPkg),
// that only read what a session or server holds: a handler may call them
// twice. Every other method of a session or server may send a message to
// the client or change the server (RoundTrip.PureMethods are the request
// types, whose methods all read).
var readers = map[string]map[string][]string{
	"go-sdk": {
		"ServerSession": {"ID", "InitializeParams"},
		// Any request's accessors, as a receiving middleware reads them.
		"Request": {"GetSession", "GetParams", "GetExtra"},
	},
	"mcp-go": {
		"ClientSession":          {"SessionID", "Initialized"},
		"SessionWithClientInfo":  {"SessionID", "Initialized", "GetClientInfo", "GetClientCapabilities"},
		"SessionWithElicitation": {"SessionID", "Initialized"},
	},
}

// Reads reports whether method of the SDK's type typeName only reads.
func (s *SDK) Reads(typeName, method string) bool {
	return slices.Contains(readers[s.Name][typeName], method)
}

package mcpsdk

import (
	"go/types"
	"slices"
)

// This file is the part of the SDK table the round trip's duties need:
// what protocol 2026-07-28 moved from the SDK onto the server author
// (testing the request's own client capabilities, protecting RequestState,
// asking again), and how a server stays on the older protocols instead.

// Capabilities the round trip's requests need, as the duty checks name
// them.
const (
	CapForm         = "form"           // elicitation, form mode (a bare elicitation: {} declares it)
	CapURL          = "url"            // elicitation, url mode
	CapSampling     = "sampling"       // sampling
	CapSamplingTool = "sampling.tools" // sampling with tools
	CapRoots        = "roots"          // roots
)

// RoundTripVersion is the first protocol version with the round trip, on
// which the SDKs refuse direct requests. Versions are dates: a string
// comparison orders them.
const RoundTripVersion = "2026-07-28"

// Duties is what the duty checks know of one SDK.
type Duties struct {
	// CapsType is the client capabilities struct in TypesPkg; CapFields
	// name the capability each of its fields declares (by presence).
	CapsType  string
	CapFields map[string]string
	// ElicitCapsType is the struct of the elicitation capability, whose
	// FormField and URLField declare the modes; SamplingCapsType the
	// struct of the sampling capability, whose ToolsField declares
	// sampling with tools; RootsListChanged the bool field of a roots
	// capability that is a struct, not a pointer (go-sdk's deprecated
	// Roots): testing it tests roots.
	ElicitCapsType, FormField, URLField string
	SamplingCapsType, ToolsField        string
	RootsListChanged                    string
	// SamplingToolsParams are the fields of a sampling request that need
	// sampling with tools.
	SamplingToolsParams []string
	// RequestCaps reads the capabilities a request declares for itself:
	// a method of the request (go-sdk's ClientCapabilities), or a function
	// of the context whose result's RequestInfoCaps field holds them
	// (mcp-go's RequestProtocolInfoFromContext(ctx).ClientCapabilities).
	RequestCaps     Method
	RequestInfoCaps string
	// Middleware are the calls that register a middleware receiving the
	// client's requests before any handler (go-sdk's
	// AddReceivingMiddleware, mcp-go's WithToolHandlerMiddleware and
	// WithPromptHandlerMiddleware): a test of the capabilities it makes
	// before handing a request on guards the handlers it reaches.
	Middleware []Method
	// ServerType is the type in ServerPkg that NewServer returns (a
	// pointer to it): what handlers and middleware are registered on.
	ServerType string
	// SessionCaps read the capabilities the session was initialised with:
	// go-sdk's ServerSession.InitializeParams().Capabilities (the
	// method, then SessionCapsField), mcp-go's GetClientCapabilities of
	// the session's client-info store (any receiver in ServerPkg).
	// SessionCapsField is also the field of the initialize request's
	// params (mcp-go's InitializeRequest.Params.Capabilities, as an
	// AfterInitialize hook reads it).
	SessionCaps      []Method
	SessionCapsField string

	// StateField is the field of a request's params (the struct that
	// also has the answers) that holds the RequestState the client
	// echoes, and of a result (with the requests) that mints it.
	StateField string

	// Pinning. NewServer makes a server; go-sdk's options (argument
	// OptionsArg) hold the versions it serves in VersionsField;
	// LegacyOption is the server option that keeps direct requests
	// working on bidirectional transports (mcp-go), HTTPVersions the
	// streamable HTTP server's option that narrows the versions served
	// (which transport takes which: Serving.Pin); LegacyVersions returns
	// every version before the round trip.
	NewServer      Method
	OptionsArg     int
	VersionsField  string
	LegacyOption   Method
	HTTPVersions   Method
	LegacyVersions Method
	// VersionOf are what give the protocol version of a request or
	// session: methods (go-sdk's ServerRequest.ProtocolVersion) and
	// fields (InitializeParams.ProtocolVersion, RequestProtocolInfo.
	// ProtocolVersion), and functions of the context (mcp-go's
	// RequestProtocolVersion). ModernTests are functions and fields that
	// are true exactly on the round trip's protocol (mcp-go's
	// IsModernRequest, RequestProtocolInfo.Modern, mcp.IsModernProtocol).
	VersionOf   []Method
	ModernTests []Method
	// ErrorResults are functions that make a tool result reporting an
	// error (mcp-go's NewToolResultError...), and ErrorField the field of
	// a result literal that marks it one (go-sdk's IsError).
	ErrorResults []Method
	ErrorField   string
	// OlderIfNil are types of TypesPkg whose nil value, in a handler,
	// means a request of an older protocol: go-sdk fills a session's
	// InitializeParams from every 2026-07-28 request.
	OlderIfNil []string
}

// duties are the Duties of each SDK, by name; a fork has its SDK's.
var duties = map[string]*Duties{
	"go-sdk": {
		CapsType:            "ClientCapabilities",
		CapFields:           map[string]string{"Elicitation": CapForm, "Sampling": CapSampling, "RootsV2": CapRoots, "Roots": CapRoots},
		ElicitCapsType:      "ElicitationCapabilities",
		FormField:           "Form",
		URLField:            "URL",
		SamplingCapsType:    "SamplingCapabilities",
		ToolsField:          "Tools",
		RootsListChanged:    "ListChanged",
		SamplingToolsParams: []string{"Tools", "ToolChoice"},
		RequestCaps:         Method{Pkg: "mcp", Recv: "ServerRequest", Name: "ClientCapabilities"},
		SessionCaps:         []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "InitializeParams"}},
		Middleware:          []Method{{Pkg: "mcp", Recv: "Server", Name: "AddReceivingMiddleware"}},
		ServerType:          "Server",
		SessionCapsField:    "Capabilities",
		StateField:          "RequestState",
		NewServer:           Method{Pkg: "mcp", Name: "NewServer"},
		OptionsArg:          1,
		VersionsField:       "SupportedProtocolVersions",
		VersionOf: []Method{
			{Pkg: "mcp", Recv: "ServerRequest", Name: "ProtocolVersion"},
			{Pkg: "mcp", Recv: "InitializeParams", Name: "ProtocolVersion"},
		},
		OlderIfNil: []string{"InitializeParams", "ServerSession"},
		ErrorField: "IsError",
	},
	"mcp-go": {
		CapsType:            "ClientCapabilities",
		CapFields:           map[string]string{"Elicitation": CapForm, "Sampling": CapSampling, "Roots": CapRoots},
		ElicitCapsType:      "ElicitationCapability",
		FormField:           "Form",
		URLField:            "URL",
		SamplingCapsType:    "SamplingCapability",
		ToolsField:          "Tools",
		SamplingToolsParams: []string{"Tools", "ToolChoice"},
		RequestCaps:         Method{Pkg: "server", Name: "RequestProtocolInfoFromContext"},
		RequestInfoCaps:     "ClientCapabilities",
		SessionCaps:         []Method{{Pkg: "server", Recv: "*", Name: "GetClientCapabilities"}},
		Middleware:          []Method{{Pkg: "server", Name: "WithToolHandlerMiddleware"}, {Pkg: "server", Name: "WithPromptHandlerMiddleware"}},
		ServerType:          "MCPServer",
		SessionCapsField:    "Capabilities",
		StateField:          "RequestState",
		NewServer:           Method{Pkg: "server", Name: "NewMCPServer"},
		LegacyOption:        Method{Pkg: "server", Name: "WithLegacyServerInitiatedRequests"},
		HTTPVersions:        Method{Pkg: "server", Name: "WithStreamableHTTPProtocolVersions"},
		LegacyVersions:      Method{Pkg: "mcp", Name: "LegacyProtocolVersions"},
		VersionOf: []Method{
			{Pkg: "server", Name: "RequestProtocolVersion"},
			{Pkg: "server", Recv: "RequestProtocolInfo", Name: "ProtocolVersion"},
		},
		ErrorResults: []Method{
			{Pkg: "mcp", Name: "NewToolResultError"},
			{Pkg: "mcp", Name: "NewToolResultErrorf"},
			{Pkg: "mcp", Name: "NewToolResultErrorFromErr"},
		},
		ErrorField: "IsError",
		ModernTests: []Method{
			{Pkg: "server", Name: "IsModernRequest"},
			{Pkg: "server", Recv: "RequestProtocolInfo", Name: "Modern"},
			{Pkg: "mcp", Name: "IsModernProtocol"},
		},
	},
}

// Duties returns what the duty checks know of sdk, or nil.
func (sdk *SDK) Duties() *Duties {
	if sdk == nil || sdk.RoundTrip == nil {
		return nil
	}
	return duties[sdk.Name]
}

// MatchesAny reports whether obj is one of ms of sdk (see Matches).
func MatchesAny(ms []Method, sdk *SDK, obj types.Object, recv types.Type) bool {
	return slices.ContainsFunc(ms, func(m Method) bool { return m.Matches(sdk, obj, recv) })
}

// Matches reports whether obj is m of sdk: a function or method (a Recv
// of "*" stands for any receiver in m's package), or a field of a struct
// named Recv (recv is the type the field is selected from, nil when it is
// not known: then any struct of the package matches).
func (m Method) Matches(sdk *SDK, obj types.Object, recv types.Type) bool {
	if obj == nil || obj.Name() != m.Name || obj.Pkg() == nil || obj.Pkg().Path() != JoinPath(sdk.Module, m.Pkg) {
		return false
	}
	switch o := obj.(type) {
	case *types.Func:
		r := RecvName(o)
		return m.Recv == "*" && r != "" || m.Recv == r
	case *types.Var:
		if !o.IsField() || m.Recv == "" {
			return false
		}
		if recv == nil {
			return true
		}
		n := NamedObj(recv)
		return n != nil && n.Name() == m.Recv
	}
	return false
}

// IsType reports whether t (or *t) is the type name of sdk's types
// package.
func (sdk *SDK) IsType(t types.Type, name string) bool {
	return name != "" && IsNamed(t, sdk.TypesPath(), name)
}

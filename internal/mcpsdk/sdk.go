// Package mcpsdk is the table of what elicitlint knows of each MCP SDK:
// for go-sdk and mcp-go (and forks named with -forks), the types that carry
// an elicitation, sampling or roots request and its answer, the direct
// requests protocol 2026-07-28 refuses, the round trip that replaced them,
// and the functions that are pure enough to run twice. No other package
// spells an SDK identifier: adding an SDK or a fork means adding an entry
// here.
//
// It uses only the standard library and go/types.
package mcpsdk

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strings"
	"sync"
)

const (
	ModeForm = "form"
	ModeURL  = "url"
)

// SDK describes what one MCP SDK's elicitation API looks like. Everything
// elicitlint knows about an SDK is in this table: no other file spells an
// SDK identifier. Adding an SDK means adding an entry, and a fork of an
// existing SDK is the same entry under another module path (see the -forks
// flag).
type SDK struct {
	// Name is the name users give in -forks (e.g. "mcp-go").
	Name string
	// Module is the module path; the package paths below are relative to it.
	Module string
	// TypesPkg holds the protocol types; ServerPkg the server helpers.
	TypesPkg, ServerPkg string

	// ParamsType is the struct that carries one elicitation request.
	ParamsType string
	// ResultTypes are the types whose values hold the user's answer. Each
	// has the fields ActionField and ContentField, directly or through the
	// embedded struct ResponseType.
	ResultTypes  []string
	ActionField  string
	ContentField string
	// ResponseType is the struct a result type embeds that holds the
	// action and content (mcp-go's ElicitationResponse), or "".
	ResponseType string
	// ContentIsMap is true when Content is map[string]any (go-sdk); false
	// when it is any (mcp-go), usually asserted to map[string]any first.
	ContentIsMap bool
	// ActionConstPrefix names the SDK's action constants in TypesPkg:
	// prefix + "Accept", "Decline", "Cancel" (mcp-go), or "" when the SDK
	// has none and code compares with string literals.
	ActionConstPrefix string

	// InferURLMode: an empty Mode means "url" when URL or ElicitationID is
	// set (go-sdk). Otherwise an empty Mode means "form" (mcp-go).
	InferURLMode bool
	// FormNeedsSchema: form mode without RequestedSchema is rejected at
	// run time (mcp-go's ElicitationParams.Validate).
	FormNeedsSchema bool
	// URLNeedsID: url mode without ElicitationID is rejected at run time
	// (mcp-go's Validate), whatever the spec version.
	URLNeedsID bool

	// URLErrorFunc is a function in TypesPkg taking a slice of params that
	// builds the -32042 error (go-sdk); every element must say Mode "url"
	// literally or the SDK panics.
	URLErrorFunc string
	// URLErrorType is a struct in TypesPkg whose URLErrorField holds the
	// url-mode params (mcp-go).
	URLErrorType, URLErrorField string

	// Positional lists SDK functions that take the params as separate
	// arguments; they are treated exactly like user wrappers.
	Positional []Positional

	// RoundTrip describes what the round-trip check needs; nil for an SDK
	// without the round trip.
	RoundTrip *RoundTrip
}

// RoundTrip describes an SDK's side of the 2026-07-28 round trip: a
// handler returns its requests in the result (InputRequests) and reads the
// answers from the retried request (InputResponses).
type RoundTrip struct {
	// Marker is a type declared in the package of the Direct methods by
	// the versions that have the round trip. Those versions also refuse
	// the Direct requests on sessions that negotiate 2026-07-28: the check
	// decides from this declaration, never from a version string.
	Marker string
	// Kinds are the kinds of server-initiated request (elicitation,
	// sampling, roots), each with its direct calls and its round-trip
	// forms.
	Kinds []*RequestKind
	// Refusal is how the SDK refuses a direct request, for messages.
	Refusal string
	// RequestMap and ResponseMap are the map types in TypesPkg that hold
	// the requests of a result and the answers of a retried request.
	RequestMap, ResponseMap string
	// ResponseIface is the interface type in TypesPkg of one answer, when
	// answers are interfaces the handler asserts to a result type
	// (go-sdk); "" when they are structs (mcp-go).
	ResponseIface string
	// ResponseStruct is the struct type in TypesPkg of one answer (mcp-go),
	// whose RawField of each kind stays nil until DecodeMethod runs on it.
	ResponseStruct, DecodeMethod string
	// AnyResponseFunc is a function in ServerPkg that takes the answers
	// and a key (argument 1) and returns the answer of any kind (mcp-go's
	// server.InputResponse); each kind's ResponseFunc returns its own.
	AnyResponseFunc string
	// Builder is a type in ServerPkg whose kinds' BuilderMethod take a key
	// (argument 0) and add a request, Finishers turn the builder into a
	// result (by the result type they make), and NewBuilder makes one
	// (mcp-go).
	Builder, NewBuilder string
	Finishers           map[string]string
	// Results are the result types in TypesPkg that may carry requests,
	// with, for each, the fields that must stay empty when they do (the
	// SDK rejects a result with both); ResultsEmbed is the struct they embed
	// that holds InputRequests, if any (mcp-go).
	Results      map[string][]string
	ResultsEmbed string
	// Placeholders are the result types (of Results) that the SDK refuses
	// with their content nil even when they ask: go-sdk's readResource
	// fails a ReadResourceResult whose Contents is nil ("read handler
	// returned nil information") before its bridge for older clients can
	// make the requests, so a resource handler that asks must set Contents
	// to an empty slice (which is not content: the SDK tests its length).
	Placeholders map[string]Placeholder
	// StateNeedsRequests: the SDK sends a result as input-required only
	// when it has requests, so one that carries the state (Duties'
	// StateField, the same name in results) alone goes out as a complete
	// result and the client never calls again with it (go-sdk's
	// handleMultiRoundTripResult; mcp-go's builder marks the result
	// input_required itself).
	StateNeedsRequests bool
	// RequestsField is the field of a result that holds the requests;
	// ResponsesField the field of a request's params that holds the answers.
	RequestsField, ResponsesField string
	// NeedsResultType: requests are sent only when the result's
	// ResultTypeField is the constant ResultTypeConst of TypesPkg (mcp-go);
	// ResultEmbed is the embedded struct that holds the field.
	ResultTypeField, ResultTypeConst, ResultEmbed string
	// Removed are API calls for what protocol 2026-07-28 removed (besides
	// the SDK's URL error): the elicitation completion notification.
	Removed []Method
	// HandlerTypes are function types in ServerPkg of handlers whose
	// result can carry requests (go-sdk's MethodHandler, which a receiving
	// middleware wraps; mcp-go's ToolHandlerFunc and PromptHandlerFunc).
	HandlerTypes []string
	// PureMethods are types in TypesPkg whose methods only read (the
	// request types' accessors: mcp-go's request.GetString(...)), and
	// PureFuncs functions in ServerPkg that only read: the migration may
	// run them twice.
	PureMethods, PureFuncs []string
	// InProcess are the functions that serve a server to a client in the
	// same process, whose sessions are exempt from the refusal of direct
	// requests (mcp-go): a package that does that and serves no server
	// over a transport (Servings) makes its direct requests in process
	// only.
	InProcess []Method
	// BridgeValidatesSchema: for a client on an older protocol, the SDK
	// makes the requests itself and checks the requested schema when the
	// user accepts (go-sdk's validateElicitSchema); a schema it rejects
	// then fails the whole call with a JSON-RPC error.
	BridgeValidatesSchema bool
	// ModeConsts name the constants of TypesPkg for the modes, by mode
	// (mcp-go's mcp.ElicitationModeURL), when the SDK has them.
	ModeConsts map[string]string
	// Tool handler shape, for the fix: the request type in TypesPkg
	// (ToolRequestPtr when passed as a pointer) and the result type.
	ToolRequest    string
	ToolRequestPtr bool
	ToolResult     string
	// ParamsField is the field of the request that holds its params
	// (request.Params), and ParamsOfRequest the field of a direct request's
	// argument that holds the elicitation params (mcp-go's
	// ElicitationRequest.Params), "" when the argument is the params.
	ParamsField, ParamsOfRequest string
}

// A Placeholder is a field of a result and the empty value it needs:
// Field: []*PKG.Elem{} (with Ptr) or []PKG.Elem{}, PKG being TypesPkg.
type Placeholder struct {
	Field, Elem string
	Ptr         bool
}

// Text spells the placeholder as a field of a literal, naming TypesPkg
// pkg.
func (p Placeholder) Text(pkg string) string {
	star := ""
	if p.Ptr {
		star = "*"
	}
	return p.Field + ": []" + star + pkg + "." + p.Elem + "{}"
}

// Request kinds: what a server-initiated request asks the client for.
const (
	KindElicitation = "elicitation"
	KindSampling    = "sampling"
	KindRoots       = "roots"
)

// Validation is how a direct request checked its answer: the params'
// SchemaField, decoded as SchemaPkg's Schema, resolved, validated against
// (failing with Invalid and the validator's error) and used to fill in
// defaults (failing with Defaults).
type Validation struct {
	SchemaField, SchemaPkg, Schema string
	Invalid, Defaults              string
}

// RequestKind is one kind of server-initiated request of an SDK that has
// the round trip: the direct calls that sessions on protocol 2026-07-28
// refuse, and the forms the kind takes in the round trip.
type RequestKind struct {
	// Kind is kindElicitation, kindSampling or kindRoots.
	Kind string
	// Direct are the SDK's server-initiated requests of this kind.
	Direct []Method
	// Unstopped are requests of this kind that the SDK sends on a
	// 2026-07-28 session without refusing them, as the Direct ones are
	// refused (mcp-go v1.2.1 checks only MCPServer's methods; a session's
	// own RequestElicitation, RequestSampling and ListRoots, reached
	// through these interfaces, send the request as they always did). A
	// client of that version need not answer a request the protocol
	// removed, so such a call may wait until its context ends.
	Unstopped []Method
	// Deprecated: protocol 2026-07-28 deprecates the feature (SEP-2577);
	// it works through the round trip for at least twelve months.
	Deprecated bool
	// Validated: the direct request checked an accepted answer against
	// the requested schema and filled in the schema's defaults; the round
	// trip does not, so the migration keeps the check (nil: the direct
	// request never checked).
	Validated *Validation
	// Params are the types in TypesPkg that ask for this kind as a value
	// of the request map (go-sdk: *ElicitParams, *CreateMessageParams, ...).
	Params []string
	// Answer is the type in TypesPkg that an answer of this kind arrives as
	// in the answers map, whatever the protocol (go-sdk), or "" when answers
	// are structs (mcp-go).
	Answer string
	// Results are the types in TypesPkg that hold an answer of this kind,
	// from a direct request or the round trip. Their Content was written by
	// the client (or its model): asserting it is reading client input.
	Results []string
	// BuilderMethod is the builder's method that adds a request of this
	// kind, ResponseFunc the function in ServerPkg that reads its answer,
	// RawField the field of the answer struct that holds it once decoded,
	// and Constructor the function in TypesPkg that makes one input request
	// (mcp-go).
	BuilderMethod, ResponseFunc, RawField, Constructor string
	// ContentParser is a function in TypesPkg that turns the Content of an
	// answer of this kind from JSON into the SDK's content types (mcp-go's
	// mcp.ParseSamplingContent), when round-trip answers keep it as JSON.
	ContentParser string
	// ParamsOfRequest is the field of a direct request's argument that
	// holds the params the round trip takes (mcp-go's
	// ElicitationRequest.Params, CreateMessageRequest.CreateMessageParams),
	// "" when the argument is the params (go-sdk) or there are none.
	ParamsOfRequest string
	// Downconvert describes how the SDK turns an Answer into the result
	// type of a direct request that returns another type (go-sdk's
	// CreateMessage turns a CreateMessageWithToolsResult into a
	// CreateMessageResult); nil when the types are the same.
	Downconvert *Downconvert
}

// Downconvert copies Fields from an answer into a direct request's result
// type and takes the one element of the answer's List as the result's
// List, failing when there are several.
type Downconvert struct {
	Fields []string
	List   string
	// TooMany is the error text of the direct request when the answer has
	// several elements (with %d for their number).
	TooMany string
}

// Kind returns the request kind named k, or nil.
func (rt *RoundTrip) Kind(k string) *RequestKind {
	for _, rk := range rt.Kinds {
		if rk.Kind == k {
			return rk
		}
	}
	return nil
}

// Method is a function or method of an SDK.
type Method struct {
	Pkg  string // relative package path
	Recv string // receiver type name, "" for a function
	Name string
}

// String is how messages name the method: Recv.Name or pkg.Name.
func (m Method) String() string {
	if m.Recv != "" {
		return m.Recv + "." + m.Name
	}
	return m.Pkg + "." + m.Name
}

// Is reports whether fn is m of sdk.
func (m Method) Is(sdk *SDK, fn *types.Func) bool {
	return fn != nil && fn.Name() == m.Name && fn.Pkg() != nil && fn.Pkg().Path() == JoinPath(sdk.Module, m.Pkg) && RecvName(fn) == m.Recv
}

// Positional is an SDK function or method whose arguments feed params
// fields, like mcp-go's RequestURLElicitation.
type Positional struct {
	Pkg  string // relative package path
	Recv string // receiver type name, "" for a function
	Name string
	// Args maps an argument index (receiver excluded) to a params field.
	Args map[int]string
	// Mode is the mode the call always uses.
	Mode string
}

// Field names, the same in every supported SDK: of the result, and of the
// params.
const (
	FieldAction  = "Action"
	FieldContent = "Content"
	FieldMeta    = "Meta" // go-sdk's result has it; project mirrors copy it

	FieldMessage = "Message"
	FieldMode    = "Mode"
	FieldURL     = "URL"
	FieldID      = "ElicitationID"
	FieldSchema  = "RequestedSchema"
)

// knownSDKs is the table. Versions: go-sdk v1.0–v1.8 (Mode, URL and
// ElicitationID from v1.2), mcp-go v0.40–v1.2.1 (Mode, URL and ElicitationID
// from v0.44). Field sets that an older version lacks simply never appear in
// its users' literals.
var knownSDKs = []*SDK{
	{
		Name:         "go-sdk",
		Module:       "github.com/modelcontextprotocol/go-sdk",
		TypesPkg:     "mcp",
		ServerPkg:    "mcp",
		ParamsType:   "ElicitParams",
		ResultTypes:  []string{"ElicitResult"},
		ActionField:  FieldAction,
		ContentField: FieldContent,
		ContentIsMap: true,
		InferURLMode: true,
		URLErrorFunc: "URLElicitationRequiredError",
		RoundTrip: &RoundTrip{
			Marker: "InputRequestMap",
			Kinds: []*RequestKind{
				{
					Kind:    KindElicitation,
					Direct:  []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "Elicit"}},
					Params:  []string{"ElicitParams"},
					Answer:  "ElicitResult",
					Results: []string{"ElicitResult"},
					// ServerSession.Elicit (v1.8.0 mcp/server.go): on
					// accept with content, Resolve, Validate ("elicitation
					// result content does not match requested schema")
					// and ApplyDefaults; handleMultiRoundTripResult only
					// decodes.
					Validated: &Validation{
						SchemaField: "RequestedSchema", SchemaPkg: "github.com/google/jsonschema-go/jsonschema", Schema: "Schema",
						Invalid:  "elicitation result content does not match requested schema: ",
						Defaults: "failed to apply schema defaults to elicitation result: ",
					},
				},
				{
					Kind: KindSampling,
					Direct: []Method{
						{Pkg: "mcp", Recv: "ServerSession", Name: "CreateMessage"},
						{Pkg: "mcp", Recv: "ServerSession", Name: "CreateMessageWithTools"},
					},
					Deprecated: true,
					Params:     []string{"CreateMessageParams", "CreateMessageWithToolsParams"},
					// unmarshalInputResponse, and the bridge for older
					// clients calls CreateMessageWithTools.
					Answer:  "CreateMessageWithToolsResult",
					Results: []string{"CreateMessageResult", "CreateMessageWithToolsResult"},
					// What ServerSession.CreateMessage does with the
					// answer it gets.
					Downconvert: &Downconvert{
						Fields:  []string{"Meta", "Model", "Role", "StopReason"},
						List:    "Content",
						TooMany: "CreateMessage result has %d content blocks; use CreateMessageWithTools for multiple content",
					},
				},
				{
					Kind:       KindRoots,
					Direct:     []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "ListRoots"}},
					Deprecated: true,
					Params:     []string{"ListRootsParams"},
					Answer:     "ListRootsResult",
					Results:    []string{"ListRootsResult"},
				},
			},
			Refusal:               `fails with "cannot be sent while serving a request on protocol version 2026-07-28"`,
			RequestMap:            "InputRequestMap",
			ResponseMap:           "InputResponseMap",
			ResponseIface:         "InputResponse",
			Results:               map[string][]string{"CallToolResult": {"Content", "StructuredContent"}, "GetPromptResult": {"Messages"}, "ReadResourceResult": {"Contents"}},
			Placeholders:          map[string]Placeholder{"ReadResourceResult": {Field: "Contents", Elem: "ResourceContents", Ptr: true}},
			StateNeedsRequests:    true,
			RequestsField:         "InputRequests",
			ResponsesField:        "InputResponses",
			Removed:               []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "NotifyElicitationComplete"}},
			HandlerTypes:          []string{"MethodHandler"},
			BridgeValidatesSchema: true,
			PureMethods:           []string{"ServerRequest", "CallToolParamsRaw", "GetPromptParams", "ReadResourceParams", "RequestExtra"},
			ToolRequest:           "CallToolRequest",
			ToolRequestPtr:        true,
			ToolResult:            "CallToolResult",
			ParamsField:           "Params",
		},
	},
	{
		Name:              "mcp-go",
		Module:            "github.com/mark3labs/mcp-go",
		TypesPkg:          "mcp",
		ServerPkg:         "server",
		ParamsType:        "ElicitationParams",
		ResultTypes:       []string{"ElicitationResult", "ElicitationResponse"},
		ActionField:       FieldAction,
		ContentField:      FieldContent,
		ResponseType:      "ElicitationResponse",
		ActionConstPrefix: "ElicitationResponseAction",
		FormNeedsSchema:   true,
		URLNeedsID:        true,
		URLErrorType:      "URLElicitationRequiredError",
		URLErrorField:     "Elicitations",
		Positional: []Positional{{
			Pkg:  "server",
			Recv: "MCPServer",
			Name: "RequestURLElicitation",
			Args: map[int]string{2: FieldID, 3: FieldURL, 4: FieldMessage},
			Mode: "url",
		}},
		RoundTrip: &RoundTrip{
			Marker: "InputRequestBuilder",
			Kinds: []*RequestKind{
				{
					Kind: KindElicitation,
					Direct: []Method{
						{Pkg: "server", Recv: "MCPServer", Name: "RequestElicitation"},
						{Pkg: "server", Recv: "MCPServer", Name: "RequestURLElicitation"},
					},
					Unstopped:       []Method{{Pkg: "server", Recv: "SessionWithElicitation", Name: "RequestElicitation"}},
					Results:         []string{"ElicitationResult"},
					ParamsOfRequest: "Params",
					BuilderMethod:   "Elicit",
					ResponseFunc:    "ElicitationResponse",
					RawField:        "Elicitation",
					Constructor:     "NewElicitationInputRequest",
				},
				{
					Kind:            KindSampling,
					Direct:          []Method{{Pkg: "server", Recv: "MCPServer", Name: "RequestSampling"}},
					Unstopped:       []Method{{Pkg: "server", Recv: "SessionWithSampling", Name: "RequestSampling"}},
					Deprecated:      true,
					Results:         []string{"CreateMessageResult"},
					ParamsOfRequest: "CreateMessageParams",
					BuilderMethod:   "Sample",
					ResponseFunc:    "SamplingResponse",
					RawField:        "Sampling",
					Constructor:     "NewSamplingInputRequest",
					// DecodeFor unmarshals Content as map[string]any; the
					// bridge for older clients parses it into TextContent.
					ContentParser: "ParseSamplingContent",
				},
				{
					Kind:          KindRoots,
					Direct:        []Method{{Pkg: "server", Recv: "MCPServer", Name: "RequestRoots"}},
					Unstopped:     []Method{{Pkg: "server", Recv: "SessionWithRoots", Name: "ListRoots"}},
					Deprecated:    true,
					Results:       []string{"ListRootsResult"},
					BuilderMethod: "Roots",
					ResponseFunc:  "RootsResponse",
					RawField:      "Roots",
					Constructor:   "NewRootsInputRequest",
				},
			},
			Refusal:         "returns ErrServerInitiatedRequestUnsupported",
			RequestMap:      "InputRequests",
			ResponseMap:     "InputResponses",
			ResponseStruct:  "InputResponse",
			DecodeMethod:    "DecodeFor",
			AnyResponseFunc: "InputResponse",
			Builder:         "InputRequestBuilder",
			NewBuilder:      "NewInputRequestBuilder",
			Finishers:       map[string]string{"CallToolResult": "ToolResult", "GetPromptResult": "PromptResult", "ReadResourceResult": "ResourceResult"},
			Results:         map[string][]string{"CallToolResult": nil, "GetPromptResult": nil, "ReadResourceResult": nil},
			ResultsEmbed:    "MultiRoundTripResult",
			RequestsField:   "InputRequests",
			ResponsesField:  "InputResponses",
			ResultTypeField: "ResultType",
			ResultTypeConst: "ResultTypeInputRequired",
			ResultEmbed:     "Result",
			Removed:         []Method{{Pkg: "server", Recv: "MCPServer", Name: "SendElicitationComplete"}},
			HandlerTypes:    []string{"ToolHandlerFunc", "PromptHandlerFunc"},
			PureMethods:     []string{"CallToolRequest", "CallToolParams", "GetPromptRequest", "ReadResourceRequest"},
			PureFuncs:       []string{"ClientSessionFromContext", "ServerFromContext"},
			InProcess: []Method{
				{Pkg: "client", Name: "NewInProcessClient"},
				{Pkg: "client", Name: "NewInProcessClientWithOptions"},
				{Pkg: "client", Name: "NewInProcessClientWithSamplingHandler"},
				{Pkg: "client", Name: "NewInProcessClientWithElicitationHandler"},
			},
			ModeConsts:      map[string]string{ModeForm: "ElicitationModeForm", ModeURL: "ElicitationModeURL"},
			ToolRequest:     "CallToolRequest",
			ToolResult:      "CallToolResult",
			ParamsField:     "Params",
			ParamsOfRequest: "Params",
		},
	},
}

func (s *SDK) TypesPath() string { return JoinPath(s.Module, s.TypesPkg) }

func (s *SDK) ServerPath() string { return JoinPath(s.Module, s.ServerPkg) }

func JoinPath(mod, rel string) string {
	if rel == "" || rel == "." {
		return mod
	}
	return mod + "/" + rel
}

// Set maps package paths to SDK entries, including forks.
type Set struct {
	ByPkg map[string]*SDK // types or server package path → SDK
	All   []*SDK          // every entry, forks included
	mods  []string        // module paths, for the import prefilter
}

// NewSet builds the lookup table for the known SDKs plus forks given as
// "module=sdk-name" pairs.
func NewSet(forks []string) (*Set, error) {
	set := &Set{ByPkg: map[string]*SDK{}}
	add := func(s *SDK) {
		set.All = append(set.All, s)
		set.ByPkg[s.TypesPath()] = s
		set.ByPkg[s.ServerPath()] = s
		for _, p := range s.Positional {
			set.ByPkg[JoinPath(s.Module, p.Pkg)] = s
		}
		set.mods = append(set.mods, s.Module)
	}
	for _, s := range knownSDKs {
		add(s)
	}
	for _, f := range forks {
		mod, name, ok := strings.Cut(f, "=")
		mod, name = strings.TrimSpace(mod), strings.TrimSpace(name)
		if !ok || mod == "" || name == "" {
			return nil, fmt.Errorf("invalid -forks entry %q: want module=sdk, e.g. github.com/acme/mcp-go=mcp-go", f)
		}
		base := Lookup(name)
		if base == nil {
			return nil, fmt.Errorf("invalid -forks entry %q: unknown sdk %q (known: %s)", f, name, strings.Join(Names(), ", "))
		}
		fork := *base
		fork.Module = mod
		add(&fork)
	}
	sort.Strings(set.mods)
	return set, nil
}

// SetFor returns the SDK table for the -forks value, built once per value
// rather than once per package (the standalone driver runs many passes).
func SetFor(forks []string) (*Set, error) {
	key := strings.Join(forks, ",")
	sdkCache.Lock()
	defer sdkCache.Unlock()
	if sdkCache.set != nil && sdkCache.key == key {
		return sdkCache.set, nil
	}
	set, err := NewSet(forks)
	if err != nil {
		return nil, err
	}
	sdkCache.key, sdkCache.set = key, set
	return set, nil
}

var sdkCache struct {
	sync.Mutex
	key string
	set *Set
}

func Lookup(name string) *SDK {
	for _, s := range knownSDKs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func Names() []string {
	var names []string
	for _, s := range knownSDKs {
		names = append(names, s.Name)
	}
	return names
}

func (s *Set) IsSDKPath(path string) bool {
	for _, m := range s.mods {
		// path is m, or m followed by "/": no concatenation, this runs
		// for every import of every package.
		if rest, ok := strings.CutPrefix(path, m); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// OfPkg returns the SDK whose module holds the package of obj, or nil.
func (s *Set) OfPkg(obj types.Object) *SDK {
	if tn, ok := obj.(*types.TypeName); ok && tn == nil {
		return nil // NamedObj of a type without a name
	}
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	return s.ByPkg[obj.Pkg().Path()]
}

func (s *Set) ByModule(mod string) *SDK {
	for _, sdk := range s.ByPkg {
		if sdk.Module == mod {
			return sdk
		}
	}
	return nil
}

// NamedIn returns the SDK whose types package declares t (or *t) under
// one of names.
func (s *Set) NamedIn(t types.Type, names func(*SDK) []string) *SDK {
	if sdk := s.InTypes(t); sdk != nil && slices.Contains(names(sdk), NamedObj(t).Name()) {
		return sdk
	}
	return nil
}

// InTypes returns the SDK whose types package declares t (or *t).
func (s *Set) InTypes(t types.Type) *SDK {
	obj := NamedObj(t)
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	if sdk := s.ByPkg[obj.Pkg().Path()]; sdk != nil && obj.Pkg().Path() == sdk.TypesPath() {
		return sdk
	}
	return nil
}

// Params returns the SDK when t is its params type (value or pointer).
func (s *Set) Params(t types.Type) *SDK {
	return s.NamedIn(t, func(sdk *SDK) []string { return []string{sdk.ParamsType} })
}

// Result returns the SDK when t is one of its result types.
func (s *Set) Result(t types.Type) *SDK {
	return s.NamedIn(t, func(sdk *SDK) []string { return sdk.ResultTypes })
}

// isURLErrorCall reports a call of sdk's URLErrorFunc.
func (sdk *SDK) IsURLErrorFunc(fn *types.Func) bool {
	return sdk.URLErrorFunc != "" && isPkgFunc(fn, sdk.TypesPath(), sdk.URLErrorFunc)
}

// IsURLErrorType reports sdk's URLErrorType (or a pointer to it).
func (sdk *SDK) IsURLErrorType(t types.Type) bool {
	return sdk.URLErrorType != "" && IsNamed(t, sdk.TypesPath(), sdk.URLErrorType)
}

// IsActionConst reports whether c is one of sdk's action constants.
func (sdk *SDK) IsActionConst(c *types.Const) bool {
	return sdk.ActionConstPrefix != "" && c.Pkg() != nil && c.Pkg().Path() == sdk.TypesPath() &&
		strings.HasPrefix(c.Name(), sdk.ActionConstPrefix)
}

// ActionConstName spells action a as sdk's constant (without package).
func (sdk *SDK) ActionConstName(a string) string {
	return sdk.ActionConstPrefix + strings.ToUpper(a[:1]) + a[1:]
}

// field selects name from a result value x: x.Name, or for SDKs whose
// result embeds ResponseType, x.ResponseType.Name. It returns the
// expression the field is selected from (x), or nil when sel is not such
// a selection.
func (sdk *SDK) ResultOperand(sel *ast.SelectorExpr, name string) ast.Expr {
	if sel.Sel.Name != name {
		return nil
	}
	x := ast.Unparen(sel.X)
	if inner, ok := x.(*ast.SelectorExpr); ok && sdk.ResponseType != "" && inner.Sel.Name == sdk.ResponseType {
		x = ast.Unparen(inner.X)
	}
	return x
}

// NamedObj returns the type name of t or *t, if it is a defined type.
func NamedObj(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// IsNamed reports whether t (or *t) is the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	obj := NamedObj(t)
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

func isPkgFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Name() == name && fn.Pkg() != nil && fn.Pkg().Path() == path &&
		fn.Type().(*types.Signature).Recv() == nil
}

func RecvName(fn *types.Func) string {
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		if obj := NamedObj(recv.Type()); obj != nil {
			return obj.Name()
		}
	}
	return ""
}

// LastElem returns the last element of a package path: the name the
// package is imported under by default.
func LastElem(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
}

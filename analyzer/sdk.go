package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strings"
	"sync"
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
	// Direct are the server-initiated requests those versions refuse, with
	// the name users know them by and what the SDK answers.
	Direct []Method
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
	// whose field RawField stays nil until DecodeMethod runs on it.
	ResponseStruct, RawField, DecodeMethod string
	// ResponseFuncs are functions in ServerPkg that take the answers and a
	// key (argument 1) and return one answer; ElicitResponseFunc is the
	// one that returns an elicitation result (mcp-go).
	ResponseFuncs      []string
	ElicitResponseFunc string
	// Builder is a type in ServerPkg whose BuilderMethods take a key
	// (argument 0) and add a request; ElicitMethod is the one that adds
	// elicitation params (argument 1), Finishers turn the builder into a
	// result, and NewBuilder makes one (mcp-go).
	Builder, ElicitMethod, NewBuilder string
	BuilderMethods, Finishers         []string
	// Constructor is a function in TypesPkg that wraps elicitation params
	// as one request (mcp-go's NewElicitationInputRequest).
	Constructor string
	// Results are the result types in TypesPkg that may carry requests,
	// with, for each, the fields that must stay empty when they do (the
	// SDK rejects a result with both); ResultsEmbed is the struct they embed
	// that holds InputRequests, if any (mcp-go).
	Results      map[string][]string
	ResultsEmbed string
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

// is reports whether fn is m of sdk.
func (m Method) is(sdk *SDK, fn *types.Func) bool {
	return fn != nil && fn.Name() == m.Name && fn.Pkg() != nil && fn.Pkg().Path() == joinPath(sdk.Module, m.Pkg) && recvName(fn) == m.Recv
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
	fieldAction  = "Action"
	fieldContent = "Content"
	fieldMeta    = "Meta" // go-sdk's result has it; project mirrors copy it

	fieldMessage = "Message"
	fieldMode    = "Mode"
	fieldURL     = "URL"
	fieldID      = "ElicitationID"
	fieldSchema  = "RequestedSchema"
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
		ActionField:  fieldAction,
		ContentField: fieldContent,
		ContentIsMap: true,
		InferURLMode: true,
		URLErrorFunc: "URLElicitationRequiredError",
		RoundTrip: &RoundTrip{
			Marker:         "InputRequestMap",
			Direct:         []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "Elicit"}},
			Refusal:        `fails with "cannot be sent while serving a request on protocol version 2026-07-28"`,
			RequestMap:     "InputRequestMap",
			ResponseMap:    "InputResponseMap",
			ResponseIface:  "InputResponse",
			Results:        map[string][]string{"CallToolResult": {"Content", "StructuredContent"}, "GetPromptResult": {"Messages"}, "ReadResourceResult": {"Contents"}},
			RequestsField:  "InputRequests",
			ResponsesField: "InputResponses",
			Removed:        []Method{{Pkg: "mcp", Recv: "ServerSession", Name: "NotifyElicitationComplete"}},
			ToolRequest:    "CallToolRequest",
			ToolRequestPtr: true,
			ToolResult:     "CallToolResult",
			ParamsField:    "Params",
		},
	},
	{
		Name:              "mcp-go",
		Module:            "github.com/mark3labs/mcp-go",
		TypesPkg:          "mcp",
		ServerPkg:         "server",
		ParamsType:        "ElicitationParams",
		ResultTypes:       []string{"ElicitationResult", "ElicitationResponse"},
		ActionField:       fieldAction,
		ContentField:      fieldContent,
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
			Args: map[int]string{2: fieldID, 3: fieldURL, 4: fieldMessage},
			Mode: "url",
		}},
		RoundTrip: &RoundTrip{
			Marker: "InputRequestBuilder",
			Direct: []Method{
				{Pkg: "server", Recv: "MCPServer", Name: "RequestElicitation"},
				{Pkg: "server", Recv: "MCPServer", Name: "RequestURLElicitation"},
			},
			Refusal:            "returns ErrServerInitiatedRequestUnsupported",
			RequestMap:         "InputRequests",
			ResponseMap:        "InputResponses",
			ResponseStruct:     "InputResponse",
			RawField:           "Elicitation",
			DecodeMethod:       "DecodeFor",
			ResponseFuncs:      []string{"ElicitationResponse", "SamplingResponse", "RootsResponse", "InputResponse"},
			ElicitResponseFunc: "ElicitationResponse",
			Builder:            "InputRequestBuilder",
			ElicitMethod:       "Elicit",
			NewBuilder:         "NewInputRequestBuilder",
			BuilderMethods:     []string{"Elicit", "Sample", "Roots"},
			Finishers:          []string{"ToolResult", "PromptResult", "ResourceResult"},
			Constructor:        "NewElicitationInputRequest",
			Results:            map[string][]string{"CallToolResult": nil, "GetPromptResult": nil, "ReadResourceResult": nil},
			ResultsEmbed:       "MultiRoundTripResult",
			RequestsField:      "InputRequests",
			ResponsesField:     "InputResponses",
			ResultTypeField:    "ResultType",
			ResultTypeConst:    "ResultTypeInputRequired",
			ResultEmbed:        "Result",
			Removed:            []Method{{Pkg: "server", Recv: "MCPServer", Name: "SendElicitationComplete"}},
			ToolRequest:        "CallToolRequest",
			ToolResult:         "CallToolResult",
			ParamsField:        "Params",
			ParamsOfRequest:    "Params",
		},
	},
}

func (s *SDK) typesPath() string  { return joinPath(s.Module, s.TypesPkg) }
func (s *SDK) serverPath() string { return joinPath(s.Module, s.ServerPkg) }

func joinPath(mod, rel string) string {
	if rel == "" || rel == "." {
		return mod
	}
	return mod + "/" + rel
}

// sdkSet maps package paths to SDK entries, including forks.
type sdkSet struct {
	byPkg map[string]*SDK // types or server package path → SDK
	mods  []string        // module paths, for the import prefilter
}

// newSDKSet builds the lookup table for the known SDKs plus forks given as
// "module=sdk-name" pairs.
func newSDKSet(forks []string) (*sdkSet, error) {
	set := &sdkSet{byPkg: map[string]*SDK{}}
	add := func(s *SDK) {
		set.byPkg[s.typesPath()] = s
		set.byPkg[s.serverPath()] = s
		for _, p := range s.Positional {
			set.byPkg[joinPath(s.Module, p.Pkg)] = s
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
		base := lookupSDK(name)
		if base == nil {
			return nil, fmt.Errorf("invalid -forks entry %q: unknown sdk %q (known: %s)", f, name, strings.Join(sdkNames(), ", "))
		}
		fork := *base
		fork.Module = mod
		add(&fork)
	}
	sort.Strings(set.mods)
	return set, nil
}

// sdkSetFor returns the SDK table for the -forks value, built once per value
// rather than once per package (the standalone driver runs many passes).
func sdkSetFor(forks []string) (*sdkSet, error) {
	key := strings.Join(forks, ",")
	sdkCache.Lock()
	defer sdkCache.Unlock()
	if sdkCache.set != nil && sdkCache.key == key {
		return sdkCache.set, nil
	}
	set, err := newSDKSet(forks)
	if err != nil {
		return nil, err
	}
	sdkCache.key, sdkCache.set = key, set
	return set, nil
}

var sdkCache struct {
	sync.Mutex
	key string
	set *sdkSet
}

func lookupSDK(name string) *SDK {
	for _, s := range knownSDKs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func sdkNames() []string {
	var names []string
	for _, s := range knownSDKs {
		names = append(names, s.Name)
	}
	return names
}

func (s *sdkSet) isSDKPath(path string) bool {
	for _, m := range s.mods {
		if path == m || strings.HasPrefix(path, m+"/") {
			return true
		}
	}
	return false
}

// ofPkg returns the SDK whose module holds the package of obj, or nil.
func (s *sdkSet) ofPkg(obj types.Object) *SDK {
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	return s.byPkg[obj.Pkg().Path()]
}

func (s *sdkSet) byModule(mod string) *SDK {
	for _, sdk := range s.byPkg {
		if sdk.Module == mod {
			return sdk
		}
	}
	return nil
}

// namedIn returns the SDK whose types package declares t (or *t) under
// one of names.
func (s *sdkSet) namedIn(t types.Type, names func(*SDK) []string) *SDK {
	obj := namedObj(t)
	if obj == nil || obj.Pkg() == nil {
		return nil
	}
	sdk := s.byPkg[obj.Pkg().Path()]
	if sdk == nil || obj.Pkg().Path() != sdk.typesPath() {
		return nil
	}
	if slices.Contains(names(sdk), obj.Name()) {
		return sdk
	}
	return nil
}

// params returns the SDK when t is its params type (value or pointer).
func (s *sdkSet) params(t types.Type) *SDK {
	return s.namedIn(t, func(sdk *SDK) []string { return []string{sdk.ParamsType} })
}

// result returns the SDK when t is one of its result types.
func (s *sdkSet) result(t types.Type) *SDK {
	return s.namedIn(t, func(sdk *SDK) []string { return sdk.ResultTypes })
}

// isURLErrorCall reports a call of sdk's URLErrorFunc.
func (sdk *SDK) isURLErrorFunc(fn *types.Func) bool {
	return sdk.URLErrorFunc != "" && isPkgFunc(fn, sdk.typesPath(), sdk.URLErrorFunc)
}

// isURLErrorType reports sdk's URLErrorType (or a pointer to it).
func (sdk *SDK) isURLErrorType(t types.Type) bool {
	return sdk.URLErrorType != "" && isNamed(t, sdk.typesPath(), sdk.URLErrorType)
}

// builderMethod reports a method of the round-trip request builder that
// takes a key (mcp-go's (*server.InputRequestBuilder).Elicit, Sample and
// Roots), and whether it adds elicitation params.
func (s *sdkSet) builderMethod(fn *types.Func) (ok, elicit bool) {
	sdk := s.ofPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil || sdk.RoundTrip.Builder == "" || !slices.Contains(sdk.RoundTrip.BuilderMethods, fn.Name()) {
		return false, false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !isNamed(recv.Type(), sdk.serverPath(), sdk.RoundTrip.Builder) {
		return false, false
	}
	return true, fn.Name() == sdk.RoundTrip.ElicitMethod
}

// isRequestConstructor reports the function that wraps params as an input
// request (mcp-go's mcp.NewElicitationInputRequest).
func (s *sdkSet) isRequestConstructor(fn *types.Func) bool {
	sdk := s.ofPkg(fn)
	return sdk != nil && sdk.RoundTrip != nil && sdk.RoundTrip.Constructor != "" && isPkgFunc(fn, sdk.typesPath(), sdk.RoundTrip.Constructor)
}

// responseFunc reports a function that looks a round-trip answer up by key
// (mcp-go's server.ElicitationResponse and its siblings), and whether it
// returns an elicitation result.
func (s *sdkSet) responseFunc(fn *types.Func) (sdk *SDK, elicit bool) {
	sdk = s.ofPkg(fn)
	if sdk == nil || sdk.RoundTrip == nil || fn.Pkg().Path() != sdk.serverPath() || fn.Type().(*types.Signature).Recv() != nil || !slices.Contains(sdk.RoundTrip.ResponseFuncs, fn.Name()) {
		return nil, false
	}
	return sdk, fn.Name() == sdk.RoundTrip.ElicitResponseFunc
}

// isActionConst reports whether c is one of sdk's action constants.
func (sdk *SDK) isActionConst(c *types.Const) bool {
	return sdk.ActionConstPrefix != "" && c.Pkg() != nil && c.Pkg().Path() == sdk.typesPath() &&
		strings.HasPrefix(c.Name(), sdk.ActionConstPrefix)
}

// actionConstName spells action a as sdk's constant (without package).
func (sdk *SDK) actionConstName(a string) string {
	return sdk.ActionConstPrefix + strings.ToUpper(a[:1]) + a[1:]
}

// field selects name from a result value x: x.Name, or for SDKs whose
// result embeds ResponseType, x.ResponseType.Name. It returns the
// expression the field is selected from (x), or nil when sel is not such
// a selection.
func (sdk *SDK) resultOperand(sel *ast.SelectorExpr, name string) ast.Expr {
	if sel.Sel.Name != name {
		return nil
	}
	x := ast.Unparen(sel.X)
	if inner, ok := x.(*ast.SelectorExpr); ok && sdk.ResponseType != "" && inner.Sel.Name == sdk.ResponseType {
		x = ast.Unparen(inner.X)
	}
	return x
}

// namedObj returns the type name of t or *t, if it is a defined type.
func namedObj(t types.Type) *types.TypeName {
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

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	obj := namedObj(t)
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

func isPkgFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Name() == name && fn.Pkg() != nil && fn.Pkg().Path() == path &&
		fn.Type().(*types.Signature).Recv() == nil
}

func recvName(fn *types.Func) string {
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		if obj := namedObj(recv.Type()); obj != nil {
			return obj.Name()
		}
	}
	return ""
}

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

	// The 2026-07-28 round trip.
	//
	// RequestBuilder is a type in ServerPkg whose method BuilderMethod
	// files params under a key: builder.Elicit("key", params) (mcp-go).
	RequestBuilder, BuilderMethod string
	// RequestConstructor is a function in TypesPkg that wraps params as
	// one input request (mcp-go's NewElicitationInputRequest).
	RequestConstructor string
	// ResponseFunc is a function in ServerPkg that looks an answer up by
	// key: ElicitationResponse(responses, "key") (mcp-go).
	ResponseFunc string
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

// Params field names, the same in every supported SDK.
const (
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
		ActionField:  "Action",
		ContentField: "Content",
		ContentIsMap: true,
		InferURLMode: true,
		URLErrorFunc: "URLElicitationRequiredError",
	},
	{
		Name:              "mcp-go",
		Module:            "github.com/mark3labs/mcp-go",
		TypesPkg:          "mcp",
		ServerPkg:         "server",
		ParamsType:        "ElicitationParams",
		ResultTypes:       []string{"ElicitationResult", "ElicitationResponse"},
		ActionField:       "Action",
		ContentField:      "Content",
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
		RequestBuilder:     "InputRequestBuilder",
		BuilderMethod:      "Elicit",
		RequestConstructor: "NewElicitationInputRequest",
		ResponseFunc:       "ElicitationResponse",
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
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	sdk := s.byPkg[n.Obj().Pkg().Path()]
	if sdk == nil || n.Obj().Pkg().Path() != sdk.typesPath() {
		return nil
	}
	if slices.Contains(names(sdk), n.Obj().Name()) {
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

// isBuilderMethod reports the round-trip builder's method that files params
// under a key (mcp-go's (*server.InputRequestBuilder).Elicit).
func (s *sdkSet) isBuilderMethod(fn *types.Func) bool {
	sdk := s.ofPkg(fn)
	if sdk == nil || sdk.RequestBuilder == "" || fn.Name() != sdk.BuilderMethod {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	return recv != nil && isNamed(recv.Type(), sdk.serverPath(), sdk.RequestBuilder)
}

// isRequestConstructor reports the function that wraps params as an input
// request (mcp-go's mcp.NewElicitationInputRequest).
func (s *sdkSet) isRequestConstructor(fn *types.Func) bool {
	sdk := s.ofPkg(fn)
	return sdk != nil && sdk.RequestConstructor != "" && isPkgFunc(fn, sdk.typesPath(), sdk.RequestConstructor)
}

// isResponseFunc reports the function that looks a round-trip answer up by
// key (mcp-go's server.ElicitationResponse).
func (s *sdkSet) isResponseFunc(fn *types.Func) bool {
	sdk := s.ofPkg(fn)
	return sdk != nil && sdk.ResponseFunc != "" && isPkgFunc(fn, sdk.serverPath(), sdk.ResponseFunc)
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

// isNamed reports whether t (or *t) is the named type path.name.
func isNamed(t types.Type, path, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

func isPkgFunc(fn *types.Func, path, name string) bool {
	return fn != nil && fn.Name() == name && fn.Pkg() != nil && fn.Pkg().Path() == path &&
		fn.Type().(*types.Signature).Recv() == nil
}

func recvName(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

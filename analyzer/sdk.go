package analyzer

import (
	"fmt"
	"sort"
	"strings"
)

// SDK describes what one MCP SDK's elicitation API looks like. Everything
// elicitlint knows about an SDK is in this table; adding an SDK means adding
// an entry, and a fork of an existing SDK is the same entry under another
// module path (see the -forks flag).
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
	// has the fields ActionField and ContentField (possibly promoted).
	ResultTypes  []string
	ActionField  string
	ContentField string
	// ContentIsMap is true when Content is map[string]any (go-sdk); false
	// when it is any (mcp-go), usually asserted to map[string]any first.
	ContentIsMap bool

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
		Name:            "mcp-go",
		Module:          "github.com/mark3labs/mcp-go",
		TypesPkg:        "mcp",
		ServerPkg:       "server",
		ParamsType:      "ElicitationParams",
		ResultTypes:     []string{"ElicitationResult", "ElicitationResponse"},
		ActionField:     "Action",
		ContentField:    "Content",
		FormNeedsSchema: true,
		URLNeedsID:      true,
		URLErrorType:    "URLElicitationRequiredError",
		URLErrorField:   "Elicitations",
		Positional: []Positional{{
			Pkg:  "server",
			Recv: "MCPServer",
			Name: "RequestURLElicitation",
			Args: map[int]string{2: fieldID, 3: fieldURL, 4: fieldMessage},
			Mode: "url",
		}},
	},
}

// sdkSet maps package paths to SDK entries, including forks.
type sdkSet struct {
	byPkg map[string]*SDK // types or server package path → SDK
	mods  []string        // module paths, for the import prefilter
}

func (s *SDK) typesPath() string  { return joinPath(s.Module, s.TypesPkg) }
func (s *SDK) serverPath() string { return joinPath(s.Module, s.ServerPkg) }

func joinPath(mod, rel string) string {
	if rel == "" || rel == "." {
		return mod
	}
	return mod + "/" + rel
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

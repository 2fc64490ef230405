package model

import (
	"go/types"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/goschema"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// Model is the model of one package: the package, its types, the SDK
// table and the settings; what discovery found in it and what the
// summaries tell other packages; its suppression directives.
type Model struct {
	*source.Package
	Cfg *config.Settings
	D   *Discovery
	Sum *summaries
	// Dirs are the package's suppression directives.
	Dirs *report.Directives
	// imported are the packages the package imports, directly or through
	// an SDK, by path (see lookupSDK); callIx is the package's call index
	// (see calls). Both are built on first need.
	imported map[string]*types.Package
	callIx   *callIndex
	// projectTypes are the result-like types met so far (nil: not one).
	projectTypes map[*types.TypeName]*mcpsdk.SDK
}

// BuildModel discovers the package's elicitations and summarises it; nil
// when the package can hold no elicitation.
func BuildModel(pass *analysis.Pass, cfg *config.Settings) (*Model, error) {
	sdks, err := mcpsdk.SetFor(cfg.Forks.ListValue)
	if err != nil {
		return nil, err
	}
	pc := &Model{Package: &source.Package{Pass: pass, Info: pass.TypesInfo, SDKs: sdks}, Cfg: cfg, projectTypes: map[*types.TypeName]*mcpsdk.SDK{}}
	// The SDKs' own packages implement the protocol (their client calls
	// the elicitation handler, their bridge for older clients makes the
	// direct requests): they are not elicitation code to check. Their
	// examples, in other packages of the same module, are.
	if !pc.relevant() || sdks.ByPkg[pass.Pkg.Path()] != nil {
		return nil, nil
	}
	pc.Dirs = report.ParseDirectives(pc.Package, cfg.Disable)
	pc.D = discover(pc)
	pc.Sum = summarise(pc, pc.D)
	return pc, nil
}

// summaries are what this package tells others, each exported as a fact.
type summaries struct {
	resultTypes *resultTypes
	wrappers    *wrapperSummary
	Schemas     *schemaSummary
	Handlers    *handlerSummary
	Readers     *contentReaders
	Gates       map[*types.Func]*flow.GateFact
}

func summarise(pc *Model, d *Discovery) *summaries {
	s := &summaries{}
	s.resultTypes = summariseResultTypes(pc, d)
	s.wrappers = summariseWrappers(pc, d)
	s.Schemas = summariseSchemas(pc)
	s.Handlers = summariseHandlers(pc)
	s.Readers = summariseContentReads(pc, s.Handlers.Cands, s.Schemas)
	s.Gates = summariseGates(pc, s.Handlers.Cands)
	summariseMessages(pc, d)
	return s
}

// relevant reports whether the package can hold an elicitation: it imports
// an SDK, or imports a package whose API mentions one (the export data of an
// imported package lists every package its API refers to), or some
// dependency has a fact, or it declares the protocol's three actions, or a
// type shaped like an SDK's result that its API returns. Every other
// package is skipped before any walk, which keeps elicitlint near the cost
// of type checking on code that has nothing to do with MCP.
func (pc *Model) relevant() bool {
	for _, imp := range pc.Pass.Pkg.Imports() {
		if pc.SDKs.IsSDKPath(imp.Path()) || imp.Path() == goschema.JSONSchemaPkg {
			return true // an SDK, or jsonschema-go (schemas for other packages)
		}
		for _, imp2 := range imp.Imports() {
			if pc.SDKs.IsSDKPath(imp2.Path()) {
				return true
			}
		}
	}
	// A package that mirrors the protocol's actions declares result-like
	// types for the packages that use it (see summary_resulttypes.go).
	return len(pc.Pass.AllObjectFacts()) > 0 || declaresActions(pc) || len(declaredMirrors(pc)) > 0
}

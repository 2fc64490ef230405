// Package model is elicitlint's model of a package, and the analyzer
// that builds it (elicitmodel): the first two stages of the pipeline.
//
//   - discover (discover.go, sites.go): one walk over the package's syntax
//     finds every elicitation request (params literals, calls of
//     wrappers), every answer (values of the SDKs' result types and of
//     result-like project types) and the places of the 2026-07-28 round
//     trip, by type; ifaces.go adds the direct requests made through
//     interfaces the package declares (internal/ifaces).
//   - summarise (summary_*.go): what other packages need to know about
//     this one, each summary exporting its own fact: result-like types and
//     functions that return an action (summary_resulttypes.go), wrappers
//     (summary_wrappers.go), schemas and their findings
//     (summary_schemas.go), result handlers (summary_handlers.go), Content
//     readers (summary_contentreads.go), error gates (summary_gates.go),
//     decisions made from a request (summary_decisions.go) and messages
//     built for other packages (summary_messages.go).
//
// handlers.go tells which functions are MCP handlers and which handlers
// reach a function. The analyzer's Result is the Model, which the checks
// read and never change; what it computes on first need is safe for the
// checks' analyzers, which run in parallel. Every fact is the model's.
//
// It uses internal/source, internal/ifaces, internal/flow, internal/mcpsdk,
// internal/config, internal/report (the directives, read once) and the
// schema readers (internal/goschema, internal/schema); no check.
package model

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"sync"

	"github.com/elicitlint/elicitlint/internal/answers"
	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/duties"
	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/flow"
	"github.com/elicitlint/elicitlint/internal/goschema"
	"github.com/elicitlint/elicitlint/internal/ifaces"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/report"
	"github.com/elicitlint/elicitlint/internal/reqstate"
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
	Sum *Summaries
	// Dirs are the package's suppression directives.
	Dirs *report.Directives
	// imported are the packages the package imports, directly or through
	// an SDK, by path (see lookupSDK); callIx is the package's call index
	// (see calls). Both are built on first need.
	importedOnce, callOnce sync.Once
	imported               map[string]*types.Package
	callIx                 *callIndex
	// projectTypes are the result-like types met so far (nil: not one).
	projectTypes map[*types.TypeName]*mcpsdk.SDK
	// duties is what the checks of the round trip's duties read
	// (capabilities.go).
	duties   *duties.Pkg
	reqstate *reqstate.Pkg
	// rewritten are the bodies of the functions whose signatures the
	// round-trip fix changes, with their names (summary_asks.go).
	rewritten map[*ast.BlockStmt]string
}

// Result is the model analyzer's result for one package.
type Result struct {
	// Model is nil when the package can hold no elicitation, and for the
	// SDKs' own packages.
	Model *Model
	// Err is why the model could not be built (a bad setting, an internal
	// error). Every analyzer that reads the model returns it as its own
	// error, so that it is reported with its text whatever analyzers the
	// driver runs.
	Err error
}

// Analyzer is the model analyzer with the default settings,
// config.Default.
var Analyzer = New(config.Default)

// New returns the model analyzer for the settings cfg.
func New(cfg *config.Settings) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "elicitmodel",
		Doc: `discover elicitations and summarise a package for elicitlint's checks

elicitmodel finds every elicitation, sampling and roots request, every
answer and the places of the 2026-07-28 round trip in a package, by type,
and exports what other packages need to know (wrappers, handlers, schemas,
result-like types, gates, messages) as facts. It reports nothing: its
Result is the model the checks read.`,
		URL:        "https://github.com/elicitlint/elicitlint#how-it-works",
		ResultType: reflect.TypeFor[*Result](),
		FactTypes: []analysis.Fact{
			new(WrapperFact), new(HandlerFact), new(SchemaFact), new(ContentReadsFact),
			new(ResultTypeFact), new(ActionFuncFact), new(MessageFact), new(flow.GateFact),
			new(failflow.DecisionFact),
			new(duties.CapabilityFact), new(reqstate.StateFact),
			new(AskGateFact), new(SDKValuesFact), new(effect.Fact), new(ParamCallsFact), new(answers.HelperFact), new(answers.KeyedFact),
		},
		Run: func(pass *analysis.Pass) (any, error) {
			m, err := build(pass, cfg)
			return &Result{Model: m, Err: err}, nil
		},
	}
}

// build discovers the package's elicitations and summarises it; nil when
// the package can hold no elicitation.
func build(pass *analysis.Pass, cfg *config.Settings) (_ *Model, err error) {
	// A bug in elicitlint must not take down the user's whole go vet run:
	// turn a panic into an error for this package.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error analysing %s: %v (please report this at https://github.com/elicitlint/elicitlint/issues)", pass.Pkg.Path(), r)
		}
	}()
	sdks, err := mcpsdk.SetFor(cfg.Forks.ListValue)
	if err != nil {
		return nil, err
	}
	pc := &Model{Package: &source.Package{Pass: pass, Info: pass.TypesInfo, SDKs: sdks, Vouched: cfg.ReplaySafe.Patterns}, Cfg: cfg, projectTypes: map[*types.TypeName]*mcpsdk.SDK{}}
	pc.Package.IfaceValues = ifaces.Values(pc.Package)
	// The SDKs' own packages implement the protocol (their client calls
	// the elicitation handler, their bridge for older clients makes the
	// direct requests): they are not elicitation code to check. Their
	// examples, in other packages of the same module, are.
	if sdks.ByPkg[pass.Pkg.Path()] != nil {
		return nil, nil
	}
	if !pc.relevant() {
		pc.Package.SummariseEffects()
		return nil, nil
	}
	pc.Dirs = report.ParseDirectives(pc.Package, cfg.Disable)
	pc.D = discover(pc)
	pc.Sum = summarise(pc, pc.D)
	// The schema checks' findings, made now so that the checks' analyzers,
	// which run in parallel, only read them (the schema checker annotates
	// the schemas it reads). The migration reads them too.
	for _, c := range []string{config.CheckNested, config.CheckSchema, config.CheckSensitive, config.CheckRoundTrip} {
		if !cfg.Disable[c] {
			pc.Sum.Schemas.Findings(pc)
			break
		}
	}
	// The migration of gates with their callers, planned now because
	// other packages need its facts (summary_asks.go).
	pc.Sum.Asks = summariseAsks(pc)
	// What each function does beyond its frame, decided now for the same
	// reason: the checks read it in parallel (source.JudgeEffects).
	pc.Package.JudgeEffects()
	return pc, nil
}

// Summaries are what this package tells others, each exported as a fact.
type Summaries struct {
	// Answers are the functions that read the answer to the key they are
	// given and say when it is missing (internal/answers).
	Answers     map[*types.Func]*answers.Helper
	resultTypes *resultTypes
	wrappers    *wrapperSummary
	Schemas     *schemaSummary
	Handlers    *handlerSummary
	Readers     *contentReaders
	Gates       map[*types.Func]*flow.GateFact
	Decisions   map[*types.Func]*failflow.DecisionFact
	// Asks is the migration's plan for the gates that ask the client
	// directly and their callers (summary_asks.go).
	Asks AskPlans
}

func summarise(pc *Model, d *Discovery) *Summaries {
	s := &Summaries{}
	// The duties first: the decision summaries below read which calls
	// return what the client declared (failflow.Env.ClientDeclared).
	pc.duties = duties.New(pc.Package, pc)
	pc.reqstate = reqstate.New(pc.Package, pc)
	s.resultTypes = summariseResultTypes(pc, d)
	s.wrappers = summariseWrappers(pc, d)
	s.Schemas = summariseSchemas(pc)
	s.Handlers = summariseHandlers(pc)
	s.Readers = summariseContentReads(pc, s.Handlers.Cands, s.Schemas)
	s.Gates = summariseGates(pc, s.Handlers.Cands)
	s.Decisions = summariseDecisions(pc, d, s.Gates)
	summariseMessages(pc, d)
	var reads []answers.KeyRead
	for _, r := range d.RT.Reads {
		if r.SDK.RoundTrip != nil { // constant keys too: Helpers skips them, KeyedFact needs them
			reads = append(reads, answers.KeyRead{Read: r.AnswerRead(), Fn: r.Fn, SDK: r.SDK.Name})
		}
	}
	var asks []answers.KeyAt // every key, constant ones too: KeyedFact wants only a parameter's
	for _, r := range d.RT.Requests {
		asks = append(asks, answers.KeyAt{Fn: r.Fn, At: r.At})
	}
	s.Answers = answers.Helpers(pc.Package, reads, asks)
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
	return hasModelFacts(pc.Pass) || declaresActions(pc) || len(declaredMirrors(pc)) > 0
}

// hasModelFacts reports whether a dependency has a fact of the model's
// but an effect (every package of the module may have those).
func hasModelFacts(pass *analysis.Pass) bool {
	for _, f := range pass.AllObjectFacts() {
		if _, ok := f.Fact.(*effect.Fact); !ok {
			return true
		}
	}
	return false
}

// AnswerHelper returns the helper fn is (internal/answers): the package's
// own or another package's by its fact; nil when it is none.
func (pc *Model) AnswerHelper(fn *types.Func) *answers.Helper {
	var own map[*types.Func]*answers.Helper
	if pc.Sum != nil {
		own = pc.Sum.Answers
	}
	return answers.Of(pc.Package, own, fn)
}

// Package analyzer is elicitlint: a go/analysis Analyzer that checks
// elicitations in Go MCP server code built on
// github.com/modelcontextprotocol/go-sdk or github.com/mark3labs/mcp-go.
//
// The package is organised as one discovery walk (discover.go) that finds
// every elicitation request and every answer by type, and one file per check
// that reads what the walk found. What the analyzer knows of each SDK is in
// the table in sdk.go.
package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/elicitlint/elicitlint/internal/goschema"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
)

// Check names. They are the diagnostics' Category, the names used by
// suppression directives, -disable and the golangci-lint settings.
const (
	CheckMessage       = "message"
	CheckMode          = "mode"
	CheckElicitationID = "elicitation-id"
	CheckActions       = "actions"
	CheckContent       = "content"
	CheckNested        = "nested"
	CheckSchema        = "schema"
	CheckSensitive     = "sensitive"
	CheckContentSchema = "content-schema"
)

// Checks lists every check in documentation order.
var Checks = []string{
	CheckMessage, CheckMode, CheckElicitationID, CheckActions, CheckContent,
	CheckNested, CheckSchema, CheckSensitive, CheckContentSchema,
}

func isCheck(name string) bool { return slices.Contains(Checks, name) }

// DocPage names the docs/ page of a check: the check's own name, except
// for directive findings, which are explained on the suppression page.
func DocPage(check string) string {
	if check == CheckDirective {
		return "suppression"
	}
	return check
}

func docURL(check string) string { return DocsURL + DocPage(check) + ".md" }

// DocsURL is where each check's page lives; a diagnostic's URL is
// DocsURL + check + ".md".
const DocsURL = "https://github.com/elicitlint/elicitlint/blob/main/docs/"

const doc = `elicitlint: check MCP elicitations in Go server code

elicitlint finds every elicitation a server makes with the go-sdk
(github.com/modelcontextprotocol/go-sdk) or mcp-go (github.com/mark3labs/mcp-go),
including through user wrappers, and checks the request (message, mode, URL,
elicitation ID, requested schema) and the handling of the answer (accept,
decline and cancel each handled; Content read only after accept).

Checks: message, mode, elicitation-id, actions, content, nested, schema,
sensitive, content-schema. Each finding names its check in parentheses;
see https://github.com/elicitlint/elicitlint/tree/main/docs for each one.`

// Analyzer is elicitlint.
var Analyzer = &analysis.Analyzer{
	Name:      "elicitlint",
	Doc:       doc,
	URL:       "https://github.com/elicitlint/elicitlint",
	Run:       run,
	FactTypes: []analysis.Fact{new(wrapperFact), new(handlerFact), new(schemaFact), new(contentReadsFact)},
}

func init() {
	cfg.register(&Analyzer.Flags)
}

// passCtx is one run of the analyzer on one package.
type passCtx struct {
	pass    *analysis.Pass
	info    *types.Info
	inspect *inspector.Inspector
	sdks    *sdkSet
	cfg     *config
	local   map[*types.Func]*wrapperFact
	// localHandlers are this package's functions that fully handle a
	// result passed to them.
	localHandlers map[*types.Func]*handlerFact
	// helperReads are this package's helpers that read a result's Content.
	helperReads map[*types.Func]*contentReadsFact
	// ssa is the package's SSA form, built on first need.
	ssa *ssa.Package
	// flow caches the possible actions per block, per function and result.
	flow map[flowKey]map[*ssa.BasicBlock]actionSet
	// reader reads requested schemas; it caches its readings.
	reader *goschema.Reader
	// diags are reported at the end of the run, in source order, so that
	// output does not depend on the order the checks run in.
	diags []analysis.Diagnostic
	// seen deduplicates findings reported twice at one position.
	seen map[string]bool
	// directives are the package's //elicitlint:ignore comments.
	directives []*directive
}

func run(pass *analysis.Pass) (_ any, err error) {
	// A bug in elicitlint must not take down the user's whole go vet run:
	// turn a panic into an error for this package.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error analysing %s: %v (please report this at https://github.com/elicitlint/elicitlint/issues)", pass.Pkg.Path(), r)
		}
	}()
	sdks, err := sdkSetFor(cfg.forks.listValue)
	if err != nil {
		return nil, err
	}
	pc := &passCtx{pass: pass, info: pass.TypesInfo, sdks: sdks, cfg: cfg, local: map[*types.Func]*wrapperFact{}, seen: map[string]bool{}}
	if !pc.relevant() {
		return nil, nil
	}
	pc.inspect = inspector.New(pass.Files)
	pc.parseDirectives()

	d := discover(pc)
	pc.findWrappers(d)

	checkMessages(pc, d)
	checkModes(pc, d)
	checkElicitationIDs(pc, d)
	pc.exportSchemas()
	checkSchemas(pc, d)
	checkResults(pc, d)
	pc.flush()
	return nil, nil
}

// flush reports the collected diagnostics that no directive suppresses,
// and the directives that suppressed nothing, sorted by position, then
// message.
func (pc *passCtx) flush() {
	kept := pc.diags[:0]
	for _, d := range pc.diags {
		if d.Category == CheckDirective || !pc.suppressed(d) {
			kept = append(kept, d)
		}
	}
	pc.diags = append(kept, pc.unusedDirectives()...)
	sort.SliceStable(pc.diags, func(i, j int) bool {
		a, b := pc.diags[i], pc.diags[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.Message < b.Message
	})
	for _, d := range pc.diags {
		pc.pass.Report(d)
	}
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

// relevant reports whether the package can hold an elicitation: it imports
// an SDK, or imports a package whose API mentions one (the export data of an
// imported package lists every package its API refers to), or some
// dependency has a wrapper or handler fact. Every other package is skipped
// before any walk, which keeps elicitlint near the cost of type checking on
// code that has nothing to do with MCP.
func (pc *passCtx) relevant() bool {
	for _, imp := range pc.pass.Pkg.Imports() {
		if pc.sdks.isSDKPath(imp.Path()) || imp.Path() == goschema.JSONSchemaPkg {
			return true // an SDK, or jsonschema-go (schemas for other packages)
		}
		for _, imp2 := range imp.Imports() {
			if pc.sdks.isSDKPath(imp2.Path()) {
				return true
			}
		}
	}
	return len(pc.pass.AllObjectFacts()) > 0
}

func (s *sdkSet) isSDKPath(path string) bool {
	for _, m := range s.mods {
		if path == m || strings.HasPrefix(path, m+"/") {
			return true
		}
	}
	return false
}

// sdkOfNamed returns the SDK whose types package declares t (or *t) under
// one of names.
func (pc *passCtx) sdkOfNamed(t types.Type, names func(*SDK) []string) *SDK {
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
	sdk := pc.sdks.byPkg[n.Obj().Pkg().Path()]
	if sdk == nil || n.Obj().Pkg().Path() != sdk.typesPath() {
		return nil
	}
	if slices.Contains(names(sdk), n.Obj().Name()) {
		return sdk
	}
	return nil
}

// paramsSDK returns the SDK when t is its params type (value or pointer).
func (pc *passCtx) paramsSDK(t types.Type) *SDK {
	return pc.sdkOfNamed(t, func(s *SDK) []string { return []string{s.ParamsType} })
}

// resultSDK returns the SDK when t is one of its result types.
func (pc *passCtx) resultSDK(t types.Type) *SDK {
	return pc.sdkOfNamed(t, func(s *SDK) []string { return s.ResultTypes })
}

// report records a finding of check at node n. Findings of disabled checks,
// and a second finding with the same text at the same place, are dropped.
func (pc *passCtx) report(check string, n ast.Node, format string, args ...any) {
	pc.reportRange(check, n.Pos(), n.End(), nil, format, args...)
}

func (pc *passCtx) reportRange(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	if pc.cfg.disable[check] || !pos.IsValid() || pc.fileOf(pos) == nil {
		return
	}
	msg := fmt.Sprintf(format, args...) + " (" + check + ")"
	key := fmt.Sprint(pos, msg)
	if pc.seen[key] {
		return
	}
	pc.seen[key] = true
	pc.diags = append(pc.diags, analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       check,
		Message:        msg,
		URL:            docURL(check),
		SuggestedFixes: fixes,
	})
}

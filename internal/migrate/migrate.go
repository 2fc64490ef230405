// Package migrate is the round-trip check's fix: it moves the direct
// (server-initiated) requests of a handler to the 2026-07-28 round trip.
//
//	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{...})
//	if err != nil { return ... }
//
// becomes (go-sdk)
//
//	res, ok := req.Params.InputResponses["key"].(*mcp.ElicitResult)
//	if !ok {
//		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"key": &mcp.ElicitParams{...}}}, zero, nil
//	}
//
// or (mcp-go)
//
//	res := server.ElicitationResponse(request.Params.InputResponses, "key")
//	if res == nil {
//		return server.NewInputRequestBuilder("").Elicit("key", mcp.ElicitationParams{...}).ToolResult(), nil
//	}
//
// The handler then runs twice: once to ask, once with the answer. So the
// fix is offered only when what runs before the request would do nothing
// the second time that anyone could see (see migrate_replay.go). The error
// check after the request goes: the SDK makes the request itself for an
// older client, and its errors reach that client as JSON-RPC errors.
//
// migrate.go plans a handler's migration; migrate_match.go decides whether
// a handler's requests can move and why not; migrate_edit.go writes the
// edits; the goldens of testdata/src/migrate* show every rewrite.
//
// It uses the model (internal/model: the direct requests, the handlers,
// the schema findings it repairs), internal/source and internal/fix; no
// check.
package migrate

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// migration is the fix of one handler: all its direct requests, moved to
// the round trip together, or why they cannot be.
type migration struct {
	mod  *model.Model
	sdk  *mcpsdk.SDK
	fn   ast.Node
	body *ast.BlockStmt
	sig  *types.Signature
	file *ast.File
	// result is the name of the handler's result type in the SDK's types
	// package (CallToolResult, GetPromptResult, ReadResourceResult).
	result string
	// req is the name of the handler's request parameter, param the
	// parameter's field, and rename is set when the parameter has no
	// usable name and the fix gives it req.
	req    string
	param  *ast.Field
	rename bool
	// ctxName is the name of the handler's context.Context parameter
	// (the capability guard of mcp-go reads it), ctxParam the parameter,
	// and ctxRename set when the fix names it.
	ctxName   string
	ctxParam  *ast.Field
	ctxRename bool
	// capsName is the variable the guard reads the capabilities into.
	capsName string
	// safe, when set, tells the nodes that are replay-safe once the fix is
	// applied (the calls of a chain's functions, see chain.safeCall).
	safe func(ast.Node) bool
	// gate is set when the function is a gate migrated with its callers
	// (migrate_gate.go): its key is a parameter and its return that asks
	// returns its other results too.
	gate *gateBody
	asks []*ask
	// deleted are statements the fix removes because they only served the
	// direct requests (serverFromCtx := server.ServerFromContext(ctx)),
	// and blanks the variables it turns into _ for the same reason.
	deleted []ast.Stmt
	blanks  []*ast.Ident
	// imports are the names the file imports packages under, by path;
	// importEdits add the ones it lacks; importBlocked is a path whose
	// name is taken in the file.
	imports       map[string]string
	importEdits   []analysis.TextEdit
	importBlocked string
	// check is the package's answer check (see answerCheck), checkMade
	// set once it is looked for; unchecked says why an answer that the
	// direct request checked is not.
	check     *fix.AnswerCheck
	checkMade bool
	unchecked string
	// reads are the calls on the way to the requests that only read, and
	// run again on the call that brings the answer.
	reads []*ast.CallExpr

	fixes []analysis.SuggestedFix
	why   string
}

// ask is one direct request of a handler.
type ask struct {
	dc *model.DirectCall
	// stmt is the statement making the request (res, err := call, or the
	// call alone), in list, a statement list of the handler.
	stmt ast.Stmt
	list []ast.Stmt
	// res is the answer's variable ("" when discarded); err the error's,
	// checked by errIf (nil when discarded).
	res, errName string
	resVar       *types.Var
	errVar       *types.Var
	errIf        *ast.IfStmt
	// errTest and errRest are set when errIf tests more than the error
	// (err != nil || rest): the fix deletes errTest and the || after it.
	errTest *ast.BinaryExpr
	errRest ast.Expr
	// errPre is an if right before errIf that tests the error for a
	// sentinel of the SDK or the package and leaves (if errors.Is(err,
	// server.ErrElicitationNotSupported) { return ... }); it moves with
	// errIf.
	errPre *ast.IfStmt
	// initIf is the if whose init statement makes the request (if res,
	// err := call; err == nil { ... } else { ... }), with stmt that if;
	// errBranch is its block that runs when the request fails (nil: none)
	// and okBranch the block that runs with the answer (nil: none, or an
	// else if).
	initIf              *ast.IfStmt
	errBranch, okBranch *ast.BlockStmt
	// params is the params expression kept in place, or paramsText the
	// params written out (nil params, positional arguments, a request
	// value's field).
	params     ast.Expr
	paramsText string
	key        string
	// schema names what the answer is checked against once it is looked
	// up, as the direct request checked it ("" when it is not).
	schema string
	// answerVar holds the answer when the fix builds the direct request's
	// result type from it (see downconverts).
	answerVar string
	// repairs are the edits that repair the requested schema where the
	// SDK would reject it (see matchSchema).
	repairs []analysis.TextEdit
	// pass says that stmt returns the request's results as they are
	// (see matchPass); res and errName are then names the fix declares.
	pass bool
	// kept are the parts of the request's statement that the rewrite
	// keeps: the params in place, or the arguments it writes into them.
	kept []ast.Node
}

// Migrations plans the migration of each handler of a package once.
type Migrations struct {
	mod  *model.Model
	byFn map[ast.Node]*migration
}

func New(mod *model.Model) *Migrations {
	return &Migrations{mod: mod, byFn: map[ast.Node]*migration{}}
}

// Migrate returns the fix that moves dc to the round trip, or why there is
// none ("" when the finding says it already). A request in a gate is
// migrated with the gate's callers (migrate_gate.go); the fix's related
// positions are the handlers that return the request.
func (ms *Migrations) Migrate(dc *model.DirectCall) ([]analysis.SuggestedFix, string) {
	fn, _ := source.Enclosing(dc.Stack)
	if fn == nil {
		return nil, "the request is not made in a function"
	}
	if why := viaReason(dc); why != "" {
		return nil, why
	}
	if plans, ok := ms.mod.Sum.Asks.(*askPlans); ok {
		if c := plans.gates[fn]; c != nil {
			return c.fixes, c.why
		}
	}
	m := ms.byFn[fn]
	if m == nil {
		m = &migration{mod: ms.mod, sdk: dc.SDK, fn: fn}
		m.plan()
		ms.byFn[fn] = m
	}
	return m.fixes, m.why
}

// viaReason says why a request made through an interface of the
// project is not migrated, or "" for a call of the SDK's own method.
func viaReason(dc *model.DirectCall) string {
	if dc.Via == "" {
		return ""
	}
	return "the request is made through " + dc.Through() + ", and the fix rewrites only calls of the SDK's own methods"
}

// GateCall is a call, in this package, of another package's gate (or of a
// wrapper of one) that has a round-trip sibling: Fixes switch the calls
// (and the package's own wrappers on the way) to it, or Why says why they
// cannot, in which case they keep the direct request.
type GateCall struct {
	Call    *ast.CallExpr
	Callee  *types.Func
	Sibling string
	Fixes   []analysis.SuggestedFix
	Why     string
	Related []analysis.RelatedInformation
}

// GateCalls returns the package's calls of other packages' gates, one
// per gate called (at its first call).
func (ms *Migrations) GateCalls() []GateCall {
	plans, ok := ms.mod.Sum.Asks.(*askPlans)
	if !ok {
		return nil
	}
	var out []GateCall
	for _, c := range plans.imported {
		calls := c.ix.calls[c.fns[0].obj]
		if len(calls) == 0 {
			continue
		}
		gc := GateCall{Call: calls[0].call, Callee: c.fns[0].obj, Sibling: c.fns[0].fact.Sibling, Fixes: c.fixes, Why: c.why, Related: c.related}
		out = append(out, gc)
	}
	return out
}

// InGate reports whether dc is made in a gate (a function the fix
// migrates with its callers, or would): not a handler, even when it takes
// the call's request.
func (ms *Migrations) InGate(dc *model.DirectCall) bool {
	fn, _ := source.Enclosing(dc.Stack)
	plans, ok := ms.mod.Sum.Asks.(*askPlans)
	return ok && fn != nil && plans.gates[fn] != nil
}

// GateRelated returns the handlers that return the request of a gate's
// migration, for the finding at its request.
func (ms *Migrations) GateRelated(dc *model.DirectCall) []analysis.RelatedInformation {
	fn, _ := source.Enclosing(dc.Stack)
	if plans, ok := ms.mod.Sum.Asks.(*askPlans); ok && fn != nil {
		if c := plans.gates[fn]; c != nil && c.why == "" {
			return c.related
		}
	}
	return nil
}

// plan decides the migration of the handler and writes its fix.
func (m *migration) plan() {
	if why, ok := m.matchHandler(); !ok {
		m.why = why
		return
	}
	for _, dc := range m.mod.D.RT.Direct {
		if f, _ := source.Enclosing(dc.Stack); f == m.fn && model.HasRoundTrip(dc.SDK, dc.Fn) {
			a, why := m.matchAsk(dc)
			if why != "" {
				m.why = why
				if len(m.asks) > 0 || m.countAsks() > 1 {
					m.why = lineOf(m.mod, dc.Call.Pos()) + why
				}
				return
			}
			m.asks = append(m.asks, a)
		}
	}
	if why := m.matchAsks(); why != "" {
		m.why = why
		return
	}
	if why := m.matchGuard(); why != "" {
		m.why = why
		return
	}
	if why := m.unusedAfter(); why != "" {
		m.why = why
		return
	}
	edits, why := m.edits()
	if why != "" {
		m.why = why
		return
	}
	m.fixes = []analysis.SuggestedFix{{Message: m.fixMessage(), TextEdits: edits}}
}

// dropped reports whether pos is in code the fix removes: the request's
// statement (but what it keeps), the error check after it, and the
// statements it deletes.
func (m *migration) dropped(pos token.Pos) bool {
	for _, a := range m.asks {
		if a.initIf != nil && (pos < a.initIf.Init.Pos() || pos >= a.initIf.Init.End()) {
			continue
		}
		if pos < a.stmt.Pos() || pos >= m.replaced(a) {
			continue
		}
		if a.errIf != nil && pos > a.errIf.Body.Lbrace && pos < a.errIf.Body.Rbrace && m.errCopied(a) {
			return false // the guard runs it for a client that cannot be asked
		}
		if a.errPre != nil && pos >= a.errPre.Pos() && pos < a.errPre.End() && m.errCopied(a) {
			return false
		}
		for _, k := range a.kept {
			if k.Pos() <= pos && pos < k.End() {
				return false
			}
		}
		if a.params != nil && a.params.Pos() <= pos && pos < a.params.End() {
			return false
		}
		return true
	}
	for _, s := range m.deleted {
		if s.Pos() <= pos && pos < s.End() {
			return true
		}
	}
	return false
}

// errCopied reports whether the guard's branch for a client that cannot
// be asked runs a copy of a's error check (see branches): what the check
// uses stays.
func (m *migration) errCopied(a *ask) bool { return slices.Contains(m.copiedChecks(), a) }

// unusedAfter finds the local variables that only the removed code used
// (the session or a context made for the request): the fix deletes their
// declarations, or turns them into _, so that the handler still compiles.
func (m *migration) unusedAfter() string {
	pc := m.mod
	uses := map[*types.Var][]*ast.Ident{}
	defs := map[*types.Var]*ast.Ident{}
	ast.Inspect(m.body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if v, ok := pc.Info.Uses[id].(*types.Var); ok {
			uses[v] = append(uses[v], id)
		}
		if v, ok := pc.Info.Defs[id].(*types.Var); ok {
			defs[v] = id
		}
		return true
	})
	handled := map[*types.Var]bool{}
	for changed := true; changed; {
		changed = false
		for v, def := range defs {
			if handled[v] || m.dropped(def.Pos()) || len(uses[v]) == 0 {
				continue
			}
			live := false
			for _, u := range uses[v] {
				if !m.dropped(u.Pos()) {
					live = true
				}
			}
			if live {
				continue
			}
			handled[v] = true
			changed = true
			if why := m.dropDecl(v, def, defs, uses, handled); why != "" {
				return why
			}
		}
	}
	return ""
}

// dropDecl removes the declaration of v, whose every use the fix removes:
// the statement, when v is all it declares, or v's name, made _.
func (m *migration) dropDecl(v *types.Var, def *ast.Ident, defs map[*types.Var]*ast.Ident, uses map[*types.Var][]*ast.Ident, handled map[*types.Var]bool) string {
	pc := m.mod
	var stmt *ast.AssignStmt
	ast.Inspect(m.body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && slices.Contains(as.Lhs, ast.Expr(def)) {
			stmt = as
		}
		return stmt == nil
	})
	if stmt == nil || m.impure(stmt) != nil {
		return v.Name() + " would be left unused"
	}
	// The statement goes when everything it declares goes.
	all := true
	for _, l := range stmt.Lhs {
		id, _ := l.(*ast.Ident)
		if id == nil || id.Name == "_" || id == def {
			continue
		}
		w, _ := pc.Info.Defs[id].(*types.Var)
		if w == nil || !handled[w] && !m.allDropped(uses[w]) {
			all = false
		}
	}
	if all {
		for _, l := range stmt.Lhs {
			if id, _ := l.(*ast.Ident); id != nil {
				if w, _ := pc.Info.Defs[id].(*types.Var); w != nil {
					handled[w] = true
				}
			}
		}
		m.deleted = append(m.deleted, stmt)
		return ""
	}
	m.blanks = append(m.blanks, def)
	return ""
}

func (m *migration) allDropped(ids []*ast.Ident) bool {
	for _, id := range ids {
		if !m.dropped(id.Pos()) {
			return false
		}
	}
	return true
}

// countAsks counts the handler's direct requests.
func (m *migration) countAsks() int {
	n := 0
	for _, dc := range m.mod.D.RT.Direct {
		if f, _ := source.Enclosing(dc.Stack); f == m.fn {
			n++
		}
	}
	return n
}

// lineOf says "the request at line N: " for reasons about one request of
// several.
func lineOf(pc *model.Model, pos token.Pos) string {
	return "the request at line " + strconv.Itoa(pc.Pass.Fset.Position(pos).Line) + ": "
}

// fixMessage says what the fix does, and what it changes on purpose: the
// capability guard.
func (m *migration) fixMessage() string {
	rtd := m.sdk.RoundTrip
	if len(m.asks) == 1 {
		return "Return the request in " + rtd.RequestsField + " under " + strconv.Quote(m.asks[0].key) + " and read the answer from " + rtd.ResponsesField + m.guardNote() + m.checkNote() + m.readNote()
	}
	return "Return the handler's " + strconv.Itoa(len(m.asks)) + " requests together in " + rtd.RequestsField + " and read the answers from " + rtd.ResponsesField + m.guardNote() + m.checkNote() + m.readNote()
}

// checkNote says whether the answers are checked as the direct request
// checked them.
func (m *migration) checkNote() string {
	switch {
	case m.unchecked != "":
		return "; the answer is not checked against the requested schema as the direct request checked it (" + m.unchecked + "): check it by hand"
	case slices.ContainsFunc(m.asks, func(a *ask) bool { return a.schema != "" }):
		return "; an accepted answer is checked against the requested schema and gets its defaults, as the direct request did, failing as it failed"
	}
	return ""
}

// guardNote says, for the fix's message, who the capability guard turns
// away: a client that did not declare on the call what a request needs
// gets the handler's own error branch. For url mode in an SDK whose direct
// request did not check the mode (mcp-go), that is a change for clients
// that declared elicitation without url mode.
func (m *migration) guardNote() string {
	var caps []string
	urlChange := false
	for _, a := range m.asks {
		if c := m.capName(a); !slices.Contains(caps, c) {
			caps = append(caps, c)
		}
		if m.modeOf(a) == mcpsdk.ModeURL && m.sdk.Guard().RequestMethod == "" {
			urlChange = true
		}
	}
	note := "; a client that did not declare " + strings.Join(caps, " or ") + " on the call gets the handler's error branch instead"
	if urlChange {
		note += ", also one that declared elicitation without url mode, which the direct request was sent to"
	}
	return note
}

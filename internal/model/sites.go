package model

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/answers"
	"github.com/elicitlint/elicitlint/internal/failflow"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
)

// Discovery is what one walk over a package's syntax finds. Every check
// reads it; none walks the syntax again for elicitations.
type Discovery struct {
	Params  []*ParamsSite
	Results []*ResultSite
	// Decisions are calls of functions that return a decision made from
	// a request (see summary_decisions.go).
	Decisions []*ResultSite
	// wrapperCalls are calls of wrappers: SDK functions that take the
	// fields as arguments, and user functions with a wrapper fact (the
	// wrapper summary adds the calls of this package's own wrappers).
	wrapperCalls []*ParamsSite
	// LocalCalls are calls of functions of this package that may turn out
	// to be wrappers once the package's own wrappers are known.
	LocalCalls []source.LocalCall
	// RT are the sites of the 2026-07-28 round trip.
	RT roundTripSites
	// fills, typedCalls and actionReturns are what the result-types
	// summary decides on (see summary_resulttypes.go).
	fills            []fill
	typedCalls       []typedCall
	actionReturns    []actionReturn
	localActionCalls []localActionCall
	// urlErrorLists are the params lists given to a URL-required error.
	urlErrorLists []urlErrorList
	// messageReturns are the Message fields of returned struct literals.
	messageReturns []messageReturn
}

type urlErrorList struct {
	list  ast.Expr
	stack []ast.Node
}

// localActionCall is a call of a function of this package, which may turn
// out to return an answer's action.
type localActionCall struct {
	fn    *types.Func
	call  *ast.CallExpr
	stack []ast.Node
}

// Requests returns literal sites and wrapper call sites together.
func (d *Discovery) Requests() []*ParamsSite {
	all := make([]*ParamsSite, 0, len(d.Params)+len(d.wrapperCalls))
	all = append(all, d.Params...)
	return append(all, d.wrapperCalls...)
}

// FieldVal is one params field as written in the source.
type FieldVal struct {
	key   ast.Expr // the key in a literal, the selector of an assignment, nil for an argument
	Value ast.Expr
	// maybe is set when the field is assigned on some paths only.
	maybe bool
	// scope is the block or case clause that holds the assignment of a
	// maybe field directly, when it is in the function itself (not in a
	// function literal); see OnOnePath.
	scope ast.Node
}

// At is where findings about this field are reported: its key when there is
// one, else its value.
func (f *FieldVal) At() ast.Node {
	if f.key != nil {
		return f.key
	}
	return f.Value
}

// ParamsSite is one elicitation request: a params literal (with the fields
// set on it later, where that is clear), or a call to a wrapper or SDK
// function that takes the fields as arguments.
type ParamsSite struct {
	SDK    *mcpsdk.SDK
	Lit    *ast.CompositeLit // nil for wrapper calls
	call   *ast.CallExpr     // the wrapper call, for wrapper sites
	Fields map[string]*FieldVal
	// Complete is true when every field the request will carry is in
	// fields: missing-field checks run only then.
	Complete bool
	// fixedMode is the mode a wrapper or SDK function always uses.
	fixedMode string
	// InURLError is set on params listed in a URLElicitationRequiredError.
	InURLError bool
	// fn is the function declaration that holds the site, if any.
	fn *ast.FuncDecl
	// V is the local variable the literal is stored in, if any.
	V *types.Var
	// RequestKey is the key of a 2026-07-28 round-trip input request
	// (InputRequestMap{"key": &params}, builder.Elicit("key", params)).
	RequestKey string
}

// Anchor is where findings about missing fields are reported.
func (p *ParamsSite) Anchor() ast.Node {
	if p.Lit != nil {
		if p.Lit.Type != nil {
			return p.Lit.Type
		}
		return p.Lit
	}
	return p.call
}

// ResultSite is a value holding a user's answer that comes from outside the
// function: a call returning a result type, or a type assertion to one.
type ResultSite struct {
	SDK  *mcpsdk.SDK
	Expr ast.Expr // the call or type assertion
	// Idx is the position of the answer in the call's results.
	Idx int
	// Obj is the variable the result is assigned to; nil when discarded or
	// used directly.
	Obj *types.Var
	// Discarded is set for `_ =` and expression statements.
	Discarded bool
	// Body is the body of the innermost function holding the site.
	Body *ast.BlockStmt
	// Sig is the signature of the innermost function holding the site.
	Sig *types.Signature
	// RequestKey is the key of a round-trip answer
	// (InputResponses["key"].(*mcp.ElicitResult), ElicitationResponse(r, "key")).
	RequestKey string
	// RoundTrip is set on round-trip answers: assertions on an answer and
	// the SDK's response functions. A client may send anything there.
	RoundTrip bool
	// ActionOnly is set when the value is not an answer but its action,
	// returned by a function that returns an answer's action; obj is the
	// string variable that holds it.
	ActionOnly bool
	// Decision is set on calls of a function that returns a decision
	// made from a request (Discovery.Decisions); Idx is its decision
	// result, -1 when that is its error.
	Decision *failflow.DecisionFact
	// Helper is set on the copy AnswerRead makes of a call of an answer
	// helper: how the helper says the answer is missing.
	Helper *answers.Helper
}

// isField reports whether sel selects the field name of the site's result
// variable (directly or through the SDK's embedded response struct).
func (pc *Model) IsResultField(site *ResultSite, sel *ast.SelectorExpr, name string) bool {
	x := site.SDK.ResultOperand(sel, name)
	id, ok := x.(*ast.Ident)
	return ok && pc.Info.Uses[id] == site.Obj
}

// Present reports whether a field is set to something other than its zero
// value as far as we can tell: absent fields, "" and nil are not present.
func (pc *Model) Present(fv *FieldVal) bool {
	if fv == nil {
		return false
	}
	if s, ok := source.ConstString(pc.Info, fv.Value); ok {
		return s != ""
	}
	if source.IsNil(pc.Info, fv.Value) {
		return false
	}
	return true
}

// ModeOf returns the mode a request is sent in, "form" or "url", or "" when
// that cannot be known (a computed Mode, an invalid one, a literal changed
// on some paths).
func (pc *Model) ModeOf(site *ParamsSite) string {
	if site.fixedMode != "" || site.Lit == nil {
		return site.fixedMode
	}
	if fv := site.Fields[mcpsdk.FieldMode]; fv != nil {
		s, ok := source.ConstString(pc.Info, fv.Value)
		switch {
		case !ok:
			return ""
		case s == mcpsdk.ModeForm || s == mcpsdk.ModeURL:
			return s
		case s != "":
			return "" // invalid, reported by the mode check
		}
		// Mode: "" is the same as no Mode.
	}
	if !site.Complete {
		return ""
	}
	// go-sdk infers url mode from a URL or ID that is set. When either is
	// a value that may be empty (params.URL copied from elsewhere), the
	// mode is not known.
	if site.SDK.InferURLMode {
		for _, f := range []string{mcpsdk.FieldURL, mcpsdk.FieldID} {
			switch fv := site.Fields[f]; {
			case pc.KnownNonEmpty(fv):
				return mcpsdk.ModeURL
			case pc.Present(fv):
				return ""
			}
		}
	}
	return mcpsdk.ModeForm
}

// KnownNonEmpty reports whether a string field is set to a value that
// cannot be empty: a non-empty constant, or an expression with constant
// text in it (a concatenation, the format of fmt.Sprintf).
func (pc *Model) KnownNonEmpty(fv *FieldVal) bool {
	if fv == nil {
		return false
	}
	if s, ok := source.ConstString(pc.Info, fv.Value); ok {
		return s != ""
	}
	if n, ok := source.ConstPartLen(pc.Info, fv.Value); ok && n > 0 {
		return true
	}
	return source.ReturnsNonEmpty(pc.Info, fv.Value)
}

// roundTripSites are the places the round-trip check looks at, found by
// the discovery walk.
type roundTripSites struct {
	// Direct are calls of the SDKs' direct (server-initiated) requests.
	Direct []*DirectCall
	// Unstopped are calls of direct requests that the SDK sends on a
	// 2026-07-28 session without refusing them (mcp-go's session
	// interfaces): the round-trip check reports them, and nothing else
	// takes them for requests that fail.
	Unstopped []*DirectCall
	// ViaParams are calls that give an SDK value to a function that makes
	// a direct request on it (paramcalls.go); Call is the call of that
	// function.
	ViaParams []*DirectCall
	// Asserts are type assertions on one answer (go-sdk InputResponse).
	Asserts []*AnswerAssert
	// ContentAsserts are type assertions on the Content of a sampling
	// answer, or on an element of it.
	ContentAsserts []*AnswerAssert
	// Reads are lookups of answers by key: InputResponses[key] and the
	// SDK's response functions.
	Reads []*KeyUse
	// Requests are keys requests are filed under: request map literals
	// and index assignments, and the builder's methods.
	Requests []*KeyUse
	// Raw are reads of an answer's field that stays nil for 2026-07-28
	// answers until decoded (mcp-go InputResponses[k].Elicitation).
	Raw []rawField
	// RawVars are local variables that hold one answer of such a map.
	RawVars []rawVar
	// Results are literals of result types that can carry requests.
	Results []*ResultLit
	// Finishers are the builder calls that make a result (ToolResult()).
	Finishers []*finisherCall
	// Removed are calls of API that protocol 2026-07-28 removed (the SDK's
	// URL error, the completion notification), with the API's name.
	Removed []removedUse
}

// DirectCall is one call of a server-initiated request.
type DirectCall struct {
	SDK    *mcpsdk.SDK
	Kind   *mcpsdk.RequestKind
	Method mcpsdk.Method
	Fn     *types.Func // the SDK method called
	Call   *ast.CallExpr
	// Stack is the path from the file to the call.
	Stack []ast.Node
	// Via is the interface the call is made through, as the package
	// writes it, or the local variable holding the SDK's method value
	// (ViaValue); "" for a call of the SDK's method (ifaces.go).
	Via      string
	ViaValue bool
	// ViaExpr: the variable holds the method expression
	// ((*mcp.ServerSession).Elicit), which takes the session first.
	ViaExpr bool
	// ViaCallee: Via is the function the call gives the SDK value to,
	// which makes the request on it (paramcalls.go).
	ViaCallee bool
	// ViaAs is the interface a function value is given the SDK value as,
	// when Via is a function value (h.approvalFn) and not a function.
	ViaAs string
}

// AnswerAssert is a type assertion on one round-trip answer, or on the
// Content of a sampling answer.
type AnswerAssert struct {
	SDK     *mcpsdk.SDK
	Kind    *mcpsdk.RequestKind // contentAsserts: the kind of the answer
	Key     string              // asserts: the key of InputResponses[key], if constant
	TA      *ast.TypeAssertExpr
	CommaOK bool
	Stack   []ast.Node
}

// KeyUse is one round-trip key, read or requested; key is "" when it is
// not a constant.
type KeyUse struct {
	SDK *mcpsdk.SDK
	Key string
	At  ast.Node
	Fn  ast.Node // the innermost function holding it
	// Kind is the kind of request filed, or of answer expected, under the
	// key; nil when it cannot be told.
	Kind *mcpsdk.RequestKind
}

// ResultLit is a literal of a result type that can carry requests.
type ResultLit struct {
	SDK   *mcpsdk.SDK
	Lit   *ast.CompositeLit
	Stack []ast.Node
}

// rawField is a read of an answer's raw field, in the function body.
type rawField struct {
	SDK  *mcpsdk.SDK
	Kind *mcpsdk.RequestKind
	Sel  *ast.SelectorExpr
	Body *ast.BlockStmt
}

// rawVar is a local variable assigned one answer: r := responses["k"].
type rawVar struct {
	SDK   *mcpsdk.SDK
	V     *types.Var
	Index *ast.IndexExpr
	Body  *ast.BlockStmt
}

// finisherCall is a call that turns a request builder into a result.
type finisherCall struct {
	SDK  *mcpsdk.SDK
	Call *ast.CallExpr
	Fn   ast.Node // the innermost function holding it
}

type removedUse struct {
	SDK  *mcpsdk.SDK
	Node ast.Node
	Name string
}

// AnswerRead is the read at u as internal/answers reads it.
func (u *KeyUse) AnswerRead() answers.Read {
	r := answers.Read{At: u.At}
	if u.SDK.RoundTrip != nil {
		r.Responses = u.SDK.RoundTrip.ResponsesField
	}
	if d := u.SDK.Duties(); d != nil {
		r.State = d.StateField
	}
	return r
}

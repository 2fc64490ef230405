package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/source"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// discovery is what one walk over a package's syntax finds. Every check
// reads it; none walks the syntax again for elicitations.
type discovery struct {
	params  []*paramsSite
	results []*resultSite
	// wrapperCalls are calls of wrappers: SDK functions that take the
	// fields as arguments, and user functions with a wrapper fact (the
	// wrapper summary adds the calls of this package's own wrappers).
	wrapperCalls []*paramsSite
	// localCalls are calls of functions of this package that may turn out
	// to be wrappers once the package's own wrappers are known.
	localCalls []source.LocalCall
	// rt are the sites of the 2026-07-28 round trip.
	rt roundTripSites
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

// requests returns literal sites and wrapper call sites together.
func (d *discovery) requests() []*paramsSite {
	all := make([]*paramsSite, 0, len(d.params)+len(d.wrapperCalls))
	all = append(all, d.params...)
	return append(all, d.wrapperCalls...)
}

// fieldVal is one params field as written in the source.
type fieldVal struct {
	key   ast.Expr // the key in a literal, the selector of an assignment, nil for an argument
	value ast.Expr
	// maybe is set when the field is assigned on some paths only.
	maybe bool
}

// at is where findings about this field are reported: its key when there is
// one, else its value.
func (f *fieldVal) at() ast.Node {
	if f.key != nil {
		return f.key
	}
	return f.value
}

// paramsSite is one elicitation request: a params literal (with the fields
// set on it later, where that is clear), or a call to a wrapper or SDK
// function that takes the fields as arguments.
type paramsSite struct {
	sdk    *mcpsdk.SDK
	lit    *ast.CompositeLit // nil for wrapper calls
	call   *ast.CallExpr     // the wrapper call, for wrapper sites
	fields map[string]*fieldVal
	// complete is true when every field the request will carry is in
	// fields: missing-field checks run only then.
	complete bool
	// fixedMode is the mode a wrapper or SDK function always uses.
	fixedMode string
	// inURLError is set on params listed in a URLElicitationRequiredError.
	inURLError bool
	// fn is the function declaration that holds the site, if any.
	fn *ast.FuncDecl
	// v is the local variable the literal is stored in, if any.
	v *types.Var
	// requestKey is the key of a 2026-07-28 round-trip input request
	// (InputRequestMap{"key": &params}, builder.Elicit("key", params)).
	requestKey string
}

// anchor is where findings about missing fields are reported.
func (p *paramsSite) anchor() ast.Node {
	if p.lit != nil {
		if p.lit.Type != nil {
			return p.lit.Type
		}
		return p.lit
	}
	return p.call
}

// resultSite is a value holding a user's answer that comes from outside the
// function: a call returning a result type, or a type assertion to one.
type resultSite struct {
	sdk  *mcpsdk.SDK
	expr ast.Expr // the call or type assertion
	// idx is the position of the answer in the call's results.
	idx int
	// obj is the variable the result is assigned to; nil when discarded or
	// used directly.
	obj *types.Var
	// discarded is set for `_ =` and expression statements.
	discarded bool
	// body is the body of the innermost function holding the site.
	body *ast.BlockStmt
	// sig is the signature of the innermost function holding the site.
	sig *types.Signature
	// requestKey is the key of a round-trip answer
	// (InputResponses["key"].(*mcp.ElicitResult), ElicitationResponse(r, "key")).
	requestKey string
	// roundTrip is set on round-trip answers: assertions on an answer and
	// the SDK's response functions. A client may send anything there.
	roundTrip bool
	// actionOnly is set when the value is not an answer but its action,
	// returned by a function that returns an answer's action; obj is the
	// string variable that holds it.
	actionOnly bool
}

// isField reports whether sel selects the field name of the site's result
// variable (directly or through the SDK's embedded response struct).
func (pc *pkgCtx) isResultField(site *resultSite, sel *ast.SelectorExpr, name string) bool {
	x := site.sdk.ResultOperand(sel, name)
	id, ok := x.(*ast.Ident)
	return ok && pc.Info.Uses[id] == site.obj
}

// present reports whether a field is set to something other than its zero
// value as far as we can tell: absent fields, "" and nil are not present.
func (pc *pkgCtx) present(fv *fieldVal) bool {
	if fv == nil {
		return false
	}
	if s, ok := source.ConstString(pc.Info, fv.value); ok {
		return s != ""
	}
	if source.IsNil(pc.Info, fv.value) {
		return false
	}
	return true
}

// modeOf returns the mode a request is sent in, "form" or "url", or "" when
// that cannot be known (a computed Mode, an invalid one, a literal changed
// on some paths).
func (pc *pkgCtx) modeOf(site *paramsSite) string {
	if site.fixedMode != "" || site.lit == nil {
		return site.fixedMode
	}
	if fv := site.fields[mcpsdk.FieldMode]; fv != nil {
		s, ok := source.ConstString(pc.Info, fv.value)
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
	if !site.complete {
		return ""
	}
	// go-sdk infers url mode from a URL or ID that is set. When either is
	// a value that may be empty (params.URL copied from elsewhere), the
	// mode is not known.
	if site.sdk.InferURLMode {
		for _, f := range []string{mcpsdk.FieldURL, mcpsdk.FieldID} {
			switch fv := site.fields[f]; {
			case pc.knownNonEmpty(fv):
				return mcpsdk.ModeURL
			case pc.present(fv):
				return ""
			}
		}
	}
	return mcpsdk.ModeForm
}

// knownNonEmpty reports whether a string field is set to a value that
// cannot be empty: a non-empty constant, or an expression with constant
// text in it (a concatenation, the format of fmt.Sprintf).
func (pc *pkgCtx) knownNonEmpty(fv *fieldVal) bool {
	if fv == nil {
		return false
	}
	if s, ok := source.ConstString(pc.Info, fv.value); ok {
		return s != ""
	}
	if n, ok := source.ConstPartLen(pc.Info, fv.value); ok && n > 0 {
		return true
	}
	return source.ReturnsNonEmpty(pc.Info, fv.value)
}

// roundTripSites are the places the round-trip check looks at, found by
// the discovery walk.
type roundTripSites struct {
	// direct are calls of the SDKs' direct (server-initiated) requests.
	direct []*directCall
	// asserts are type assertions on one answer (go-sdk InputResponse).
	asserts []*answerAssert
	// contentAsserts are type assertions on the Content of a sampling
	// answer, or on an element of it.
	contentAsserts []*answerAssert
	// reads are lookups of answers by key: InputResponses[key] and the
	// SDK's response functions.
	reads []*keyUse
	// requests are keys requests are filed under: request map literals
	// and index assignments, and the builder's methods.
	requests []*keyUse
	// raw are reads of an answer's field that stays nil for 2026-07-28
	// answers until decoded (mcp-go InputResponses[k].Elicitation).
	raw []rawField
	// rawVars are local variables that hold one answer of such a map.
	rawVars []rawVar
	// results are literals of result types that can carry requests.
	results []*resultLit
	// finishers are the builder calls that make a result (ToolResult()).
	finishers []*finisherCall
	// removed are calls of API that protocol 2026-07-28 removed (the SDK's
	// URL error, the completion notification), with the API's name.
	removed []removedUse
}

// directCall is one call of a server-initiated request.
type directCall struct {
	sdk    *mcpsdk.SDK
	kind   *mcpsdk.RequestKind
	method mcpsdk.Method
	fn     *types.Func // the SDK method called
	call   *ast.CallExpr
	// stack is the path from the file to the call.
	stack []ast.Node
}

// answerAssert is a type assertion on one round-trip answer, or on the
// Content of a sampling answer.
type answerAssert struct {
	sdk     *mcpsdk.SDK
	kind    *mcpsdk.RequestKind // contentAsserts: the kind of the answer
	key     string              // asserts: the key of InputResponses[key], if constant
	ta      *ast.TypeAssertExpr
	commaOK bool
	stack   []ast.Node
}

// keyUse is one round-trip key, read or requested; key is "" when it is
// not a constant.
type keyUse struct {
	sdk *mcpsdk.SDK
	key string
	at  ast.Node
	fn  ast.Node // the innermost function holding it
	// kind is the kind of request filed, or of answer expected, under the
	// key; nil when it cannot be told.
	kind *mcpsdk.RequestKind
}

// resultLit is a literal of a result type that can carry requests.
type resultLit struct {
	sdk   *mcpsdk.SDK
	lit   *ast.CompositeLit
	stack []ast.Node
}

// rawField is a read of an answer's raw field, in the function body.
type rawField struct {
	sdk  *mcpsdk.SDK
	kind *mcpsdk.RequestKind
	sel  *ast.SelectorExpr
	body *ast.BlockStmt
}

// rawVar is a local variable assigned one answer: r := responses["k"].
type rawVar struct {
	sdk  *mcpsdk.SDK
	v    *types.Var
	ix   *ast.IndexExpr
	body *ast.BlockStmt
}

// finisherCall is a call that turns a request builder into a result.
type finisherCall struct {
	sdk  *mcpsdk.SDK
	call *ast.CallExpr
	fn   ast.Node // the innermost function holding it
}

type removedUse struct {
	sdk  *mcpsdk.SDK
	node ast.Node
	name string
}

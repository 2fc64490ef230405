package reqstate

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// This file tells what a handler's return gives the client: a new
// question (an input-required result), a failure (an error, or a tool
// result that reports one), or a final result.

// ReturnKind says what a return statement gives the client.
type ReturnKind uint8

const (
	// ReturnFinal is a result: the tool did (or reports) its work.
	ReturnFinal ReturnKind = iota
	// ReturnQuestion is an input-required result: requests to the client.
	ReturnQuestion
	// ReturnFailure fails the call: a non-nil error, or a result that
	// reports an error.
	ReturnFailure
)

// KindOfReturn classifies a return statement of a handler (or of a
// function that builds a handler's result).
func (pc *Pkg) KindOfReturn(ret *ast.ReturnStmt) ReturnKind {
	return pc.kindOfReturn(ret, 0)
}

func (pc *Pkg) kindOfReturn(ret *ast.ReturnStmt, depth int) ReturnKind {
	n := len(ret.Results)
	if n == 0 {
		return ReturnFinal
	}
	last := ret.Results[n-1]
	// An error, or a value of a type that is one (&jsonrpc.Error{...}).
	if t := pc.Info.TypeOf(last); t != nil && types.Implements(t, errorType) && !source.IsNil(pc.Info, last) {
		return ReturnFailure
	}
	for _, r := range ret.Results {
		switch pc.kindOfValue(r, depth) {
		case ReturnQuestion:
			return ReturnQuestion
		case ReturnFailure:
			return ReturnFailure
		}
	}
	return ReturnFinal
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// kindOfValue classifies a result value.
func (pc *Pkg) kindOfValue(e ast.Expr, depth int) ReturnKind {
	if depth > source.FollowDepth {
		return ReturnFinal
	}
	e = source.UnAddr(e)
	switch x := e.(type) {
	case *ast.CompositeLit:
		sdk := pc.SDKs.OfPkg(mcpsdk.NamedObj(pc.Info.TypeOf(x)))
		if sdk == nil || sdk.RoundTrip == nil {
			return ReturnFinal
		}
		if pc.litHasRequests(sdk, x) {
			return ReturnQuestion
		}
		if d := sdk.Duties(); d != nil && d.ErrorField != "" {
			if kv := source.LitField(x, d.ErrorField); kv != nil {
				if v, ok := pc.ConstBool(kv.Value); ok && v {
					return ReturnFailure
				}
			}
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(pc.Info, x).(*types.Func)
		if fn == nil {
			return ReturnFinal
		}
		if sdk := pc.SDKs.OfPkg(fn); sdk != nil && sdk.RoundTrip != nil {
			rt := sdk.RoundTrip
			if recv := fn.Type().(*types.Signature).Recv(); recv != nil && rt.Builder != "" && mcpsdk.IsNamed(recv.Type(), sdk.ServerPath(), rt.Builder) {
				return ReturnQuestion // builder.ToolResult()
			}
			if d := sdk.Duties(); d != nil && mcpsdk.MatchesAny(d.ErrorResults, sdk, fn, nil) {
				return ReturnFailure
			}
			return ReturnFinal
		}
		if fn.Pkg() == pc.Pass.Pkg {
			return pc.funcReturns(fn, depth+1)
		}
		// Another package's helper that makes an error result
		// (utils.NewToolResultError): known by its name and type.
		if res := fn.Type().(*types.Signature).Results(); res.Len() == 1 && pc.host.FromSDK(res.At(0).Type()) && strings.Contains(fn.Name(), "Error") {
			return ReturnFailure
		}
	case *ast.Ident:
		if v, ok := pc.Info.Uses[x].(*types.Var); ok && source.IsLocal(v) {
			defs := pc.Defs(v)
			if len(defs) == 1 && !defs[0].Unknown && !defs[0].Tuple && defs[0].Rhs != nil {
				return pc.kindOfValue(defs[0].Rhs, depth+1)
			}
		}
	}
	return ReturnFinal
}

// litHasRequests reports a result literal that sets its requests.
func (pc *Pkg) litHasRequests(sdk *mcpsdk.SDK, lit *ast.CompositeLit) bool {
	rt := sdk.RoundTrip
	if rt.ResultsEmbed != "" {
		if kv := source.LitField(lit, rt.ResultsEmbed); kv != nil {
			if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
				lit = inner
			}
		}
	}
	kv := source.LitField(lit, rt.RequestsField)
	return kv != nil && !source.IsNil(pc.Info, kv.Value)
}

// funcReturns classifies a function of this package by its returns: a
// question or a failure when every return is one of those (a question
// when one is).
func (pc *Pkg) funcReturns(fn *types.Func, depth int) ReturnKind {
	decl := pc.FuncDecl(fn.Origin())
	if decl == nil || decl.Body == nil {
		return ReturnFinal
	}
	kind, any := ReturnFailure, false
	source.WalkWithPath(decl.Body, func(n ast.Node, path []ast.Node) {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || source.InFuncLit(path) {
			return
		}
		any = true
		switch pc.kindOfReturn(ret, depth) {
		case ReturnFinal:
			kind = ReturnFinal
		case ReturnQuestion:
			if kind != ReturnFinal {
				kind = ReturnQuestion
			}
		}
	})
	if !any {
		return ReturnFinal
	}
	return kind
}

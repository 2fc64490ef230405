package model

import (
	"go/ast"
	"go/types"
)

// unconvert strips the conversions around e that keep its value: string
// conversions of an action (Answer{Action: string(res.Action)},
// Decision(res.Action)), and the conversions of a Content between types
// of the same underlying type. An answer's fields copied through them are
// still the answer's.
func (pc *Model) unconvert(e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		tv, ok := pc.Info.Types[call.Fun]
		if !ok || !tv.IsType() {
			return e
		}
		from := pc.Info.TypeOf(call.Args[0])
		if from == nil || !types.Identical(from.Underlying(), tv.Type.Underlying()) {
			return e
		}
		e = call.Args[0]
	}
}

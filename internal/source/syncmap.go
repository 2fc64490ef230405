package source

import (
	"go/ast"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
)

// SyncMapStore returns the sync.Map and the value of a call that stores
// into one (Store, LoadOrStore, Swap, CompareAndSwap).
func SyncMapStore(info *types.Info, call *ast.CallExpr) (recv, value ast.Expr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isSyncMap(info.TypeOf(sel.X)) {
		return nil, nil
	}
	switch {
	case (sel.Sel.Name == "Store" || sel.Sel.Name == "LoadOrStore" || sel.Sel.Name == "Swap") && len(call.Args) == 2:
		return sel.X, call.Args[1]
	case sel.Sel.Name == "CompareAndSwap" && len(call.Args) == 3:
		return sel.X, call.Args[2]
	}
	return nil, nil
}

// SyncMapLoad returns the sync.Map a call loads from (Load, LoadOrStore,
// LoadAndDelete, Swap: their first result is the value kept).
func SyncMapLoad(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isSyncMap(info.TypeOf(sel.X)) {
		return nil
	}
	switch sel.Sel.Name {
	case "Load", "LoadOrStore", "LoadAndDelete", "Swap":
		return sel.X
	}
	return nil
}

func isSyncMap(t types.Type) bool { return mcpsdk.IsNamed(t, "sync", "Map") }

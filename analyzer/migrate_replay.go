package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"

	"golang.org/x/tools/go/types/typeutil"
)

// This file decides what the migration may run twice. After the fix, a
// handler runs once to ask and once more with the answer, so what runs
// before the request runs twice. That is fine for code whose only effect
// is on the handler's own variables (reading the call's arguments,
// building a message), and for logging, which then logs twice; not for
// anything else (a counter, a random ID, a write, a message to the
// client).

// pureFuncs are the functions, by package, whose calls have no effect the
// caller could see twice; "*" stands for every function of the package.
var pureFuncs = map[string][]string{
	"fmt":           {"Sprintf", "Sprint", "Sprintln", "Errorf", "Append", "Appendf", "Appendln"},
	"errors":        {"New", "Is", "As", "Unwrap", "Join"},
	"strings":       {"*"},
	"strconv":       {"*"},
	"unicode":       {"*"},
	"unicode/utf8":  {"*"},
	"math":          {"*"},
	"path":          {"*"},
	"slices":        {"Contains", "ContainsFunc", "Index", "IndexFunc", "Equal", "Clone", "Max", "Min", "Concat"},
	"maps":          {"Clone", "Keys", "Values"},
	"path/filepath": {"Join", "Base", "Dir", "Ext", "Clean", "IsAbs", "Split", "Rel", "ToSlash", "FromSlash"},
	"net/url":       {"Parse", "ParseRequestURI", "QueryEscape", "PathEscape", "QueryUnescape", "PathUnescape"},
	"time":          {"Duration", "ParseDuration", "Parse", "Date", "Unix", "UnixMilli"},
	"encoding/json": {"Marshal", "MarshalIndent", "Valid"},
	"context":       {"Background", "TODO", "WithValue", "WithCancel", "WithTimeout", "WithDeadline", "WithoutCancel"},
	"github.com/google/jsonschema-go/jsonschema": {"For", "ForType", "Ptr"},
}

// logFuncs are the logging functions and methods, by package: a line logged
// before the request is logged on both calls, which the fix accepts (and
// the docs say). Fatal and Panic are not here: they end the process.
var logFuncs = map[string][]string{
	"log":      {"Print", "Printf", "Println"},
	"log/slog": {"Debug", "DebugContext", "Info", "InfoContext", "Warn", "WarnContext", "Error", "ErrorContext", "Log", "LogAttrs"},
}

// impure returns the first node of n whose evaluation has an effect other
// than on the handler's local variables, or nil: calls only of pure or
// logging functions, the SDK's readers, conversions and non-mutating
// builtins; assignments only to local variables; no channel operations,
// go or defer statements. Function literals are not called where they are
// written.
func (m *migration) impure(n ast.Node) ast.Node {
	pc := m.rt.pkgCtx
	var bad ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			// defer cancel() of a context made here: cancelling it on
			// either call has no other effect.
			if !pc.cancels(n.Call) {
				bad = n
			}
			return false
		case *ast.GoStmt, *ast.SendStmt:
			bad = n
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				bad = n
			}
		case *ast.IncDecStmt:
			if !pc.localTarget(n.X) {
				bad = n
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if !pc.localTarget(l) {
					bad = n
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil && !pc.localTarget(n.Key) || n.Value != nil && !pc.localTarget(n.Value) {
				bad = n
			}
		case *ast.CallExpr:
			if !pc.pureCall(n) {
				bad = n
			}
		}
		return bad == nil
	})
	return bad
}

// cancels reports a call of a local context.CancelFunc.
func (pc *pkgCtx) cancels(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 0 {
		return false
	}
	v, _ := pc.info.Uses[id].(*types.Var)
	return isLocal(v) && mcpsdk.IsNamed(v.Type(), "context", "CancelFunc")
}

// impureAny returns the first node of the non-nil ns that impure finds.
func (m *migration) impureAny(ns ...ast.Node) ast.Node {
	for _, n := range ns {
		if n == nil {
			continue
		}
		if bad := m.impure(n); bad != nil {
			return bad
		}
	}
	return nil
}

// localTarget reports an assignment target that is a local variable (or _).
func (pc *pkgCtx) localTarget(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	v, _ := pc.info.ObjectOf(id).(*types.Var)
	return isLocal(v)
}

// pureCall reports a call that has no effect but its result (or a log
// line): a handler may make it twice.
func (pc *pkgCtx) pureCall(call *ast.CallExpr) bool {
	if tv, ok := pc.info.Types[call.Fun]; ok && tv.IsType() {
		return true // a conversion
	}
	switch callee := typeutil.Callee(pc.info, call).(type) {
	case *types.Builtin:
		switch callee.Name() {
		case "len", "cap", "make", "new", "append", "min", "max", "complex", "real", "imag":
			return true
		}
	case *types.Func:
		if callee.Pkg() == nil {
			return false
		}
		path, name := callee.Pkg().Path(), callee.Name()
		recv := callee.Type().(*types.Signature).Recv()
		if recv != nil {
			return pc.pureMethod(callee, recv)
		}
		if slices.Contains(pureFuncs[path], "*") || slices.Contains(pureFuncs[path], name) || slices.Contains(logFuncs[path], name) {
			return true
		}
		// json.Unmarshal into a local variable.
		if path == "encoding/json" && name == "Unmarshal" && len(call.Args) == 2 {
			if u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND && pc.localTarget(u.X) {
				return true
			}
		}
		if sdk := pc.sdks.OfPkg(callee); sdk != nil && sdk.RoundTrip != nil {
			return path == sdk.ServerPath() && slices.Contains(sdk.RoundTrip.PureFuncs, name)
		}
	}
	return false
}

// pureMethod reports a method the handler may call twice: the SDK's
// request accessors (request.GetString, req.GetSession), and logging
// methods of the standard loggers.
func (pc *pkgCtx) pureMethod(fn *types.Func, recv *types.Var) bool {
	obj := mcpsdk.NamedObj(recv.Type())
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	if sdk := pc.sdks.OfPkg(obj); sdk != nil && sdk.RoundTrip != nil {
		return obj.Pkg().Path() == sdk.TypesPath() && slices.Contains(sdk.RoundTrip.PureMethods, obj.Name())
	}
	switch obj.Pkg().Path() + "." + obj.Name() {
	case "log.Logger":
		return slices.Contains(logFuncs["log"], fn.Name())
	case "log/slog.Logger":
		return slices.Contains(logFuncs["log/slog"], fn.Name())
	}
	// fmt.Stringer and error: by convention they only read.
	return (fn.Name() == "String" || fn.Name() == "Error") && fn.Type().(*types.Signature).Params().Len() == 0
}

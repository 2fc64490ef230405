package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// This file decides what a call can do: whether a handler may make it
// twice with no effect anyone could see but its result. The round-trip
// migration runs a handler once to ask and once with the answer, so what
// runs before the request runs twice.
//
// A call is replay-safe when what it does is confined to values of the
// call in progress:
//
//   - pure functions of their arguments: functions of the standard
//     packages that compute (computing) and of the SDKs (which hold no
//     state of their own outside sessions and servers), when every
//     argument they could change is a value of the call (see callLocal),
//     and the package's own functions whose bodies are replay-safe and
//     change none of their arguments;
//   - constructors of values: conversions, composite literals, make, new;
//   - methods of local values that escape nowhere: a url.Values or a
//     strings.Builder the handler made, changed and read;
//   - the SDKs' readers of the request (the SDK table's PureFuncs and
//     PureMethods), fmt.Stringer and error methods, and logging (a line
//     logged twice, which the docs say).
//
// A call that reads the world and changes nothing (internal/effect's
// table of the standard library: a file read, a database query, an HTTP
// GET; functions of the module's other packages by their effect.Fact; the
// calls an author vouches for with -replay-safe) is replay-safe too, but
// a read: run again, it reads again, which the migration names.
//
// Not replay-safe: anything that reaches beyond the call's values (writes,
// the clock's timers, random numbers, globals, a counter in the server's
// state), a message to the client (any other method of a session or a
// server), channel operations and goroutines, and calls of other modules
// elicitlint cannot see into.

// computing are the standard packages whose functions act on nothing but
// their arguments (and method receivers): no files, network, processes,
// global state or randomness. A function of theirs that reaches further is
// in reaching.
var computing = []string{
	"bytes", "cmp", "encoding/base32", "encoding/base64", "encoding/binary", "encoding/csv",
	"encoding/hex", "encoding/json", "encoding/xml", "errors", "fmt", "hash/crc32", "hash/fnv",
	"html", "maps", "math", "math/big", "math/bits", "math/cmplx", "mime", "net/url", "path",
	"regexp", "slices", "sort", "strconv", "strings", "text/template", "time", "unicode",
	"unicode/utf16", "unicode/utf8", "context", "io", "bufio", "path/filepath", "crypto/sha256",
	"crypto/sha512", "crypto/sha1", "crypto/md5", "crypto/hmac", "crypto/subtle", "crypto/aes",
	"crypto/cipher", "hash", "encoding/pem", "net/netip", "net/mail", "html/template", "iter",
	"github.com/google/jsonschema-go/jsonschema",
}

// reaching are the functions of computing packages that reach beyond their
// arguments: the standard streams, the process's timers.
var reaching = map[string][]string{
	"fmt":           {"Print", "Printf", "Println", "Scan", "Scanf", "Scanln"},
	"time":          {"Sleep", "After", "AfterFunc", "NewTimer", "NewTicker", "Tick"},
	"context":       {"AfterFunc"},
	"path/filepath": {"Abs", "EvalSymlinks", "Glob", "Walk", "WalkDir"},
}

// logFuncs are the logging functions and methods, by package: a line logged
// before the request is logged on both calls, which the fix accepts (and
// the docs say). Fatal and Panic are not here: they end the process.
// The standard loggers and the widely used ones of other modules: their
// functions, and the methods of their logger types (logTypes).
var logFuncs = map[string][]string{
	"log":                           {"Print", "Printf", "Println"},
	"log/slog":                      {"Debug", "DebugContext", "Info", "InfoContext", "Warn", "WarnContext", "Error", "ErrorContext", "Log", "LogAttrs"},
	"github.com/sirupsen/logrus":    levelLogs("Trace", "Debug", "Info", "Print", "Warn", "Warning", "Error"),
	"go.uber.org/zap":               append(levelLogs("Debug", "Info", "Warn", "Error"), "Debugw", "Infow", "Warnw", "Errorw", "Log", "Logf", "Logw", "Logln"),
	"github.com/hashicorp/go-hclog": {"Trace", "Debug", "Info", "Warn", "Error", "Log"},
	"github.com/go-logr/logr":       {"Info", "Error"},
	"k8s.io/klog/v2":                append(levelLogs("Info", "Warning", "Error"), "InfoS", "ErrorS", "InfoDepth", "WarningDepth", "ErrorDepth"),
	"github.com/rs/zerolog":         {"Msg", "Msgf", "MsgFunc", "Send"},
}

// logTypes are the logger types, by package, whose methods in logFuncs
// log.
var logTypes = map[string][]string{
	"log":                           {"Logger"},
	"log/slog":                      {"Logger"},
	"github.com/sirupsen/logrus":    {"Logger", "Entry"},
	"go.uber.org/zap":               {"Logger", "SugaredLogger"},
	"github.com/hashicorp/go-hclog": {"Logger"},
	"github.com/go-logr/logr":       {"Logger"},
	"k8s.io/klog/v2":                {"Verbose"},
	"github.com/rs/zerolog":         {"Event"},
}

// levelLogs are a logger's names for levels, each with its f and ln forms.
func levelLogs(levels ...string) []string {
	var names []string
	for _, l := range levels {
		names = append(names, l, l+"f", l+"ln")
	}
	return names
}

// isLog reports a logging function, or method of a logger type
// (logFuncs, logTypes).
func isLog(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		obj := mcpsdk.NamedObj(recv.Type())
		if obj == nil || obj.Pkg() != fn.Pkg() || !slices.Contains(logTypes[path], obj.Name()) {
			return false
		}
	}
	return slices.Contains(logFuncs[path], fn.Name())
}

// PureFuncs are the functions, by package, of packages outside the
// standard library whose calls have no effect the caller could see twice
// ("*" for every function of the package), for checks that ask without a
// call at hand.
var PureFuncs = map[string][]string{
	"github.com/google/jsonschema-go/jsonschema": {"For", "ForType", "Ptr"},
	// Parsing and deriving identifiers (not New, which draws a new one).
	"github.com/google/uuid": {"Parse", "ParseBytes", "MustParse", "Validate", "FromBytes", "NewSHA1", "NewMD5", "NewHash"},
}

// PureFunc reports a function of another module that PureFuncs lists.
func PureFunc(path, name string) bool {
	names := PureFuncs[path]
	return slices.Contains(names, "*") || slices.Contains(names, name)
}

// purity caches what the package's own functions can do.
type purity struct {
	mu    sync.Mutex
	funcs map[*types.Func]int // 1 + the effect; 9 being decided
	// writes are the first writes funcEffect found in the bodies of the
	// functions it judged a write (see Why).
	writes map[*types.Func]ast.Node
	decls  map[*types.Func]*ast.FuncDecl
	defs   map[*types.Var][]ast.Expr // the values assigned to local variables (nil: zero)
}

func (pc *Package) purityCache() *purity {
	pc.pureOnce.Do(func() {
		p := &purity{funcs: map[*types.Func]int{}, writes: map[*types.Func]ast.Node{}, decls: map[*types.Func]*ast.FuncDecl{}, defs: map[*types.Var][]ast.Expr{}}
		for _, f := range pc.Pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := pc.Info.Defs[fd.Name].(*types.Func); ok {
						p.decls[fn] = fd
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ValueSpec:
					for i, name := range n.Names {
						v, _ := pc.Info.Defs[name].(*types.Var)
						switch {
						case v == nil:
						case len(n.Values) == len(n.Names):
							p.defs[v] = append(p.defs[v], n.Values[i])
						case len(n.Values) == 0:
							p.defs[v] = append(p.defs[v], nil)
						default:
							p.defs[v] = append(p.defs[v], n.Values[0])
						}
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						id, ok := ast.Unparen(l).(*ast.Ident)
						if !ok {
							continue
						}
						v, _ := pc.Info.ObjectOf(id).(*types.Var)
						if v == nil {
							continue
						}
						if len(n.Lhs) == len(n.Rhs) {
							p.defs[v] = append(p.defs[v], n.Rhs[i])
						} else if len(n.Rhs) == 1 {
							p.defs[v] = append(p.defs[v], n.Rhs[0])
						}
					}
				case *ast.RangeStmt:
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if id, ok := e.(*ast.Ident); ok {
							if v, _ := pc.Info.ObjectOf(id).(*types.Var); v != nil {
								p.defs[v] = append(p.defs[v], n.X)
							}
						}
					}
				}
				return true
			})
		}
		pc.pure = p
	})
	return pc.pure
}

// PureCall reports a call that has no effect but its result (or a log
// line): a handler may make it twice. Its arguments are judged on their
// own (a caller walks them too); what is judged here is what the call does
// with them.
func (pc *Package) PureCall(call *ast.CallExpr) bool {
	return pc.CallEffect(call) == effect.None
}

// CallEffect is what a call made where it stands does, with the
// handler's parameters values of the call (see PureCall).
func (pc *Package) CallEffect(call *ast.CallExpr) effect.Effect {
	return pc.callEffect(call, pc.enclosingFunc(call.Pos()), true)
}

// callEffect decides a call made in fn; paramsLocal says whether fn's
// parameters are values of the call in progress (a handler's request and
// arguments), which it may change.
func (pc *Package) callEffect(call *ast.CallExpr, fn ast.Node, paramsLocal bool) effect.Effect {
	return pc.callEffectIn(call, fn, paramsLocal, map[*types.Var]bool{})
}

// callEffectIn is callEffect within a walk of callLocalIn, which has met
// the variables in seen (p = p.next() must not loop).
func (pc *Package) callEffectIn(call *ast.CallExpr, fn ast.Node, paramsLocal bool, seen map[*types.Var]bool) effect.Effect {
	if tv, ok := pc.Info.Types[call.Fun]; ok && tv.IsType() {
		return effect.None // a conversion
	}
	local := func(e ast.Expr) bool { return pc.callLocalIn(e, fn, paramsLocal, seen) }
	owns := func(e ast.Expr) bool { return pc.ownsElems(e, fn, paramsLocal, map[*types.Var]bool{}) }
	// onArgs is e when the callee changes only arguments of the call.
	onArgs := func(e effect.Effect) effect.Effect {
		if pc.argsLocal(call, local, owns) {
			return e
		}
		return effect.Write
	}
	switch callee := typeutil.Callee(pc.Info, call).(type) {
	case *types.Builtin:
		switch callee.Name() {
		case "len", "cap", "make", "new", "append", "min", "max", "complex", "real", "imag":
			return effect.None
		case "copy", "delete", "clear":
			if len(call.Args) > 0 && local(call.Args[0]) {
				return effect.None
			}
		}
		return effect.Write
	case *types.Func:
		if callee.Pkg() == nil {
			return effect.Write
		}
		callee = callee.Origin()
		if pc.Vouched.Match(callee) {
			return effect.Read // the author vouches that it may run twice
		}
		if effect.Maker(callee) {
			return effect.None
		}
		if e, fresh, ok := effect.Std(callee); ok {
			if fresh {
				sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !isSel || !local(sel.X) {
					return effect.Write
				}
			}
			return onArgs(e)
		}
		if isLog(callee) {
			return effect.None
		}
		path, name := callee.Pkg().Path(), callee.Name()
		sig := callee.Type().(*types.Signature)
		if recv := sig.Recv(); recv != nil {
			return pc.methodEffect(call, callee, recv, local)
		}
		if sdk := pc.SDKs.OfPkg(callee); sdk != nil {
			if sdk.RoundTrip != nil && path == sdk.ServerPath() && slices.Contains(sdk.RoundTrip.PureFuncs, name) {
				return effect.None
			}
			return onArgs(effect.None) // the SDKs keep their state in sessions and servers
		}
		if callee.Pkg() == pc.Pass.Pkg {
			// funcEffect judges the body with its parameters not values
			// of the call, so a replay-safe body changes none of its
			// arguments: they need not be the call's.
			return pc.funcEffect(callee)
		}
		if pc.computes(path, name) {
			return onArgs(effect.None)
		}
		if PureFunc(path, name) {
			return effect.None
		}
		return pc.factEffect(callee)
	}
	return effect.Write
}

// factEffect is the effect of a function of another package of the module
// by its fact (a write when it has none: elicitlint cannot see into it).
func (pc *Package) factEffect(fn *types.Func) effect.Effect {
	if f := pc.EffectFact(fn); f != nil {
		return f.Effect
	}
	return effect.Write
}

// EffectFact returns the fact of a function of another package, or nil.
func (pc *Package) EffectFact(fn *types.Func) *effect.Fact {
	if fn.Pkg() == nil || fn.Pkg() == pc.Pass.Pkg {
		return nil
	}
	f := new(effect.Fact)
	if !pc.Pass.ImportObjectFact(fn.Origin(), f) {
		return nil
	}
	return f
}

// computes reports whether function name of package path acts on nothing
// but its arguments.
func (pc *Package) computes(path, name string) bool {
	return slices.Contains(computing, path) && !slices.Contains(reaching[path], name)
}

// methodEffect decides a method call: the SDKs' readers of the request,
// the standard loggers, String and Error, methods of computing packages
// and of the package itself on values of the call, and methods of the
// module's other packages by their facts.
func (pc *Package) methodEffect(call *ast.CallExpr, fn *types.Func, recv *types.Var, local func(ast.Expr) bool) effect.Effect {
	is := func(ok bool) effect.Effect {
		if ok {
			return effect.None
		}
		return effect.Write
	}
	obj := mcpsdk.NamedObj(recv.Type())
	if obj == nil || obj.Pkg() == nil {
		// An interface method: fmt.Stringer and error only read.
		return is((fn.Name() == "String" || fn.Name() == "Error") && fn.Type().(*types.Signature).Params().Len() == 0)
	}
	if sdk := pc.SDKs.OfPkg(obj); sdk != nil && sdk.RoundTrip != nil {
		// Readers of the request and of what a session holds; every
		// other method of an SDK may send a message to the client or
		// change a server.
		return is(obj.Pkg().Path() == sdk.TypesPath() && slices.Contains(sdk.RoundTrip.PureMethods, obj.Name()) || sdk.Reads(obj.Name(), fn.Name()))
	}
	if (fn.Name() == "String" || fn.Name() == "Error") && fn.Type().(*types.Signature).Params().Len() == 0 {
		return effect.None // fmt.Stringer and error: by convention they only read
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return effect.Write
	}
	switch {
	case obj.Pkg() == pc.Pass.Pkg:
		// Judged with its receiver and parameters not values of the
		// call: an effect on either is a write.
		return pc.funcEffect(fn.Origin())
	case !pc.computes(obj.Pkg().Path(), ""):
		// A method of another package of the module, judged as its own
		// package judged it.
		return pc.factEffect(fn)
	}
	// The receiver is changed, unless the method takes a copy of a value
	// with nothing shared.
	if _, ptr := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer); (ptr || !immutable(recv.Type())) && !effect.Shared(fn) {
		if !local(sel.X) {
			return effect.Write
		}
	}
	return is(pc.argsLocal(call, local, local))
}

// argsLocal reports whether every argument the callee could change (a
// pointer, a slice, a map, a channel, a function or an interface holding
// one) is a value of the call. A function of the standard library changes
// the elements of a slice or map it is given only when it fills it
// (effect.Fillers: sort.Strings, hex.Decode); what it is given by
// pointer, it may always change. A slice or map it fills needs only to be
// the call's own (owns), whatever its elements point to: sorting a slice
// of records copied from a store changes no record of the store.
func (pc *Package) argsLocal(call *ast.CallExpr, local, owns func(ast.Expr) bool) bool {
	fills := true
	if fn, ok := typeutil.Callee(pc.Info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Type().(*types.Signature).Recv() == nil && IsStd(fn.Pkg().Path()) {
		fills = effect.Fillers(fn.Pkg().Path(), fn.Name())
	}
	for _, a := range call.Args {
		t := pc.Info.TypeOf(a)
		if t == nil || immutable(t) {
			continue
		}
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map:
			if !fills || owns(a) {
				continue
			}
		}
		if !local(a) {
			return false
		}
	}
	return true
}

// immutable reports whether a value of type t shares nothing a callee
// could change: numbers, strings and booleans, structs and arrays of them,
// contexts, errors and times.
func immutable(t types.Type) bool {
	return immutableIn(t, 0)
}

func immutableIn(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, n := range [][2]string{{"context", "Context"}, {"time", "Time"}, {"time", "Duration"}} {
		if mcpsdk.IsNamed(t, n[0], n[1]) {
			return true
		}
	}
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Array:
		return immutableIn(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !immutableIn(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// funcEffect is what a function of the package does wherever it is
// called: its body is judged with its parameters and receiver its
// caller's (it may only read them), so a body that is not a write
// changes none of its arguments. A recursive function is a write.
func (pc *Package) funcEffect(fn *types.Func) effect.Effect {
	if tn := abstract(fn); tn != nil {
		// Not kept: judged from the effects of the methods it stands for,
		// which JudgeEffects has decided, from whichever goroutine asks.
		e, _ := pc.ifaceEffect(tn, fn)
		return e
	}
	const deciding = 9
	p := pc.purityCache()
	p.mu.Lock()
	state, decl := p.funcs[fn], p.decls[fn]
	if state == 0 {
		p.funcs[fn] = deciding
	}
	p.mu.Unlock()
	switch {
	case state == deciding:
		return effect.Write
	case state != 0:
		return effect.Effect(state - 1)
	}
	e, bad := effect.Write, ast.Node(nil)
	if decl != nil {
		e, bad = pc.bodyEffect(decl)
	}
	p.mu.Lock()
	p.funcs[fn] = int(e) + 1
	if bad != nil {
		p.writes[fn] = bad
	}
	p.mu.Unlock()
	return e
}

// funcWrite returns the first write of a function of the package that
// funcEffect judged a write, or nil.
func (pc *Package) funcWrite(fn *types.Func) ast.Node {
	if tn := abstract(fn); tn != nil {
		_, bad := pc.ifaceEffect(tn, fn)
		return bad
	}
	if pc.funcEffect(fn) != effect.Write {
		return nil
	}
	p := pc.purityCache()
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.writes[fn]
}

// bodyEffect is the effect of a function declaration's body on its
// callers, and its first write.
func (pc *Package) bodyEffect(decl *ast.FuncDecl) (effect.Effect, ast.Node) {
	if decl.Body == nil {
		return effect.Write, nil
	}
	bad, reads := pc.EffectsIn(decl.Body, decl, false, nil)
	switch {
	case bad != nil:
		return effect.Write, bad
	case len(reads) > 0:
		return effect.Read, nil
	}
	return effect.None, nil
}

// ImpureIn returns the first node of n, in function fn, whose evaluation
// has an effect beyond the values of the call in progress, or nil: calls
// only of replay-safe functions (see PureCall) or reads; assignments only
// to local variables; no channel operations, go statements, or defer
// statements but of such calls (the cancelling of a local context, a
// lock's release). Function literals are not called where they are
// written. paramsLocal says whether fn's parameters are values of the
// call (see callLocal).
func (pc *Package) ImpureIn(n ast.Node, fn ast.Node, paramsLocal bool) ast.Node {
	bad, _ := pc.EffectsIn(n, fn, paramsLocal, nil)
	return bad
}

// ImpureInExcept is ImpureIn, but takes the nodes for which skip is true
// as replay-safe without looking into them (a call whose callee the caller
// knows to be replay-safe once the fix is applied).
func (pc *Package) ImpureInExcept(n ast.Node, fn ast.Node, paramsLocal bool, skip func(ast.Node) bool) ast.Node {
	bad, _ := pc.EffectsIn(n, fn, paramsLocal, skip)
	return bad
}

// EffectsIn is ImpureInExcept, and returns too the calls of n that read
// (see effect.Read), outermost first, when nothing writes.
func (pc *Package) EffectsIn(n ast.Node, fn ast.Node, paramsLocal bool, skip func(ast.Node) bool) (bad ast.Node, reads []*ast.CallExpr) {
	ast.Inspect(n, func(n ast.Node) bool {
		if bad != nil || n == nil {
			return false
		}
		if skip != nil && skip(n) {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt:
			bad = n
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				bad = n
			}
		case *ast.IncDecStmt:
			if !pc.localTargetIn(n.X, fn, paramsLocal) {
				bad = n
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if !pc.localTargetIn(l, fn, paramsLocal) {
					bad = n
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil && !pc.localTargetIn(n.Key, fn, paramsLocal) || n.Value != nil && !pc.localTargetIn(n.Value, fn, paramsLocal) {
				bad = n
			}
		case *ast.CallExpr:
			// A deferred call is judged as the call it is: defer
			// cancel() of a context made here, a lock released, rows
			// closed.
			switch pc.callEffect(n, fn, paramsLocal) {
			case effect.Write:
				if !pc.Cancels(n) {
					bad = n
				}
			case effect.Read:
				if !slices.Contains(reads, n) {
					reads = append(reads, n)
				}
			}
		}
		return bad == nil
	})
	if bad != nil {
		reads = nil
	}
	return bad, reads
}

// enclosingFunc returns the innermost function declaration or literal of
// the package that holds pos, or nil.
func (pc *Package) enclosingFunc(pos token.Pos) ast.Node {
	for _, f := range pc.Pass.Files {
		if pos < f.FileStart || pos >= f.FileEnd {
			continue
		}
		var found ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				found = n
			}
			return true
		})
		return found
	}
	return nil
}

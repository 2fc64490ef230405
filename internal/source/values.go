package source

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode/utf8"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// ConstString returns the value of e when it is a constant string: a
// literal, a named constant from any package, or a constant expression.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	if e == nil {
		return "", false
	}
	tv, ok := info.Types[e]
	if !ok {
		return "", false
	}
	return ConstStringValue(tv.Value)
}

// ConstStringValue returns v as a string, when it is a string constant.
func ConstStringValue(v constant.Value) (string, bool) {
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

// ConstPartLen returns a lower bound, in runes, of the length of the string
// e evaluates to, counting only what is constant: the operands of a
// concatenation and the literal text of a fmt.Sprintf format (verbs removed)
// or the constant operands of fmt.Sprint. ok is false when nothing is known.
func ConstPartLen(info *types.Info, e ast.Expr) (n int, ok bool) {
	e = ast.Unparen(e)
	if s, ok := ConstString(info, e); ok {
		return utf8.RuneCountInString(s), true
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return 0, false
		}
		x, okx := ConstPartLen(info, e.X)
		y, oky := ConstPartLen(info, e.Y)
		return x + y, okx || oky
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, e).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" {
			return 0, false
		}
		switch fn.Name() {
		case "Sprintf":
			if len(e.Args) == 0 {
				return 0, false
			}
			format, ok := ConstString(info, e.Args[0])
			if !ok {
				return 0, false
			}
			// The format's text, and the constant strings it formats.
			n := formatTextLen(format)
			for _, a := range e.Args[1:] {
				if s, ok := ConstString(info, a); ok {
					n += utf8.RuneCountInString(s)
				}
			}
			return n, true
		case "Sprint", "Sprintln":
			total, any := 0, false
			for _, a := range e.Args {
				if n, ok := ConstPartLen(info, a); ok {
					total += n
					any = true
				}
			}
			return total, any
		}
	}
	return 0, false
}

// formatTextLen counts the runes of a printf format that are not verbs:
// "%%" counts as one rune, every other verb (with flags, width, precision
// and argument index) as none.
func formatTextLen(format string) int {
	n := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			_, size := utf8.DecodeRuneInString(format[i:])
			i += size
			n++
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			i++
			n++
			continue
		}
		// Skip flags, width, precision and [n] indexes up to the verb.
		for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
			i++
		}
		if i < len(format) {
			_, size := utf8.DecodeRuneInString(format[i:])
			i += size
		}
	}
	return n
}

// ConstPrefix returns the constant text a string expression is known to
// start with: the whole constant, the left operand of a concatenation, or
// the text of a Sprintf format before its first verb.
func ConstPrefix(info *types.Info, e ast.Expr) (string, bool) {
	e = ast.Unparen(e)
	if s, ok := ConstString(info, e); ok {
		return s, true
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return ConstPrefix(info, e.X)
		}
	case *ast.CallExpr:
		if IsSprintf(info, e) && len(e.Args) > 0 {
			if f, ok := ConstString(info, e.Args[0]); ok {
				if i := strings.IndexByte(f, '%'); i >= 0 {
					f = f[:i]
				}
				return f, f != ""
			}
		}
	}
	return "", false
}

// IsSprintf reports a call of fmt.Sprintf.
func IsSprintf(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf"
}

// nonEmptyFuncs are functions (by package) and methods (by package and
// receiver type) whose string result is never empty: generated IDs and
// formatted numbers.
var nonEmptyFuncs = map[string][]string{
	"crypto/rand":            {"Text"},
	"strconv":                {"Itoa", "FormatInt", "FormatUint", "FormatFloat", "FormatBool", "Quote"},
	"github.com/google/uuid": {"NewString", "UUID.String"},
	"github.com/gofrs/uuid":  {"UUID.String"},
}

// ReturnsNonEmpty reports a call of a function whose string result is
// never empty.
func ReturnsNonEmpty(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	name := fn.Name()
	if r := mcpsdk.RecvName(fn); r != "" {
		name = r + "." + name
	}
	for _, n := range nonEmptyFuncs[fn.Pkg().Path()] {
		if n == name {
			return true
		}
	}
	return false
}

// ConstAt is a constant string an expression can hold, and the expression
// that spells it.
type ConstAt struct {
	S  string
	At ast.Expr
}

// FollowDepth bounds how far the readings of a handler's duties and of
// its RequestState (internal/duties, internal/reqstate) follow a value
// through variables and calls: one bound, so both stop at the same place.
const FollowDepth = 6

// maxArgDepth bounds how many calls possibleStrings follows a parameter
// through (and stops a function that passes its parameter to itself).
const maxArgDepth = 3

// PossibleStrings returns every constant string e can hold: e itself when
// it is a constant; the value of a local variable assigned once; for a
// parameter of an unexported, non-generic function of the package that is
// only ever called, never used as a value and never assigned, the strings
// of that argument at every call (calls are the package's calls of its own
// functions). ok is false when some value is not known.
func (pc *Package) PossibleStrings(e ast.Expr, calls []LocalCall) ([]ConstAt, bool) {
	return pc.possibleStringsDepth(e, calls, 0)
}

func (pc *Package) possibleStringsDepth(e ast.Expr, calls []LocalCall, depth int) ([]ConstAt, bool) {
	e = ast.Unparen(e)
	if s, ok := ConstString(pc.Info, e); ok {
		return []ConstAt{{s, e}}, true
	}
	id, ok := e.(*ast.Ident)
	if !ok || depth >= maxArgDepth {
		return nil, false
	}
	v, ok := pc.Info.Uses[id].(*types.Var)
	if !ok || !IsLocal(v) {
		return nil, false
	}
	if def, _ := pc.SingleAssignment(id); def != nil {
		return pc.possibleStringsDepth(def, calls, depth+1)
	}
	fn, idx := pc.paramOf(v)
	if fn == nil || pc.Assignments()[v] != nil {
		return nil, false
	}
	uses := 0
	for _, obj := range pc.Info.Uses {
		if obj == fn {
			uses++
		}
	}
	var all []ConstAt
	called := 0
	for _, lc := range calls {
		if lc.Fn != fn {
			continue
		}
		called++
		if lc.Call.Ellipsis.IsValid() || idx >= len(lc.Call.Args) {
			return nil, false
		}
		vals, ok := pc.possibleStringsDepth(lc.Call.Args[idx], calls, depth+1)
		if !ok {
			return nil, false
		}
		all = append(all, vals...)
	}
	// Every use of the function is one of these calls: none hands it on.
	if called == 0 || called != uses {
		return nil, false
	}
	return all, true
}

// paramOf returns the unexported, non-generic function of the package
// that declares v as a parameter (not a variadic one), and its index.
func (pc *Package) paramOf(v *types.Var) (*types.Func, int) {
	scope := pc.Pass.Pkg.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || fn.Exported() || fn.Scope() != v.Parent() {
			continue
		}
		sig := fn.Signature()
		if sig.TypeParams().Len() > 0 {
			return nil, 0
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == v && !(sig.Variadic() && i == sig.Params().Len()-1) {
				return fn, i
			}
		}
	}
	return nil, 0
}

// ConstTexts returns the constant text of a string expression, each
// stretch of it that is written out whole: the constant itself, the
// operands of a concatenation joined where they meet, or the format of
// fmt.Sprintf.
func ConstTexts(info *types.Info, e ast.Expr) []string {
	e = ast.Unparen(e)
	if s, ok := ConstString(info, e); ok {
		return []string{s}
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			left, right := ConstTexts(info, e.X), ConstTexts(info, e.Y)
			if len(left) > 0 && len(right) > 0 {
				// "…?id=" + id + "&sig=": the query goes on across
				// the operands.
				return append(left[:len(left)-1], append([]string{left[len(left)-1] + right[0]}, right[1:]...)...)
			}
			return append(left, right...)
		}
	case *ast.CallExpr:
		if IsSprintf(info, e) && len(e.Args) > 0 {
			if f, ok := ConstString(info, e.Args[0]); ok {
				return []string{f}
			}
		}
	}
	return nil
}

// Package source is the analysed package as every stage of elicitlint
// reads it: its syntax, type information and bytes, and the questions every
// stage asks of them. Where is a node, and what encloses it (syntax.go)?
// Which functions never return, and where is a variable written? What
// constant text can an expression hold (values.go)? What does a call do
// besides returning (effects: which calls may run twice)? Which bytes and
// indentation does a line have, and is a file gofmt-formatted?
//
// It uses internal/mcpsdk and golang.org/x/tools; nothing of elicitlint's
// discovery or checks. Its caches are safe for the analyzers of one
// package running in parallel.
package source

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"golang.org/x/tools/go/analysis"
)

// Package is the analysed package as every stage reads it: its syntax,
// types and bytes, and the SDK table.
type Package struct {
	Pass *analysis.Pass
	Info *types.Info
	SDKs *mcpsdk.Set
	// Vouched are the calls the -replay-safe setting vouches for.
	Vouched effect.Patterns
	// IfaceValues returns the concrete types of the values the package's
	// code shows put into an interface, and whether they are all known
	// (internal/ifaces.Values); nil when not set (see iface_effects.go).
	IfaceValues func(*types.TypeName) ([]types.Type, bool)
	// closed caches closedIface, by interface.
	closed sync.Map
	// noReturnFuncs are the package's functions that never return,
	// computed on first need (see noReturn).
	noReturnOnce  sync.Once
	noReturnFuncs map[*types.Func]bool
	// sources are the files' bytes, read for suggested fixes (see src).
	sources map[*token.File][]byte
	// formatted says, per file, whether it is gofmt-formatted (see
	// gofmtClean).
	formatted map[*token.File]bool
	// assigns are the writes of the package's variables (see Assignments).
	assignsOnce sync.Once
	assigns     map[*types.Var]*assignment
	// mu guards sources and formatted, which fill as they are asked for.
	mu sync.Mutex
	// pure holds what the package's functions can do (see pure.go).
	pureOnce sync.Once
	pure     *purity
	// defs are the values given to the package's local variables (see
	// Defs).
	defsOnce sync.Once
	defs     map[*types.Var][]VarDef
}

// LitField returns the value of key name in a keyed literal, or nil.
func LitField(lit *ast.CompositeLit, name string) *ast.KeyValueExpr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv
			}
		}
	}
	return nil
}

// LocalCall is a call of a function of the package.
type LocalCall struct {
	Call *ast.CallExpr
	Fn   *types.Func
	Decl *ast.FuncDecl
}

// Src returns the bytes of the file holding pos, read once per run.
func (pc *Package) Src(pos token.Pos) ([]byte, *token.File) {
	tf := pc.Pass.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	data, ok := pc.sources[tf]
	if !ok {
		var err error
		if data, err = pc.Pass.ReadFile(tf.Name()); err != nil {
			data = nil
		}
		if pc.sources == nil {
			pc.sources = map[*token.File][]byte{}
		}
		pc.sources[tf] = data
	}
	if data == nil {
		return nil, nil
	}
	return data, tf
}

// IndentOf returns the leading white space of pos's line.
func (pc *Package) IndentOf(pos token.Pos) string {
	data, tf := pc.Src(pos)
	if data == nil {
		return "\t"
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	line := data[start:]
	n := 0
	for n < len(line) && (line[n] == '\t' || line[n] == ' ') {
		n++
	}
	return string(bytes.Clone(line[:n]))
}

// OnlySpaceBefore reports whether pos is the first non-blank on its line.
func (pc *Package) OnlySpaceBefore(pos token.Pos) bool {
	data, tf := pc.Src(pos)
	if data == nil {
		return false
	}
	start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	if off > len(data) || start > off {
		return false
	}
	return len(bytes.TrimSpace(data[start:off])) == 0
}

// LineStart returns the position of the start of pos's line.
func (pc *Package) LineStart(pos token.Pos) token.Pos {
	tf := pc.Pass.Fset.File(pos)
	if tf == nil {
		return pos
	}
	return tf.LineStart(tf.Line(pos))
}

// LineEnd returns the position of the end of pos's line (before its
// newline).
func (pc *Package) LineEnd(pos token.Pos) token.Pos {
	data, tf := pc.Src(pos)
	if data == nil {
		return pos
	}
	off := tf.Offset(pos)
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		return pos + token.Pos(i)
	}
	return pos + token.Pos(len(data)-off)
}

// GofmtClean reports, once per file, whether src is gofmt-formatted.
func (pc *Package) GofmtClean(tf *token.File, src []byte) bool {
	pc.mu.Lock()
	clean, ok := pc.formatted[tf]
	pc.mu.Unlock()
	if ok {
		return clean
	}
	f, err := format.Source(src)
	clean = err == nil && bytes.Equal(f, src)
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.formatted == nil {
		pc.formatted = map[*token.File]bool{}
	}
	pc.formatted[tf] = clean
	return clean
}

// Cancels reports a call of a local context.CancelFunc.
func (pc *Package) Cancels(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 0 {
		return false
	}
	v, _ := pc.Info.Uses[id].(*types.Var)
	return IsLocal(v) && mcpsdk.IsNamed(v.Type(), "context", "CancelFunc")
}

// LocalTarget reports an assignment target that is a local variable (or _).
func (pc *Package) LocalTarget(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	v, _ := pc.Info.ObjectOf(id).(*types.Var)
	return IsLocal(v)
}

// CommentIn reports whether a comment overlaps [from, to), which a fix
// that rewrites that text would lose.
func (pc *Package) CommentIn(from, to token.Pos) bool {
	for _, cg := range pc.FileOf(from).Comments {
		if cg.Pos() < to && cg.End() > from {
			return true
		}
	}
	return false
}

// LineText returns the source text of n, and whether it is on one line.
func (pc *Package) LineText(n ast.Node) (string, bool) {
	data, tf := pc.Src(n.Pos())
	if data == nil {
		return "", false
	}
	s := string(data[tf.Offset(n.Pos()):tf.Offset(n.End())])
	return s, !strings.Contains(s, "\n")
}

// AfterComment returns pos, or the end of a comment that follows it on
// its line.
func (pc *Package) AfterComment(pos token.Pos) token.Pos {
	tf := pc.Pass.Fset.File(pos)
	for _, cg := range pc.FileOf(pos).Comments {
		if cg.Pos() >= pos && tf.Line(cg.Pos()) == tf.Line(pos) {
			return cg.End()
		}
	}
	return pos
}

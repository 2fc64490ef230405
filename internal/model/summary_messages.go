package model

import (
	"fmt"
	"go/ast"
	"go/types"
	"unicode/utf8"

	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// MessageFact marks a function that returns, in result Result, a struct
// whose Message field is built from constant text (a constant, or a
// concatenation or fmt.Sprintf with constant text): Len is the number of
// runes of that text, and Full says whether the whole message is
// constant. A params literal that takes its message from such a value in
// another package gets the message check at the send.
type MessageFact struct {
	Result int
	Len    int
	Full   bool
}

func (*MessageFact) AFact() {}

func (f *MessageFact) String() string {
	return fmt.Sprintf("message(%d:%d)", f.Result, f.Len)
}

// messageReturn is one return statement of a function declaration, with
// the constant text of the Message field of the struct literal it returns
// in result idx (n < 0: not such a literal).
type messageReturn struct {
	decl *ast.FuncDecl
	idx  int
	n    int
	full bool
}

// messageReturns records, for a return statement of a function
// declaration, the Message fields of the struct literals it returns (not
// params literals: those are checked where they are written).
func (ds *discoverer) messageReturns(ret *ast.ReturnStmt, stack []ast.Node) {
	fn, _ := source.Enclosing(stack)
	decl, ok := fn.(*ast.FuncDecl)
	if !ok || decl.Type.Results == nil {
		return
	}
	for i, r := range ret.Results {
		mr := messageReturn{decl: decl, idx: i, n: -1}
		e := ast.Unparen(r)
		if u, ok := e.(*ast.UnaryExpr); ok {
			e = ast.Unparen(u.X)
		}
		if lit, ok := e.(*ast.CompositeLit); ok && ds.pc.SDKs.Params(ds.pc.Info.TypeOf(lit)) == nil {
			if kv := source.LitField(lit, mcpsdk.FieldMessage); kv != nil {
				if s, ok := source.ConstString(ds.pc.Info, kv.Value); ok {
					mr.n, mr.full = utf8.RuneCountInString(s), true
				} else if n, ok := source.ConstPartLen(ds.pc.Info, kv.Value); ok {
					mr.n = n
				}
			}
		}
		ds.D.messageReturns = append(ds.D.messageReturns, mr)
	}
}

// summariseMessages exports a message fact for the functions whose every
// return gives a struct with a constant-text Message in the same result.
func summariseMessages(pc *Model, d *Discovery) {
	type key struct {
		decl *ast.FuncDecl
		idx  int
	}
	facts := map[key]*MessageFact{}
	bad := map[key]bool{}
	for _, mr := range d.messageReturns {
		k := key{mr.decl, mr.idx}
		if mr.n <= 0 {
			bad[k] = true
			continue
		}
		f := facts[k]
		if f == nil {
			f = &MessageFact{Result: mr.idx, Len: mr.n, Full: mr.full}
			facts[k] = f
		}
		if mr.n != f.Len || !mr.full {
			f.Full = false
		}
		f.Len = min(f.Len, mr.n)
	}
	for k, f := range facts {
		if bad[k] {
			continue
		}
		if fn, ok := pc.Info.Defs[k.decl.Name].(*types.Func); ok {
			pc.Pass.ExportObjectFact(fn, f)
		}
	}
}

// ImportedMessage returns the message fact behind a Message field value
// that comes from another package's function: f().Message, or v.Message
// where v is assigned once from f().
func ImportedMessage(pc *Model, e ast.Expr) (*MessageFact, *types.Func) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != mcpsdk.FieldMessage {
		return nil, nil
	}
	x, idx := ast.Unparen(sel.X), 0
	if id, ok := x.(*ast.Ident); ok {
		def, i := pc.SingleAssignment(id)
		if def == nil {
			return nil, nil
		}
		x, idx = ast.Unparen(def), i
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	fn, _ := typeutil.Callee(pc.Info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == pc.Pass.Pkg {
		return nil, nil
	}
	f := new(MessageFact)
	if !pc.Pass.ImportObjectFact(fn.Origin(), f) || f.Result != idx {
		return nil, nil
	}
	return f, fn
}

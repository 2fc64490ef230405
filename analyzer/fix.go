package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// missingCaseFix offers, for a switch on the action that lacks cases, a
// fix that adds them with a fail-safe body: in a function whose last result
// is an error, return zero values and an error saying what the user did; in
// a function without results, return. Anything else gets no fix, and so
// does an action that is already named in a joined case (a second case
// would not compile).
func (pc *passCtx) missingCaseFix(site *resultSite, r actionReport) []analysis.SuggestedFix {
	sw := r.sw
	if sw == nil || ast.Node(sw) != r.at || site.sig == nil {
		return nil
	}
	named := map[string]bool{}
	var sample ast.Expr
	var dflt *ast.CaseClause
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if cc.List == nil {
			dflt = cc
		}
		for _, e := range cc.List {
			if s, ok := constString(pc.info, e); ok {
				named[s] = true
				if sample == nil {
					sample = e
				}
			}
		}
	}
	var add []string
	for _, a := range r.missing {
		if !named[a] {
			add = append(add, a)
		}
	}
	if len(add) == 0 {
		return nil
	}
	sig := site.sig
	file := pc.fileOf(sw.Pos())
	if file == nil {
		return nil
	}
	qual := pc.qualifier(file)
	var ret string
	needErrors := false
	switch n := sig.Results().Len(); {
	case n == 0:
		ret = "return"
	case types.Identical(sig.Results().At(n-1).Type(), types.Universe.Lookup("error").Type()):
		var vals []string
		for i := 0; i < n-1; i++ {
			z, ok := zeroValue(sig.Results().At(i).Type(), qual)
			if !ok {
				return nil
			}
			vals = append(vals, z)
		}
		vals = append(vals, "%s")
		ret = "return " + strings.Join(vals, ", ")
		needErrors = true
	default:
		return nil
	}
	errPkg, importEdit := pc.errorsPkg(file)
	if needErrors && errPkg == "" {
		return nil
	}
	indent := pc.indentOf(sw.Pos())
	var b strings.Builder
	for _, a := range add {
		fmt.Fprintf(&b, "%scase %s:\n", indent, pc.actionExpr(a, sample, qual))
		body := ret
		if needErrors {
			body = fmt.Sprintf(ret, fmt.Sprintf("%s.New(%q)", errPkg, "the user "+pastTense(a)+" the request"))
		}
		fmt.Fprintf(&b, "%s\t%s\n", indent, body)
	}
	at := sw.Body.Rbrace
	if dflt != nil {
		at = dflt.Pos()
	}
	// Insert at the start of the line holding the closing brace or default
	// when nothing else is on that line before it; otherwise (a switch on
	// one line, an empty switch) right before it, on a line of its own.
	insertAt, text := pc.lineStart(at), b.String()
	if !pc.onlySpaceBefore(at) {
		insertAt, text = at, "\n"+text
	}
	edits := []analysis.TextEdit{{Pos: insertAt, End: insertAt, NewText: []byte(text)}}
	if needErrors && importEdit != nil {
		edits = append(edits, *importEdit)
	}
	return []analysis.SuggestedFix{{
		Message:   "Add cases for " + quoteList(add),
		TextEdits: edits,
	}}
}

func pastTense(a string) string {
	switch a {
	case actDecline:
		return "declined"
	case actCancel:
		return "cancelled"
	}
	return "accepted"
}

// actionExpr spells action a the way the switch's other cases do: the SDK
// constant when they use one, else a string literal.
func (pc *passCtx) actionExpr(a string, sample ast.Expr, qual types.Qualifier) string {
	if sel, ok := sample.(*ast.SelectorExpr); ok {
		if c, ok := pc.info.Uses[sel.Sel].(*types.Const); ok && strings.HasPrefix(c.Name(), "ElicitationResponseAction") {
			if x, ok := sel.X.(*ast.Ident); ok {
				return x.Name + ".ElicitationResponseAction" + strings.ToUpper(a[:1]) + a[1:]
			}
		}
	}
	return fmt.Sprintf("%q", a)
}

// zeroValue spells the zero value of t, if it can be written in this file.
func zeroValue(t types.Type, qual types.Qualifier) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		}
	case *types.Struct:
		if _, ok := types.Unalias(t).(*types.Named); ok {
			s := types.TypeString(t, qual)
			if !strings.Contains(s, "/") {
				return s + "{}", true
			}
		}
	}
	return "", false
}

func (pc *passCtx) fileOf(pos token.Pos) *ast.File {
	for _, f := range pc.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// qualifier names packages as the file imports them.
func (pc *passCtx) qualifier(f *ast.File) types.Qualifier {
	names := map[string]string{}
	for _, imp := range f.Imports {
		if pn, ok := pc.info.Implicits[imp].(*types.PkgName); ok {
			names[pn.Imported().Path()] = pn.Name()
		} else if pn, ok := pc.info.Defs[imp.Name].(*types.PkgName); ok && imp.Name != nil {
			names[pn.Imported().Path()] = pn.Name()
		}
	}
	return func(p *types.Package) string {
		if p == pc.pass.Pkg {
			return ""
		}
		if n, ok := names[p.Path()]; ok {
			return n
		}
		return p.Path() // not importable here: callers give up on a "/"
	}
}

// errorsPkg returns the name under which the file imports "errors", or
// "errors" plus an edit that adds the import.
func (pc *passCtx) errorsPkg(f *ast.File) (string, *analysis.TextEdit) {
	for _, imp := range f.Imports {
		if imp.Path.Value == `"errors"` {
			if imp.Name == nil {
				return "errors", nil
			}
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				return "", nil
			}
			return imp.Name.Name, nil
		}
	}
	if f.Scope != nil && f.Scope.Lookup("errors") != nil || pc.pass.Pkg.Scope().Lookup("errors") != nil {
		return "", nil // the name is taken
	}
	end := f.Name.End()
	return "errors", &analysis.TextEdit{Pos: end, End: end, NewText: []byte("\n\nimport \"errors\"")}
}

// src returns the bytes of the file holding pos.
func (pc *passCtx) src(pos token.Pos) ([]byte, *token.File) {
	tf := pc.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	data, err := pc.pass.ReadFile(tf.Name())
	if err != nil {
		return nil, nil
	}
	return data, tf
}

// indentOf returns the leading white space of pos's line.
func (pc *passCtx) indentOf(pos token.Pos) string {
	data, tf := pc.src(pos)
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

// onlySpaceBefore reports whether pos is the first non-blank on its line.
func (pc *passCtx) onlySpaceBefore(pos token.Pos) bool {
	data, tf := pc.src(pos)
	if data == nil {
		return false
	}
	start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	if off > len(data) || start > off {
		return false
	}
	return len(bytes.TrimSpace(data[start:off])) == 0
}

func (pc *passCtx) lineStart(pos token.Pos) token.Pos {
	tf := pc.pass.Fset.File(pos)
	if tf == nil {
		return pos
	}
	return tf.LineStart(tf.Line(pos))
}

package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// This file holds what suggested fixes need to write source text: names,
// zero values, indentation, imports.

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

// importName returns the name under which the file imports path, or,
// when it does not, the package's own name plus an edit that adds the
// import: into the file's import block (the standard library's section),
// the way goimports would. ok is false when the name cannot be used (a
// blank or dot import, or the name is taken).
func (pc *pkgCtx) importName(f *ast.File, path, name string) (_ string, _ *analysis.TextEdit, ok bool) {
	quoted := strconv.Quote(path)
	for _, imp := range f.Imports {
		if imp.Path.Value == quoted {
			if imp.Name == nil {
				return name, nil, true
			}
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				return "", nil, false
			}
			return imp.Name.Name, nil, true
		}
	}
	if f.Scope != nil && f.Scope.Lookup(name) != nil || pc.pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false // the name is taken
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			// Before the first spec of the same kind (standard library or
			// not), so that sorting keeps it in that section.
			at := gd.Lparen + 1
			std := !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
			for _, spec := range gd.Specs {
				is := spec.(*ast.ImportSpec)
				p, _ := strconv.Unquote(is.Path.Value)
				if !strings.Contains(strings.SplitN(p, "/", 2)[0], ".") == std {
					return name, &analysis.TextEdit{Pos: pc.lineStart(spec.Pos()), End: pc.lineStart(spec.Pos()), NewText: []byte("\t" + quoted + "\n")}, true
				}
			}
			return name, &analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\t" + quoted)}, true
		}
		if len(gd.Specs) == 1 {
			// import "x" becomes a block.
			spec := gd.Specs[0]
			return name, &analysis.TextEdit{Pos: spec.Pos(), End: spec.Pos(), NewText: []byte("(\n\t" + quoted + "\n\t")}, true
		}
	}
	end := f.Name.End()
	return name, &analysis.TextEdit{Pos: end, End: end, NewText: []byte("\n\nimport " + quoted)}, true
}

// failReturn spells a return statement that leaves a function with an
// error saying why: zero values and errors.New(why) when the last result
// is an error, a bare return when there are no results. edits add the
// import of "errors" if needed. ok is false for other functions.
func (pc *pkgCtx) failReturn(sig *types.Signature, f *ast.File, why string) (ret string, edits []analysis.TextEdit, ok bool) {
	n := sig.Results().Len()
	if n == 0 {
		return "return", nil, true
	}
	if !types.Identical(sig.Results().At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", nil, false
	}
	qual := pc.qualifier(f)
	var vals []string
	for i := 0; i < n-1; i++ {
		z, ok := zeroValue(sig.Results().At(i).Type(), qual)
		if !ok {
			return "", nil, false
		}
		vals = append(vals, z)
	}
	errs, edit, ok := pc.importName(f, "errors", "errors")
	if !ok {
		return "", nil, false
	}
	if edit != nil {
		edits = append(edits, *edit)
	}
	vals = append(vals, fmt.Sprintf("%s.New(%q)", errs, why))
	return "return " + strings.Join(vals, ", "), edits, true
}

// src returns the bytes of the file holding pos, read once per run.
func (pc *pkgCtx) src(pos token.Pos) ([]byte, *token.File) {
	tf := pc.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	if data, ok := pc.sources[tf]; ok {
		return data, tf
	}
	data, err := pc.pass.ReadFile(tf.Name())
	if err != nil {
		data = nil
	}
	if pc.sources == nil {
		pc.sources = map[*token.File][]byte{}
	}
	pc.sources[tf] = data
	if data == nil {
		return nil, nil
	}
	return data, tf
}

// indentOf returns the leading white space of pos's line.
func (pc *pkgCtx) indentOf(pos token.Pos) string {
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
func (pc *pkgCtx) onlySpaceBefore(pos token.Pos) bool {
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

// lineStart returns the position of the start of pos's line.
func (pc *pkgCtx) lineStart(pos token.Pos) token.Pos {
	tf := pc.pass.Fset.File(pos)
	if tf == nil {
		return pos
	}
	return tf.LineStart(tf.Line(pos))
}

// lineEnd returns the position of the end of pos's line (before its
// newline).
func (pc *pkgCtx) lineEnd(pos token.Pos) token.Pos {
	data, tf := pc.src(pos)
	if data == nil {
		return pos
	}
	off := tf.Offset(pos)
	if i := bytes.IndexByte(data[off:], '\n'); i >= 0 {
		return pos + token.Pos(i)
	}
	return pos + token.Pos(len(data)-off)
}

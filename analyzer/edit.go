package analyzer

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
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

// errorsPkg returns the name under which the file imports "errors", or
// "errors" plus an edit that adds the import.
func (pc *pkgCtx) errorsPkg(f *ast.File) (string, *analysis.TextEdit) {
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
func (pc *pkgCtx) src(pos token.Pos) ([]byte, *token.File) {
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

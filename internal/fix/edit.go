// Package fix is the edit machinery of elicitlint's suggested fixes: the
// text of zero values and return statements, imports added where gofmt
// would put them, members removed from composite literals, and Format,
// which makes a fix's edits gofmt-formatted where they land, so that
// gopls and golangci-lint, which apply raw edits, leave formatted code.
//
// It uses internal/source (the package's bytes and lines) and
// internal/textedit; nothing of discovery or the checks.
package fix

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/internal/source"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis"
)

// RemoveMember returns the edit that deletes the key-value of a Go
// composite literal whose key is at key, with its comma, leaving the file
// gofmt-formatted; nil when it cannot (the member is not written in Go
// source there, a comment is in the way, or the rest would need
// realigning).
func RemoveMember(pc *source.Package, key token.Pos) []analysis.TextEdit {
	file := pc.FileOf(key)
	data, tf := pc.Src(key)
	if file == nil || data == nil {
		return nil
	}
	var lit *ast.CompositeLit
	idx := -1
	ast.Inspect(file, func(n ast.Node) bool {
		if idx >= 0 || n == nil || n.Pos() > key || n.End() <= key {
			return false
		}
		if cl, ok := n.(*ast.CompositeLit); ok {
			for i, e := range cl.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Key.Pos() == key {
					lit, idx = cl, i
					return false
				}
			}
		}
		return true
	})
	if lit == nil {
		return nil
	}
	kv := lit.Elts[idx]
	line := tf.Line
	var from, to token.Pos
	switch {
	case pc.OnlySpaceBefore(kv.Pos()) && (idx+1 == len(lit.Elts) || line(lit.Elts[idx+1].Pos()) > line(kv.End())) && line(lit.Rbrace) > line(kv.End()):
		// On lines of its own: delete the lines.
		from, to = pc.LineStart(kv.Pos()), pc.LineEnd(kv.End())+1
	case idx+1 < len(lit.Elts) && line(lit.Elts[idx+1].Pos()) == line(kv.End()):
		from, to = kv.Pos(), lit.Elts[idx+1].Pos()
	case idx > 0 && line(lit.Elts[idx-1].End()) == line(kv.Pos()):
		from, to = lit.Elts[idx-1].End(), kv.End()
	default:
		return nil
	}
	for _, cg := range file.Comments {
		// A comment at the end of a deleted line goes with it.
		if cg.Pos() < to && cg.End() > from && !(cg.Pos() > kv.End() && line(cg.Pos()) == line(kv.End()) && to == pc.LineEnd(kv.End())+1) {
			return nil
		}
	}
	edit := []analysis.TextEdit{{Pos: from, End: to}}
	out, ok := Apply(data, tf, edit)
	if !ok {
		return nil
	}
	if formatted, err := format.Source(out); err != nil || !bytes.Equal(formatted, out) {
		return nil
	}
	return edit
}

// This file holds what suggested fixes need to write source text: names,
// zero values, indentation, imports.

// ZeroValue spells the zero value of t, if it can be written in this file.
func ZeroValue(t types.Type, qual types.Qualifier) (string, bool) {
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

// ImportName returns the name under which the file imports path, or,
// when it does not, the package's own name plus an edit that adds the
// import: into the file's import block, in sorted place in the section of
// its kind (standard library or not), the way goimports would. ok is
// false when the name cannot be used (a blank or dot import, or the name
// is taken).
func ImportName(pc *source.Package, f *ast.File, path, name string) (_ string, _ *analysis.TextEdit, ok bool) {
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
	if f.Scope != nil && f.Scope.Lookup(name) != nil || pc.Pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false // the name is taken
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if edit := addImport(pc, gd, path); edit != nil {
			return name, edit, true
		}
	}
	end := f.Name.End()
	return name, &analysis.TextEdit{Pos: end, End: end, NewText: []byte("\n\nimport " + quoted)}, true
}

// addImport returns the edit that adds path to the import declaration gd,
// or nil when gd is not one it can add to.
func addImport(pc *source.Package, gd *ast.GenDecl, path string) *analysis.TextEdit {
	quoted := strconv.Quote(path)
	if gd.Lparen.IsValid() {
		if at, after, ok := importSlot(pc, gd, path); ok {
			if after {
				at = pc.LineEnd(at)
				return &analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\t" + quoted)}
			}
			return &analysis.TextEdit{Pos: pc.LineStart(at), End: pc.LineStart(at), NewText: []byte("\t" + quoted + "\n")}
		}
		// No import of its kind yet: a section of its own, the standard
		// library's first.
		if n := len(gd.Specs); n > 0 && !source.IsStd(path) {
			at := pc.LineEnd(gd.Specs[n-1].End())
			return &analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\n\t" + quoted)}
		}
		text := "\n\t" + quoted
		if len(gd.Specs) > 0 {
			text += "\n" // a blank line before the others
		}
		at := gd.Lparen + 1
		return &analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}
	}
	if len(gd.Specs) != 1 {
		return nil
	}
	// import "x" becomes a block of two.
	spec := gd.Specs[0].(*ast.ImportSpec)
	data, tf := pc.Src(spec.Pos())
	if data == nil {
		return nil
	}
	old := string(data[tf.Offset(spec.Pos()):tf.Offset(spec.End())])
	p, _ := strconv.Unquote(spec.Path.Value)
	first, second, sep := "\t"+quoted, "\t"+old, "\n"
	if source.IsStd(p) != source.IsStd(path) {
		sep = "\n\n"
	}
	if source.IsStd(p) && !source.IsStd(path) || source.IsStd(p) == source.IsStd(path) && p < path {
		first, second = second, first
	}
	return &analysis.TextEdit{Pos: spec.Pos(), End: spec.End(), NewText: []byte("(\n" + first + sep + second + "\n)")}
}

// importSlot returns where path goes in the import block gd: before the
// first import that sorts after it in the first section (a run of imports
// on consecutive lines, which gofmt sorts) holding an import of the same
// kind, standard library or not; or, when it sorts last there, after the
// section's last import. ok is false when no section has an import of its
// kind.
func importSlot(pc *source.Package, gd *ast.GenDecl, path string) (at token.Pos, after, ok bool) {
	line := func(p token.Pos) int { return pc.Pass.Fset.Position(p).Line }
	var section []*ast.ImportSpec
	flush := func() (token.Pos, bool, bool) {
		if !slices.ContainsFunc(section, func(is *ast.ImportSpec) bool {
			p, _ := strconv.Unquote(is.Path.Value)
			return source.IsStd(p) == source.IsStd(path)
		}) {
			return token.NoPos, false, false
		}
		for _, is := range section {
			if p, _ := strconv.Unquote(is.Path.Value); p > path {
				return is.Pos(), false, true
			}
		}
		return section[len(section)-1].End(), true, true
	}
	for _, spec := range gd.Specs {
		is := spec.(*ast.ImportSpec)
		if n := len(section); n > 0 && line(is.Pos()) > line(section[n-1].End())+1 {
			if at, after, ok := flush(); ok {
				return at, after, true
			}
			section = section[:0]
		}
		section = append(section, is)
	}
	return flush()
}

// FailReturn spells a return statement that leaves a function with an
// error saying why: zero values and errors.New(why) when the last result
// is an error, a bare return when there are no results. edits add the
// import of "errors" if needed. ok is false for other functions.
func FailReturn(pc *source.Package, sig *types.Signature, f *ast.File, why string) (ret string, edits []analysis.TextEdit, ok bool) {
	n := sig.Results().Len()
	if n == 0 {
		return "return", nil, true
	}
	if !types.Identical(sig.Results().At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", nil, false
	}
	qual := pc.Qualifier(f)
	var vals []string
	for i := 0; i < n-1; i++ {
		z, ok := ZeroValue(sig.Results().At(i).Type(), qual)
		if !ok {
			return "", nil, false
		}
		vals = append(vals, z)
	}
	errs, edit, ok := ImportName(pc, f, "errors", "errors")
	if !ok {
		return "", nil, false
	}
	if edit != nil {
		edits = append(edits, *edit)
	}
	vals = append(vals, fmt.Sprintf("%s.New(%q)", errs, why))
	return "return " + strings.Join(vals, ", "), edits, true
}

// Formatting fixes. gopls, golangci-lint --fix and other consumers of
// analysis edits apply a fix's edits as they are, without formatting the
// file afterwards, so the edits must leave it gofmt-formatted: text that
// moves code to another depth re-indented, the trailing comments of the
// lines around a line that changed length aligned again. Producers write
// the right tokens; Format gets the white space right for them all.

// Format rewrites the edits of a fix so that each file they give is what
// go/format makes of it. For each file it formats the edited file and
// turns every difference, which is white space only, into an edit of its
// own, or merges it into the fix's edit it touches. On a file that is not
// gofmt-formatted to begin with, only differences that touch the fix's
// own edits are taken: the fix does not reformat code it does not change.
// A file whose edited text does not parse, or whose formatting changes
// more than white space (it would reorder imports), keeps its edits as
// they are.
func Format(pc *source.Package, fix *analysis.SuggestedFix) {
	var files []*token.File
	byFile := map[*token.File][]analysis.TextEdit{}
	for _, te := range fix.TextEdits {
		tf := pc.Pass.Fset.File(te.Pos)
		if tf == nil {
			return
		}
		if byFile[tf] == nil {
			files = append(files, tf)
		}
		byFile[tf] = append(byFile[tf], te)
	}
	// Files by name, edits by place: the same fix reads the same
	// whichever order its edits were made in.
	slices.SortFunc(files, func(a, b *token.File) int { return strings.Compare(a.Name(), b.Name()) })
	var out []analysis.TextEdit
	for _, tf := range files {
		edits := byFile[tf]
		slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return cmp.Or(cmp.Compare(a.Pos, b.Pos), cmp.Compare(a.End, b.End)) })
		out = append(out, formatFile(pc, tf, edits)...)
	}
	fix.TextEdits = out
}

// formatFile is Format for the edits of one file.
func formatFile(pc *source.Package, tf *token.File, fileEdits []analysis.TextEdit) []analysis.TextEdit {
	src, _ := pc.Src(fileEdits[0].Pos)
	if src == nil || tf.Size() != len(src) {
		return fileEdits
	}
	edits := make([]textedit.Edit, 0, len(fileEdits))
	for _, te := range fileEdits {
		end := te.End
		if !end.IsValid() {
			end = te.Pos
		}
		if pc.Pass.Fset.File(end) != tf {
			return fileEdits
		}
		edits = append(edits, textedit.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: string(te.NewText)})
	}
	// The order textedit.Apply makes them in, which mergeSpaceDiffs
	// follows.
	slices.SortStableFunc(edits, func(a, b textedit.Edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	for i, e := range edits {
		for _, prev := range edits[:i] {
			if e.Overlaps(prev) {
				return fileEdits // left to the driver to refuse
			}
		}
	}
	// Format only the top-level declarations the edits touch: gofmt lays
	// out each declaration on its own, and a file is often much larger
	// than the function a fix changes.
	lo, hi := declSpan(pc, tf, edits, len(src))
	sub := src[lo:hi]
	subEdits := make([]textedit.Edit, len(edits))
	for i, e := range edits {
		subEdits[i] = textedit.Edit{Start: e.Start - lo, End: e.End - lo, Text: e.Text}
	}
	edited := textedit.Apply(sub, subEdits)
	formatted, err := format.Source(edited)
	if err != nil || bytes.Equal(formatted, edited) {
		return fileEdits
	}
	spaces, ok := spaceDiffs(edited, formatted)
	if !ok {
		return fileEdits
	}
	merged := mergeSpaceDiffs(sub, subEdits, spaces, func() bool { return pc.GofmtClean(tf, src) })
	out := make([]analysis.TextEdit, 0, len(merged))
	for _, e := range merged {
		out = append(out, analysis.TextEdit{Pos: tf.Pos(e.Start + lo), End: tf.Pos(e.End + lo), NewText: []byte(e.Text)})
	}
	return out
}

// declSpan returns the byte range of the file's top-level declarations
// that hold the edits (from the first such declaration to the last), or
// the whole file when an edit falls outside every declaration.
func declSpan(pc *source.Package, tf *token.File, edits []textedit.Edit, size int) (lo, hi int) {
	file := pc.FileOf(tf.Pos(0))
	if file == nil {
		return 0, size
	}
	lo, hi = size, 0
	for _, e := range edits {
		found := false
		for _, d := range file.Decls {
			s, t := tf.Offset(d.Pos()), tf.Offset(d.End())
			if s <= e.Start && e.End <= t {
				lo, hi = min(lo, s), max(hi, t)
				found = true
				break
			}
		}
		if !found {
			return 0, size
		}
	}
	if lo >= hi {
		return 0, size
	}
	return lo, hi
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// spaceDiffs compares a text with its formatted form, which must have the
// same characters apart from white space, and returns the runs of white
// space of the text that differ, with their formatted replacement. ok is
// false when something other than white space differs.
func spaceDiffs(text, formatted []byte) (diffs []textedit.Edit, ok bool) {
	i, j := 0, 0
	for {
		i0, j0 := i, j
		for i < len(text) && isSpace(text[i]) {
			i++
		}
		for j < len(formatted) && isSpace(formatted[j]) {
			j++
		}
		if !bytes.Equal(text[i0:i], formatted[j0:j]) {
			diffs = append(diffs, textedit.Edit{Start: i0, End: i, Text: string(formatted[j0:j])})
		}
		if i == len(text) || j == len(formatted) {
			return diffs, i == len(text) && j == len(formatted)
		}
		if text[i] != formatted[j] {
			return nil, false
		}
		i++
		j++
	}
}

// mergeSpaceDiffs turns the white-space differences found in the edited
// text (spaces, in its offsets) into edits of src: a difference that
// touches one of the fix's edits joins it (with the original text
// between), the others become edits of their own, kept only when
// keepOthers says so (asked once, when there is one). The result is
// sorted and non-overlapping.
func mergeSpaceDiffs(src []byte, edits, spaces []textedit.Edit, keepOthers func() bool) []textedit.Edit {
	// The fix's edits in the edited text's offsets, and what comes before
	// each: the shift from src offsets to edited offsets.
	type span struct {
		start, end int // in the edited text
		edit       int // index in edits, or -1 for a white-space difference
	}
	var spans []span
	shift := 0
	for k, e := range edits {
		spans = append(spans, span{e.Start + shift, e.Start + shift + len(e.Text), k})
		shift += len(e.Text) - (e.End - e.Start)
	}
	for k := range spaces {
		spans = append(spans, span{spaces[k].Start, spaces[k].End, -1 - k})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return a.start - b.start })
	// toSrc maps a group's edge to src: an offset of the edited text
	// outside the fix's edits, or the start or end of one of them (a group
	// holds its edits whole).
	toSrc := func(p int, atEnd bool) int {
		shift := 0
		for _, e := range edits {
			s := e.Start + shift
			switch {
			case p < s:
				return p - shift
			case p == s && !atEnd:
				return e.Start
			case p <= s+len(e.Text):
				return e.End
			}
			shift += len(e.Text) - (e.End - e.Start)
		}
		return p - shift
	}
	edited := textedit.Apply(src, edits)
	var out []textedit.Edit
	var keep *bool
	for i := 0; i < len(spans); {
		start, end := spans[i].start, spans[i].end
		members := []span{spans[i]}
		for i++; i < len(spans) && spans[i].start <= end; i++ {
			end = max(end, spans[i].end)
			members = append(members, spans[i])
		}
		if !slices.ContainsFunc(members, func(s span) bool { return s.edit >= 0 }) {
			if keep == nil {
				k := keepOthers()
				keep = &k
			}
			if !*keep {
				continue
			}
		}
		// The group's new text: the edited text with its differences.
		var b strings.Builder
		at := start
		for _, m := range members {
			if m.edit >= 0 {
				continue
			}
			d := spaces[-1-m.edit]
			b.Write(edited[at:d.Start])
			b.WriteString(d.Text)
			at = d.End
		}
		b.Write(edited[at:end])
		out = append(out, textedit.Edit{Start: toSrc(start, false), End: toSrc(end, true), Text: b.String()})
	}
	return out
}

// Apply applies edits to data, or reports that two of them overlap.
func Apply(data []byte, tf *token.File, edits []analysis.TextEdit) ([]byte, bool) {
	es := make([]textedit.Edit, len(edits))
	for i, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		es[i] = textedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), Text: string(e.NewText)}
		for _, prev := range es[:i] {
			if es[i].Overlaps(prev) {
				return nil, false
			}
		}
	}
	return textedit.Apply(data, es), true
}

package fix

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/source"
	"github.com/elicitlint/elicitlint/internal/textedit"
	"golang.org/x/tools/go/analysis"
)

// This file holds the edits of fixes that move code: text taken from one
// place (a block's statements, an expression, a whole declaration) and
// written at another depth, with the edits of the same fix that fall
// inside it applied on the way.

// MergeInserts joins insertions at the same place into one edit.
func MergeInserts(edits []analysis.TextEdit) []analysis.TextEdit {
	var out []analysis.TextEdit
	for _, e := range edits {
		if i := slices.IndexFunc(out, func(o analysis.TextEdit) bool { return o.Pos == e.Pos && o.End == e.Pos && e.End == e.Pos }); i >= 0 {
			out[i].NewText = append(slices.Clone(out[i].NewText), e.NewText...)
			continue
		}
		out = append(out, e)
	}
	return out
}

// within converts the edits inside [start, end) of tf to offsets from
// start.
func within(tf *token.File, start, end int, edits []analysis.TextEdit) []textedit.Edit {
	var es []textedit.Edit
	for _, e := range edits {
		if !inFile(tf, e.Pos) {
			continue
		}
		if s, t := tf.Offset(e.Pos), tf.Offset(e.End); s >= start && t <= end {
			es = append(es, textedit.Edit{Start: s - start, End: t - start, Text: string(e.NewText)})
		}
	}
	return es
}

// inFile reports whether pos is in tf (Offset clamps a position of another
// file instead of failing).
func inFile(tf *token.File, pos token.Pos) bool {
	return int(pos) >= tf.Base() && int(pos) <= tf.Base()+tf.Size()
}

// BlockInner returns the text between a block's braces, from the newline
// after { to the indentation before }, with the edits that fall strictly
// inside it applied.
func BlockInner(pc *source.Package, b *ast.BlockStmt, edits []analysis.TextEdit) string {
	data, tf := pc.Src(b.Pos())
	start, end := tf.Offset(b.Lbrace)+1, tf.Offset(b.Rbrace)
	return string(textedit.Apply(data[start:end], within(tf, start, end, edits)))
}

// BodyLines returns the statements of a block as lines indented by ind,
// each starting with a newline: the block's text between its braces,
// with the edits inside it applied, its lines moved from the block's
// indentation to ind.
func BodyLines(pc *source.Package, b *ast.BlockStmt, ind string, edits []analysis.TextEdit) string {
	data, tf := pc.Src(b.Pos())
	start, end := tf.Offset(b.Lbrace)+1, tf.Offset(b.Rbrace)
	orig := string(data[start:end])
	inner := string(textedit.Apply([]byte(orig), within(tf, start, end, edits)))
	from := pc.IndentOf(b.Pos()) + "\t"
	if !strings.HasPrefix(inner, "\n") {
		// { stmt } on one line.
		return "\n" + ind + strings.TrimSpace(inner)
	}
	// Which lines start inside a raw string (kept as they are), from the
	// original text: the edits add no line.
	raws := rawStrings(b)
	var inRawLine []bool
	off := start + 1
	for _, l := range strings.Split(orig[1:], "\n") {
		inRawLine = append(inRawLine, inRaw(raws, tf.Pos(off)))
		off += len(l) + 1
	}
	lines := strings.Split(strings.TrimRight(inner[1:], " \t"), "\n")
	var out strings.Builder
	for i, l := range lines {
		if i == len(lines)-1 && strings.TrimSpace(l) == "" {
			break
		}
		out.WriteString("\n")
		switch {
		case i < len(inRawLine) && inRawLine[i]:
			out.WriteString(l)
		case strings.HasPrefix(l, from):
			out.WriteString(ind + l[len(from):])
		case strings.TrimSpace(l) == "":
		default:
			out.WriteString(ind + strings.TrimLeft(l, "\t"))
		}
	}
	return out.String()
}

// ReindentEdits shifts the lines of e after its first to the indentation
// they need when e starts on a line indented by want tabs: insertions or
// deletions of tabs at line starts (none inside a raw string, none on an
// empty line).
func ReindentEdits(pc *source.Package, e ast.Expr, want int) ([]analysis.TextEdit, bool) {
	data, tf := pc.Src(e.Pos())
	if data == nil {
		return nil, false
	}
	delta := want - len(pc.IndentOf(e.Pos()))
	if delta == 0 {
		return nil, true
	}
	raws := rawStrings(e)
	var edits []analysis.TextEdit
	for l := tf.Line(e.Pos()) + 1; l <= tf.Line(e.End()); l++ {
		ls := tf.LineStart(l)
		if inRaw(raws, ls) {
			continue
		}
		off := tf.Offset(ls)
		if off < len(data) && data[off] == '\n' {
			continue
		}
		if delta > 0 {
			edits = append(edits, analysis.TextEdit{Pos: ls, End: ls, NewText: bytes.Repeat([]byte("\t"), delta)})
			continue
		}
		if off-delta > len(data) || strings.Trim(string(data[off:off-delta]), "\t") != "" {
			return nil, false
		}
		edits = append(edits, analysis.TextEdit{Pos: ls, End: ls + token.Pos(-delta)})
	}
	return edits, true
}

// MovedText returns the text of e re-indented for a line indented by want
// tabs.
func MovedText(pc *source.Package, e ast.Expr, want int) (string, bool) {
	data, tf := pc.Src(e.Pos())
	if data == nil {
		return "", false
	}
	base := tf.Offset(e.Pos())
	text := []byte(string(data[base:tf.Offset(e.End())]))
	edits, ok := ReindentEdits(pc, e, want)
	if !ok {
		return "", false
	}
	for i := len(edits) - 1; i >= 0; i-- {
		ed := edits[i]
		s, t := tf.Offset(ed.Pos)-base, tf.Offset(ed.End)-base
		text = append(text[:s], append(ed.NewText, text[t:]...)...)
	}
	return string(text), true
}

// rawStrings returns the multi-line raw string literals in n.
func rawStrings(n ast.Node) []*ast.BasicLit {
	var lits []*ast.BasicLit
	ast.Inspect(n, func(x ast.Node) bool {
		if l, ok := x.(*ast.BasicLit); ok && l.Kind == token.STRING && strings.HasPrefix(l.Value, "`") && strings.Contains(l.Value, "\n") {
			lits = append(lits, l)
		}
		return true
	})
	return lits
}

func inRaw(lits []*ast.BasicLit, pos token.Pos) bool {
	for _, l := range lits {
		if l.Pos() < pos && pos < l.End() {
			return true
		}
	}
	return false
}

// Comment spells text as // comment lines of at most width
// characters of text, breaking between words.
func Comment(text string, width int) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(text) {
		switch {
		case line == 0:
			b.WriteString("//")
		case line+1+len(w) > width:
			b.WriteString("\n//")
			line = 0
		}
		b.WriteString(" " + w)
		line += 1 + len(w)
	}
	b.WriteString("\n")
	return b.String()
}

// RenameCall is the edit that makes a call call name instead: it
// replaces the function's name, qualified or not, generic or not.
func RenameCall(call *ast.CallExpr, name string) (analysis.TextEdit, bool) {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ast.Unparen(ix.X)
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(name)}, true
}

// CallArg is an argument of a call that ArgEdits rewrites: Old, the index
// of one of the call's own arguments (Text may spell it), or, when Old is
// negative, the new argument Text.
type CallArg struct {
	Old  int
	Text string
}

// ArgEdits rewrite the arguments of call, in pc, to args in place: the
// call's own arguments, kept in their order, stay as they are written,
// line breaks and comments with them; the new ones go in where args puts
// them, and an argument args leaves out goes with its comma. ok is false
// when a comment would go with it.
func ArgEdits(pc *source.Package, call *ast.CallExpr, args []CallArg) (edits []analysis.TextEdit, ok bool) {
	old := call.Args
	var added []string // the new arguments not yet written
	next := 0          // the first of the call's arguments not yet passed
	// put replaces [from, to) with text, unless that cuts a comment.
	put := func(from, to token.Pos, text string) bool {
		if from < to && pc.CommentIn(from, to) {
			return false
		}
		if from < to || text != "" {
			edits = append(edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte(text)})
		}
		return true
	}
	for _, a := range args {
		if a.Old < 0 {
			added = append(added, a.Text)
			continue
		}
		if a.Old < next || a.Old >= len(old) {
			return nil, false
		}
		// Before it: the new arguments, in place of those left out.
		text := ""
		if len(added) > 0 {
			text = strings.Join(added, ", ") + ", "
		}
		if !put(old[next].Pos(), old[a.Old].Pos(), text) {
			return nil, false
		}
		added, next = nil, a.Old+1
	}
	// After the last one kept: the rest of the new ones, in place of
	// those left out.
	from, to, tail := call.Lparen+1, call.Rparen, strings.Join(added, ", ")
	if next > 0 {
		from, to = old[next-1].End(), old[len(old)-1].End()
		if tail != "" {
			tail = ", " + tail
		}
	}
	if !put(from, to, tail) {
		return nil, false
	}
	return edits, true
}

// Overlaps reports whether two of the edits, in any of the files of
// fset, cannot both be applied, which would be a bug of the rewrite that
// wrote them.
func Overlaps(fset *token.FileSet, edits []analysis.TextEdit) bool {
	byFile := map[*token.File][]textedit.Edit{}
	for _, e := range edits {
		tf := fset.File(e.Pos)
		te := textedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(e.End), Text: string(e.NewText)}
		for _, p := range byFile[tf] {
			if p != te && p.Overlaps(te) {
				return true
			}
		}
		byFile[tf] = append(byFile[tf], te)
	}
	return false
}

// LineText returns the source text of a one-line node.
func LineText(pc *source.Package, n ast.Node) (string, bool) {
	data, tf := pc.Src(n.Pos())
	if data == nil {
		return "", false
	}
	s := string(data[tf.Offset(n.Pos()):tf.Offset(n.End())])
	return s, !strings.Contains(s, "\n")
}

// ExprText formats a one-line expression on its own, as gofmt writes it
// outside the argument list it came from (a + b, not a+b).
func ExprText(pc *source.Package, e ast.Expr) (string, bool) {
	if _, ok := LineText(pc, e); !ok {
		return "", false
	}
	var b strings.Builder
	if err := format.Node(&b, pc.Pass.Fset, e); err != nil {
		return "", false
	}
	return b.String(), !strings.Contains(b.String(), "\n")
}

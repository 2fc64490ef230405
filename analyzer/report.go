package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// reporter collects a package's findings and reports them at the end of the
// run: those no directive suppresses, then the directives that suppressed
// nothing, in an order that depends only on the source (file name, line,
// column, check, message), never on the order files were parsed or checks
// ran in.
type reporter struct {
	pc    *pkgCtx
	diags []analysis.Diagnostic
	// seen deduplicates findings reported twice at one position.
	seen map[string]bool
	// directives are the package's //elicitlint:ignore comments.
	directives []*directive
}

// newReporter reads the package's suppression directives, reporting the
// malformed ones.
func newReporter(pc *pkgCtx) *reporter {
	r := &reporter{pc: pc, seen: map[string]bool{}}
	for _, f := range pc.pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				r.parseDirective(c)
			}
		}
	}
	return r
}

// add records a finding of check over [pos, end). A finding outside the
// package's files, and a second finding with the same text at the same
// place, are dropped.
func (r *reporter) add(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	if !pos.IsValid() || r.pc.fileOf(pos) == nil {
		return
	}
	msg := fmt.Sprintf(format, args...) + " (" + check + ")"
	key := fmt.Sprint(pos, msg)
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	r.diags = append(r.diags, analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       check,
		Message:        msg,
		URL:            docURL(check),
		SuggestedFixes: fixes,
	})
}

// flush reports the findings no directive suppresses and the directives
// that suppressed nothing.
func (r *reporter) flush() {
	kept := r.diags[:0]
	for _, d := range r.diags {
		if d.Category == CheckDirective || !r.suppressed(d) {
			kept = append(kept, d)
		}
	}
	diags := append(kept, r.unusedDirectives()...)
	fset := r.pc.pass.Fset
	slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int {
		pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
		return cmp.Or(
			cmp.Compare(pa.Filename, pb.Filename),
			cmp.Compare(pa.Line, pb.Line),
			cmp.Compare(pa.Column, pb.Column),
			cmp.Compare(a.Category, b.Category),
			cmp.Compare(a.Message, b.Message),
		)
	})
	for _, d := range diags {
		r.pc.pass.Report(d)
	}
}

// A directive suppresses findings of some checks:
//
//	//elicitlint:ignore CHECK[,CHECK...] reason       same line or the next
//	//elicitlint:file-ignore CHECK[,CHECK...] reason  the whole file
//
// The reason is required. Directives live in the analyzer, not a driver,
// so they work the same standalone, under go vet and under golangci-lint.
type directive struct {
	pos    token.Pos
	end    token.Pos
	file   *token.File
	line   int
	whole  bool // file-ignore
	checks []string
	used   bool
}

const (
	ignorePrefix     = "//elicitlint:ignore"
	fileIgnorePrefix = "//elicitlint:file-ignore"
)

// directiveFinding reports a finding about a directive itself, unless
// -disable names "directive".
func (r *reporter) directiveFinding(c *ast.Comment, format string, args ...any) {
	if !r.pc.cfg.disable[CheckDirective] {
		r.add(CheckDirective, c.Pos(), c.End(), nil, format, args...)
	}
}

func (r *reporter) parseDirective(c *ast.Comment) {
	text := c.Text
	var whole bool
	switch {
	case strings.HasPrefix(text, fileIgnorePrefix):
		whole, text = true, text[len(fileIgnorePrefix):]
	case strings.HasPrefix(text, ignorePrefix):
		text = text[len(ignorePrefix):]
	default:
		return
	}
	if text != "" && text[0] != ' ' && text[0] != '\t' {
		return // //elicitlint:ignored or similar: not ours
	}
	// A comment after the directive ("// want ..." in tests) is not a reason.
	if i := strings.Index(text, "//"); i >= 0 {
		text = text[:i]
	}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		r.directiveFinding(c, "malformed elicitlint directive: want //elicitlint:ignore CHECK[,CHECK] reason; the reason is required")
		return
	}
	var checks []string
	for _, name := range strings.Split(fields[0], ",") {
		if !isCheck(name) && name != CheckDirective {
			r.directiveFinding(c, "elicitlint directive names unknown check %q (checks: %s)", name, strings.Join(Checks, ", "))
			return
		}
		checks = append(checks, name)
	}
	tf := r.pc.pass.Fset.File(c.Pos())
	if tf == nil {
		return
	}
	r.directives = append(r.directives, &directive{
		pos: c.Pos(), end: c.End(), file: tf, line: tf.Line(c.Pos()), whole: whole, checks: checks,
	})
}

// suppressed reports whether a directive covers d, and marks it used.
func (r *reporter) suppressed(d analysis.Diagnostic) bool {
	tf := r.pc.pass.Fset.File(d.Pos)
	if tf == nil {
		return false
	}
	line := tf.Line(d.Pos)
	hit := false
	for _, dir := range r.directives {
		if dir.file != tf || !slices.Contains(dir.checks, d.Category) {
			continue
		}
		if dir.whole || line == dir.line || line == dir.line+1 {
			dir.used = true
			hit = true
		}
	}
	return hit
}

// unusedDirectives reports directives that suppressed nothing. A directive
// that names only disabled checks is left alone.
func (r *reporter) unusedDirectives() []analysis.Diagnostic {
	disable := r.pc.cfg.disable
	var out []analysis.Diagnostic
	for _, dir := range r.directives {
		if dir.used || disable[CheckDirective] {
			continue
		}
		if !slices.ContainsFunc(dir.checks, func(c string) bool { return !disable[c] }) {
			continue
		}
		out = append(out, analysis.Diagnostic{
			Pos: dir.pos, End: dir.end, Category: CheckDirective,
			Message: "this elicitlint directive suppresses nothing; remove it (" + CheckDirective + ")",
			URL:     docURL(CheckDirective),
		})
	}
	return out
}

package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// CheckDirective is the category of findings about suppression directives
// themselves: malformed ones and ones that suppress nothing.
const CheckDirective = "directive"

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

// parseDirectives reads the directives of the package's files and reports
// malformed ones.
func (pc *passCtx) parseDirectives() {
	for _, f := range pc.pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				pc.parseDirective(c)
			}
		}
	}
}

func (pc *passCtx) parseDirective(c *ast.Comment) {
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
		pc.reportRange(CheckDirective, c.Pos(), c.End(), nil, "malformed elicitlint directive: want //elicitlint:ignore CHECK[,CHECK] reason; the reason is required")
		return
	}
	var checks []string
	for _, name := range strings.Split(fields[0], ",") {
		if !isCheck(name) && name != CheckDirective {
			pc.reportRange(CheckDirective, c.Pos(), c.End(), nil, "elicitlint directive names unknown check %q (checks: %s)", name, strings.Join(Checks, ", "))
			return
		}
		checks = append(checks, name)
	}
	tf := pc.pass.Fset.File(c.Pos())
	if tf == nil {
		return
	}
	pc.directives = append(pc.directives, &directive{
		pos: c.Pos(), end: c.End(), file: tf, line: tf.Line(c.Pos()), whole: whole, checks: checks,
	})
}

// suppressed reports whether a directive covers d, and marks it used.
func (pc *passCtx) suppressed(d analysis.Diagnostic) bool {
	tf := pc.pass.Fset.File(d.Pos)
	if tf == nil {
		return false
	}
	line := tf.Line(d.Pos)
	hit := false
	for _, dir := range pc.directives {
		if dir.file != tf || !containsStr(dir.checks, d.Category) {
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
func (pc *passCtx) unusedDirectives() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, dir := range pc.directives {
		if dir.used || pc.cfg.disable[CheckDirective] {
			continue
		}
		active := false
		for _, c := range dir.checks {
			if !pc.cfg.disable[c] {
				active = true
			}
		}
		if !active {
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

func containsStr(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/fix"

	"github.com/elicitlint/elicitlint/internal/config"

	"github.com/elicitlint/elicitlint/internal/schema"
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
	// seen maps a finding's position and text to its place in diags: a
	// finding reported twice at one place is kept once, with the related
	// positions of both.
	seen map[string]int
	// directives are the package's //elicitlint:ignore comments.
	directives []*directive
}

// newReporter reads the package's suppression directives, reporting the
// malformed ones.
func newReporter(pc *pkgCtx) *reporter {
	r := &reporter{pc: pc, seen: map[string]int{}}
	for _, f := range pc.Pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				r.parseDirective(c)
			}
		}
	}
	return r
}

// add records a finding of check over [pos, end).
func (r *reporter) add(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	r.record(check, pos, end, fixes, nil, fmt.Sprintf(format, args...))
}

// record records a finding. A finding outside the package's files is
// dropped, and so is a second finding with the same text at the same
// place, whose related positions join the first's.
func (r *reporter) record(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, related []analysis.RelatedInformation, msg string) {
	if !pos.IsValid() || r.pc.FileOf(pos) == nil {
		return
	}
	msg += " (" + check + ")"
	key := fmt.Sprint(pos, msg)
	if i, ok := r.seen[key]; ok {
		d := &r.diags[i]
		for _, rel := range related {
			if !slices.Contains(d.Related, rel) {
				d.Related = append(d.Related, rel)
			}
		}
		return
	}
	r.seen[key] = len(r.diags)
	r.diags = append(r.diags, analysis.Diagnostic{
		Pos:            pos,
		End:            end,
		Category:       check,
		Message:        msg,
		URL:            config.DocURL(check),
		SuggestedFixes: fixes,
		Related:        related,
	})
}

// flush reports the findings no directive suppresses and the directives
// that suppressed nothing.
func (r *reporter) flush() {
	kept := r.diags[:0]
	for _, d := range r.diags {
		if d.Category == config.CheckDirective || !r.suppressed(d) {
			kept = append(kept, d)
		}
	}
	diags := append(kept, r.unusedDirectives()...)
	fset := r.pc.Pass.Fset
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
		for i := range d.SuggestedFixes {
			fix.Format(r.pc.Package, &d.SuggestedFixes[i])
		}
		r.pc.Pass.Report(d)
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

// directiveVerbs are the directives after "//elicitlint:".
var directiveVerbs = []string{"ignore", "file-ignore"}

// directiveFinding reports a finding about a directive itself, unless
// -disable names "directive".
func (r *reporter) directiveFinding(c *ast.Comment, format string, args ...any) {
	if !r.pc.cfg.Disable[config.CheckDirective] {
		r.add(config.CheckDirective, c.Pos(), c.End(), nil, format, args...)
	}
}

// parseDirective reads one comment. Besides the directives themselves it
// reports near misses that would otherwise silently suppress nothing:
// spaces inside the "//elicitlint:VERB" prefix ("// elicitlint:ignore",
// "//elicitlint: ignore") and misspelt verbs ("//elicitlint:ignroe").
// Precision first: the namespace "//elicitlint:" is ours, so a near miss
// written right after "//" is reported whatever follows it; a comment
// whose text merely starts with "elicitlint:" after a space may be prose,
// and is reported only when a check name (or a near miss of one) follows.
// A verb that is not near ignore or file-ignore is left alone, as
// staticcheck leaves unknown //lint: commands, for directives a later
// version may add.
func (r *reporter) parseDirective(c *ast.Comment) {
	body, ok := strings.CutPrefix(c.Text, "//")
	if !ok {
		return // a /* */ comment is never a directive
	}
	rest := strings.TrimLeft(body, " \t")
	afterSlashes := len(rest) < len(body) // "// elicitlint:..."
	if rest, ok = strings.CutPrefix(rest, "elicitlint:"); !ok {
		return
	}
	trimmed := strings.TrimLeft(rest, " \t")
	afterColon := len(trimmed) < len(rest) // "//elicitlint: ignore"
	verb, args := trimmed, ""
	if i := strings.IndexAny(trimmed, " \t"); i >= 0 {
		verb, args = trimmed[:i], trimmed[i:]
	}
	// A comment after the directive ("// want ..." in tests) is not a reason.
	if i := strings.Index(args, "//"); i >= 0 {
		args = args[:i]
	}
	fields := strings.Fields(args)
	switch known := slices.Contains(directiveVerbs, verb); {
	case known && !afterSlashes && !afterColon:
		r.directive(c, verb, fields)
	case afterSlashes && !namesChecks(fields):
		// Prose that happens to start with "elicitlint:".
	case known:
		r.directiveFinding(c, "malformed elicitlint directive: write //elicitlint:%s with no space inside it; as written it suppresses nothing", verb)
	default:
		if want := nearVerb(verb); want != "" {
			r.directiveFinding(c, "unknown elicitlint directive %q (did you mean //elicitlint:%s?); as written it suppresses nothing", "elicitlint:"+verb, want)
		}
	}
}

// nearVerb returns the directive verb that verb most likely misspells, or
// "".
func nearVerb(verb string) string {
	if s := schema.Suggest(verb, directiveVerbs); s != "" {
		return s
	}
	if v := strings.ToLower(verb); strings.Contains(v, "ignore") {
		if strings.Contains(v, "file") {
			return "file-ignore"
		}
		return "ignore"
	}
	return ""
}

// directiveChecks are the names a directive may list.
var directiveChecks = append(slices.Clone(config.Checks), config.CheckDirective)

// namesChecks reports whether the first field of a near-miss directive's
// arguments lists a check, or something close to one.
func namesChecks(fields []string) bool {
	if len(fields) == 0 {
		return false
	}
	for _, name := range strings.Split(fields[0], ",") {
		if slices.Contains(directiveChecks, name) || schema.Suggest(name, directiveChecks) != "" {
			return true
		}
	}
	return false
}

// directive reads the arguments of a well-formed //elicitlint:VERB.
func (r *reporter) directive(c *ast.Comment, verb string, fields []string) {
	if len(fields) < 2 {
		r.directiveFinding(c, "malformed elicitlint directive: want //elicitlint:%s CHECK[,CHECK] reason; the reason is required", verb)
		return
	}
	var checks []string
	for _, name := range strings.Split(fields[0], ",") {
		switch {
		case name == "":
			r.directiveFinding(c, "malformed elicitlint directive: the check list %q has an empty name; separate checks with commas and no spaces", fields[0])
			return
		case !slices.Contains(directiveChecks, name):
			if hint := didYouMean(name, directiveChecks); hint != "" {
				r.directiveFinding(c, "elicitlint directive names unknown check %q%s", name, hint)
			} else {
				r.directiveFinding(c, "elicitlint directive names unknown check %q (checks: %s)", name, strings.Join(directiveChecks, ", "))
			}
			return
		}
		checks = append(checks, name)
	}
	tf := r.pc.Pass.Fset.File(c.Pos())
	if tf == nil {
		return
	}
	r.directives = append(r.directives, &directive{
		pos: c.Pos(), end: c.End(), file: tf, line: tf.Line(c.Pos()), whole: verb == "file-ignore", checks: checks,
	})
}

// suppressed reports whether a directive covers d, and marks it used.
func (r *reporter) suppressed(d analysis.Diagnostic) bool {
	tf := r.pc.Pass.Fset.File(d.Pos)
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
	disable := r.pc.cfg.Disable
	var out []analysis.Diagnostic
	for _, dir := range r.directives {
		if dir.used || disable[config.CheckDirective] {
			continue
		}
		if !slices.ContainsFunc(dir.checks, func(c string) bool { return !disable[c] }) {
			continue
		}
		out = append(out, analysis.Diagnostic{
			Pos: dir.pos, End: dir.end, Category: config.CheckDirective,
			Message: "this elicitlint directive suppresses nothing; remove it (" + config.CheckDirective + ")",
			URL:     config.DocURL(config.CheckDirective),
		})
	}
	return out
}

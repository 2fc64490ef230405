// Package report is how elicitlint's findings reach the driver: a
// Reporter per reporting pass drops repeats, applies the suppression
// directives, formats the fixes (internal/fix) and reports in an order that
// depends only on the source; Directives are the package's
// //elicitlint:ignore and //elicitlint:file-ignore comments, read once,
// with findings about the malformed ones and the ones that suppress
// nothing.
//
// It uses internal/source, internal/fix and internal/config.
package report

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/config"
	"github.com/elicitlint/elicitlint/internal/fix"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/source"
	"golang.org/x/tools/go/analysis"
)

// AndList joins items for a message: "a", "a and b", "a, b and c".
func AndList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Count spells n things for a message: "1 function", "2 functions".
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// DidYouMean returns ` (did you mean "x"?)` for the candidate closest to
// s, or "" when none is close.
func DidYouMean(s string, candidates []string) string {
	if c := schema.Suggest(s, candidates); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// Reporter collects the findings of one reporting pass and reports them at
// the end of the run: those no directive suppresses, then (when it reports
// directive findings) the malformed directives and the directives that
// suppressed nothing, in an order that depends only on the source (file
// name, line, column, check, message), never on the order files were
// parsed or checks ran in.
type Reporter struct {
	pkg *source.Package
	// pass is the pass findings are reported on: the suite's, or one
	// check's own under go vet.
	pass  *analysis.Pass
	dirs  *Directives
	diags []analysis.Diagnostic
	// seen maps a finding's position and text to its place in diags: a
	// finding reported twice at one place is kept once, with the related
	// positions of both.
	seen map[string]int
	// Used are the directives that suppressed a finding of this reporter.
	Used map[*Directive]bool
}

func New(pkg *source.Package, pass *analysis.Pass, dirs *Directives) *Reporter {
	return &Reporter{pkg: pkg, pass: pass, dirs: dirs, seen: map[string]int{}, Used: map[*Directive]bool{}}
}

// Add records a finding of check over [pos, end).
func (r *Reporter) Add(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, format string, args ...any) {
	r.Record(check, pos, end, fixes, nil, fmt.Sprintf(format, args...))
}

// Record records a finding. A finding outside the package's files is
// dropped, and so is a second finding with the same text at the same
// place, whose related positions join the first's.
func (r *Reporter) Record(check string, pos, end token.Pos, fixes []analysis.SuggestedFix, related []analysis.RelatedInformation, msg string) {
	if !pos.IsValid() || r.pkg.FileOf(pos) == nil {
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

// Flush reports the findings no directive suppresses; with directives
// set, also the malformed directives and the directives that suppressed
// nothing for the checks in used (see unusedDirectives).
func (r *Reporter) Flush(directives bool, used func(*Directive) bool) {
	kept := r.diags[:0]
	for _, d := range r.diags {
		if !r.suppressed(d) {
			kept = append(kept, d)
		}
	}
	diags := kept
	if directives {
		diags = append(diags, r.dirs.malformed...)
		diags = append(diags, r.dirs.unused(used)...)
	}
	sortDiagnostics(r.pass.Fset, diags)
	for _, d := range diags {
		for i := range d.SuggestedFixes {
			sortEdits(r.pass.Fset, d.SuggestedFixes[i].TextEdits)
			fix.Format(r.pkg, &d.SuggestedFixes[i])
		}
		r.pass.Report(d)
	}
}

// sortEdits orders a fix's edits by file name and offset: a fix that
// edits two files (a gate and its caller) gives them in the same order
// whatever order the files were parsed in, which token.Pos follows.
func sortEdits(fset *token.FileSet, edits []analysis.TextEdit) {
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int {
		pa, pb := fset.Position(a.Pos), fset.Position(b.Pos)
		return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
	})
}

// sortDiagnostics orders findings by file, line, column, check and message.
func sortDiagnostics(fset *token.FileSet, diags []analysis.Diagnostic) {
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
}

// Directives are a package's //elicitlint: comments, read once for every
// check: the well-formed ones, and findings about the malformed ones.
type Directives struct {
	pkg       *source.Package
	disable   map[string]bool
	list      []*Directive
	malformed []analysis.Diagnostic
	// replaySafe are the lines of //elicitlint:replay-safe marks, by file.
	replaySafe map[*token.File][]int
}

// ParseDirectives reads the package's suppression directives, making a
// finding of each malformed one.
func ParseDirectives(pkg *source.Package, disable map[string]bool) *Directives {
	ds := &Directives{pkg: pkg, disable: disable}
	for _, f := range pkg.Pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				ds.parseDirective(c)
			}
		}
	}
	return ds
}

// A directive suppresses findings of some checks:
//
//	//elicitlint:ignore CHECK[,CHECK...] reason       same line or the next
//	//elicitlint:file-ignore CHECK[,CHECK...] reason  the whole file
//
// The reason is required. Directives live in the analyzer, not a driver,
// so they work the same standalone, under go vet and under golangci-lint.
type Directive struct {
	pos    token.Pos
	end    token.Pos
	file   *token.File
	line   int
	whole  bool // file-ignore
	checks []string
}

// directiveVerbs are the directives after "//elicitlint:". Besides the
// suppressions, the author's word for the migration:
//
//	//elicitlint:replay-safe reason    its own line, or the next when alone on a line
//
// says that the statement it marks may run again on the call that brings
// the answer (it only reads), which elicitlint cannot tell (see
// ReplaySafe).
var directiveVerbs = []string{"ignore", "file-ignore", verbReplaySafe}

const verbReplaySafe = "replay-safe"

// directiveFinding records a finding about a directive itself, unless
// -disable names "directive".
func (ds *Directives) directiveFinding(c *ast.Comment, format string, args ...any) {
	if ds.disable[config.CheckDirective] {
		return
	}
	msg := fmt.Sprintf(format, args...) + " (" + config.CheckDirective + ")"
	for _, d := range ds.malformed {
		if d.Pos == c.Pos() && d.Message == msg {
			return
		}
	}
	ds.malformed = append(ds.malformed, analysis.Diagnostic{
		Pos: c.Pos(), End: c.End(), Category: config.CheckDirective, Message: msg,
		URL: config.DocURL(config.CheckDirective),
	})
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
func (ds *Directives) parseDirective(c *ast.Comment) {
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
	case known && !afterSlashes && !afterColon && verb == verbReplaySafe:
		ds.replaySafeMark(c, fields)
	case known && !afterSlashes && !afterColon:
		ds.directive(c, verb, fields)
	case afterSlashes && !namesChecks(fields) && verb != verbReplaySafe:
		// Prose that happens to start with "elicitlint:".
	case known:
		ds.directiveFinding(c, "malformed elicitlint directive: write //elicitlint:%s with no space inside it; as written it %s", verb, noEffect(verb))
	default:
		if want := nearVerb(verb); want != "" {
			ds.directiveFinding(c, "unknown elicitlint directive %q (did you mean //elicitlint:%s?); as written it %s", "elicitlint:"+verb, want, noEffect(want))
		}
	}
}

// noEffect says what a directive that is not read fails to do.
func noEffect(verb string) string {
	if verb == verbReplaySafe {
		return "marks nothing"
	}
	return "suppresses nothing"
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
func (ds *Directives) directive(c *ast.Comment, verb string, fields []string) {
	if len(fields) < 2 {
		ds.directiveFinding(c, "malformed elicitlint directive: want //elicitlint:%s CHECK[,CHECK] reason; the reason is required", verb)
		return
	}
	var checks []string
	for _, name := range strings.Split(fields[0], ",") {
		switch {
		case name == "":
			ds.directiveFinding(c, "malformed elicitlint directive: the check list %q has an empty name; separate checks with commas and no spaces", fields[0])
			return
		case !slices.Contains(directiveChecks, name):
			if hint := DidYouMean(name, directiveChecks); hint != "" {
				ds.directiveFinding(c, "elicitlint directive names unknown check %q%s", name, hint)
			} else {
				ds.directiveFinding(c, "elicitlint directive names unknown check %q (checks: %s)", name, strings.Join(directiveChecks, ", "))
			}
			return
		}
		checks = append(checks, name)
	}
	tf := ds.pkg.Pass.Fset.File(c.Pos())
	if tf == nil {
		return
	}
	ds.list = append(ds.list, &Directive{
		pos: c.Pos(), end: c.End(), file: tf, line: tf.Line(c.Pos()), whole: verb == "file-ignore", checks: checks,
	})
}

// replaySafeMark reads a well-formed //elicitlint:replay-safe.
func (ds *Directives) replaySafeMark(c *ast.Comment, fields []string) {
	if len(fields) == 0 {
		ds.directiveFinding(c, "malformed elicitlint directive: want //elicitlint:%s reason, saying why the statement may run again; the reason is required", verbReplaySafe)
		return
	}
	tf := ds.pkg.Pass.Fset.File(c.Pos())
	if tf == nil {
		return
	}
	if ds.replaySafe == nil {
		ds.replaySafe = map[*token.File][]int{}
	}
	line := tf.Line(c.Pos())
	if ds.pkg.OnlySpaceBefore(c.Pos()) {
		line++ // a comment of its own marks the line below it
	}
	ds.replaySafe[tf] = append(ds.replaySafe[tf], line)
}

// ReplaySafe reports whether the author marked n as replay-safe: a
// simple statement or an expression that starts on the line that a
// trailing //elicitlint:replay-safe mark ends, or on the line below a mark
// that is a comment of its own. A statement that holds others (an if, a
// loop, a switch, a block) is not marked as a whole: its header is, its
// body is not.
func (ds *Directives) ReplaySafe(n ast.Node) bool {
	if ds == nil || len(ds.replaySafe) == 0 || n == nil {
		return false
	}
	switch n.(type) {
	case *ast.BlockStmt, *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt,
		*ast.TypeSwitchStmt, *ast.SelectStmt, *ast.CaseClause, *ast.CommClause, *ast.LabeledStmt, *ast.FuncLit:
		return false
	}
	tf := ds.pkg.Pass.Fset.File(n.Pos())
	if tf == nil {
		return false
	}
	line := tf.Line(n.Pos())
	return slices.Contains(ds.replaySafe[tf], line)
}

// suppressed reports whether a directive covers d, and marks it used.
func (r *Reporter) suppressed(d analysis.Diagnostic) bool {
	tf := r.pass.Fset.File(d.Pos)
	if tf == nil {
		return false
	}
	line := tf.Line(d.Pos)
	hit := false
	for _, dir := range r.dirs.list {
		if dir.file != tf || !slices.Contains(dir.checks, d.Category) {
			continue
		}
		if dir.whole || line == dir.line || line == dir.line+1 {
			r.Used[dir] = true
			hit = true
		}
	}
	return hit
}

// unused returns findings for the directives that suppressed nothing:
// used tells which did. A directive that names only disabled checks is
// left alone.
func (ds *Directives) unused(used func(*Directive) bool) []analysis.Diagnostic {
	disable := ds.disable
	var out []analysis.Diagnostic
	for _, dir := range ds.list {
		if used(dir) || disable[config.CheckDirective] {
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

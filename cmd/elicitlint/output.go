package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/docs"
	"github.com/elicitlint/elicitlint/internal/sarif"
)

// writeText prints one line per finding, as go vet does: the position, with
// the path relative to the current directory when the file is under it,
// and the message. Related positions follow, indented; with context >= 0,
// the source lines around each position.
func writeText(w io.Writer, fs []*finding, context int, cwd string, lines lineCache) {
	var b strings.Builder
	show := func(posn, end token.Position, msg string) {
		fmt.Fprintf(&b, "%s:%d:%d: %s\n", shortPath(cwd, posn.Filename), posn.Line, posn.Column, msg)
		if context < 0 {
			return
		}
		last := posn.Line
		if end.IsValid() && end.Line > last {
			last = end.Line
		}
		for n := posn.Line - context; n <= last+context; n++ {
			if n >= 1 && n <= len(lines.lines(posn.Filename)) {
				fmt.Fprintf(&b, "%d\t%s\n", n, lines.line(posn.Filename, n))
			}
		}
	}
	for _, f := range fs {
		show(f.posn, f.end, f.message)
		for _, r := range f.related {
			show(r.posn, r.end, "\t"+r.message)
		}
	}
	io.WriteString(w, b.String())
}

// shortPath is name relative to dir when that is shorter, as go vet
// prints it.
func shortPath(dir, name string) string {
	if rel, err := filepath.Rel(dir, name); err == nil && len(rel) < len(name) {
		return rel
	}
	return name
}

// The JSON output has the shape go vet -json and the x/tools drivers use:
// package ID → analyzer name → list of diagnostics, or {"error": "..."}.
type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

func writeJSON(w io.Writer, fs []*finding, errs []pkgError) error {
	tree := map[string]map[string]any{}
	for _, e := range errs {
		tree[e.pkg] = map[string]any{analyzer.Analyzer.Name: jsonError{e.err.Error()}}
	}
	lists := map[string][]jsonDiagnostic{}
	for _, f := range fs {
		d := jsonDiagnostic{
			Category: f.check(), Posn: f.posn.String(), End: f.end.String(), Message: f.message,
		}
		for _, fix := range f.fixes {
			jf := jsonFix{Message: fix.message, Edits: []jsonEdit{}}
			for _, e := range fix.edits {
				jf.Edits = append(jf.Edits, jsonEdit{Filename: e.file, Start: e.start, End: e.end, New: e.text})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, jf)
		}
		for _, r := range f.related {
			d.Related = append(d.Related, jsonRelated{Posn: r.posn.String(), End: r.end.String(), Message: r.message})
		}
		lists[f.pkg] = append(lists[f.pkg], d)
	}
	for pkg, list := range lists {
		tree[pkg] = map[string]any{analyzer.Analyzer.Name: list}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// listChecks prints each check with the summary from its page, each line
// starting with indent.
func listChecks(w io.Writer, indent string) {
	for _, c := range analyzer.Checks {
		fmt.Fprintf(w, "%s%-15s %s\n", indent, c, summary(analyzer.DocPage(c)))
	}
}

// writeSARIF writes the findings as a SARIF log, with paths relative to
// root, and each finding's related positions as its relatedLocations. The
// findings are already in their final order (sortFindings).
func writeSARIF(w io.Writer, fs []*finding, root string) error {
	var out []sarif.Finding
	for _, f := range fs {
		sf := sarif.Finding{
			RuleID: f.check(), Message: f.message, File: f.posn.Filename,
			Line: f.posn.Line, Col: f.posn.Column, EndLine: f.end.Line, EndCol: f.end.Column,
		}
		for _, r := range f.related {
			sf.Related = append(sf.Related, sarif.Related{
				Message: r.message, File: r.posn.Filename,
				Line: r.posn.Line, Col: r.posn.Column, EndLine: r.end.Line, EndCol: r.end.Column,
			})
		}
		out = append(out, sf)
	}
	tool := sarif.Tool{Name: "elicitlint", Version: getVersion(), InformationURI: analyzer.Analyzer.URL}
	return sarif.Write(w, tool, sarifRules(), out, root, os.ReadFile)
}

// sarifRules describes every check for SARIF, from the pages in docs/.
func sarifRules() []sarif.Rule {
	var rules []sarif.Rule
	for _, c := range append(append([]string(nil), analyzer.Checks...), analyzer.CheckDirective) {
		name := analyzer.DocPage(c)
		page := docs.Page(name)
		full := docs.Section(page, "Why")
		if full == "" {
			full = docs.Summary(page)
		}
		rules = append(rules, sarif.Rule{
			ID: c, Short: docs.Summary(page), Full: full,
			HelpText: docs.Summary(page) + " See " + analyzer.DocsURL + name + ".md", HelpMarkdown: page,
			HelpURI: analyzer.DocsURL + name + ".md",
		})
	}
	return rules
}

package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/elicitlint/elicitlint/internal/textedit"
)

// fixResult says what -fix did.
type fixResult struct {
	applied   int        // fixes applied
	files     int        // files changed
	conflicts int        // fixes left out because they overlap others
	remaining []*finding // findings that no applied fix resolves
}

// applyFixes applies the first suggested fix of each finding, the way go
// vet -fix does: a fix is applied whole or not at all, fixes that touch
// generated files are left out, identical edits (a file fixed in a
// package and its test variant, or two fixes adding the same import) are
// made once, and each changed file is gofmt-ed. With printDiff the files
// are not written; a unified diff with a/ and b/ paths relative to cwd is
// printed to w instead.
func applyFixes(fs []*finding, printDiff bool, w io.Writer, cwd string) (fixResult, error) {
	var res fixResult
	edits := map[string][]textedit.Edit{} // accepted edits, by file
	sizes := map[string]int{}             // file sizes when loaded
	kinds := fileKinds{}
findings:
	for _, f := range fs {
		if len(f.fixes) == 0 || f.fixes[0].broken || !kinds.fixable(f.posn.Filename) {
			res.remaining = append(res.remaining, f)
			continue
		}
		fileEdits := map[string][]textedit.Edit{}
		for _, fe := range f.fixes[0].edits {
			if !kinds.fixable(fe.file) {
				res.remaining = append(res.remaining, f)
				continue findings
			}
			sizes[fe.file] = fe.size
			fileEdits[fe.file] = append(fileEdits[fe.file], textedit.Edit{Start: fe.start, End: fe.end, Text: fe.text})
		}
		for name, es := range fileEdits {
			for _, e := range es {
				for _, prev := range edits[name] {
					if e != prev && e.Overlaps(prev) {
						res.conflicts++
						res.remaining = append(res.remaining, f)
						continue findings
					}
				}
			}
		}
		for name, es := range fileEdits {
			for _, e := range es {
				if !slices.Contains(edits[name], e) {
					edits[name] = append(edits[name], e)
				}
			}
		}
		res.applied++
	}

	names := make([]string, 0, len(edits))
	for name := range edits {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		old, err := os.ReadFile(name)
		if err != nil {
			return res, err
		}
		if sizes[name] >= 0 && len(old) != sizes[name] {
			return res, fmt.Errorf("%s changed while elicitlint ran; no fixes written to it", name)
		}
		fixed := textedit.Apply(old, edits[name])
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		if bytes.Equal(old, fixed) {
			continue
		}
		res.files++
		if printDiff {
			rel := filepath.ToSlash(shortPath(cwd, name))
			io.WriteString(w, unifiedDiff("a/"+rel, "b/"+rel, string(old), string(fixed)))
			continue
		}
		info, err := os.Stat(name)
		if err != nil {
			return res, err
		}
		if err := os.WriteFile(name, fixed, info.Mode().Perm()); err != nil {
			return res, err
		}
	}
	return res, nil
}

// fileKinds remembers, per file, whether -fix may write to it: not a
// generated file (its fixes would be overwritten), and not a cgo file,
// whose analysed form is cgo's output, so that its offsets are not the
// file's own.
type fileKinds map[string]bool

func (k fileKinds) fixable(name string) bool {
	ok, seen := k[name]
	if !seen {
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly|parser.ParseComments)
		ok = err == nil && !ast.IsGenerated(f) && !slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"C"` })
		k[name] = ok
	}
	return ok
}

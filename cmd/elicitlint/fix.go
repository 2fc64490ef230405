package main

import (
	"bytes"
	"fmt"
	"go/format"
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
findings:
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) == 0 || f.generated {
			res.remaining = append(res.remaining, f)
			continue
		}
		fileEdits := map[string][]textedit.Edit{}
		for _, te := range f.diag.SuggestedFixes[0].TextEdits {
			tf := f.fset.File(te.Pos)
			if tf == nil {
				res.remaining = append(res.remaining, f)
				continue findings
			}
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			e := textedit.Edit{Start: tf.Offset(te.Pos), End: tf.Offset(end), Text: string(te.NewText)}
			if e.End < e.Start || f.fset.File(end) != tf {
				res.remaining = append(res.remaining, f)
				continue findings
			}
			name := tf.Name()
			sizes[name] = tf.Size()
			fileEdits[name] = append(fileEdits[name], e)
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
		if len(old) != sizes[name] {
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

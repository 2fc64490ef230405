package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// An edit replaces bytes [start, end) of a file with text.
type edit struct {
	start, end int
	text       string
}

// overlaps reports whether two different edits of one file cannot both
// be applied: their ranges overlap, or both insert at the same place.
func (a edit) overlaps(b edit) bool {
	switch {
	case a.start == a.end && b.start == b.end:
		return a.start == b.start
	case a.start == a.end:
		return b.start < a.start && a.start < b.end
	case b.start == b.end:
		return a.start < b.start && b.start < a.end
	}
	return a.start < b.end && b.start < a.end
}

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
	edits := map[string][]edit{} // accepted edits, by file
	sizes := map[string]int{}    // file sizes when loaded
findings:
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) == 0 || f.generated {
			res.remaining = append(res.remaining, f)
			continue
		}
		fileEdits := map[string][]edit{}
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
			e := edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)}
			if e.end < e.start || f.fset.File(end) != tf {
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
					if e != prev && e.overlaps(prev) {
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
		fixed := apply(old, edits[name])
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

// apply makes non-overlapping edits to src.
func apply(src []byte, edits []edit) []byte {
	es := slices.Clone(edits)
	slices.SortStableFunc(es, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	var out bytes.Buffer
	last := 0
	for _, e := range es {
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes()
}

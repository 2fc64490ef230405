package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A baseline records findings that are accepted for now, so that only new
// ones are reported. An entry does not hold a line number: it is the file
// (relative to the baseline's directory), the check, the message and a
// hash of the text of the reported line with its spaces collapsed. So
// editing code above a finding, or re-indenting it, does not make it new;
// changing the reported line or the message does. Identical entries count:
// a baseline with two of them hides two such findings, and a third is
// reported.
type baseline struct {
	dir     string
	entries map[baselineEntry]int
}

type baselineEntry struct {
	File    string `json:"file"`
	Check   string `json:"check"`
	Message string `json:"message"`
	Line    string `json:"line"` // hash of the reported line's text
}

type baselineFile struct {
	Comment  string          `json:"comment"`
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

const baselineVersion = 1

func readBaseline(name string) (*baseline, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("baseline %s does not exist; create it with -baseline=%s -baseline-write ./...", name, name)
	}
	if err != nil {
		return nil, err
	}
	var bf baselineFile
	if err := json.Unmarshal(data, &bf); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", name, err)
	}
	if bf.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s has version %d; this elicitlint reads version %d: write it again with -baseline-write", name, bf.Version, baselineVersion)
	}
	b := &baseline{dir: baselineDir(name), entries: map[baselineEntry]int{}}
	for _, e := range bf.Findings {
		b.entries[e]++
	}
	return b, nil
}

// filter returns the findings the baseline does not account for.
func (b *baseline) filter(fs []*finding, lines lineCache) []*finding {
	left := make(map[baselineEntry]int, len(b.entries))
	for e, n := range b.entries {
		left[e] = n
	}
	var out []*finding
	for _, f := range fs {
		e := entryFor(b.dir, f, lines)
		if left[e] > 0 {
			left[e]--
			continue
		}
		out = append(out, f)
	}
	return out
}

func writeBaseline(name string, fs []*finding, lines lineCache) error {
	dir := baselineDir(name)
	bf := baselineFile{
		Comment:  "elicitlint baseline: findings accepted for now. Write it with elicitlint -baseline=FILE -baseline-write ./...",
		Version:  baselineVersion,
		Findings: []baselineEntry{},
	}
	for _, f := range fs {
		bf.Findings = append(bf.Findings, entryFor(dir, f, lines))
	}
	// Sorted without line numbers, so that moving code does not reorder
	// the file.
	slices.SortFunc(bf.Findings, func(a, b baselineEntry) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Check, b.Check), cmp.Compare(a.Message, b.Message), cmp.Compare(a.Line, b.Line))
	})
	data, err := json.MarshalIndent(bf, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}

func entryFor(dir string, f *finding, lines lineCache) baselineEntry {
	file := f.posn.Filename
	if rel, err := filepath.Rel(dir, realPath(file)); err == nil {
		file = rel
	}
	text := strings.Join(strings.Fields(lines.line(f.posn.Filename, f.posn.Line)), " ")
	sum := sha256.Sum256([]byte(text))
	return baselineEntry{
		File: filepath.ToSlash(file), Check: f.check(), Message: f.message,
		Line: hex.EncodeToString(sum[:8]),
	}
}

// baselineDir is the absolute directory of the baseline file, with
// symbolic links resolved, so that entries name files the same way from
// any working directory.
func baselineDir(name string) string {
	dir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return filepath.Dir(name)
	}
	return realPath(dir)
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
)

// vetAnalyse analyses one target through go vet, with this binary as the
// vet tool: go vet -vettool=SELF -json [-tags] [analyzer flags] PATTERNS.
//
// go vet runs the tool once per package, dependencies (std included)
// only for their facts; it type checks each package against its
// dependencies' export data, runs several packages at once, and caches
// each package's facts and JSON output under a key of the tool's build ID,
// the flags and the package's inputs. A run on unchanged code replays the
// cache and runs nothing; an edit re-runs the package edited and those
// that depend on it. The checks under go vet are the same analyzers, fed
// the same facts, as in this process (TestVetTool and the snapshot hold
// the two to the same findings).
//
// ok is false when go vet could not be run or failed (a package that does
// not load or build): the caller then analyses the target in this process,
// which prints what is wrong and analyses the packages that load.
func vetAnalyse(self string, t target, o *options) (fs []*finding, errs []pkgError, ok bool) {
	args := []string{"vet", "-vettool=" + self, "-json"}
	if o.tags != "" {
		args = append(args, "-tags="+o.tags)
	}
	args = append(args, o.analyzerFlags...)
	args = append(args, t.patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = t.dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, false
	}
	fs, errs, n, err := readVetJSON(&stdout, t.keep)
	if err != nil {
		// Not what this binary writes under go vet: a go command
		// that does not run the tool as expected.
		return nil, nil, false
	}
	if n == 0 {
		// Every pattern matched nothing (go vet warns and succeeds);
		// the in-process load says so as it always has.
		return nil, nil, false
	}
	return fs, errs, true
}

// vetPackage is one package's JSON output under go vet -json: analyzer
// name → its diagnostics, or {"error": "..."}.
type vetPackage map[string]json.RawMessage

// readVetJSON reads the JSON values go vet -json prints, one per package
// vetted (an empty object for a package with no findings), and returns
// the findings in the files keep accepts, the analysis errors, and the
// number of packages.
func readVetJSON(r io.Reader, keep func(string) bool) (fs []*finding, errs []pkgError, n int, err error) {
	dec := json.NewDecoder(r)
	sizes := fileSizes{}
	for {
		var tree map[string]vetPackage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, 0, err
		}
		n++
		ids := make([]string, 0, len(tree))
		for id := range tree {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			pkgFs, pkgErr, err := readVetPackage(id, tree[id], keep, sizes)
			if err != nil {
				return nil, nil, 0, err
			}
			fs = append(fs, pkgFs...)
			if pkgErr != nil {
				errs = append(errs, *pkgErr)
			}
		}
	}
	return fs, errs, n, nil
}

// readVetPackage converts one package's output. The first analysis
// error, in analyzer order, stands for the package, as the suite's one
// error does in this process.
func readVetPackage(id string, pkg vetPackage, keep func(string) bool, sizes fileSizes) ([]*finding, *pkgError, error) {
	names := make([]string, 0, len(pkg))
	for name := range pkg {
		names = append(names, name)
	}
	slices.Sort(names)
	var fs []*finding
	var pkgErr *pkgError
	for _, name := range names {
		raw := pkg[name]
		var failure jsonError
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
			if err := json.Unmarshal(raw, &failure); err != nil {
				return nil, nil, err
			}
			if pkgErr == nil {
				pkgErr = &pkgError{id, errors.New(failure.Err)}
			}
			continue
		}
		var diags []jsonDiagnostic
		if err := json.Unmarshal(raw, &diags); err != nil {
			return nil, nil, err
		}
		for _, d := range diags {
			f, err := fromJSON(id, d, sizes)
			if err != nil {
				return nil, nil, err
			}
			if keep == nil || keep(f.posn.Filename) {
				fs = append(fs, f)
			}
		}
	}
	return fs, pkgErr, nil
}

// fromJSON converts one diagnostic of go vet -json. Each file a fix edits
// is measured (once, in sizes), for -fix's check that the file did not
// change since.
func fromJSON(id string, d jsonDiagnostic, sizes fileSizes) (*finding, error) {
	f := &finding{category: d.Category, message: d.Message}
	var err error
	if f.posn, err = parsePosn(d.Posn); err != nil {
		return nil, err
	}
	if f.end, err = parsePosn(d.End); err != nil {
		return nil, err
	}
	f.pkg = rootID(id, f.posn.Filename)
	for _, r := range d.Related {
		rel := related{message: r.Message}
		if rel.posn, err = parsePosn(r.Posn); err != nil {
			return nil, err
		}
		if rel.end, err = parsePosn(r.End); err != nil {
			return nil, err
		}
		f.related = append(f.related, rel)
	}
	for _, sf := range d.SuggestedFixes {
		fix := suggestedFix{message: sf.Message}
		for _, e := range sf.Edits {
			// go vet -json writes an edit with no end as offset 0:
			// it is an insertion.
			end := max(e.End, e.Start)
			fix.edits = append(fix.edits, fileEdit{file: e.Filename, start: e.Start, end: end, text: e.New, size: sizes.of(e.Filename)})
		}
		f.fixes = append(f.fixes, fix.ordered())
	}
	return f, nil
}

// fileSizes are the sizes of the files fixes edit, by name, each read
// once; -1 for a file that cannot be read.
type fileSizes map[string]int

func (s fileSizes) of(name string) int {
	size, ok := s[name]
	if !ok {
		size = -1
		if info, err := os.Stat(name); err == nil {
			size = int(info.Size())
		}
		s[name] = size
	}
	return size
}

// rootID is the package ID this process gives a finding in file of the
// package go vet calls id. go vet names a package's test variant as the
// package ("p", with the package's test files) and its external test
// package "p_test". This process analyses p and its test variant
// "p [p.test]", keeps a finding of a file of p under p (the ID that sorts
// first), one of a test file under "p [p.test]", and one of the external
// tests under "p_test [p.test]". An external test package sits in its
// package's directory, whose name is not the last element of its ID.
func rootID(id, file string) string {
	if !strings.HasSuffix(file, "_test.go") {
		return id
	}
	if base, ok := strings.CutSuffix(id, "_test"); ok && path.Base(id) != filepath.Base(filepath.Dir(file)) {
		return id + " [" + base + ".test]"
	}
	return id + " [" + id + ".test]"
}

// parsePosn parses a position as token.Position.String writes it:
// file:line:column, file:line, file, line:column, or "-".
func parsePosn(s string) (token.Position, error) {
	var p token.Position
	if s == "-" || s == "" {
		return p, nil
	}
	rest := s
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	if n, err := strconv.Atoi(rest); err == nil && len(nums) == 1 {
		// line:column, of a position with no file.
		return token.Position{Line: n, Column: nums[0]}, nil
	}
	switch len(nums) {
	case 2:
		p.Line, p.Column = nums[0], nums[1]
	case 1:
		p.Line = nums[0]
	}
	p.Filename = rest
	if p.Filename == "" {
		return p, fmt.Errorf("go vet -json: bad position %q", s)
	}
	return p, nil
}

// analyzerFlags are the analyzer flags the command line set, as go vet
// passes them on to the tool.
func analyzerFlags(fs *flag.FlagSet) []string {
	var out []string
	fs.Visit(func(f *flag.Flag) {
		if analyzer.Analyzer.Flags.Lookup(f.Name) != nil {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return out
}

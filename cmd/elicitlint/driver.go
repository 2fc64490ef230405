package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
)

// Exit statuses of the standalone driver.
const (
	exitClean    = 0
	exitError    = 1 // a package could not be loaded or analysed
	exitUsage    = 2
	exitFindings = 3
)

// A finding is one diagnostic of a root package, with its positions
// resolved: the same whether the analysis ran in this process or under go
// vet (govet.go).
type finding struct {
	pkg       string // package ID
	category  string // the check
	message   string
	posn, end token.Position
	related   []related
	fixes     []suggestedFix
}

func (f *finding) check() string { return f.category }

// related is a related position of a finding; end is posn when the
// diagnostic gave none.
type related struct {
	posn, end token.Position
	message   string
}

// A suggestedFix is a fix's edits as byte offsets in named files.
// broken marks a fix whose edits could not be resolved to one file each:
// it is listed, never applied.
type suggestedFix struct {
	message string
	edits   []fileEdit
	broken  bool
}

// ordered sorts the fix's edits by file and place, keeping the order of
// insertions at one place: go vet -json lists the files of a fix in an
// order of its own, and output must not depend on the driver.
func (s suggestedFix) ordered() suggestedFix {
	slices.SortStableFunc(s.edits, func(a, b fileEdit) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	return s
}

// A fileEdit replaces bytes [start, end) of file with text. size is the
// file's size when it was analysed (-1 when not known), so that -fix can
// refuse a file that changed since.
type fileEdit struct {
	file       string
	start, end int
	text       string
	size       int
}

// A pkgError is a package that could not be analysed.
type pkgError struct {
	pkg string
	err error
}

// standalone runs the standalone driver and returns the exit status.
func standalone(args []string) int {
	o, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		usage(os.Stdout)
		return exitClean
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\nrun 'elicitlint -h' for usage\n", err)
		return exitUsage
	}
	switch {
	case o.version:
		fmt.Printf("elicitlint %s\n", getVersion())
		return exitClean
	case o.listChecks:
		listChecks(os.Stdout, "")
		return exitClean
	case o.explainGiven:
		return explain(os.Stdout, os.Stderr, o.explain)
	}
	stop, err := startProfiles(o)
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return exitUsage
	}
	defer stop()

	cwd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return exitError
	}
	targets, err := resolveTargets(cwd, o.patterns)
	if err != nil {
		fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
		return exitUsage
	}
	if o.baselineWrite && targets.files {
		fmt.Fprintf(os.Stderr, "elicitlint: -baseline-write records the findings of whole packages: give package patterns (./...), not files\n")
		return exitUsage
	}
	var base *baseline
	if o.baseline != "" && !o.baselineWrite {
		if base, err = readBaseline(o.baseline); err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			return exitUsage
		}
	}

	findings, failed := analyse(targets, o)
	status := exitClean
	if failed {
		status = exitError
	}
	lines := newLineCache()
	if o.baselineWrite {
		if failed {
			fmt.Fprintf(os.Stderr, "elicitlint: not writing %s: some packages could not be analysed, and their findings would be missing\n", o.baseline)
			return exitError
		}
		if err := writeBaseline(o.baseline, findings, lines); err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			return exitError
		}
		fmt.Fprintf(os.Stderr, "elicitlint: recorded %s in %s\n", plural(len(findings), "finding"), o.baseline)
		return status
	}
	if base != nil {
		findings = base.filter(findings, lines)
	}

	report := findings
	if o.fix {
		res, err := applyFixes(findings, o.diff, os.Stdout, cwd)
		if err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			status = exitError
		}
		report = res.remaining
		if res.conflicts > 0 {
			fmt.Fprintf(os.Stderr, "elicitlint: %s left for the next round: they overlap other fixes\n", plural(res.conflicts, "fix"))
		}
		switch {
		case res.applied == 0 && len(findings) > 0:
			fmt.Fprintf(os.Stderr, "elicitlint: no fix applied: %s, none with an automatic fix that applies (each says why)\n", plural(len(findings), "finding"))
		case o.diff:
			fmt.Fprintf(os.Stderr, "elicitlint: -diff: %s in %s would be applied; %s would remain\n", plural(res.applied, "fix"), plural(res.files, "file"), plural(len(res.remaining), "finding"))
		}
		if !o.diff && res.applied > 0 {
			fmt.Fprintf(os.Stderr, "elicitlint: applied %s in %s\n", plural(res.applied, "fix"), plural(res.files, "file"))
			// Report what is left where it now is: analyse the fixed
			// code again. A fix can make another possible (a gate's
			// round-trip version, once added, lets the callers in other
			// packages switch to it; a fix left out for overlapping
			// another applies now): apply those too, a few rounds at
			// most, each of which leaves code that builds.
			for round := 2; ; round++ {
				targets.errors = nil
				report, failed = analyse(targets, o)
				if base != nil {
					report = base.filter(report, newLineCache())
				}
				if failed || round > maxFixRounds || !hasFix(report) || err != nil {
					break
				}
				var more fixResult
				if more, err = applyFixes(report, false, os.Stdout, cwd); err != nil {
					fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
					status = exitError
				}
				if more.applied == 0 || more.files == 0 {
					break // nothing changed: another round would find the same
				}
				fmt.Fprintf(os.Stderr, "elicitlint: applied %s in %s that the first fixes made possible\n", plural(more.applied, "more fix"), plural(more.files, "file"))
			}
			if failed {
				status = exitError
			}
		}
		if o.diff && len(findings) > 0 && status == exitClean && !o.json && !o.sarif {
			// Nothing was written: every finding is still there.
			status = exitFindings
		}
	}

	switch {
	case o.json:
		if err := writeJSON(os.Stdout, report, targets.errors); err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			return exitError
		}
	case o.sarif:
		if err := writeSARIF(os.Stdout, report, cwd); err != nil {
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			return exitError
		}
	default:
		writeText(os.Stderr, report, o.context, cwd, lines)
		if len(report) > 0 && status == exitClean {
			status = exitFindings
		}
	}
	return status
}

// maxFixRounds bounds the rounds of -fix: the first, and those that the
// fixes before them made possible.
const maxFixRounds = 4

// hasFix reports whether a finding has a fix -fix could apply.
func hasFix(fs []*finding) bool {
	for _, f := range fs {
		if len(f.fixes) > 0 && !f.fixes[0].broken {
			return true
		}
	}
	return false
}

// sortFindings orders findings by file, line, column, check and message,
// which do not depend on the order go/packages parsed the files in, and
// drops repeats (a file analysed in a package and its test variant): the
// package ID that sorts first keeps the finding.
func sortFindings(fs []*finding) []*finding {
	slices.SortStableFunc(fs, func(a, b *finding) int {
		return cmp.Or(
			cmp.Compare(a.posn.Filename, b.posn.Filename),
			cmp.Compare(a.posn.Line, b.posn.Line),
			cmp.Compare(a.posn.Column, b.posn.Column),
			cmp.Compare(a.check(), b.check()),
			cmp.Compare(a.message, b.message),
			cmp.Compare(a.end.Line, b.end.Line),
			cmp.Compare(a.end.Column, b.end.Column),
			cmp.Compare(a.pkg, b.pkg),
		)
	})
	return slices.CompactFunc(fs, func(a, b *finding) bool {
		return a.posn == b.posn && a.end == b.end && a.check() == b.check() && a.message == b.message
	})
}

// startProfiles starts the -cpuprofile and -memprofile profiles; stop
// writes them.
func startProfiles(o *options) (stop func(), err error) {
	var cpu *os.File
	if o.cpuProfile != "" {
		if cpu, err = os.Create(o.cpuProfile); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			return nil, err
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if o.memProfile != "" {
			f, err := os.Create(o.memProfile)
			if err != nil {
				fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
				return
			}
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}, nil
}

// plural is "1 fix", "2 fixes", "0 findings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "x") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// lineCache reads source files once, for context lines and baselines.
type lineCache map[string][]string

func newLineCache() lineCache { return lineCache{} }

// line returns line n (1-based) of file, or "" if there is none.
func (c lineCache) line(file string, n int) string {
	ls := c.lines(file)
	if n < 1 || n > len(ls) {
		return ""
	}
	return ls[n-1]
}

func (c lineCache) lines(file string) []string {
	ls, ok := c[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			ls = strings.Split(string(data), "\n")
		}
		c[file] = ls
	}
	return ls
}

// Command score matches the findings of one bench/realservers/run.sh run
// against the hand labels in bench/realservers/labels.tsv and prints recall,
// precision, the misses and the false reports, per module and overall.
//
//	cd bench && go run ./realservers/score -findings OUTDIR [-rules new|old]
//
// A finding matches an expected label (expected=yes) when it is in the same
// file, names the same check and its line is within -slack lines of the
// label's. Each label matches at most one finding. Every finding that matches
// no expected label is a false report; when it falls on a label marked
// expected=no (the same check within -slack lines, or check "*" and a line
// range that holds it) that label's note is given as the cause.
//
// -rules old scores against the "old" column instead: the rules documented
// before issue 15, which is what a binary from before that work implements.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

var (
	findingsDir = flag.String("findings", "realservers/out", "directory written by run.sh (status.tsv, <n>.json)")
	labelsFile  = flag.String("labels", "realservers/labels.tsv", "hand labels")
	rules       = flag.String("rules", "new", `which column to score against: "new" (expected) or "old"`)
	slack       = flag.Int("slack", 2, "largest line distance between a finding and its label")
)

// label is one row of labels.tsv.
type label struct {
	module, pkg, file string
	from, to          int    // line range; from == to for a single line
	check             string // a check name, or "*" for any
	expected          bool   // under the chosen rules
	fn, note          string
	matched           bool
}

// finding is one diagnostic from an elicitlint -json run.
type finding struct {
	module, file string
	line         int
	check, msg   string
}

// module is one row of run.sh's status.tsv.
type module struct {
	n, id, kind, status, dir string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("score: ")
	flag.Parse()
	if *rules != "new" && *rules != "old" {
		log.Fatalf(`-rules must be "new" or "old", not %q`, *rules)
	}
	labels, err := readLabels(*labelsFile, *rules)
	if err != nil {
		log.Fatal(err)
	}
	mods, err := readStatus(filepath.Join(*findingsDir, "status.tsv"))
	if err != nil {
		log.Fatal(err)
	}
	if meta, err := os.ReadFile(filepath.Join(*findingsDir, "meta.txt")); err == nil {
		fmt.Printf("run: %s", strings.ReplaceAll(string(meta), "\n", "\n     "))
		fmt.Println()
	}
	fmt.Printf("rules: %s; a finding matches a label in the same file with the same check within %d lines\n\n", *rules, *slack)

	var total tally
	var misses []*label
	var falses []string
	fmt.Printf("%-58s %-8s %-8s %4s %4s %4s %4s %6s %9s\n", "module", "kind", "status", "exp", "tp", "miss", "fp", "recall", "precision")
	for _, m := range mods {
		var t tally
		mine := labelsOf(labels, m.id)
		t.silent, t.quiet = countSilent(mine)
		if m.status == "ok" || m.status == "analysis-error" {
			fs, errs, err := readFindings(filepath.Join(*findingsDir, m.n+".json"), m)
			if err != nil {
				log.Fatal(err)
			}
			t.errors = errs
			for _, f := range fs {
				if l := match(mine, f); l != nil {
					t.tp++
					continue
				}
				t.fp++
				falses = append(falses, fmt.Sprintf("%s %s:%d (%s) %s\n      cause: %s", m.id, f.file, f.line, f.check, trim(f.msg), cause(mine, f)))
			}
		}
		for _, l := range mine {
			if l.expected {
				t.exp++
				if !l.matched {
					misses = append(misses, l)
				}
			}
		}
		status := m.status
		if t.errors > 0 {
			status = fmt.Sprintf("%d pkg err", t.errors)
		}
		fmt.Printf("%-58s %-8s %-8s %4d %4d %4d %4d %6s %9s\n", m.id, m.kind, status, t.exp, t.tp, t.exp-t.tp, t.fp, ratio(t.tp, t.exp), ratio(t.tp, t.tp+t.fp))
		total.add(t)
	}
	fmt.Printf("%-58s %-8s %-8s %4d %4d %4d %4d %6s %9s\n", "overall", "", "", total.exp, total.tp, total.exp-total.tp, total.fp, ratio(total.tp, total.exp), ratio(total.tp, total.tp+total.fp))
	fmt.Printf("\nlabels: %d expected findings; %d functions expected silent; %d more lines where a finding would be false\n", total.exp, total.silent, total.quiet)

	fmt.Printf("\nmisses (%d):\n", len(misses))
	for _, l := range misses {
		fmt.Printf("  %s %s:%d (%s) in %s\n      %s\n", l.module, l.file, l.from, l.check, l.fn, l.note)
	}
	sort.Strings(falses)
	fmt.Printf("\nfalse reports (%d):\n", len(falses))
	for _, s := range falses {
		fmt.Printf("  %s\n", s)
	}
}

type tally struct{ exp, tp, fp, silent, quiet, errors int }

func (t *tally) add(u tally) {
	t.exp += u.exp
	t.tp += u.tp
	t.fp += u.fp
	t.silent += u.silent
	t.quiet += u.quiet
	t.errors += u.errors
}

func ratio(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

func trim(s string) string {
	if len(s) > 110 {
		return s[:110] + "..."
	}
	return s
}

func labelsOf(all []*label, id string) []*label {
	var out []*label
	for _, l := range all {
		if l.module == id {
			out = append(out, l)
		}
	}
	return out
}

// countSilent counts the labels expecting no finding: whole functions
// (check "*") and single lines.
func countSilent(ls []*label) (funcs, lines int) {
	for _, l := range ls {
		switch {
		case l.expected:
		case l.check == "*":
			funcs++
		default:
			lines++
		}
	}
	return funcs, lines
}

// match marks and returns the closest unmatched expected label for f.
func match(ls []*label, f finding) *label {
	var best *label
	for _, l := range ls {
		if !l.expected || l.matched || l.file != f.file || l.check != f.check {
			continue
		}
		if d := abs(l.from - f.line); d <= *slack && (best == nil || d < abs(best.from-f.line)) {
			best = l
		}
	}
	if best != nil {
		best.matched = true
	}
	return best
}

// cause returns the note of the expected=no label that f falls on.
func cause(ls []*label, f finding) string {
	var whole string
	for _, l := range ls {
		if l.expected || l.file != f.file {
			continue
		}
		if l.check == f.check && abs(l.from-f.line) <= *slack {
			return l.note
		}
		if l.check == "*" && l.from <= f.line && f.line <= l.to && whole == "" {
			whole = "in a function labelled silent (" + l.fn + "): " + l.note
		}
	}
	if whole != "" {
		return whole
	}
	return "unlabelled (no label covers this line: review it and add one)"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func readLabels(path, rules string) ([]*label, error) {
	rows, err := readTSV(path)
	if err != nil {
		return nil, err
	}
	var out []*label
	for i, r := range rows {
		if i == 0 {
			continue // header
		}
		if len(r) != 9 {
			return nil, fmt.Errorf("%s: row %d has %d columns, want 9", path, i+1, len(r))
		}
		l := &label{module: r[0], pkg: r[1], file: r[2], check: r[4], fn: r[7], note: r[8]}
		from, to, ok := strings.Cut(r[3], "-")
		if l.from, err = strconv.Atoi(from); err != nil {
			return nil, fmt.Errorf("%s: row %d: bad line %q", path, i+1, r[3])
		}
		l.to = l.from
		if ok {
			if l.to, err = strconv.Atoi(to); err != nil {
				return nil, fmt.Errorf("%s: row %d: bad line %q", path, i+1, r[3])
			}
		}
		col := r[5]
		if rules == "old" {
			col = r[6]
		}
		switch col {
		case "yes":
			l.expected = true
		case "no", "-":
		default:
			return nil, fmt.Errorf("%s: row %d: expected/old must be yes, no or -, not %q", path, i+1, col)
		}
		if l.expected && (l.check == "*" || ok) {
			return nil, fmt.Errorf("%s: row %d: an expected finding needs one check and one line", path, i+1)
		}
		out = append(out, l)
	}
	return out, nil
}

func readStatus(path string) ([]module, error) {
	rows, err := readTSV(path)
	if err != nil {
		return nil, err
	}
	var out []module
	for i, r := range rows {
		if i == 0 {
			continue
		}
		if len(r) < 6 {
			return nil, fmt.Errorf("%s: row %d has %d columns, want 7", path, i+1, len(r))
		}
		out = append(out, module{n: r[0], id: r[1] + "@" + r[2], kind: r[3], status: r[4], dir: r[5]})
	}
	return out, nil
}

// readTSV reads tab-separated rows, skipping blank lines and # comments.
func readTSV(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	return rows, sc.Err()
}

// readFindings reads one elicitlint -json output: package path → analyzer →
// either a list of diagnostics or {"error": ...}. It returns the findings
// with paths relative to the module directory, and the number of packages
// whose analysis failed.
func readFindings(path string, m module) ([]finding, int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", path, err)
	}
	var out []finding
	errs := 0
	for _, analyzers := range tree {
		for _, raw := range analyzers {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				errs++ // {"error": "..."}
				continue
			}
			for _, d := range diags {
				f, err := parseFinding(d.Posn, d.Message, m)
				if err != nil {
					return nil, 0, fmt.Errorf("%s: %v", path, err)
				}
				out = append(out, f)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].line < out[j].line
	})
	return out, errs, nil
}

func parseFinding(posn, msg string, m module) (finding, error) {
	// posn is file:line:col; file is absolute.
	rest, _, ok := cutLast(posn, ":")
	if !ok {
		return finding{}, fmt.Errorf("bad position %q", posn)
	}
	file, lineStr, ok := cutLast(rest, ":")
	if !ok {
		return finding{}, fmt.Errorf("bad position %q", posn)
	}
	line, err := strconv.Atoi(lineStr)
	if err != nil {
		return finding{}, fmt.Errorf("bad position %q", posn)
	}
	if rel, err := filepath.Rel(m.dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	check := ""
	if i := strings.LastIndex(msg, " ("); i >= 0 && strings.HasSuffix(msg, ")") {
		check = msg[i+2 : len(msg)-1]
	}
	return finding{module: m.id, file: file, line: line, check: check, msg: msg}, nil
}

func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// Command score runs elicitlint on the labelled corpora of bench/corpora
// and prints, per corpus and overall, recall and precision against each
// corpus's labels.json, with the misses and the false reports.
//
//	cd bench && go run ./corpora/score -elicitlint $(command -v elicitlint) corpora/*/
//
// A label names a top-level function of a package (Name, or Type.Method)
// and the checks expected there ("expect"), and the checks that the docs
// say do not report what is wrong there ("limits"). A finding counts for
// the function that encloses its position. An expected check with a
// finding is a hit, one without is a miss; a finding of a check neither
// expected nor a limit there is a false report. Limits reported are
// counted apart: the docs say the check is silent there, so a finding is
// a lifted limit (or a false report, which the label's why tells).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

var (
	bin     = flag.String("elicitlint", "elicitlint", "the elicitlint binary to run")
	flags   = flag.String("flags", "", "extra flags for elicitlint, space-separated")
	verbose = flag.Bool("v", false, "print the message of each false report")
)

// label is one entry of a corpus's labels.json.
type label struct {
	Dir    string   `json:"dir"`
	Func   string   `json:"func"`
	Expect []string `json:"expect"`
	Limits []string `json:"limits"`
	Why    string   `json:"why"`
}

// key is a check in a function of a package directory.
type key struct{ dir, fn, check string }

// diag is one finding of go vet -json output.
type diag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
}

type score struct{ hits, expected, reports, limits int }

func main() {
	log.SetFlags(0)
	log.SetPrefix("score: ")
	flag.Parse()
	if flag.NArg() == 0 {
		log.Fatal("usage: score [-elicitlint BIN] CORPUS_DIR...")
	}
	var total score
	for _, dir := range flag.Args() {
		s, err := scoreCorpus(dir)
		if err != nil {
			log.Fatalf("%s: %v", dir, err)
		}
		total.hits += s.hits
		total.expected += s.expected
		total.reports += s.reports
		total.limits += s.limits
	}
	if flag.NArg() > 1 {
		fmt.Printf("overall: %s\n", total)
	}
}

func (s score) String() string {
	ratio := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2f", float64(a)/float64(b))
	}
	return fmt.Sprintf("recall %s (%d/%d), precision %s (%d/%d), limits reported %d",
		ratio(s.hits, s.expected), s.hits, s.expected, ratio(s.hits, s.reports), s.hits, s.reports, s.limits)
}

func scoreCorpus(dir string) (score, error) {
	var s score
	data, err := os.ReadFile(filepath.Join(dir, "labels.json"))
	if err != nil {
		return s, err
	}
	var labels []label
	if err := json.Unmarshal(data, &labels); err != nil {
		return s, fmt.Errorf("labels.json: %v", err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return s, err
	}
	found, msgs, err := run(abs)
	if err != nil {
		return s, err
	}
	expect, limits := map[key]string{}, map[key]string{}
	labelled := map[key]bool{}
	for _, l := range labels {
		d := filepath.Clean(l.Dir)
		labelled[key{d, l.Func, ""}] = true
		for _, c := range l.Expect {
			expect[key{d, l.Func, c}] = l.Why
		}
		for _, c := range l.Limits {
			limits[key{d, l.Func, c}] = l.Why
		}
	}
	var lines []string
	for k, why := range expect {
		s.expected++
		if found[k] {
			s.hits++
			continue
		}
		lines = append(lines, fmt.Sprintf("MISS   %s %s %s: %s", k.dir, k.fn, k.check, why))
	}
	for k := range found {
		if _, ok := expect[k]; ok {
			s.reports++
			continue
		}
		if why, ok := limits[k]; ok {
			s.limits++
			lines = append(lines, fmt.Sprintf("LIMIT  %s %s %s (reported): %s", k.dir, k.fn, k.check, why))
			continue
		}
		s.reports++
		note := ""
		if !labelled[key{k.dir, k.fn, ""}] {
			note = " (function not labelled)"
		}
		line := fmt.Sprintf("EXTRA  %s %s %s%s", k.dir, k.fn, k.check, note)
		if *verbose {
			line += "\n         " + msgs[k]
		}
		lines = append(lines, line)
	}
	slices.Sort(lines)
	fmt.Printf("%s: %d labelled functions: %s\n", filepath.Base(abs), len(labelled), s)
	for _, l := range lines {
		fmt.Println("  " + l)
	}
	return s, nil
}

// run runs elicitlint -json on the corpus module and returns the checks
// found per function, with the first message of each.
func run(dir string) (map[key]bool, map[key]string, error) {
	args := append([]string{"-json"}, strings.Fields(*flags)...)
	cmd := exec.Command(*bin, append(args, "./...")...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v\n%s", *bin, err, errb.String())
	}
	var res map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return nil, nil, fmt.Errorf("reading the output of %s: %v", *bin, err)
	}
	found, msgs := map[key]bool{}, map[key]string{}
	funcs := &funcIndex{files: map[string][]fnRange{}}
	for _, analyzers := range res {
		for _, raw := range analyzers {
			var diags []diag
			if json.Unmarshal(raw, &diags) != nil {
				continue // an error object, not findings
			}
			for _, d := range diags {
				file, line, ok := splitPosn(d.Posn)
				if !ok {
					continue
				}
				rel, err := filepath.Rel(dir, filepath.Dir(file))
				if err != nil {
					continue
				}
				k := key{rel, funcs.at(file, line), d.Category}
				found[k] = true
				if msgs[k] == "" {
					msgs[k] = d.Message
				}
			}
		}
	}
	return found, msgs, nil
}

// splitPosn splits file:line:col.
func splitPosn(p string) (string, int, bool) {
	parts := strings.Split(p, ":")
	if len(parts) < 3 {
		return "", 0, false
	}
	var line int
	if _, err := fmt.Sscan(parts[len(parts)-2], &line); err != nil {
		return "", 0, false
	}
	return strings.Join(parts[:len(parts)-2], ":"), line, true
}

type fnRange struct {
	name     string
	from, to int
}

// funcIndex finds the top-level function that holds a line.
type funcIndex struct{ files map[string][]fnRange }

func (x *funcIndex) at(file string, line int) string {
	rs, ok := x.files[file]
	if !ok {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err == nil {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				name := fd.Name.Name
				if fd.Recv != nil && len(fd.Recv.List) == 1 {
					name = recvName(fd.Recv.List[0].Type) + "." + name
				}
				rs = append(rs, fnRange{name, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
			}
		}
		x.files[file] = rs
	}
	for _, r := range rs {
		if r.from <= line && line <= r.to {
			return r.name
		}
	}
	return "(package level)"
}

func recvName(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return "?"
		}
	}
}

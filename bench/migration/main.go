// Command migration prints, as Markdown, what elicitlint -fix migrates in
// the SDKs' own servers: the output of run.sh (beside this file).
//
//	go run ./migration -dir OUTDIR
//
// A direct request is a round-trip finding whose message contains "on
// sessions that negotiate protocol 2026-07-28". Its kind comes from the
// method the message starts with (ServerSession.Elicit: elicitation, and
// so on); it is migrated when the finding carries a suggested fix, and
// the reason when it does not is the text after "no automatic fix:".
//
// As a check on the findings, the calls in the packages' Go files of the
// methods that make direct requests are counted too (by name, without
// types: right for these packages, read by hand), and each call without a
// finding on its line is listed as not reported.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

var dir = flag.String("dir", "out", "run.sh's output directory")

// directWords are in every finding of a direct request.
const directWords = "on sessions that negotiate protocol 2026-07-28"

// kinds maps the methods that make a direct request, in either SDK, to
// the kind of request.
var kinds = map[string]string{
	"Elicit":                 "elicitation",
	"RequestElicitation":     "elicitation",
	"RequestURLElicitation":  "elicitation",
	"CreateMessage":          "sampling",
	"CreateMessageWithTools": "sampling",
	"RequestSampling":        "sampling",
	"ListRoots":              "roots",
	"RequestRoots":           "roots",
}

var kindOrder = []string{"elicitation", "sampling", "roots"}

// The SDKs in the order run.sh measures them.
var sdks = []string{"gosdk", "mcpgo"}

type diagnostic struct {
	Category       string            `json:"category"`
	Posn           string            `json:"posn"`
	Message        string            `json:"message"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
}

// request is one direct request: a finding, a call in the source, or both.
type request struct {
	pos      string // file:line, the file relative to the module cache
	method   string
	kind     string
	reported bool
	fixed    bool
	reason   string
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("migration: ")
	flag.Parse()
	meta, err := os.ReadFile(filepath.Join(*dir, "meta.txt"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Measured with bench/migration/run.sh:\n\n```\n%s```\n\n", meta)
	fmt.Println("| code | kind | direct requests | reported | migrated by `-fix` | share migrated |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: |")
	var left []string
	for _, sdk := range sdks {
		code, reqs, err := measure(sdk)
		if err != nil {
			log.Fatal(err)
		}
		var total [3]int
		for _, kind := range kindOrder {
			var n [3]int
			for _, r := range reqs {
				if r.kind == kind {
					n[0]++
					n[1] += b2i(r.reported)
					n[2] += b2i(r.fixed)
				}
			}
			if n[0] == 0 {
				continue
			}
			fmt.Printf("| %s | %s | %d | %d | %d | %s |\n", code, kind, n[0], n[1], n[2], percent(n[2], n[0]))
			for i := range n {
				total[i] += n[i]
			}
		}
		fmt.Printf("| %s | **all** | %d | %d | %d | %s |\n", code, total[0], total[1], total[2], percent(total[2], total[0]))
		for _, r := range reqs {
			if !r.fixed {
				why := r.reason
				if !r.reported {
					why = "not reported"
				}
				left = append(left, fmt.Sprintf("| %s | %s | `%s` | %s |", r.pos, r.kind, r.method, strings.ReplaceAll(why, "|", `\|`)))
			}
		}
	}
	fmt.Println()
	fmt.Println("Left without a fix:")
	fmt.Println()
	fmt.Println("| where | kind | call | why |")
	fmt.Println("| --- | --- | --- | --- |")
	for _, l := range left {
		fmt.Println(l)
	}
}

// measure reads run.sh's output for sdk and returns the packages' name and
// their direct requests in source order.
func measure(sdk string) (string, []*request, error) {
	pkgs, err := readPackages(filepath.Join(*dir, sdk+".pkgs"))
	if err != nil {
		return "", nil, err
	}
	data, err := os.ReadFile(filepath.Join(*dir, sdk+".json"))
	if err != nil {
		return "", nil, err
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return "", nil, fmt.Errorf("%s.json: %v", sdk, err)
	}
	byPos := map[string]*request{}
	var reqs []*request
	add := func(r *request) {
		if byPos[r.pos] == nil {
			byPos[r.pos] = r
			reqs = append(reqs, r)
		}
	}
	for pkg, analyzers := range tree {
		var diags []diagnostic
		if err := json.Unmarshal(analyzers["elicitlint"], &diags); err != nil {
			return "", nil, fmt.Errorf("%s.json, package %s: %s", sdk, pkg, analyzers["elicitlint"])
		}
		for _, d := range diags {
			if d.Category != "round-trip" || !strings.Contains(d.Message, directWords) {
				continue
			}
			// The message ends with the check's name, as in text output.
			msg := strings.TrimSuffix(d.Message, " ("+d.Category+")")
			r := &request{pos: shortPos(d.Posn), reported: true, fixed: len(d.SuggestedFixes) > 0}
			r.method, _, _ = strings.Cut(msg, " ")
			_, name, _ := strings.Cut(r.method, ".")
			r.kind = kinds[name]
			if r.kind == "" {
				r.kind = "other"
			}
			if _, why, ok := strings.Cut(msg, "no automatic fix: "); ok {
				r.reason = why
			} else if !r.fixed {
				r.reason = "(no reason given)"
			}
			add(r)
		}
	}
	var names []string
	for _, p := range pkgs {
		names = append(names, p.path)
		calls, err := sourceCalls(p)
		if err != nil {
			return "", nil, err
		}
		for _, r := range calls {
			if f := byPos[r.pos]; f != nil && f.kind == r.kind {
				continue
			}
			add(r)
		}
	}
	slices.SortFunc(reqs, func(a, b *request) int { return comparePos(a.pos, b.pos) })
	return codeName(pkgs), reqs, nil
}

type pkg struct {
	path, dir string
	files     []string
}

func readPackages(name string) ([]pkg, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var pkgs []pkg
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 {
			return nil, fmt.Errorf("%s: bad line %q", name, sc.Text())
		}
		pkgs = append(pkgs, pkg{fields[0], fields[1], fields[2:]})
	}
	return pkgs, sc.Err()
}

// sourceCalls returns the calls in p's Go files of a method named like one
// that makes a direct request, with the SDK's receiver types left unchecked.
func sourceCalls(p pkg) ([]*request, error) {
	fset := token.NewFileSet()
	var calls []*request
	for _, name := range p.files {
		f, err := parser.ParseFile(fset, filepath.Join(p.dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || kinds[sel.Sel.Name] == "" {
				return true
			}
			pos := fset.Position(sel.Sel.Pos())
			calls = append(calls, &request{
				pos: shortPos(fmt.Sprintf("%s:%d:%d", pos.Filename, pos.Line, pos.Column)), method: sel.Sel.Name, kind: kinds[sel.Sel.Name],
			})
			return true
		})
	}
	return calls, nil
}

var posRE = regexp.MustCompile(`^(.*):(\d+):\d+$`)

// shortPos turns a position into file:line, the file relative to the
// module cache (module@version/path).
func shortPos(posn string) string {
	m := posRE.FindStringSubmatch(posn)
	if m == nil {
		return posn
	}
	file := filepath.ToSlash(m[1])
	if i := strings.Index(file, "/pkg/mod/"); i >= 0 {
		file = file[i+len("/pkg/mod/"):]
	}
	return file + ":" + m[2]
}

func comparePos(a, b string) int {
	fa, la, _ := strings.Cut(a, ":")
	fb, lb, _ := strings.Cut(b, ":")
	if c := strings.Compare(fa, fb); c != 0 {
		return c
	}
	var na, nb int
	fmt.Sscan(la, &na)
	fmt.Sscan(lb, &nb)
	return na - nb
}

// codeName names the measured code: the module and version once, then each
// package's path in it.
func codeName(pkgs []pkg) string {
	var mod string
	var paths []string
	for _, p := range pkgs {
		// The directory is in the module cache: .../pkg/mod/<module>@<version>/<path>.
		d := filepath.ToSlash(p.dir)
		if i := strings.Index(d, "/pkg/mod/"); i >= 0 {
			d = d[i+len("/pkg/mod/"):]
		}
		at := strings.Index(d, "@")
		slash := strings.Index(d[max(at, 0):], "/")
		if at < 0 || slash < 0 {
			paths = append(paths, p.path)
			continue
		}
		modPath := d[:at]
		mod = modPath[strings.LastIndex(modPath, "/")+1:] + " " + d[at+1:at+slash]
		paths = append(paths, "`"+d[at+slash+1:]+"`")
	}
	return strings.TrimSpace(mod + " " + strings.Join(paths, " + "))
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", n*100/of)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Command migration prints, as Markdown, what elicitlint -fix migrates in
// the SDKs' own servers and in any other module run.sh measured: the
// output of run.sh (beside this file).
//
//	go run ./migration -dir OUTDIR
//
// A direct request is a round-trip finding whose message contains "on
// sessions that negotiate protocol 2026-07-28". Its kind comes from the
// method the message starts with (ServerSession.Elicit: elicitation, and
// so on); it is migrated when the finding carries a suggested fix, and
// the reason when it does not is the text after "no automatic fix:". Its
// shape, where it sits, is read from the fix's message or that reason,
// else from the signature of the function around the call (see shape).
//
// As a check on the findings in the SDKs, the calls in their packages' Go
// files of the methods that make direct requests are counted too (by
// name, without types: right for these packages, read by hand), and each
// call without a finding on its line is listed as not reported. The other
// modules get no such count.
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
	"strconv"
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

// The SDKs in the order run.sh measures them; every other <name>.json is
// another module's.
var sdks = []string{"gosdk", "mcpgo"}

type diagnostic struct {
	Category       string `json:"category"`
	Posn           string `json:"posn"`
	Message        string `json:"message"`
	SuggestedFixes []struct {
		Message string `json:"message"`
	} `json:"suggested_fixes"`
}

// request is one direct request: a finding, a call in the source, or both.
type request struct {
	where     string // the file, relative to the module cache or named by the module
	file      string // the file as elicitlint or go list gave it
	line, col int
	method    string
	kind      string
	reported  bool
	fixed     bool
	fix       string // the fix's message
	message   string // the finding's message
	reason    string // why there is no fix
	shape     string
}

func (r *request) pos() string { return r.where + ":" + strconv.Itoa(r.line) }

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
	names, err := filepath.Glob(filepath.Join(*dir, "*.json"))
	if err != nil {
		log.Fatal(err)
	}
	measured := slices.Clone(sdks) // the SDKs first, then the others in order of name (Glob sorts)
	for _, name := range names {
		if name = strings.TrimSuffix(filepath.Base(name), ".json"); !slices.Contains(sdks, name) {
			measured = append(measured, name)
		}
	}
	var all []*request
	for _, name := range measured {
		code, reqs, err := measure(name)
		if err != nil {
			log.Fatal(err)
		}
		for _, kind := range kindOrder {
			if n := count(reqs, func(r *request) bool { return r.kind == kind }); n[0] > 0 {
				fmt.Printf("| %s | %s | %d | %d | %d | %s |\n", code, kind, n[0], n[1], n[2], percent(n[2], n[0]))
			}
		}
		n := count(reqs, nil)
		fmt.Printf("| %s | **all** | %d | %d | %d | %s |\n", code, n[0], n[1], n[2], percent(n[2], n[0]))
		all = append(all, reqs...)
	}
	if len(measured) > len(sdks) {
		fmt.Println("\nIn the modules other than the SDKs' servers the calls are not counted by name (that count is right only for the SDKs' packages, read by hand): their direct requests are the findings, so \"reported\" equals \"direct requests\".")
	}

	fmt.Print("\nEach direct request:\n\n| where | kind | call | shape | `-fix` |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range all {
		fix := "migrated"
		if !r.reported {
			fix = "not reported"
		} else if !r.fixed {
			fix = "no fix: " + strings.ReplaceAll(r.reason, "|", `\|`)
		}
		fmt.Printf("| %s | %s | `%s` | %s | %s |\n", r.pos(), r.kind, r.method, r.shape, fix)
	}

	fmt.Print("\nBy shape (all the code above):\n\n| shape | direct requests | migrated | share |\n| --- | ---: | ---: | ---: |\n")
	for _, s := range shapeOrder {
		if n := count(all, func(r *request) bool { return r.shape == s }); n[0] > 0 {
			fmt.Printf("| %s | %d | %d | %s |\n", s, n[0], n[2], percent(n[2], n[0]))
		}
	}
	n := count(all, nil)
	fmt.Printf("| **all** | %d | %d | %s |\n", n[0], n[2], percent(n[2], n[0]))
}

// module is one measured module: its packages and their files, parsed.
type module struct {
	name  string
	sdk   bool   // one of sdks: calls counted by name, positions in the module cache
	root  string // the module's directory, slash-separated
	pkgs  []pkg
	fset  *token.FileSet
	files map[string]*ast.File // by file name as go list gave it
}

type pkg struct {
	path, dir, mod string
	files          []string
}

// measure reads run.sh's output for name and returns what was measured
// and its direct requests in source order.
func measure(name string) (string, []*request, error) {
	m := &module{name: name, sdk: slices.Contains(sdks, name), fset: token.NewFileSet(), files: map[string]*ast.File{}}
	if err := m.load(filepath.Join(*dir, name+".pkgs")); err != nil {
		return "", nil, err
	}
	data, err := os.ReadFile(filepath.Join(*dir, name+".json"))
	if err != nil {
		return "", nil, err
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return "", nil, fmt.Errorf("%s.json: %v", name, err)
	}
	byPos := map[string]*request{}
	var reqs []*request
	add := func(r *request) {
		if byPos[r.pos()] == nil {
			byPos[r.pos()] = r
			reqs = append(reqs, r)
		}
	}
	for pkg, analyzers := range tree {
		var diags []diagnostic
		if err := json.Unmarshal(analyzers["elicitlint"], &diags); err != nil {
			return "", nil, fmt.Errorf("%s.json, package %s: %s", name, pkg, analyzers["elicitlint"])
		}
		for _, d := range diags {
			if d.Category != "round-trip" || !strings.Contains(d.Message, directWords) {
				continue
			}
			// The message ends with the check's name, as in text output.
			msg := strings.TrimSuffix(d.Message, " ("+d.Category+")")
			r := &request{reported: true, fixed: len(d.SuggestedFixes) > 0, message: msg}
			m.locate(r, d.Posn)
			if r.fixed {
				r.fix = d.SuggestedFixes[0].Message
			}
			// "Type.Method fails ..." or "Type.Method, called through the interface I, fails ...".
			r.method, _, _ = strings.Cut(msg, " ")
			r.method = strings.TrimSuffix(r.method, ",")
			_, method, _ := strings.Cut(r.method, ".")
			if r.kind = kinds[method]; r.kind == "" {
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
	for _, r := range m.sourceCalls() {
		if f := byPos[r.pos()]; f == nil || f.kind != r.kind {
			add(r)
		}
	}
	for _, r := range reqs {
		r.shape = shape(r, m.inHandler(r))
	}
	slices.SortFunc(reqs, func(a, b *request) int {
		if c := strings.Compare(a.where, b.where); c != 0 {
			return c
		}
		return a.line - b.line
	})
	return m.codeName(), reqs, nil
}

// load reads a .pkgs file (per line: import path, directory, module
// directory, Go files) and parses the files.
func (m *module) load(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			return fmt.Errorf("%s: bad line %q", name, sc.Text())
		}
		p := pkg{fields[0], fields[1], fields[2], fields[3:]}
		m.pkgs, m.root = append(m.pkgs, p), filepath.ToSlash(p.mod)
		for _, file := range p.files {
			file = filepath.Join(p.dir, file)
			if m.files[file], err = parser.ParseFile(m.fset, file, nil, 0); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}

// sourceCalls returns, in the SDKs, the calls in the packages' Go files of
// a method named like one that makes a direct request, with the SDK's
// receiver types left unchecked.
func (m *module) sourceCalls() []*request {
	if !m.sdk {
		return nil
	}
	var calls []*request
	for _, p := range m.pkgs {
		for _, file := range p.files {
			ast.Inspect(m.files[filepath.Join(p.dir, file)], func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok && kinds[sel.Sel.Name] != "" {
						r := &request{method: sel.Sel.Name, kind: kinds[sel.Sel.Name]}
						m.locate(r, m.fset.Position(sel.Sel.Pos()).String())
						calls = append(calls, r)
					}
				}
				return true
			})
		}
	}
	return calls
}

// inHandler reports whether the innermost function declaration or literal
// around r's position, in the parsed files, is a handler by its signature.
func (m *module) inHandler(r *request) bool {
	f := m.files[r.file]
	if f == nil || r.line < 1 || r.line > m.fset.File(f.Pos()).LineCount() {
		return false
	}
	pos := m.fset.File(f.Pos()).LineStart(r.line) + token.Pos(max(r.col, 1)-1)
	var ft *ast.FuncType
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft = n.Type
		case *ast.FuncLit:
			ft = n.Type
		}
		return true
	})
	return ft != nil && isHandler(ft)
}

var posRE = regexp.MustCompile(`^(.*):(\d+):(\d+)$`)

// locate sets r's file, line and column from posn (file:line:column), and
// where: the file relative to the module cache (module@version/path) in
// the SDKs, else to the module's directory, named by the module.
func (m *module) locate(r *request, posn string) {
	match := posRE.FindStringSubmatch(posn)
	if match == nil {
		r.where = posn
		return
	}
	r.file, r.where = match[1], filepath.ToSlash(match[1])
	r.line, _ = strconv.Atoi(match[2])
	r.col, _ = strconv.Atoi(match[3])
	if rel, ok := strings.CutPrefix(r.where, m.root+"/"); ok && !m.sdk {
		r.where = m.name + "/" + rel
	} else if i := strings.Index(r.where, "/pkg/mod/"); i >= 0 {
		r.where = r.where[i+len("/pkg/mod/"):]
	}
}

// codeName names the measured code: another module by its name; the
// SDK's module and version once, then each package's path in it.
func (m *module) codeName() string {
	if !m.sdk {
		return m.name
	}
	var mod string
	var paths []string
	for _, p := range m.pkgs {
		// The module is in the module cache: .../pkg/mod/<module path>@<version>.
		root := filepath.ToSlash(p.mod)
		mod = strings.Replace(root[strings.LastIndex(root, "/")+1:], "@", " ", 1)
		rel, _ := filepath.Rel(p.mod, p.dir)
		paths = append(paths, "`"+filepath.ToSlash(rel)+"`")
	}
	return strings.TrimSpace(mod + " " + strings.Join(paths, " + "))
}

// count returns, of the requests that match (all for nil), how many there
// are, how many are reported and how many migrated.
func count(reqs []*request, match func(*request) bool) [3]int {
	var n [3]int
	for _, r := range reqs {
		if match == nil || match(r) {
			n[0]++
			if r.reported {
				n[1]++
			}
			if r.fixed {
				n[2]++
			}
		}
	}
	return n
}

func percent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", n*100/of)
}

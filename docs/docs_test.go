package docs

// The documentation must pass its own linter: TestCodeBlocks compiles and
// analyses every ```go block of README.md and docs/*.md. This comment is
// the marking scheme the pages follow.
//
// Each ```go block carries a mark, an HTML comment that ends on the line
// right before the fence (a rendered page does not show it, and Page
// removes it):
//
//	<!-- elicitlint:good -->                  compiles, and gets no finding
//	<!-- elicitlint:bad actions:7 content:12 -->
//	                                          compiles, and gets exactly
//	                                          these findings: check:line,
//	                                          line 1 being the first line
//	                                          inside the fence
//	<!-- elicitlint:fragment REASON -->        not compiled, for REASON
//
// The SDK of a block is named by lines that start a part of it, at the
// start of a line: "// go-sdk..." and "// mcp-go..." (the pages' habit of
// showing both SDKs in one block) and "// package NAME..." (a block that
// shows several packages). Each part is a package of its own. A block
// without part lines names its SDK in the mark: go-sdk or mcp-go (package
// parts take it from the mark too, and may use none). Words starting with
// "-" in the mark are elicitlint flags for the block; no page uses one yet.
//
// What a reader need not see goes on the lines of the mark after the first
// one, up to a line "-->": Go declarations added after the part, or a
// wrapper with a line {{block}} where the part goes (a function around
// statements). With several parts, the hidden code is split by the same
// part lines, and each hidden part goes with the block's part that has the
// same line (in order, when several share one). Imports are added for the packages the
// code names (context, fmt, mcp, server, jsonschema, ...; mcp is the SDK
// of the part, and the name of a package part imports that package).
// Findings in the hidden code fail the test.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"

	"github.com/elicitlint/elicitlint/analyzer"
)

// A mark says what a block is.
type mark struct {
	kind   string   // good, bad or fragment
	sdk    string   // go-sdk or mcp-go, for parts without an SDK line
	flags  []string // elicitlint flags
	want   []string // bad: "check:line", sorted
	reason string   // fragment
	hidden []string // the Go lines of the mark after its first
}

// A block is a ```go block of a page.
type block struct {
	page  string // "docs/actions.md"
	line  int    // the line of the opening fence, 1-based
	code  []string
	mark  mark
	parts []part
}

func (b *block) String() string { return fmt.Sprintf("%s:%d", b.page, b.line) }

// A part is the code of one package of a block.
type part struct {
	key   string // "", "go-sdk", "mcp-go" or "package NAME"
	sdk   string // go-sdk or mcp-go
	pkg   string // package name
	first int    // index in the block's code of the part's first line
	lines []string
}

var (
	partLine = regexp.MustCompile(`^// (go-sdk|mcp-go|package [a-z][a-z0-9]*)\b`)
	wantWord = regexp.MustCompile(`^([a-z-]+):([1-9][0-9]*)$`)
)

// pagesWithCode returns README.md and docs/*.md, by name as the repository
// shows them.
func pagesWithCode(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	names, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range append(names, filepath.Join("..", "README.md")) {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		name := "docs/" + n
		if strings.HasPrefix(n, "..") {
			name = "README.md"
		}
		out[name] = string(data)
	}
	return out
}

// parsePage returns the page's ```go blocks with their marks, and what is
// wrong with the marks.
func parsePage(name, text string) ([]*block, []string) {
	var blocks []*block
	var errs []string
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%s:%d: ", name, line)+fmt.Sprintf(format, args...))
	}
	lines := strings.Split(text, "\n")
	var pending *mark
	pendingEnd := -1
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, markStart) {
			m, end, err := parseMark(lines, i)
			if err != nil {
				fail(i+1, "%v", err)
			}
			if end+1 >= len(lines) || strings.TrimSpace(lines[end+1]) != "```go" {
				fail(i+1, "a mark must end on the line right before a ```go fence")
			}
			pending, pendingEnd = m, end
			i = end
			continue
		}
		if !strings.HasPrefix(l, "```") {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if strings.TrimSpace(l) == "```go" {
			b := &block{page: name, line: i + 1, code: lines[i+1 : min(j, len(lines))]}
			switch {
			case pending == nil || pendingEnd != i-1:
				fail(i+1, "Go block without a mark: put <!-- elicitlint:good -->, <!-- elicitlint:bad check:line ... --> or <!-- elicitlint:fragment reason --> on the line before it")
			default:
				b.mark = *pending
				if err := b.split(); err != nil {
					fail(i+1, "%v", err)
				} else {
					blocks = append(blocks, b)
				}
			}
		}
		pending = nil
		i = j
	}
	return blocks, errs
}

// parseMark reads the mark that starts on lines[i]; it returns the index
// of its last line.
func parseMark(lines []string, i int) (*mark, int, error) {
	first := strings.TrimPrefix(lines[i], markStart)
	end := i
	var hidden []string
	if before, ok := strings.CutSuffix(strings.TrimSpace(first), "-->"); ok {
		first = before
	} else {
		for end = i + 1; end < len(lines) && strings.TrimSpace(lines[end]) != "-->"; end++ {
			hidden = append(hidden, lines[end])
		}
		if end == len(lines) {
			return nil, end - 1, fmt.Errorf("mark without a closing --> line")
		}
	}
	words := strings.Fields(first)
	if len(words) == 0 {
		return nil, end, fmt.Errorf("empty mark: want good, bad or fragment")
	}
	m := &mark{kind: words[0], hidden: hidden}
	switch m.kind {
	case "fragment":
		m.reason = strings.Join(words[1:], " ")
		if m.reason == "" || len(hidden) > 0 {
			return nil, end, fmt.Errorf("a fragment mark gives its reason, and has no hidden code")
		}
		return m, end, nil
	case "good", "bad":
	default:
		return nil, end, fmt.Errorf("mark %q: want good, bad or fragment", m.kind)
	}
	checks := append(slices.Clone(analyzer.Checks), analyzer.CheckDirective)
	for _, w := range words[1:] {
		switch {
		case w == "go-sdk" || w == "mcp-go":
			if m.sdk != "" {
				return nil, end, fmt.Errorf("the mark names two SDKs")
			}
			m.sdk = w
		case strings.HasPrefix(w, "-"):
			m.flags = append(m.flags, w)
		case m.kind == "bad" && wantWord.MatchString(w):
			if c := wantWord.FindStringSubmatch(w)[1]; !slices.Contains(checks, c) {
				return nil, end, fmt.Errorf("no check %q", c)
			}
			m.want = append(m.want, w)
		default:
			return nil, end, fmt.Errorf("mark word %q: want go-sdk, mcp-go, a flag or (bad) check:line", w)
		}
	}
	if m.kind == "bad" && len(m.want) == 0 {
		return nil, end, fmt.Errorf("a bad mark lists the findings, as check:line")
	}
	sortWant(m.want)
	return m, end, nil
}

func sortWant(w []string) {
	sort.Slice(w, func(i, j int) bool {
		ci, li, _ := strings.Cut(w[i], ":")
		cj, lj, _ := strings.Cut(w[j], ":")
		ni, _ := strconv.Atoi(li)
		nj, _ := strconv.Atoi(lj)
		if ni != nj {
			return ni < nj
		}
		return ci < cj
	})
}

// splitParts splits lines at the lines that start a part.
func splitParts(lines []string) ([]part, error) {
	var parts []part
	for i, l := range lines {
		if m := partLine.FindStringSubmatch(l); m != nil {
			parts = append(parts, part{key: m[1], first: i})
		}
		if len(parts) == 0 {
			if strings.TrimSpace(l) != "" && slices.ContainsFunc(lines, partLine.MatchString) {
				return nil, fmt.Errorf("line %d comes before the first part line (// go-sdk, // mcp-go, // package NAME)", i+1)
			}
			continue
		}
		p := &parts[len(parts)-1]
		p.lines = append(p.lines, l)
	}
	if len(parts) == 0 {
		parts = []part{{lines: lines}}
	}
	return parts, nil
}

// split divides the block into parts and gives each its SDK and package.
func (b *block) split() error {
	if b.mark.kind == "fragment" {
		return nil
	}
	parts, err := splitParts(b.code)
	if err != nil {
		return err
	}
	for i := range parts {
		p := &parts[i]
		p.pkg = "p"
		switch {
		case p.key == "go-sdk" || p.key == "mcp-go":
			if b.mark.sdk != "" {
				return fmt.Errorf("the block names its SDK in a part line: the mark must not")
			}
			p.sdk = p.key
		default:
			name, isPkg := strings.CutPrefix(p.key, "package ")
			if isPkg {
				p.pkg = name
			} else if b.mark.sdk == "" {
				return fmt.Errorf("name the SDK: a // go-sdk or // mcp-go line, or go-sdk or mcp-go in the mark")
			}
			p.sdk = b.mark.sdk // a package part may use none
		}
	}
	b.parts = parts
	return nil
}

// imports maps the package names code may use without importing them.
var imports = map[string]string{
	"context":    "context",
	"errors":     "errors",
	"fmt":        "fmt",
	"log":        "log",
	"slog":       "log/slog",
	"os":         "os",
	"exec":       "os/exec",
	"strings":    "strings",
	"strconv":    "strconv",
	"time":       "time",
	"sync":       "sync",
	"json":       "encoding/json",
	"rand":       "crypto/rand",
	"cipher":     "crypto/cipher",
	"base64":     "encoding/base64",
	"http":       "net/http",
	"url":        "net/url",
	"jsonschema": "github.com/google/jsonschema-go/jsonschema",
}

var sdkImports = map[string]map[string]string{
	"go-sdk": {"mcp": "github.com/modelcontextprotocol/go-sdk/mcp"},
	"mcp-go": {"mcp": "github.com/mark3labs/mcp-go/mcp", "server": "github.com/mark3labs/mcp-go/server"},
}

// A source is a file written for one part of a block.
type source struct {
	b     *block
	p     part
	path  string // relative to the module
	flags string // the block's flags, joined
	text  string
	start int // the file line of the part's first line
}

// blockLine returns the block line (1-based) of a file line, or 0 when the
// line is in the hidden code.
func (s *source) blockLine(fileLine int) int {
	i := fileLine - s.start
	if i < 0 || i >= len(s.p.lines) {
		return 0
	}
	return s.p.first + i + 1
}

// sources writes the Go files for the block, one package per part.
func (b *block) sources() ([]*source, error) {
	hidden, err := splitParts(b.mark.hidden)
	if err != nil {
		return nil, fmt.Errorf("hidden code: %v", err)
	}
	// The hidden code of each part: all of it for a block of one part,
	// else the hidden part with the same part line (in order, when the
	// block has several with the same line).
	wrap := make([][]string, len(b.parts))
	switch {
	case len(b.mark.hidden) == 0:
	case len(hidden) == 1 && hidden[0].key == "":
		if len(b.parts) > 1 {
			return nil, fmt.Errorf("the block has %d parts: split the hidden code with the same part lines", len(b.parts))
		}
		wrap[0] = hidden[0].lines
	default:
		for _, h := range hidden {
			i := slices.IndexFunc(b.parts, func(p part) bool { return p.key == h.key })
			for i >= 0 && wrap[i] != nil {
				next := slices.IndexFunc(b.parts[i+1:], func(p part) bool { return p.key == h.key })
				if next < 0 {
					i = -1
				} else {
					i += 1 + next
				}
			}
			if i < 0 {
				return nil, fmt.Errorf("the hidden code's part %q does not match a part of the block", h.key)
			}
			wrap[i] = h.lines
		}
	}
	dir := fmt.Sprintf("b/%s_%d", strings.TrimSuffix(filepath.Base(b.page), ".md"), b.line)
	dir = strings.ReplaceAll(strings.ToLower(dir), "-", "_")
	siblings := map[string]string{}
	for _, p := range b.parts {
		if p.pkg != "p" {
			siblings[p.pkg] = "sample/" + dir + "/" + p.pkg
		}
	}
	var out []*source
	for i, p := range b.parts {
		var body []string
		at := 0
		h := wrap[i]
		if k := slices.IndexFunc(h, func(l string) bool { return strings.TrimSpace(l) == "{{block}}" }); k >= 0 {
			body = append(append(append(body, h[:k]...), p.lines...), h[k+1:]...)
			at = k
		} else {
			body = append(append(body, p.lines...), h...)
		}
		text := strings.Join(body, "\n") + "\n"
		f, err := parser.ParseFile(token.NewFileSet(), "", "package "+p.pkg+"\n"+text, 0)
		if err != nil {
			return nil, fmt.Errorf("%s part does not parse (line numbers count from the package clause, 1 line above the part or its hidden wrapper): %v", cmpOr(p.key, "the"), err)
		}
		need := map[string]bool{}
		for _, id := range f.Unresolved {
			for _, table := range []map[string]string{imports, sdkImports[p.sdk], siblings} {
				if path, ok := table[id.Name]; ok && id.Name != p.pkg {
					need[path] = true
				}
			}
		}
		paths := make([]string, 0, len(need))
		for path := range need {
			paths = append(paths, path)
		}
		slices.Sort(paths)
		var head strings.Builder
		head.WriteString("package " + p.pkg + "\n\n")
		if len(paths) > 0 {
			head.WriteString("import (\n")
			for _, path := range paths {
				head.WriteString("\t" + strconv.Quote(path) + "\n")
			}
			head.WriteString(")\n\n")
		}
		sub := fmt.Sprint("part", i+1)
		if p.pkg != "p" {
			sub = p.pkg
		}
		out = append(out, &source{
			b: b, p: p, path: dir + "/" + sub + "/code.go", flags: strings.Join(b.mark.flags, " "),
			text:  head.String() + text,
			start: strings.Count(head.String(), "\n") + 1 + at,
		})
	}
	return out, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// allBlocks parses every page; marks that are wrong fail the test.
func allBlocks(t *testing.T) []*block {
	t.Helper()
	var all []*block
	pages := pagesWithCode(t)
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		blocks, errs := parsePage(n, pages[n])
		for _, e := range errs {
			t.Error(e)
		}
		all = append(all, blocks...)
	}
	return all
}

// Every Go block carries a well-formed mark, and every block that is not a
// fragment can be written out as Go files that parse. This part needs no
// module and runs with -short.
func TestCodeBlockMarks(t *testing.T) {
	blocks := allBlocks(t)
	if len(blocks) == 0 {
		t.Fatal("no Go blocks found")
	}
	count := map[string]int{}
	for _, b := range blocks {
		count[b.mark.kind]++
		if b.mark.kind == "fragment" {
			continue
		}
		if _, err := b.sources(); err != nil {
			t.Errorf("%s: %v", b, err)
		}
	}
	t.Logf("%d Go blocks: %d good, %d bad, %d fragments", len(blocks), count["good"], count["bad"], count["fragment"])
}

// The scheme's own errors: an unmarked block, a mark that is not before a
// fence, a bad mark without findings, hidden code with parts the block
// lacks.
func TestCodeBlockMarkErrors(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{"```go\nx := 1\n```\n", "Go block without a mark"},
		{"<!-- elicitlint:good go-sdk -->\n\n```go\nx := 1\n```\n", "right before a ```go fence"},
		{"<!-- elicitlint:bad go-sdk -->\n```go\nx := 1\n```\n", "lists the findings"},
		{"<!-- elicitlint:bad go-sdk actoins:1 -->\n```go\nx := 1\n```\n", `no check "actoins"`},
		{"<!-- elicitlint:fragment -->\n```go\nx := 1\n```\n", "gives its reason"},
		{"<!-- elicitlint:good -->\n```go\nx := 1\n```\n", "name the SDK"},
		{"<!-- elicitlint:good go-sdk -->\n```go\n// go-sdk\nx := 1\n```\n", "must not"},
		{"<!-- elicitlint:good\nfunc f() {}\n```go\nx := 1\n```\n", "closing -->"},
	} {
		_, errs := parsePage("test.md", tc.page)
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, tc.want) }) {
			t.Errorf("%q: errors %q, want one saying %q", tc.page, errs, tc.want)
		}
	}
	blocks, errs := parsePage("test.md", "<!-- elicitlint:good\n// mcp-go\n{{block}}\n-->\n```go\n// go-sdk\nvar x = 1\n```\n")
	if len(errs) > 0 || len(blocks) != 1 {
		t.Fatalf("errors %q", errs)
	}
	if _, err := blocks[0].sources(); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("hidden parts that do not match: %v", err)
	}
	// A wrapper: the block goes where {{block}} is, and imports follow
	// what the code names.
	blocks, _ = parsePage("test.md", "<!-- elicitlint:good mcp-go\nfunc f(ctx context.Context) {\n{{block}}\n}\n-->\n```go\nfmt.Println(mcp.MethodInitialize, ctx)\n```\n")
	srcs, err := blocks[0].sources()
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"github.com/mark3labs/mcp-go/mcp\"\n)\n\nfunc f(ctx context.Context) {\nfmt.Println(mcp.MethodInitialize, ctx)\n}\n"
	if srcs[0].text != want || srcs[0].blockLine(10) != 1 || srcs[0].blockLine(9) != 0 {
		t.Errorf("source:\n%s\nline 10 is block line %d", srcs[0].text, srcs[0].blockLine(10))
	}
}

// Page hides the marks, as a rendered page does; -explain and SARIF show
// what Page returns.
func TestPageHidesMarks(t *testing.T) {
	names, _ := filepath.Glob("*.md")
	for _, n := range names {
		page := Page(strings.TrimSuffix(n, ".md"))
		if strings.Contains(page, "elicitlint:good") || strings.Contains(page, "elicitlint:bad") ||
			strings.Contains(page, "elicitlint:fragment") || strings.Contains(page, "{{block}}") {
			t.Errorf("Page(%q) shows a mark", n)
		}
	}
}

var (
	toolsOnce sync.Once
	toolsErr  error
	binary    string
	example   string
)

// tools builds elicitlint from this checkout and makes sure the example's
// modules are in the module cache; it skips with -short.
func tools(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds elicitlint and compiles against the SDK modules; skipped with -short")
	}
	toolsOnce.Do(func() {
		dir, err := os.MkdirTemp("", "elicitlint-docs")
		if err != nil {
			toolsErr = err
			return
		}
		binary = filepath.Join(dir, "elicitlint")
		if out, err := exec.Command("go", "build", "-o", binary, "../cmd/elicitlint").CombinedOutput(); err != nil {
			toolsErr = fmt.Errorf("building elicitlint: %v\n%s", err, out)
			return
		}
		example, _ = filepath.Abs(filepath.Join("..", "example"))
		if out, err := exec.Command("go", "-C", example, "mod", "download").CombinedOutput(); err != nil {
			toolsErr = fmt.Errorf("go mod download in example: %v\n%s", err, out)
		}
	})
	if toolsErr != nil {
		t.Fatal(toolsErr)
	}
}

// offline runs a command with modules from the module cache only.
func offline(dir, name string, args ...string) (stdout, stderr string, code int, err error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return o.String(), e.String(), ee.ExitCode(), nil
	}
	return o.String(), e.String(), 0, err
}

var goError = regexp.MustCompile(`^(?:\./)?(b/\S+\.go):(\d+):(?:\d+:)? (.*)$`)

// TestCodeBlocks proves that the Go the pages show says what the pages
// claim. Every good and bad block (with its hidden code) is written into
// one temporary module that requires what example/ requires (go-sdk
// v1.8.0, mcp-go v1.2.1, with example/go.sum), one package per part, and
// built offline (GOPROXY=off); then elicitlint, built from this checkout,
// runs on it with the default flags (or the block's own). A good block
// must compile and get no finding; a bad block must compile and get
// exactly the findings its mark lists, by check and line; no block's
// hidden code may get one. Skipped with -short (it builds elicitlint and
// compiles against the SDK modules, from the module cache).
func TestCodeBlocks(t *testing.T) {
	blocks := allBlocks(t)
	tools(t)
	dir := prooftest.SampleModule(t, nil)
	byPath := map[string]*source{}
	var srcs []*source
	for _, b := range blocks {
		if b.mark.kind == "fragment" {
			continue
		}
		ss, err := b.sources()
		if err != nil {
			t.Errorf("%s: %v", b, err)
			continue
		}
		for _, s := range ss {
			path := filepath.Join(dir, filepath.FromSlash(s.path))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(s.text), 0o644); err != nil {
				t.Fatal(err)
			}
			byPath[s.path] = s
			srcs = append(srcs, s)
		}
	}
	where := func(s *source, fileLine int) string {
		if n := s.blockLine(fileLine); n > 0 {
			return fmt.Sprintf("%s line %d (page line %d)", s.b, n, s.b.line+n)
		}
		return fmt.Sprintf("%s, in the hidden code (line %d of %s)", s.b, fileLine, s.path)
	}

	// Compile. A package that does not compile is reported, with the
	// compiler's errors at their place in the page, and not analysed.
	broken := map[*block]bool{}
	_, stderr, code, err := offline(dir, "go", "build", "./...")
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 {
		for _, l := range strings.Split(stderr, "\n") {
			m := goError.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			s := byPath[m[1]]
			if s == nil {
				t.Errorf("go build: %s", l)
				continue
			}
			n, _ := strconv.Atoi(m[2])
			broken[s.b] = true
			t.Errorf("%s does not compile: %s", where(s, n), m[3])
		}
		if len(broken) == 0 {
			t.Fatalf("go build: exit %d\n%s", code, stderr)
		}
	}

	// Analyse, once per set of flags.
	got := map[*block][]string{}
	msgs := map[*block][]string{}
	groups := map[string][]string{}
	for _, s := range srcs {
		if !broken[s.b] {
			groups[s.flags] = append(groups[s.flags], "./"+filepath.Dir(s.path))
		}
	}
	for flags, pkgs := range groups {
		args := append(append(strings.Fields(flags), "-json"), pkgs...)
		stdout, stderr, code, err := offline(dir, binary, args...)
		if err != nil || code != 0 {
			t.Fatalf("elicitlint %s: exit %d, %v\n%s", flags, code, err, stderr)
		}
		var tree map[string]map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
			t.Fatalf("elicitlint -json: %v\n%s", err, stdout)
		}
		for pkg, byAnalyzer := range tree {
			var diags []struct{ Category, Posn, Message string }
			if err := json.Unmarshal(byAnalyzer[analyzer.Analyzer.Name], &diags); err != nil {
				t.Errorf("elicitlint on %s: %s", pkg, byAnalyzer[analyzer.Analyzer.Name])
				continue
			}
			for _, d := range diags {
				m := regexp.MustCompile(`^(.*):(\d+):\d+$`).FindStringSubmatch(d.Posn)
				rel, _ := filepath.Rel(dir, m[1])
				s := byPath[filepath.ToSlash(rel)]
				n, _ := strconv.Atoi(m[2])
				if s == nil {
					t.Errorf("finding outside the blocks' files: %s: %s", d.Posn, d.Message)
					continue
				}
				if s.blockLine(n) == 0 {
					t.Errorf("%s: a finding in code the page does not show: %s", where(s, n), d.Message)
					continue
				}
				w := fmt.Sprintf("%s:%d", d.Category, s.blockLine(n))
				got[s.b] = append(got[s.b], w)
				msgs[s.b] = append(msgs[s.b], w+": "+d.Message)
			}
		}
	}
	count := map[string]int{}
	for _, b := range blocks {
		count[b.mark.kind]++
		if b.mark.kind == "fragment" || broken[b] {
			continue
		}
		g := got[b]
		sortWant(g)
		if !slices.Equal(g, b.mark.want) {
			slices.Sort(msgs[b])
			t.Errorf("%s: a %s block; want findings %q, got %q:\n\t%s", b, b.mark.kind, b.mark.want, g, strings.Join(msgs[b], "\n\t"))
		}
	}
	t.Logf("%d Go blocks: %d good, %d bad, %d fragments", len(blocks), count["good"], count["bad"], count["fragment"])
}

// The pages that list where fixes come from (standalone.md's Fixes and
// pre-commit.md's fix hook) name every check that offers one: the checks
// whose findings carry fixes in the analyzer's snapshot of its fixtures
// (testdata/snapshot, under every setting).
func TestFixListsNameEveryCheckWithFixes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "snapshot", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no snapshot files: %v", err)
	}
	fixing := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var snap map[string][]struct {
			Category string
			Fixes    []json.RawMessage
		}
		if err := json.Unmarshal(data, &snap); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, diags := range snap {
			for _, d := range diags {
				if len(d.Fixes) > 0 {
					fixing[d.Category] = true
				}
			}
		}
	}
	if len(fixing) == 0 {
		t.Fatal("no finding with a fix in the snapshot")
	}
	for _, where := range []struct{ page, heading string }{
		{"standalone.md", "### Fixes"},
		{"pre-commit.md", "## The fix hook"},
	} {
		data, err := os.ReadFile(where.page)
		if err != nil {
			t.Fatal(err)
		}
		section, ok := strings.CutPrefix(string(data)[max(0, strings.Index(string(data), "\n"+where.heading+"\n")):], "\n"+where.heading+"\n")
		if !ok {
			t.Fatalf("%s has no %q", where.page, where.heading)
		}
		if i := strings.Index(section, "\n#"); i >= 0 {
			section = section[:i]
		}
		for check := range fixing {
			if !strings.Contains(section, "]("+check+".md") {
				t.Errorf("%s, %s: does not link %s.md, whose findings carry fixes", where.page, where.heading, check)
			}
		}
	}
}

var (
	findingText = regexp.MustCompile(`^(?:gosdk|mcpgo)/\S+\.go:\d+:\d+: `)
	contextText = regexp.MustCompile(`^\d+\t`)
	printsCount = regexp.MustCompile(`It prints (\d+) findings, at least one per planted bug, and exits with status (\d)\.`)
)

// What the pages quote from a run on example/ is what elicitlint prints
// there: every finding and related-position line of a code block (text
// output, as the standalone driver and go vet print it), a block with
// context lines as -c=1 prints it, every diagnostic of a JSON block (its
// check, message and position), and README's count, exit status and first
// three findings.
func TestExampleOutputInDocs(t *testing.T) {
	tools(t)
	_, text, code, err := offline(example, binary, "./...")
	if err != nil {
		t.Fatal(err)
	}
	_, withContext, _, err := offline(example, binary, "-c=1", "./...")
	if err != nil {
		t.Fatal(err)
	}
	jsonOut, _, _, err := offline(example, binary, "-json", "./...")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	findings := 0
	for _, l := range lines {
		if !strings.Contains(l, ": \t") {
			findings++
		}
	}
	type diag struct{ Category, Posn, End, Message string }
	var tree map[string]map[string][]diag
	if err := json.Unmarshal([]byte(jsonOut), &tree); err != nil {
		t.Fatal(err)
	}
	var diags []diag
	for _, pkg := range tree {
		for _, d := range pkg[analyzer.Analyzer.Name] {
			d.Posn, d.End = strings.TrimPrefix(d.Posn, example), strings.TrimPrefix(d.End, example)
			diags = append(diags, d)
		}
	}

	quoted := 0
	for name, page := range pagesWithCode(t) {
		pl := strings.Split(page, "\n")
		for i := 0; i < len(pl); i++ {
			lang, ok := strings.CutPrefix(pl[i], "```")
			if !ok {
				continue
			}
			j := i + 1
			for j < len(pl) && !strings.HasPrefix(pl[j], "```") {
				j++
			}
			block := pl[i+1 : min(j, len(pl))]
			at := fmt.Sprintf("%s:%d", name, i+1)
			switch lang {
			case "json":
				var doc map[string]map[string][]diag
				if json.Unmarshal([]byte(strings.Join(block, "\n")), &doc) != nil {
					break
				}
				for _, pkg := range doc {
					for _, d := range pkg[analyzer.Analyzer.Name] {
						quoted++
						d.Posn, d.End = suffixAfter(d.Posn, "/example"), suffixAfter(d.End, "/example")
						if !slices.Contains(diags, d) {
							t.Errorf("%s: the JSON shows a finding elicitlint -json does not print in example/: %+v", at, d)
						}
					}
				}
			case "":
				hasContext := slices.ContainsFunc(block, contextText.MatchString)
				for _, l := range block {
					if !findingText.MatchString(l) {
						continue
					}
					quoted++
					if !slices.Contains(lines, l) {
						t.Errorf("%s: elicitlint does not print this line in example/:\n%s", at, l)
					}
				}
				if hasContext && !strings.Contains(withContext, strings.Join(block, "\n")+"\n") {
					t.Errorf("%s: elicitlint -c=1 does not print this in example/:\n%s", at, strings.Join(block, "\n"))
				}
			}
			i = j
		}
	}
	if quoted == 0 {
		t.Fatal("no page quotes the example's output")
	}

	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := printsCount.FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatalf("README.md does not say how many findings the example gets")
	}
	if m[1] != strconv.Itoa(findings) || m[2] != strconv.Itoa(code) {
		t.Errorf("README.md says %s findings and exit status %s; elicitlint ./... in example/ prints %d and exits %d", m[1], m[2], findings, code)
	}
	first := string(readme)[strings.Index(string(readme), m[0]):]
	first = first[strings.Index(first, "```\n")+4:]
	first = first[:strings.Index(first, "```")]
	if want := strings.Join(lines[:3], "\n") + "\n"; first != want {
		t.Errorf("README.md's first three findings:\n%s\nelicitlint prints:\n%s", first, want)
	}
	if want := fmt.Sprintf("so the output has %d lines", len(lines)); !strings.Contains(string(readme), want) {
		t.Errorf("README.md should say %q", want)
	}
}

// suffixAfter returns s from the last occurrence of sep on, without sep.
func suffixAfter(s, sep string) string {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[i+len(sep):]
	}
	return s
}

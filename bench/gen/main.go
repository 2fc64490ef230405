// Command gen writes a synthetic MCP monorepo for the elicitlint benchmarks:
// N service packages with M tool handlers each that elicit through the
// go-sdk (github.com/modelcontextprotocol/go-sdk v1.8.0) and/or mcp-go
// (github.com/mark3labs/mcp-go v1.2.1), directly or through wrappers in
// shared packages (internal/elicit wraps the SDKs, internal/flows wraps
// internal/elicit, so facts cross two package boundaries), with a mix of
// correct and buggy handling; plus non-MCP packages (internal/kit and
// N/5 lib packages, chained ten deep) and one main package per 50 services.
//
// Usage:
//
//	go run . -n 100 -m 5 -out DIR [-gosum ../../example/go.sum] [-tidy]
//
// The output is deterministic for given -n and -m.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

const modPath = "example.com/mcpmono"

var (
	nFlag     = flag.Int("n", 10, "number of MCP service packages")
	mFlag     = flag.Int("m", 5, "handlers per service package")
	outFlag   = flag.String("out", "", "output directory (created; must not exist or be empty)")
	gosumFlag = flag.String("gosum", "", "go.sum to copy into the output before go mod tidy")
	tidyFlag  = flag.Bool("tidy", false, "run go mod tidy in the output")
)

func main() {
	flag.Parse()
	if *outFlag == "" || *nFlag < 1 || *mFlag < 1 {
		log.Fatal("usage: gen -n N -m M -out DIR [-gosum FILE] [-tidy]")
	}
	g := &gen{out: *outFlag, n: *nFlag, m: *mFlag}
	g.all()
	if *gosumFlag != "" {
		data, err := os.ReadFile(*gosumFlag)
		if err != nil {
			log.Fatal(err)
		}
		g.write("go.sum", string(data), false)
	}
	if *tidyFlag {
		cmd := exec.Command("go", "mod", "tidy")
		cmd.Dir = g.out
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("go mod tidy: %v", err)
		}
	}
	fmt.Printf("%s: %d packages (%d services x %d handlers = %d handlers, %d lib, %d cmd, 3 shared), %d files\n",
		g.out, g.pkgs, g.n, g.m, g.n*g.m, g.nLib(), g.nCmd(), g.files)
}

type gen struct {
	out         string
	n, m        int
	pkgs, files int
	nGo, nMG    int // handlers generated so far per SDK
	// stats counts handler variants, for the summary file.
	stats map[string]int
}

func (g *gen) nLib() int { return max(2, g.n/5) }
func (g *gen) nCmd() int { return (g.n + 49) / 50 }

func (g *gen) write(rel, src string, gofmt bool) {
	if gofmt {
		b, err := format.Source([]byte(src))
		if err != nil {
			log.Fatalf("%s: %v\n%s", rel, err, src)
		}
		src = string(b)
		g.files++
	}
	path := filepath.Join(g.out, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		log.Fatal(err)
	}
}

func (g *gen) all() {
	g.stats = map[string]int{}
	g.write("go.mod", `module `+modPath+`

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1
	github.com/modelcontextprotocol/go-sdk v1.8.0
)
`, false)
	g.kit()
	g.elicit()
	g.flows()
	for i := 0; i < g.nLib(); i++ {
		g.lib(i)
	}
	for i := 0; i < g.n; i++ {
		g.svc(i)
	}
	for c := 0; c < g.nCmd(); c++ {
		g.cmd(c)
	}
	var keys []string
	for k := range g.stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "# handler variants (n=%d m=%d); buggy ones are marked BUG in the code\n", g.n, g.m)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s\t%d\n", k, g.stats[k])
	}
	g.write("VARIANTS.tsv", b.String(), false)
}

// ---------------------------------------------------------------------------
// Non-MCP shared package.

func (g *gen) kit() {
	g.pkgs++
	g.write("internal/kit/kit.go", `// Package kit holds small helpers shared by every package; it knows nothing of MCP.
package kit

import (
	"crypto/rand"
	"strings"
	"unicode"
)

// NewID returns a fresh random identifier.
func NewID() string { return rand.Text() }

// Slug turns s into a lower-case dash-separated identifier.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// Clamp limits v to [lo, hi].
func Clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Set is a set of strings.
type Set map[string]struct{}

// Add adds s and reports whether it was new.
func (s Set) Add(v string) bool {
	if _, ok := s[v]; ok {
		return false
	}
	s[v] = struct{}{}
	return true
}
`, true)
}

// ---------------------------------------------------------------------------
// MCP shared packages: wrappers used across the service packages.

func (g *gen) elicit() {
	g.pkgs++
	g.write("internal/elicit/elicit.go", `// Package elicit wraps the elicitation calls of both SDKs for the service
// packages: the wrappers pass their message (and URL and ID) parameters
// straight into the params, and Outcome/OutcomeMG handle every answer.
package elicit

import (
	"context"
	"errors"
	"fmt"

	mg "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	ErrDeclined = errors.New("declined by the user")
	ErrCanceled = errors.New("dismissed by the user")
)

// ConfirmSchema is a flat yes/no form.
var ConfirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

// AskForm asks for a form through the go-sdk.
func AskForm(ctx context.Context, ss *mcp.ServerSession, msg string, schema any) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema})
}

// AskURL sends the user to a page through the go-sdk (url mode).
func AskURL(ctx context.Context, ss *mcp.ServerSession, msg, url, id string) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: msg, URL: url, ElicitationID: id})
}

// Outcome turns a go-sdk result into go-ahead or an error; it handles every answer.
func Outcome(res *mcp.ElicitResult) (bool, error) {
	switch res.Action {
	case "accept":
		return true, nil
	case "decline":
		return false, ErrDeclined
	case "cancel":
		return false, ErrCanceled
	}
	return false, fmt.Errorf("unexpected elicitation action %q", res.Action)
}

// AskFormMG asks for a form through mcp-go.
func AskFormMG(ctx context.Context, srv *server.MCPServer, msg string, schema any) (*mg.ElicitationResult, error) {
	return srv.RequestElicitation(ctx, mg.ElicitationRequest{
		Params: mg.ElicitationParams{Message: msg, RequestedSchema: schema},
	})
}

// OutcomeMG turns an mcp-go result into go-ahead or an error; it handles every answer.
func OutcomeMG(res *mg.ElicitationResult) (bool, error) {
	switch res.Action {
	case mg.ElicitationResponseActionAccept:
		return true, nil
	case mg.ElicitationResponseActionDecline:
		return false, ErrDeclined
	case mg.ElicitationResponseActionCancel:
		return false, ErrCanceled
	}
	return false, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`, true)
}

func (g *gen) flows() {
	g.pkgs++
	g.write("internal/flows/flows.go", `// Package flows builds on internal/elicit: wrappers of wrappers.
package flows

import (
	"context"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"`+modPath+`/internal/elicit"
	mg "github.com/mark3labs/mcp-go/mcp"
)

// Confirm asks a yes/no question through the go-sdk.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (*mcp.ElicitResult, error) {
	return elicit.AskForm(ctx, ss, msg, elicit.ConfirmSchema)
}

// ConfirmMG asks a yes/no question through mcp-go.
func ConfirmMG(ctx context.Context, srv *server.MCPServer, msg string) (*mg.ElicitationResult, error) {
	return elicit.AskFormMG(ctx, srv, msg, elicit.ConfirmSchema)
}
`, true)
}

// ---------------------------------------------------------------------------
// Non-MCP library packages, chained: lib i imports lib i-1 unless i%10 == 0.

func libName(i int) string { return fmt.Sprintf("lib%04d", i) }

func (g *gen) lib(i int) {
	g.pkgs++
	name := libName(i)
	prevImport, prevUse := "", "return 0"
	if i%10 != 0 {
		prevImport = fmt.Sprintf("%q", modPath+"/lib/"+libName(i-1))
		prevUse = fmt.Sprintf("return %s.Depth() + 1", libName(i-1))
	}
	src := fmt.Sprintf(`// Package %[1]s is ordinary library code with no MCP in it.
package %[1]s

import (
	"sort"
	"strconv"
	"strings"

	%[2]s
	"%[4]s/internal/kit"
)

// Depth is how many lib packages this one sits on.
func Depth() int { %[3]s }

// Entry is one counted word.
type Entry struct {
	Word  string
	Count int
}

// Index counts words.
type Index struct {
	counts map[string]int
	seen   kit.Set
}

// New returns an empty index.
func New() *Index { return &Index{counts: map[string]int{}, seen: kit.Set{}} }

// Add counts the words of text.
func (x *Index) Add(text string) {
	for _, w := range strings.Fields(text) {
		w = kit.Slug(w)
		if w == "" {
			continue
		}
		x.counts[w]++
		x.seen.Add(w)
	}
}

// Top returns the n most frequent words.
func (x *Index) Top(n int) []Entry {
	var out []Entry
	for w, c := range x.counts {
		out = append(out, Entry{w, c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Word < out[j].Word
	})
	return out[:kit.Clamp(n, 0, len(out))]
}

// Format renders entries as "word=count" pairs.
func Format(es []Entry) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.Word)
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(e.Count))
	}
	return b.String()
}

// Parse reads "word=count" pairs back.
func Parse(s string) ([]Entry, error) {
	var out []Entry
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		w, c, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(c)
		if err != nil {
			return nil, err
		}
		out = append(out, Entry{w, n})
	}
	return out, nil
}
`, name, prevImport, prevUse, modPath)
	g.write("lib/"+name+"/"+name+".go", src, true)
}

// ---------------------------------------------------------------------------
// Service packages.

func svcName(i int) string { return fmt.Sprintf("svc%04d", i) }

// flavour of service i: which SDKs its handlers use.
const (
	flGoSDK = iota
	flMCPGo
	flBoth
)

func flavour(i int) int { return i % 3 }

// handler is one generated tool handler.
type handler struct {
	name, tool string
	code       string
	imports    []string
}

func (g *gen) svc(i int) {
	g.pkgs++
	name := svcName(i)
	dir := "svc/" + name + "/"
	lib := libName(i % g.nLib())
	g.write(dir+"model.go", fmt.Sprintf(`// Package %[1]s is one service of the monorepo: MCP tools and some plain code.
package %[1]s

import (
	"fmt"
	"strings"

	"%[3]s/internal/kit"
	"%[3]s/lib/%[2]s"
)

// Record is what the service stores.
type Record struct {
	ID    string
	Title string
	Tags  []string
	Score int
}

// NewRecord makes a record with a fresh ID.
func NewRecord(title string, tags ...string) *Record {
	return &Record{ID: kit.NewID(), Title: title, Tags: tags}
}

// Rank scores records by how often their words occur.
func Rank(recs []*Record) string {
	x := %[2]s.New()
	for _, r := range recs {
		x.Add(r.Title)
		x.Add(strings.Join(r.Tags, " "))
	}
	top := x.Top(5)
	for _, r := range recs {
		for _, e := range top {
			if strings.Contains(kit.Slug(r.Title), e.Word) {
				r.Score += e.Count
			}
		}
	}
	return %[2]s.Format(top)
}

// Describe renders a record.
func (r *Record) Describe() string {
	if len(r.Tags) == 0 {
		return fmt.Sprintf("%%s (%%s)", r.Title, r.ID)
	}
	return fmt.Sprintf("%%s (%%s) [%%s] score=%%d", r.Title, r.ID, strings.Join(r.Tags, ","), r.Score)
}
`, name, lib, modPath), true)

	var gs, ms []handler
	for h := 0; h < g.m; h++ {
		useGo := false
		switch flavour(i) {
		case flGoSDK:
			useGo = true
		case flBoth:
			useGo = h%2 == 0
		}
		hn := fmt.Sprintf("h%d", h)
		tool := fmt.Sprintf("%s_%s", name, hn)
		// Round robin over each SDK's variants: an even mix at every N.
		if useGo {
			gs = append(gs, g.goHandler(hn, tool, g.nGo%len(goVariants)))
			g.nGo++
		} else {
			ms = append(ms, g.mgHandler(hn, tool, g.nMG%len(mgVariants)))
			g.nMG++
		}
	}
	if len(gs) > 0 {
		g.handlerFile(dir+"gosdk.go", name, gs, true)
	}
	if len(ms) > 0 {
		g.handlerFile(dir+"mcpgo.go", name, ms, false)
	}
}

func (g *gen) handlerFile(rel, pkg string, hs []handler, goSDK bool) {
	imps := map[string]bool{`"context"`: true}
	var body strings.Builder
	if goSDK {
		imps[`"github.com/modelcontextprotocol/go-sdk/mcp"`] = true
		body.WriteString("// Register adds this service's go-sdk tools to s.\nfunc Register(s *mcp.Server) {\n")
		for _, h := range hs {
			fmt.Fprintf(&body, "\tmcp.AddTool(s, &mcp.Tool{Name: %q, Description: %q}, %s)\n", h.tool, "Tool "+h.tool, h.name)
		}
		body.WriteString("}\n\nfunc text(s string) *mcp.CallToolResult {\n\treturn &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}\n}\n\n")
	} else {
		imps[`mg "github.com/mark3labs/mcp-go/mcp"`] = true
		imps[`"github.com/mark3labs/mcp-go/server"`] = true
		body.WriteString("// MG holds the mcp-go server the handlers elicit through.\ntype MG struct{ srv *server.MCPServer }\n\n")
		body.WriteString("// RegisterMG adds this service's mcp-go tools to srv.\nfunc RegisterMG(srv *server.MCPServer) {\n\tm := &MG{srv: srv}\n")
		for _, h := range hs {
			fmt.Fprintf(&body, "\tsrv.AddTool(mg.NewTool(%q, mg.WithDescription(%q)), m.%s)\n", h.tool, "Tool "+h.tool, h.name)
		}
		body.WriteString("}\n\n")
	}
	for _, h := range hs {
		for _, imp := range h.imports {
			imps[imp] = true
		}
		body.WriteString(h.code)
		body.WriteString("\n")
	}
	var keys []string
	for k := range imps {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var src bytes.Buffer
	fmt.Fprintf(&src, "package %s\n\nimport (\n", pkg)
	for _, k := range keys {
		src.WriteString("\t" + k + "\n")
	}
	src.WriteString(")\n\n")
	src.WriteString(body.String())
	g.write(rel, src.String(), true)
}

var (
	impFmt    = `"fmt"`
	impKit    = `"` + modPath + `/internal/kit"`
	impElicit = `"` + modPath + `/internal/elicit"`
	impFlows  = `"` + modPath + `/internal/flows"`
	impMG     = `mg "github.com/mark3labs/mcp-go/mcp"`
)

type variant struct {
	id      string
	buggy   bool
	imports []string
	code    string // NAME and TOOL are replaced
}

const longMsg = "Before we go ahead we need to confirm several details with you: the account this applies to, the date it takes effect, who should be told about it, and whether the change may be undone later on by any administrator, too."

// goVariants are go-sdk handlers: func NAME(ctx, req, in) (result, any, error).
var goVariants = []variant{
	{"gosdk-direct-form-ok", false, []string{impFmt}, `
type NAMEIn struct {
	Title string ` + "`json:\"title\"`" + `
}

// NAME asks for details with a flat form and handles every answer.
func NAME(ctx context.Context, req *mcp.CallToolRequest, in NAMEIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: fmt.Sprintf("Update %s?", in.Title),
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"title": map[string]any{"type": "string", "maxLength": 80},
				"when":  map[string]any{"type": "string", "format": "date"},
			},
			"required": []string{"title"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		r := NewRecord(fmt.Sprint(res.Content["title"]), "TOOL")
		return text("Updated " + r.Describe()), nil, nil
	case "decline":
		return text("Nothing changed."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"gosdk-wrapper-outcome-ok", false, []string{impElicit}, `
// NAME asks through the shared wrapper and lets the shared handler decide.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := elicit.AskForm(ctx, req.Session, "Run TOOL now?", elicit.ConfirmSchema)
	if err != nil {
		return nil, nil, err
	}
	ok, err := elicit.Outcome(res)
	if err != nil || !ok {
		return text("Not run."), nil, err
	}
	return text("Done."), nil, nil
}
`},
	{"gosdk-url-ok", false, []string{impFmt, impKit, impElicit}, `
// NAME sends the user to a consent page with a fresh ID.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := kit.NewID()
	res, err := elicit.AskURL(ctx, req.Session, "Sign in to connect TOOL.", "https://auth.example.com/authorize?state="+id, id)
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Waiting for the sign-in to finish."), nil, nil
	case "decline":
		return text("Not connected."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"gosdk-content-before-accept-BUG", true, []string{impFmt}, `
// BUG: Content is read before the action is checked.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Who should be added?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name": map[string]any{"type": "string", "minLength": 1},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	name, _ := res.Content["name"].(string)
	switch res.Action {
	case "accept":
		return text("Added " + name + "."), nil, nil
	case "decline":
		return text("No one added."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"gosdk-flows-accept-only-BUG", true, []string{impFlows}, `
// BUG: only "accept" is checked; decline and cancel are treated alike.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := flows.Confirm(ctx, req.Session, "Delete the draft for TOOL?")
	if err != nil {
		return nil, nil, err
	}
	if res.Action == "accept" {
		return text("Deleted."), nil, nil
	}
	return text("Kept."), nil, nil
}
`},
	{"gosdk-password-BUG", true, []string{impFmt}, `
// BUG: asks for a password in a form.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "Connect your account.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"user":     map[string]any{"type": "string"},
				"password": map[string]any{"type": "string"},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Connected."), nil, nil
	case "decline":
		return text("Not connected."), nil, nil
	case "cancel":
		return text("Cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"gosdk-const-id-BUG", true, []string{impElicit}, `
// BUG: a constant elicitation ID.
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := elicit.AskURL(ctx, req.Session, "Sign in to continue.", "https://auth.example.com/authorize", "TOOL-flow")
	if err != nil {
		return nil, nil, err
	}
	ok, err := elicit.Outcome(res)
	if err != nil || !ok {
		return text("Not signed in."), nil, err
	}
	return text("Signed in."), nil, nil
}
`},
	{"gosdk-flows-long-message-BUG", true, []string{impElicit, impFlows}, `
// BUG: the message is longer than 200 characters (through two wrappers).
func NAME(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, err := flows.Confirm(ctx, req.Session, "` + longMsg + `")
	if err != nil {
		return nil, nil, err
	}
	if _, err := elicit.Outcome(res); err != nil {
		return text("Stopped."), nil, err
	}
	return text("Confirmed."), nil, nil
}
`},
}

// mgVariants are mcp-go handlers: methods of *MG.
var mgVariants = []variant{
	{"mcpgo-direct-form-ok", false, []string{impFmt}, `
// NAME asks with a flat form and handles every answer; Content only on accept.
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mg.ElicitationRequest{
		Params: mg.ElicitationParams{
			Message: "Choose how TOOL should run.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"speed": map[string]any{"type": "string", "enum": []string{"slow", "fast"}},
				},
				"required": []string{"speed"},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mg.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("unexpected content %T", res.Content)
		}
		return mg.NewToolResultText(fmt.Sprintf("Running %v.", data["speed"])), nil
	case mg.ElicitationResponseActionDecline:
		return mg.NewToolResultText("Not run."), nil
	case mg.ElicitationResponseActionCancel:
		return mg.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"mcpgo-wrapper-outcome-ok", false, []string{impElicit}, `
// NAME asks through the shared wrapper and lets the shared handler decide.
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	res, err := elicit.AskFormMG(ctx, m.srv, "Run TOOL now?", elicit.ConfirmSchema)
	if err != nil {
		return nil, err
	}
	if ok, err := elicit.OutcomeMG(res); err != nil || !ok {
		return mg.NewToolResultText("Not run."), err
	}
	return mg.NewToolResultText("Done."), nil
}
`},
	{"mcpgo-missing-cancel-BUG", true, []string{impFmt}, `
// BUG: cancel is not handled.
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	res, err := m.srv.RequestElicitation(ctx, mg.ElicitationRequest{
		Params: mg.ElicitationParams{
			Message: "Apply the change to TOOL?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"ok": map[string]any{"type": "boolean"}},
			},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mg.ElicitationResponseActionAccept:
		return mg.NewToolResultText("Applied."), nil
	case mg.ElicitationResponseActionDecline:
		return mg.NewToolResultText("Not applied."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
	{"mcpgo-discarded-BUG", true, nil, `
// BUG: the result is discarded.
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	_, err := m.srv.RequestElicitation(ctx, mg.ElicitationRequest{
		Params: mg.ElicitationParams{
			Message:         "Archive TOOL data?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		},
	})
	if err != nil {
		return nil, err
	}
	return mg.NewToolResultText("Archived."), nil
}
`},
	{"mcpgo-flows-empty-message-BUG", true, []string{impFlows, impElicit}, `
// BUG: the message is empty (through two wrappers).
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	res, err := flows.ConfirmMG(ctx, m.srv, "")
	if err != nil {
		return nil, err
	}
	if _, err := elicit.OutcomeMG(res); err != nil {
		return mg.NewToolResultText("Stopped."), err
	}
	return mg.NewToolResultText("Confirmed."), nil
}
`},
	{"mcpgo-wrapper-switch-content-ok", false, []string{impFmt, impElicit}, `
// NAME asks through the wrapper and reads Content only after accept.
func (m *MG) NAME(ctx context.Context, req mg.CallToolRequest) (*mg.CallToolResult, error) {
	res, err := elicit.AskFormMG(ctx, m.srv, "What should TOOL be called?", map[string]any{
		"type":       "object",
		"properties": map[string]any{"label": map[string]any{"type": "string"}},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mg.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		r := NewRecord(fmt.Sprint(data["label"]))
		return mg.NewToolResultText("Named " + r.Describe()), nil
	case mg.ElicitationResponseActionDecline:
		return mg.NewToolResultText("Unchanged."), nil
	case mg.ElicitationResponseActionCancel:
		return mg.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unexpected elicitation action %q", res.Action)
}
`},
}

func (g *gen) goHandler(name, tool string, v int) handler {
	return g.mkHandler(name, tool, goVariants[v])
}

func (g *gen) mgHandler(name, tool string, v int) handler {
	return g.mkHandler(name, tool, mgVariants[v])
}

func (g *gen) mkHandler(name, tool string, v variant) handler {
	g.stats[v.id]++
	r := strings.NewReplacer("NAME", name, "TOOL", tool)
	return handler{name: name, tool: tool, code: r.Replace(v.code), imports: v.imports}
}

// ---------------------------------------------------------------------------
// Main packages: one per 50 services.

func (g *gen) cmd(c int) {
	g.pkgs++
	lo, hi := c*50, min(g.n, (c+1)*50)
	var imps, goReg, mgReg strings.Builder
	for i := lo; i < hi; i++ {
		fmt.Fprintf(&imps, "\t%q\n", modPath+"/svc/"+svcName(i))
		hasGo, hasMG := flavour(i) != flMCPGo, flavour(i) != flGoSDK
		if flavour(i) == flBoth && g.m == 1 {
			hasMG = false
		}
		if hasGo {
			fmt.Fprintf(&goReg, "\t%s.Register(s)\n", svcName(i))
		}
		if hasMG {
			fmt.Fprintf(&mgReg, "\t%s.RegisterMG(ms)\n", svcName(i))
		}
	}
	src := fmt.Sprintf(`// Command server%02[1]d serves services %[2]d..%[3]d over stdio.
package main

import (
	"context"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

%[4]s)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "mono-%02[1]d", Version: "v0.0.1"}, nil)
%[5]s
	ms := server.NewMCPServer("mono-mg-%02[1]d", "0.0.1", server.WithElicitation())
%[6]s
	if len(os.Args) > 1 && os.Args[1] == "mcp-go" {
		if err := server.ServeStdio(ms); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
`, c, lo, hi-1, imps.String(), goReg.String(), mgReg.String())
	g.write(fmt.Sprintf("cmd/server%02d/main.go", c), src, true)
}

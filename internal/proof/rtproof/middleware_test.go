package rtproof

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

// The middleware proof: a go-sdk server whose receiving middleware asks
// for confirmation through a gate of another package, shaped like
// prometheus-mcp-server's destructiveToolMiddleware and
// ConfirmDestructive (testdata/rtproof/gosdk/middleware). elicitlint -fix
// adds the gate's round-trip version and migrates the middleware by
// protocol. The original and the fixed server, each built as a binary,
// are called over stdio by go-sdk's client and by mcp-go's, on 2025-11-25
// and 2026-07-28, with the user accepting, declining and cancelling.
//
//   - The original answers on 2025-11-25 and, its gate failing open on
//     2026-07-28, purges there whatever the user would have said.
//   - The fixed server gives the original's 2025-11-25 outcomes on both
//     protocols with go-sdk's client.
//   - With mcp-go's client on 2026-07-28 it never purges without an
//     accept, but the question does not reach the user: go-sdk v1.8.0
//     sends a result a middleware returns without resultType, which
//     mcp-go's client requires (docs/round-trip.md).
func TestRTProofMiddleware(t *testing.T) {
	t.Parallel()
	gosdk := rtproofModule(t, "gosdk", rtproofSource(t, "gosdk", "handlers"))
	mcpgo := rtproofModule(t, "mcpgo", rtproofSource(t, "mcpgo", "handlers"))
	bins := t.TempDir()
	build := func(name string) string {
		bin := filepath.Join(bins, name)
		if out, errOut, code := prooftest.Run(t, gosdk, "go", "build", "-o", bin, "./middleware/server"); code != 0 {
			t.Fatalf("go build %s: %s%s", name, out, errOut)
		}
		return bin
	}
	orig := build("orig")
	elicitlint := prooftest.Elicitlint(t)
	server := filepath.Join(gosdk, "middleware", "server", "main.go")
	before, _ := os.ReadFile(server)
	out, errOut, _ := prooftest.Run(t, gosdk, elicitlint, "-fix", "./middleware/...")
	after, _ := os.ReadFile(server)
	if string(before) == string(after) || !strings.Contains(string(after), `.ProtocolVersion() >= "2026-07-28"`) {
		t.Fatalf("-fix did not migrate the middleware by protocol:\n%s%s\n%s", out, errOut, after)
	}
	if out, errOut, code := prooftest.Run(t, gosdk, "go", "vet", "./middleware/..."); code != 0 {
		t.Fatalf("go vet after -fix: %s%s\n%s", out, errOut, after)
	}
	again, _, _ := prooftest.Run(t, gosdk, elicitlint, "-fix", "./middleware/...")
	if now, _ := os.ReadFile(server); string(now) != string(after) {
		t.Errorf("a second -fix changed the middleware again:\n%s\n%s", again, now)
	}
	fixed := build("fixed")

	want := map[string]string{
		"accept":  "purged",
		"decline": `tool error: Operation "purge" cancelled by user`,
		"cancel":  `tool error: Operation "purge" cancelled by user`,
	}
	run := func(dir, bin string) map[string]map[string]string {
		f := filepath.Join(t.TempDir(), "out.json")
		cmd := exec.Command("go", "test", "-count=1", "-run=^TestMiddleware$", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "RTPROOF_MW_SERVER="+bin, "RTPROOF_OUT="+f)
		log, err := cmd.CombinedOutput()
		data, rerr := os.ReadFile(f)
		var got map[string]map[string]string
		if err != nil || rerr != nil || json.Unmarshal(data, &got) != nil {
			t.Fatalf("the middleware proof did not run in %s: %v %v\n%s", dir, err, rerr, log)
		}
		return got
	}
	for _, client := range []struct{ name, dir string }{{"go-sdk", gosdk}, {"mcp-go", mcpgo}} {
		o, x := run(client.dir, orig), run(client.dir, fixed)
		for action, w := range want {
			if got := o["2025-11-25"][action]; got != w {
				t.Errorf("%s client, original, 2025-11-25 %s: %q, want %q", client.name, action, got, w)
			}
			if got := o["2026-07-28"][action]; got != "purged" {
				t.Errorf("%s client, original, 2026-07-28 %s: %q, want the fail-open purge", client.name, action, got)
			}
			if got := x["2025-11-25"][action]; got != w {
				t.Errorf("%s client, fixed, 2025-11-25 %s: %q, want %q", client.name, action, got, w)
			}
			got := x["2026-07-28"][action]
			switch {
			case client.name == "go-sdk" && got != w:
				t.Errorf("%s client, fixed, 2026-07-28 %s: %q, want %q", client.name, action, got, w)
			case action != "accept" && got == "purged":
				t.Errorf("%s client, fixed, 2026-07-28 %s: purged without an accept", client.name, action)
			}
		}
		t.Logf("%s client: original %v; fixed %v", client.name, o, x)
	}
}

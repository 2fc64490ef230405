package gofix

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }

func TestGoFix(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and fixes the example servers; skipped with -short")
	}
	bin := prooftest.Elicitlint(t)
	example := filepath.Join(prooftest.Root(t), "example")
	prooftest.ModDownload(t, example)
	viaGoFix, viaFix := t.TempDir(), t.TempDir()
	for _, dst := range []string{viaGoFix, viaFix} {
		if err := prooftest.CopyTree(dst, example, nil); err != nil {
			t.Fatal(err)
		}
	}
	fixtool := "-fixtool=" + bin

	// The CI gate: the migration alone, as a diff, exits 1.
	out, errOut, code := prooftest.Run(t, viaGoFix, "go", "fix", fixtool, "-roundtrip", "-diff", "./...")
	if code != 1 || !strings.Contains(out, "req.Params.InputResponses[") {
		t.Fatalf("go fix -roundtrip -diff: exit %d, want 1 and the migration in the diff\n%s%s", code, out, errOut)
	}

	// go fix applies what elicitlint -fix applies, byte for byte.
	// Each set of flags analyses every dependency again (go's cache keys
	// hold them): the runs share -roundtrip, which docs/go-fix.md gives
	// for applying the migration alone.
	if out, errOut, code := prooftest.Run(t, viaGoFix, "go", "fix", fixtool, "-roundtrip", "./..."); code != 0 {
		t.Fatalf("go fix -roundtrip: exit %d\n%s%s", code, out, errOut)
	}
	if out, errOut, code := prooftest.Run(t, viaFix, bin, "-fix", "-disable="+strings.Join(prooftest.Only(analyzer.CheckRoundTrip), ","), "./..."); code != 3 {
		t.Fatalf("elicitlint -fix: exit %d, want 3 (findings without fixes remain)\n%s%s", code, out, errOut)
	}
	changed := 0
	err := filepath.WalkDir(viaGoFix, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(viaGoFix, path)
		a, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(filepath.Join(viaFix, rel))
		if err != nil {
			return err
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between go fix and elicitlint -fix:\n%s", rel, prooftest.Diff(rel, string(b), string(a)))
		}
		if orig, err := os.ReadFile(filepath.Join(example, rel)); err == nil && !bytes.Equal(orig, a) {
			changed++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if changed == 0 {
		t.Fatal("go fix changed no file of the example")
	}

	// The fixed module builds, and nothing is left for go fix.
	if out, errOut, code := prooftest.Run(t, viaGoFix, "go", "build", "./..."); code != 0 {
		t.Errorf("the fixed example does not build:\n%s%s", out, errOut)
	}
	if out, errOut, code := prooftest.Run(t, viaGoFix, "go", "fix", fixtool, "-roundtrip", "-diff", "./..."); code != 0 || out != "" {
		t.Errorf("go fix -roundtrip -diff after go fix: exit %d, want 0 and no diff\n%s%s", code, out, errOut)
	}
}

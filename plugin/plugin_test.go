package plugin_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/plugin"
)

func TestSettingsMirrorFlags(t *testing.T) {
	// Every flag is a setting of the same name; unknown names are errors.
	var saved = map[string]string{}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { saved[f.Name] = f.Value.String() })
	defer func() {
		for k, v := range saved {
			analyzer.Analyzer.Flags.Set(k, v)
		}
	}()
	good := map[string]any{
		"max-message-length":           float64(150),
		"spec":                         "2026-07-28",
		"forks":                        []any{"github.com/acme/mcp-go=mcp-go"},
		"actions-default-handles-rest": true,
		"sensitive-patterns":           []any{"license key"},
		"sensitive-allow":              []any{"pin_hint"},
		"replay-safe":                  []any{"(*store.Store).Get*", "cache.Load"},
		"disable":                      []any{"elicitation-id", "schema"},
	}
	if len(good) != len(saved) {
		t.Fatalf("test covers %d settings, analyzer has %d flags: keep them in step", len(good), len(saved))
	}
	if err := plugin.Apply(good); err != nil {
		t.Fatal(err)
	}
	if got := analyzer.Analyzer.Flags.Lookup("max-message-length").Value.String(); got != "150" {
		t.Errorf("max-message-length = %s", got)
	}
	if got := analyzer.Analyzer.Flags.Lookup("disable").Value.String(); got != "elicitation-id,schema" {
		t.Errorf("disable = %s", got)
	}
	if got := analyzer.Analyzer.Flags.Lookup("replay-safe").Value.String(); got != "(*store.Store).Get*,cache.Load" {
		t.Errorf("replay-safe = %s", got)
	}
	for _, bad := range []map[string]any{
		{"max-message-lenght": float64(10)},
		{"spec": "2024"},
		{"max-message-length": "many"},
		{"disable": []any{"nope"}},
		{"replay-safe": []any{"Get"}},
		{"spec": map[string]any{"a": 1}},
	} {
		if err := plugin.Apply(bad); err == nil {
			t.Errorf("Apply(%v) succeeded, want an error", bad)
		}
	}
	if _, err := plugin.New(map[string]any{"bogus": 1}); err == nil || !strings.Contains(err.Error(), `unknown setting "bogus"`) {
		t.Errorf("New with an unknown setting: %v", err)
	}
}

// The configuration the test uses is the one docs/golangci-lint.md shows.
func TestDocumentedConfig(t *testing.T) {
	config, err := os.ReadFile(filepath.Join("testdata", "golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "golangci-lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```yaml\n"+string(config)+"```\n") {
		t.Errorf("docs/golangci-lint.md does not show testdata/golangci.yml as it is:\n%s", config)
	}
}

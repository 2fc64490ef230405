package prooftest

import (
	"path/filepath"
	"testing"
)

// stubModules are the SDK stubs of testdata/src (which TestStubsMatchRealSDK
// proves against the real modules), by module path, with what each stub
// module requires of the others and that module's directory from its own.
var stubModules = []struct{ path, requires, from string }{
	{"github.com/modelcontextprotocol/go-sdk", "github.com/google/jsonschema-go", "../../google/jsonschema-go"},
	{"github.com/google/jsonschema-go", "", ""},
	{"github.com/mark3labs/mcp-go", "", ""},
}

// StubModule writes a module named sample, like SampleModule, plus files,
// whose SDK requirements are replaced by the stubs of testdata/src, copied
// under _sdk (which ./... and .gitignore leave out). It is for the tests of
// elicitlint's own mechanics (flags, baselines, fixes applied, hooks,
// output that does not depend on parse order): an analysis of it loads
// about 70 packages where the real SDKs bring 225, and costs a third. Tests
// of what elicitlint finds in real code use SampleModule or the example.
func StubModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	gomod := "module sample\n\ngo 1.24\n\nrequire (\n"
	replace := "\nreplace (\n"
	for _, m := range stubModules {
		gomod += "\t" + m.path + " v0.0.0\n"
		replace += "\t" + m.path + " => ./_sdk/" + m.path + "\n"
		sub := filepath.Join(dir, "_sdk", filepath.FromSlash(m.path))
		if err := CopyTree(sub, Testdata(t, "src", filepath.FromSlash(m.path)), nil); err != nil {
			t.Fatal(err)
		}
		stub := "module " + m.path + "\n\ngo 1.24\n"
		if m.requires != "" {
			stub += "\nrequire " + m.requires + " v0.0.0\n\nreplace " + m.requires + " => " + m.from + "\n"
		}
		WriteFiles(t, sub, map[string]string{"go.mod": stub})
	}
	WriteFiles(t, dir, map[string]string{"go.mod": gomod + ")\n" + replace + ")\n", ".gitignore": "/_sdk/\n"})
	WriteFiles(t, dir, files)
	return dir
}

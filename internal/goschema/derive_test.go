package goschema_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The For* variables of testdata/src/goschemacases whose derivation must be
// known, and those For fails on (or that the reader cannot know), which
// must read as unknown.
var (
	forKnown = []string{
		"ForForm", "ForTicket", "ForPtrTicket", "ForShadow", "ForTagged", "ForDup", "ForTextKeys",
		"ForIgnoreChan", "ForNoIgnore", "ForTypeFor", "ForTypeOf", "ForTypeOfElem",
	}
	forUnknown = []string{
		// For returns an error.
		"ForCyclic", "ForWithChan", "ForIntKeys", "ForEmptyTag", "ForWordTag",
		// TypeSchemas replace derivations; reflect.TypeOf of an interface
		// value is its dynamic type.
		"ForTypeSchemas", "ForInterfaceOf",
	}
)

func TestForKnownAndUnknown(t *testing.T) {
	got := read(t)
	for _, name := range forKnown {
		if _, ok := got[name].(unknownValue); ok {
			t.Errorf("%s reads as unknown", name)
		}
	}
	for _, name := range forUnknown {
		if v, ok := got[name].(unknownValue); !ok {
			j, _ := json.Marshal(v)
			t.Errorf("%s reads as %s; want unknown", name, j)
		}
	}
}

// TestForMatchesJSONSchemaGo compiles testdata/src/goschemacases against
// the real github.com/google/jsonschema-go v0.4.3 and checks that every
// For* schema the reader knows is the one For derives, and that where For
// fails the reader knows nothing. The one deliberate difference: the
// reader leaves out the root's "additionalProperties": false.
func TestForMatchesJSONSchemaGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds against the real jsonschema-go module; skipped in -short mode")
	}
	ours := read(t)
	real := realFor(t, ours)
	checked := 0
	for name, want := range real {
		got, ok := ours[name]
		if !ok {
			t.Errorf("%s: not read", name)
			continue
		}
		if _, unknown := got.(unknownValue); unknown {
			continue // saying nothing is always allowed
		}
		if want == nil {
			t.Errorf("%s: jsonschema-go fails, but the reader derives %v", name, got)
			continue
		}
		if m, ok := want.(map[string]any); ok {
			delete(m, "additionalProperties")
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if string(gj) != string(wj) {
			t.Errorf("%s:\n got %s\nwant %s", name, gj, wj)
		}
		checked++
	}
	for _, name := range forUnknown {
		if real[name] != nil && !slices.Contains([]string{"ForTypeSchemas", "ForInterfaceOf"}, name) {
			t.Errorf("%s: jsonschema-go derives a schema; the case is meant to fail", name)
		}
	}
	if checked != len(forKnown) {
		t.Errorf("compared %d schemas, want %d", checked, len(forKnown))
	}
}

// realFor runs the For* variables of goschemacases through the real
// jsonschema-go and returns their JSON, by name (nil where For failed).
// ours are the variables the reader read.
func realFor(t *testing.T, ours map[string]any) map[string]any {
	t.Helper()
	td, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	dir := t.TempDir()
	pkg := filepath.Join(dir, "goschemacases")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(td, "src", "goschemacases", "*.go"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var names []string
	for name := range ours {
		if strings.HasPrefix(name, "For") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\n\tc \"oracle/goschemacases\"\n)\n\nfunc main() {\n\tout := map[string]any{}\n")
	for _, n := range names {
		fmt.Fprintf(&main, "\tout[%q] = c.%s\n", n, n)
	}
	main.WriteString("\tjson.NewEncoder(os.Stdout).Encode(out)\n}\n")
	sum, err := os.ReadFile(filepath.Join(td, "realsdk", "gosdk-v1.8.0", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"main.go": main.String(),
		"go.mod":  "module oracle\n\ngo 1.26.0\n\nrequire github.com/google/jsonschema-go v0.4.3\n",
		"go.sum":  string(sum),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "JSONSCHEMAGODEBUG=")
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("go run: %v\n%s", err, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got) != len(names) || !reflect.DeepEqual(slices.Sorted(maps.Keys(got)), names) {
		t.Fatalf("got %d schemas for %d variables", len(got), len(names))
	}
	return got
}

package goschema_test

import (
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"testing"

	"github.com/elicitlint/elicitlint/internal/goschema"
	"github.com/elicitlint/elicitlint/internal/schema"
	"golang.org/x/tools/go/packages"
)

// read loads testdata/src/goschemacases and reads each package-level
// variable's initializer. A variable whose value is not fully known maps
// to unknownValue.
func read(t *testing.T) map[string]any {
	t.Helper()
	td, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(td, "src"),
		Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "goschemacases")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	p := pkgs[0]
	r := &goschema.Reader{Info: p.TypesInfo, Files: p.Syntax}
	out := map[string]any{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok || len(vs.Values) != 1 {
					continue
				}
				n := r.Read(vs.Values[0])
				v, ok := schema.ToAny(n)
				if !ok {
					v = unknownValue{}
				}
				out[vs.Names[0].Name] = v
			}
		}
	}
	return out
}

// unknownValue marks a schema the reader cannot know.
type unknownValue struct{}

func TestRead(t *testing.T) {
	got := read(t)
	want := map[string]string{
		// As jsonschema-go v0.4 derives it (root additionalProperties is
		// left out: harmless, and the checks would otherwise flag it).
		"ForForm": `{"type":"object","properties":{"locale":{"type":"string"},"name":{"type":"string","description":"your name"},"age":{"type":"integer","minimum":-128,"maximum":127},"count":{"type":"integer","minimum":0},"when":{"type":"string"},"-":{"type":"string"},"maybe":{"type":["null","boolean"]},"tags":{"type":["null","array"],"items":{"type":"string"}}},"required":["name","count","when","-"]}`,
		"Raw":     `{"type":"object","properties":{"a":{"type":"string"}}}`,
		"Lit":     `{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":5}},"required":["n"]}`,
		"Map":     `{"type":"object","properties":{"e":{"type":"string","enum":["a","b"]}}}`,
	}
	for name, w := range want {
		var wv any
		if err := json.Unmarshal([]byte(w), &wv); err != nil {
			t.Fatal(err)
		}
		gj, _ := json.Marshal(got[name])
		wj, _ := json.Marshal(wv)
		if string(gj) != string(wj) {
			t.Errorf("%s:\n got %s\nwant %s", name, gj, wj)
		}
	}
}

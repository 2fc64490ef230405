package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// targets is what to load: one go/packages query per module.
type targets struct {
	list []target
	// files is set when the command line named .go files.
	files bool
	// errors are the packages that could not be analysed, for -json.
	errors []pkgError
}

// A target is one go/packages query: patterns run in dir. keep, if not
// nil, selects the files whose findings are reported.
type target struct {
	dir      string
	patterns []string
	keep     func(file string) bool
}

// resolveTargets turns the command line's arguments into queries.
//
// Package patterns are passed to go/packages as they are, from the
// current directory. .go files (what pre-commit passes) are mapped to the
// directories holding them, grouped by module; those packages are loaded
// and analysed whole, and only findings in the named files are kept. Files
// that ./... would not match (under testdata or vendor, or a directory
// whose name starts with . or _) are skipped, as are files in no
// module.
func resolveTargets(cwd string, args []string) (*targets, error) {
	if len(args) == 0 {
		args = []string{"."}
	}
	var files []string
	for _, a := range args {
		if strings.HasSuffix(a, ".go") {
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		return &targets{list: []target{{dir: cwd, patterns: args}}}, nil
	}
	if len(files) != len(args) {
		return nil, fmt.Errorf("give package patterns or .go files, not both")
	}
	byModule := map[string]*target{}
	keep := map[string]bool{}
	var roots []string
	for _, name := range files {
		abs := name
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(cwd, name)
		}
		info, err := os.Stat(abs)
		if err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a file", name)
		}
		abs = realPath(abs)
		root := moduleRoot(filepath.Dir(abs))
		if root == "" || !goListMatches(root, abs) {
			continue
		}
		t := byModule[root]
		if t == nil {
			t = &target{dir: root}
			byModule[root] = t
			roots = append(roots, root)
		}
		rel, _ := filepath.Rel(root, filepath.Dir(abs))
		pattern := "./" + filepath.ToSlash(rel)
		if rel == "." {
			pattern = "."
		}
		if !slices.Contains(t.patterns, pattern) {
			t.patterns = append(t.patterns, pattern)
		}
		keep[abs] = true
	}
	ts := &targets{files: true}
	slices.Sort(roots)
	for _, root := range roots {
		t := byModule[root]
		slices.Sort(t.patterns)
		t.keep = func(file string) bool { return keep[realPath(file)] }
		ts.list = append(ts.list, *t)
	}
	return ts, nil
}

// moduleRoot returns the directory of the go.mod that governs dir, or "".
func moduleRoot(dir string) string {
	for {
		if info, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !info.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// goListMatches reports whether ./... in the module at root would include
// the package of file: no directory between them is testdata or vendor or
// starts with . or _.
func goListMatches(root, file string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(file))
	if err != nil {
		return false
	}
	if rel == "." {
		return true
	}
	for _, elem := range strings.Split(filepath.ToSlash(rel), "/") {
		if elem == "testdata" || elem == "vendor" || strings.HasPrefix(elem, ".") || strings.HasPrefix(elem, "_") {
			return false
		}
	}
	return true
}

var realPaths = map[string]string{}

// realPath resolves symbolic links, so that a file named on the command
// line matches the name go list reports for it.
func realPath(name string) string {
	if r, ok := realPaths[name]; ok {
		return r
	}
	r, err := filepath.EvalSymlinks(name)
	if err != nil {
		r = name
	}
	realPaths[name] = r
	return r
}

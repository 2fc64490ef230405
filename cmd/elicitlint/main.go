// Command elicitlint checks MCP elicitations in Go server code built on
// github.com/modelcontextprotocol/go-sdk or github.com/mark3labs/mcp-go.
//
// Standalone:
//
//	elicitlint [flags] [packages]
//	elicitlint [flags] file.go...     (findings in these files only)
//
// As a go vet tool:
//
//	go vet -vettool=$(command -v elicitlint) [analyzer flags] [packages]
//
// Run elicitlint -h for the flags and docs/standalone.md for the details.
//
// The binary has two drivers. go vet runs it once per package with a .cfg
// file (and asks it for -V=full and -flags); that protocol is x/tools'
// unitchecker, which runs each check as an analyzer of its own
// (analyzer.Analyzers), so that go vet's -NAME=false turns one off. Every
// other command line is the standalone driver of this package (driver.go),
// which owns the output formats, -fix, file arguments and baselines. It
// has the analysis done by go vet -json with this binary as the tool
// (govet.go), so that the go command schedules one process per package
// and caches facts and findings; where go vet cannot do it (a module that
// does not load or build, -test=false), it loads the packages with
// go/packages and runs the suite (analyzer.Analyzer) with
// go/analysis/checker in its own process (analyse.go).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/internal/model"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// version is set with -ldflags "-X main.version=v1.2.3" by release builds;
// otherwise the module version from the build info is used.
var version = ""

func getVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

func main() {
	args := os.Args[1:]
	if vetProtocol(args) {
		// go vet: report a bad analyzer flag value in one line, not with
		// the framework's usage text (go vet starts the tool once per
		// package, so the usage would be printed hundreds of times).
		cfg := readVetConfig(args)
		if err := checkAnalyzerFlags(args); err != nil {
			if skipDependency(cfg) {
				os.Exit(0)
			}
			fmt.Fprintf(os.Stderr, "elicitlint: %v\n", err)
			os.Exit(1)
		}
		vetMain(cfg)
		return
	}
	os.Exit(standalone(args))
}

// vetProtocol reports whether go vet is the caller: it asks for -V=full
// and -flags, then passes flags and one .cfg file per package.
func vetProtocol(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	switch strings.TrimLeft(args[0], "-") {
	case "V", "V=full", "flags":
		return strings.HasPrefix(args[0], "-")
	}
	return false
}

// vetConfig is what the driver reads of go vet's .cfg file itself.
type vetConfig struct {
	VetxOnly   bool
	VetxOutput string
}

// readVetConfig reads the .cfg file go vet names last, if there is one.
func readVetConfig(args []string) vetConfig {
	var cfg vetConfig
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return cfg
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil || json.Unmarshal(data, &cfg) != nil {
		return vetConfig{}
	}
	return cfg
}

// vetMain runs the go vet protocol. The analyzer flags keep their own
// names (-max-message-length, as standalone and in golangci-lint), not the
// -ANALYZER.FLAG names unitchecker gives an analyzer's flags. On a
// dependency, which go vet analyses only for the facts it hands on
// (VetxOnly), only the model runs: it makes every fact, and what the
// checks would find there is never printed. The checks' -NAME flags are
// still accepted there, since go vet passes the same flags to every run.
func vetMain(cfg vetConfig) {
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flag.Var(f.Value, f.Name, f.Usage) })
	as := analyzer.Analyzers
	if cfg.VetxOnly {
		for _, a := range as {
			flag.Var(new(ignoredFlag), a.Name, "enable "+a.Name+" analysis")
		}
		as = []*analysis.Analyzer{model.Analyzer}
	}
	unitchecker.Main(as...)
}

// ignoredFlag accepts -NAME, -NAME=true and -NAME=false, and does nothing.
type ignoredFlag struct{}

func (*ignoredFlag) String() string   { return "" }
func (*ignoredFlag) Set(string) error { return nil }
func (*ignoredFlag) IsBoolFlag() bool { return true }

// skipDependency is for a bad flag value under go vet: go vet runs the
// tool on every dependency (std included) to compute facts, and then on
// the packages named. On a dependency it writes the empty facts file go
// vet expects and reports success, so that the error is printed once per
// named package instead of once per package in the build. Nothing is
// analysed with the bad value: the named packages fail.
func skipDependency(cfg vetConfig) bool {
	if !cfg.VetxOnly || cfg.VetxOutput == "" {
		return false
	}
	return os.WriteFile(cfg.VetxOutput, nil, 0o666) == nil
}

// checkAnalyzerFlags sets every analyzer flag given in args, to report a
// bad value before the framework parses them again.
func checkAnalyzerFlags(args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := analyzer.Analyzer.Flags.Lookup(name)
		if f == nil {
			continue
		}
		if !hasValue {
			if isBoolFlag(f.Value) || i+1 >= len(args) {
				continue
			}
			i++
			value = args[i]
		}
		if err := f.Value.Set(value); err != nil {
			return fmt.Errorf("invalid value %q for flag -%s: %v", value, name, err)
		}
	}
	return nil
}

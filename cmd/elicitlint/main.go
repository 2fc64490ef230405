// Command elicitlint checks MCP elicitations in Go server code built on
// github.com/modelcontextprotocol/go-sdk or github.com/mark3labs/mcp-go.
//
// Standalone:
//
//	elicitlint [flags] ./...
//
// As a go vet tool:
//
//	go vet -vettool=$(command -v elicitlint) [flags] ./...
//
// Extra modes of the standalone binary:
//
//	elicitlint -version          print the version
//	elicitlint -explain CHECK    print what a check finds and why
//	elicitlint -list-checks      list the checks
//	elicitlint -sarif ./...      write SARIF 2.1.0 to standard output
//
// Exit status: 0 no findings, 3 findings (text mode), 1 errors loading or
// analysing packages, 2 bad command line. With -json and -sarif findings
// do not change the exit status.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/docs"
	"golang.org/x/tools/go/analysis/singlechecker"
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
	switch {
	case hasFlag(args, "version"):
		fmt.Printf("elicitlint %s\n", getVersion())
		return
	case hasFlag(args, "list-checks"):
		for _, c := range analyzer.Checks {
			fmt.Printf("%-15s %s\n", c, docs.Summary(docs.Page(c)))
		}
		return
	}
	if check, ok := flagValue(args, "explain"); ok {
		os.Exit(explain(check))
	}
	if hasFlag(args, "sarif") {
		os.Exit(runSARIF(withoutFlag(args, "sarif")))
	}
	singlechecker.Main(analyzer.Analyzer)
}

func explain(check string) int {
	page := docs.Page(check)
	if page == "" || (!isCheck(check) && check != "suppression") {
		fmt.Fprintf(os.Stderr, "elicitlint: unknown check %q; checks: %s\n", check, strings.Join(analyzer.Checks, ", "))
		return 2
	}
	fmt.Printf("%s: %s\n", check, docs.Summary(page))
	if why := docs.Section(page, "Why"); why != "" {
		fmt.Printf("\nWhy:\n%s\n", indent(why))
	}
	if opts := docs.Section(page, "Options"); opts != "" {
		fmt.Printf("\nOptions:\n%s\n", indent(opts))
	}
	fmt.Printf("\nMore: %s%s.md\n", analyzer.DocsURL, check)
	return 0
}

func isCheck(c string) bool {
	for _, x := range analyzer.Checks {
		if x == c {
			return true
		}
	}
	return false
}

func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "\n")
}

// hasFlag reports -name or --name (or -name=true) among the arguments
// before the first non-flag.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return false
		}
		a = strings.TrimLeft(a, "-")
		if a == name || a == name+"=true" {
			return true
		}
	}
	return false
}

// flagValue returns the value of -name V or -name=V.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			return "", false
		}
		a = strings.TrimLeft(a, "-")
		if v, ok := strings.CutPrefix(a, name+"="); ok {
			return v, true
		}
		if a == name {
			if i+1 < len(args) {
				return args[i+1], true
			}
			return "", true
		}
	}
	return "", false
}

func withoutFlag(args []string, name string) []string {
	var out []string
	for _, a := range args {
		t := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && (t == name || t == name+"=true") {
			continue
		}
		out = append(out, a)
	}
	return out
}

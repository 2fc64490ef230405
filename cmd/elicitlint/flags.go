package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
)

// options are the standalone driver's settings. The analyzer's own flags
// live in analyzer.Analyzer.Flags and are registered on the same flag set.
type options struct {
	json, sarif   bool
	context       int
	fix, diff     bool
	tests         bool
	tags          string
	baseline      string
	baselineWrite bool
	listChecks    bool
	version       bool
	cpuProfile    string
	memProfile    string
	explain       string
	explainGiven  bool
	patterns      []string
	analyzerFlags []string // the analyzer flags set, for go vet
}

// placeholders name the value of each analyzer flag in the usage text.
var placeholders = map[string]string{
	analyzer.FlagMaxMessageLength:  "N",
	analyzer.FlagSpec:              "VERSION",
	analyzer.FlagForks:             "MODULE=SDK,...",
	analyzer.FlagSensitivePatterns: "PHRASE,...",
	analyzer.FlagSensitiveAllow:    "NAME,...",
	analyzer.FlagReplaySafe:        "FUNC,...",
	analyzer.FlagDisable:           "CHECK,...",
}

func newFlagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("elicitlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.json, "json", false, "")
	fs.BoolVar(&o.sarif, "sarif", false, "")
	fs.IntVar(&o.context, "c", -1, "")
	fs.BoolVar(&o.fix, "fix", false, "")
	fs.BoolVar(&o.diff, "diff", false, "")
	fs.BoolVar(&o.tests, "test", true, "")
	fs.StringVar(&o.tags, "tags", "", "")
	fs.StringVar(&o.baseline, "baseline", "", "")
	fs.BoolVar(&o.baselineWrite, "baseline-write", false, "")
	fs.BoolVar(&o.listChecks, "list-checks", false, "")
	fs.BoolVar(&o.version, "version", false, "")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "")
	fs.StringVar(&o.memProfile, "memprofile", "", "")
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	return fs
}

// parseFlags parses the standalone command line. -explain takes an
// optional argument, so it is taken out first: `-explain` alone lists the
// topics, `-explain actions` explains one.
func parseFlags(args []string) (*options, error) {
	o := &options{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "explain" {
			rest = append(rest, a)
			continue
		}
		o.explainGiven = true
		switch {
		case hasValue:
			o.explain = value
		case i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			i++
			o.explain = args[i]
		}
	}
	fs := newFlagSet(o)
	if err := fs.Parse(rest); err != nil {
		return nil, err
	}
	o.patterns = fs.Args()
	o.analyzerFlags = analyzerFlags(fs)
	return o, o.check()
}

// check rejects combinations that have no sensible meaning.
func (o *options) check() error {
	switch {
	case o.diff && !o.fix:
		return fmt.Errorf("-diff shows what -fix would change: use -fix -diff")
	case o.diff && (o.json || o.sarif):
		return fmt.Errorf("-fix -diff prints a patch on standard output: it cannot be combined with -json or -sarif")
	case o.json && o.sarif:
		return fmt.Errorf("choose one of -json and -sarif")
	case o.baselineWrite && o.baseline == "":
		return fmt.Errorf("-baseline-write needs -baseline=FILE, the file to write")
	case o.baselineWrite && o.fix:
		return fmt.Errorf("-baseline-write records findings; it cannot be combined with -fix")
	case o.context < -1:
		return fmt.Errorf("invalid value %d for flag -c: want 0 or more lines", o.context)
	}
	return nil
}

// usage is the -h text: how to run it, the working flags grouped, the
// analyzer flags (generated from the analyzer), the exit status.
func usage(w io.Writer) {
	fmt.Fprint(w, `usage: elicitlint [flags] [packages]
       elicitlint [flags] file.go...
       go vet -vettool=$(command -v elicitlint) [analyzer flags] [packages]

elicitlint checks MCP elicitations made with go-sdk or mcp-go. It analyses the
named packages (default "."); given .go files, it analyses their packages and
reports only the findings in those files (for pre-commit).

Output:
  -json             findings as JSON, as go vet -json prints them
  -sarif            a SARIF 2.1.0 log, for code scanning
  -c N              show N lines of source around each finding
  -fix              apply the suggested fixes, then report what is left
  -diff             with -fix: print the fixes as a patch (git apply, patch -p1)
                    instead of writing files

Which findings:
  -baseline FILE    report only findings not recorded in FILE
  -baseline-write   record every current finding in the -baseline FILE
  -test=false       leave out test files
  -tags a,b         build tags, as for go build (GOFLAGS=-tags=a,b works too)

Analyzer flags (the same under go vet and as golangci-lint settings):
`)
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		head := "  -" + f.Name
		if !isBoolFlag(f.Value) {
			p := placeholders[f.Name]
			if p == "" {
				p = "VALUE"
			}
			head += "=" + p
		}
		def := ""
		if !isBoolFlag(f.Value) && f.DefValue != "" {
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "%s\n        %s%s\n", head, f.Usage, def)
	})
	fmt.Fprint(w, `
Information:
  -explain [TOPIC]  print a check's documentation; alone, list the topics
  -list-checks      list the checks
  -version          print the version

Exit status: 0 no findings, 3 findings (also after -fix, for those left),
1 a package could not be loaded or analysed, 2 bad command line.
With -json or -sarif, findings do not change the exit status.
Documentation: https://github.com/elicitlint/elicitlint/tree/main/docs
`)
}

func isBoolFlag(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

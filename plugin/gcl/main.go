// Command custom-gcl is golangci-lint v2.15.0 with the elicitlint module
// plugin compiled in. It is what `golangci-lint custom` would build, made
// from the Go module proxy alone (golangci-lint custom clones from GitHub).
// The plugin's end-to-end test builds it; users can build it the same way,
// from the repository root:
//
//	(cd plugin/gcl && go build -o ../../bin/custom-gcl .)
//	./bin/custom-gcl run ./...
//
// `custom-gcl version` reports the golangci-lint and elicitlint versions,
// the Go version, and the commit and time of the checkout it was built
// from (recorded by go build; -ldflags "-X main.commit=... -X main.date=..."
// overrides them).
package main

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/elicitlint/elicitlint/plugin"
)

// Set with -ldflags "-X main.commit=... -X main.date=..." to override the
// build information.
var commit, date string

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{GoVersion: runtime.Version(), Version: "custom-elicitlint"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		info.Commit, info.Date = cmp.Or(commit, "unknown commit"), cmp.Or(date, "unknown date")
		return info
	}
	info.BuildInfo = bi
	gcl, elicitlint := "unknown", "unknown"
	for _, d := range bi.Deps {
		switch d.Path {
		case "github.com/golangci/golangci-lint/v2":
			gcl = strings.TrimPrefix(d.Version, "v")
		case "github.com/elicitlint/elicitlint":
			elicitlint = d.Version
			if d.Replace != nil {
				elicitlint = "(devel, " + d.Replace.Path + ")"
			}
		}
	}
	info.Version = gcl + "-custom with elicitlint " + elicitlint
	var revision, time, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.time":
			time = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	if revision != "" {
		revision += modified
	}
	info.Commit = cmp.Or(commit, revision, "unknown commit")
	info.Date = cmp.Or(date, time, "unknown date")
	return info
}

// Command custom-gcl is golangci-lint v2.15.0 with the elicitlint module
// plugin compiled in. It is what `golangci-lint custom` would build, made
// from the Go module proxy alone (golangci-lint custom clones from GitHub).
// The plugin's end-to-end test builds it; users can build it the same way:
//
//	cd plugin/gcl && go build -o custom-gcl .
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/elicitlint/elicitlint/plugin"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-custom-elicitlint", Commit: "?", Date: "(unknown)", GoVersion: "go"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

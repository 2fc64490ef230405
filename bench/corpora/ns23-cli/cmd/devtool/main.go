// Command devtool is a developer's toolbox: a git-like repository, database
// migrations and package publishing, from the terminal or, with
// `devtool serve`, as MCP servers an assistant can drive.
//
//	devtool serve   [-sdk go-sdk|mcp-go] [-tools git,publish,edit,migrate] [-http addr] [-stateless] [-dry-run] [-yes]
//	devtool commit  [-m message] [-yes]
//	devtool reset   [-yes] [target]
//	devtool branch  -d name
//	devtool tag     name [target]
//	devtool publish [-dry-run] package version
//	devtool migrate up|down|drop table
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
)

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string) error
}

var commands = []command{
	{"serve", "run the MCP servers", runServe},
	{"commit", "record the staged changes", runCommit},
	{"reset", "reset the working tree", runReset},
	{"branch", "delete a branch", runBranch},
	{"tag", "tag a commit", runTag},
	{"publish", "publish a package version", runPublish},
	{"migrate", "apply or roll back migrations", runMigrate},
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: devtool <command> [flags]")
	for _, c := range commands {
		fmt.Fprintf(os.Stderr, "  %-8s %s\n", c.name, c.summary)
	}
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	for _, c := range commands {
		if c.name == os.Args[1] {
			if err := c.run(ctx, os.Args[2:]); err != nil {
				fmt.Fprintln(os.Stderr, "devtool "+c.name+":", err)
				if errors.Is(err, errUsage) {
					os.Exit(2)
				}
				os.Exit(1)
			}
			return
		}
	}
	usage()
	os.Exit(2)
}

var errUsage = errors.New("bad usage")

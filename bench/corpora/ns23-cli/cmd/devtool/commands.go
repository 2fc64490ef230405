package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"example.com/ns23/cli/dbmig"
	"example.com/ns23/cli/flows"
	"example.com/ns23/cli/pkgpub"
	"example.com/ns23/cli/prompt"
	"example.com/ns23/cli/vcs"
)

var term = prompt.Terminal{In: os.Stdin, Out: os.Stderr}

func openRepo() (*vcs.Repo, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	return vcs.Open(dir)
}

func runCommit(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("commit", flag.ContinueOnError)
	msg := fs.String("m", "", "commit message (asked for when empty)")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	repo, err := openRepo()
	if err != nil {
		return err
	}
	if *msg == "" {
		*msg, err = flows.AskCommitMessage(ctx, term, "WIP")
		if err != nil {
			return err
		}
	}
	id, err := repo.Commit(ctx, *msg)
	if err != nil {
		return err
	}
	fmt.Println(id)
	return nil
}

func runReset(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("reset", flag.ContinueOnError)
	yes := fs.Bool("yes", false, "do not ask for confirmation")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	target := "HEAD"
	if fs.NArg() > 0 {
		target = fs.Arg(0)
	}
	repo, err := openRepo()
	if err != nil {
		return err
	}
	return flows.ResetHard(ctx, term, repo, target, *yes)
}

func runBranch(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("branch", flag.ContinueOnError)
	del := fs.String("d", "", "branch to delete")
	if err := fs.Parse(args); err != nil || *del == "" {
		return errUsage
	}
	repo, err := openRepo()
	if err != nil {
		return err
	}
	return flows.DeleteBranch(ctx, term, repo, *del)
}

// runTag tags a commit. Tagging is cheap to undo, so the prompt only gives
// the user a moment to read what will be tagged.
func runTag(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("tag", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return errUsage
	}
	name, target := fs.Arg(0), "HEAD"
	if fs.NArg() > 1 {
		target = fs.Arg(1)
	}
	repo, err := openRepo()
	if err != nil {
		return err
	}
	if _, err := term.Ask(ctx, prompt.Question{Message: "Tag " + target + " as " + name + "?"}); err != nil {
		return err
	}
	return repo.Tag(ctx, name, target)
}

// runPublish publishes a package version after asking on the terminal,
// listing what the registry will receive.
func runPublish(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("publish", flag.ContinueOnError)
	dryRun := fs.Bool("dry-run", false, "only say what would be published")
	registry := fs.String("registry", "https://registry.example.dev", "registry URL")
	if err := fs.Parse(args); err != nil || fs.NArg() != 2 {
		return errUsage
	}
	pkg, version := fs.Arg(0), fs.Arg(1)
	c := pkgpub.New(*registry)
	if *dryRun {
		fmt.Printf("dry run: would publish %s@%s to %s\n", pkg, version, c.Registry)
		return nil
	}
	r, err := term.Ask(ctx, prompt.Question{Message: fmt.Sprintf("Publish %s@%s to %s?", pkg, version, c.Registry)})
	if err != nil {
		return err
	}
	switch r.Action {
	case prompt.ActionAccept:
		return c.Publish(ctx, pkg, version)
	case prompt.ActionDecline:
		return flows.ErrAborted
	case prompt.ActionCancel:
		return errors.New("cancelled")
	default:
		return fmt.Errorf("unknown answer %q", r.Action)
	}
}

func runMigrate(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	driver := fs.String("driver", "postgres", "database/sql driver")
	dsn := fs.String("dsn", os.Getenv("DATABASE_URL"), "data source name")
	dir := fs.String("dir", "migrations", "migrations directory")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return errUsage
	}
	m, err := dbmig.Open(*driver, *dsn, *dir)
	if err != nil {
		return err
	}
	switch fs.Arg(0) {
	case "up":
		n, err := m.Up(ctx, 0)
		fmt.Printf("applied %d migrations\n", n)
		return err
	case "down":
		n, err := flows.MigrateDown(ctx, term, m)
		fmt.Printf("rolled back %d migrations\n", n)
		return err
	case "drop":
		if fs.NArg() < 2 {
			return errUsage
		}
		return flows.DropTable(ctx, term, m, fs.Arg(1))
	}
	return errUsage
}

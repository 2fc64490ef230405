package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"

	mcpgoserver "github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/cli/dbmig"
	"example.com/ns23/cli/editmcp"
	"example.com/ns23/cli/gitmcp"
	"example.com/ns23/cli/migratemcp"
	"example.com/ns23/cli/pkgpub"
	"example.com/ns23/cli/publishmcp"
)

// serveOptions are the flags of `devtool serve`.
type serveOptions struct {
	tools     string
	httpAddr  string
	stateless bool
	dryRun    bool
	yes       bool
	registry  string
	dashboard string
	dsn       string
}

func runServe(ctx context.Context, args []string) error {
	var o serveOptions
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&o.tools, "tools", "git", "which server to run: git, publish, edit or migrate")
	fs.StringVar(&o.httpAddr, "http", "", "serve streamable HTTP on this address instead of stdio")
	fs.BoolVar(&o.stateless, "stateless", false, "with -http, serve go-sdk servers statelessly")
	fs.BoolVar(&o.dryRun, "dry-run", false, "describe what the tools would do, change nothing")
	fs.BoolVar(&o.yes, "yes", false, "do not ask before destructive operations")
	fs.StringVar(&o.registry, "registry", "https://registry.example.dev", "package registry")
	fs.StringVar(&o.dashboard, "dashboard", "dash.registry.example.dev", "host of the registry's dashboard")
	fs.StringVar(&o.dsn, "dsn", os.Getenv("DATABASE_URL"), "database for the migrate server")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	switch o.tools {
	case "git":
		repo, err := openRepo()
		if err != nil {
			return err
		}
		key, err := stateKey()
		if err != nil {
			return err
		}
		return serveGoSDK(ctx, o, gitmcp.NewServer(gitmcp.Options{Repo: repo, DryRun: o.dryRun, Yes: o.yes, StateKey: key}))
	case "publish":
		s := publishmcp.NewServer(publishmcp.Options{Client: pkgpub.New(o.registry), DryRun: o.dryRun, DashboardHost: o.dashboard})
		return serveGoSDK(ctx, o, s)
	case "edit":
		dir, err := os.Getwd()
		if err != nil {
			return err
		}
		s := editmcp.NewServer(editmcp.Options{Root: dir, DryRun: o.dryRun})
		if o.httpAddr != "" {
			return http.ListenAndServe(o.httpAddr, mcpgoserver.NewStreamableHTTPServer(s))
		}
		return mcpgoserver.ServeStdio(s)
	case "migrate":
		if o.httpAddr != "" {
			return errors.New("the migrate server is served over stdio only")
		}
		m, err := dbmig.Open("postgres", o.dsn, "migrations")
		if err != nil {
			return err
		}
		return migratemcp.Serve(ctx, migratemcp.Options{Migrator: m, AssumeYes: o.yes})
	}
	return fmt.Errorf("unknown -tools %q: %w", o.tools, errUsage)
}

func serveGoSDK(ctx context.Context, o serveOptions, s *gosdk.Server) error {
	if o.httpAddr == "" {
		return s.Run(ctx, &gosdk.StdioTransport{})
	}
	h := gosdk.NewStreamableHTTPHandler(func(*http.Request) *gosdk.Server { return s }, &gosdk.StreamableHTTPOptions{Stateless: o.stateless})
	log.Printf("serving %s on %s", o.tools, o.httpAddr)
	return http.ListenAndServe(o.httpAddr, h)
}

// stateKey reads the key sealing multi-step tools' state from
// DEVTOOL_STATE_KEY (hex).
func stateKey() ([]byte, error) {
	v := strings.TrimSpace(os.Getenv("DEVTOOL_STATE_KEY"))
	if v == "" {
		return nil, errors.New("set DEVTOOL_STATE_KEY to a hex key of at least 32 bytes")
	}
	key, err := hex.DecodeString(v)
	if err != nil || len(key) < 32 {
		return nil, errors.New("DEVTOOL_STATE_KEY must be a hex key of at least 32 bytes")
	}
	return key, nil
}

// Command serve mounts the module's HTTP-first servers on one mux: goapi
// (statelessly unless GOAPI_STATELESS=false), mgapi, and the two cloud
// functions for local runs. With SERVE_STDIO=1 it runs goapi over stdio.
package main

import (
	"context"
	"log"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/serverless/goapi"
	"example.com/ns23/serverless/gofn"
	"example.com/ns23/serverless/mgapi"
	"example.com/ns23/serverless/mgfn"
)

func main() {
	cfg := goapi.ConfigFromEnv()
	if os.Getenv("SERVE_STDIO") == "1" {
		if err := goapi.New(cfg).Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
		return
	}
	opts := &mcp.StreamableHTTPOptions{Stateless: cfg.Stateless}
	mux := http.NewServeMux()
	mux.Handle("/goapi", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return goapi.New(cfg) }, opts))
	mux.Handle("/goapi-admin", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return goapi.NewAdmin(cfg) }, opts))
	mgapi.Mount(mux, mgapi.ConfigFromEnv())
	mux.HandleFunc("/fn/gofn", gofn.Handle)
	mux.HandleFunc("/fn/mgfn", mgfn.Handle)
	addr := os.Getenv("ADDR")
	if addr == "" {
		addr = ":8080"
	}
	log.Fatal(http.ListenAndServe(addr, mux))
}

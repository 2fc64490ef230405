package harness

// The era proof: a tool that elicits directly (./eras/<transport>), served
// over each mcp-go transport and called by an mcp-go v1.2.1 client at its
// default protocol and at 2025-11-25. What each run sees is what
// elicitlint's round-trip finding says of that transport. Run with
// -run=^TestEras$; RTPROOF_OUT names the file the observations go to.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"rtproof/mcpgo/eras/sse"
	"rtproof/mcpgo/eras/stateful"
	"rtproof/mcpgo/eras/stateless"
	"rtproof/mcpgo/eras/stdio"
	"rtproof/proof"
)

// erasServeEnv makes the test binary serve ./eras/stdio on its stdin and
// stdout instead of running tests (see TestMain).
const erasServeEnv = "RTPROOF_ERAS_STDIO"

func erasServe() {
	if err := stdio.Serve(); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func TestEras(t *testing.T) {
	handlers := map[string]func(string) http.Handler{
		"stateful":  stateful.Handler,
		"stateless": stateless.Handler,
		"sse":       sse.Handler,
	}
	var runs []proof.EraRun
	for _, tname := range proof.EraTransports {
		for _, protocol := range proof.EraProtocols {
			run := proof.EraRun{Transport: tname, Client: protocol}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			var tr transport.Interface
			var err error
			if tname == "stdio" {
				tr = transport.NewStdio(os.Args[0], append(os.Environ(), erasServeEnv+"=1"))
			} else {
				ln, lerr := net.Listen("tcp", "127.0.0.1:0")
				if lerr != nil {
					t.Fatal(lerr)
				}
				url := "http://" + ln.Addr().String()
				srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: handlers[tname](url)}}
				srv.Start()
				defer srv.Close()
				if tname == "sse" {
					tr, err = transport.NewSSE(url + "/sse")
				} else {
					tr, err = transport.NewStreamableHTTP(url)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			run.Negotiated, run.Outcome = erasCall(ctx, tr, protocol)
			cancel()
			runs = append(runs, run)
		}
	}
	proof.WriteEras(t, runs)
}

// erasCall connects a client at protocol (its default when empty) whose
// user accepts, and calls the tool "ask".
func erasCall(ctx context.Context, tr transport.Interface, protocol string) (negotiated, outcome string) {
	opts := []client.ClientOption{client.WithElicitationHandler(elicitor{proof.NewUser("accept")})}
	if protocol != "" {
		opts = append(opts, client.WithProtocolVersion(protocol))
	}
	c := client.NewClient(tr, opts...)
	if err := c.Start(ctx); err != nil {
		return "", "connect error: " + err.Error()
	}
	defer c.Close()
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
		ClientInfo: mcp.Implementation{Name: "eras-client", Version: "0.0.1"},
	}}); err != nil {
		return "", "initialize error: " + err.Error()
	}
	negotiated = c.ProtocolVersion()
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "ask"}})
	if err != nil {
		return negotiated, proof.CallError(err)
	}
	var text []string
	for _, content := range res.Content {
		if tc, ok := mcp.AsTextContent(content); ok {
			text = append(text, tc.Text)
		}
	}
	return negotiated, proof.Result(strings.Join(text, "\n"), res.IsError)
}

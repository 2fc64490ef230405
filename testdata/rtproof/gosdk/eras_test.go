package harness

// The era proof: a tool that elicits directly (./eras/<transport>), served
// over each go-sdk transport and called by a go-sdk v1.8.0 client at its
// default protocol and at 2025-11-25. What each run sees is what
// elicitlint's round-trip finding says of that transport. Run with
// -run=^TestEras$; RTPROOF_OUT names the file the observations go to.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/gosdk/eras/sse"
	"rtproof/gosdk/eras/stateful"
	"rtproof/gosdk/eras/stateless"
	"rtproof/gosdk/eras/stdio"
	"rtproof/proof"
)

// erasServeEnv makes the test binary serve ./eras/stdio on its stdin and
// stdout instead of running tests.
const erasServeEnv = "RTPROOF_ERAS_STDIO"

func TestMain(m *testing.M) {
	if os.Getenv(erasServeEnv) != "" {
		if err := stdio.Serve(context.Background()); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestEras(t *testing.T) {
	handlers := map[string]func() http.Handler{
		"stateful":  stateful.Handler,
		"stateless": stateless.Handler,
		"sse":       sse.Handler,
	}
	var runs []proof.EraRun
	for _, transport := range proof.EraTransports {
		for _, protocol := range proof.EraProtocols {
			run := proof.EraRun{Transport: transport, Client: protocol}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			var tr mcp.Transport
			switch transport {
			case "stdio":
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), erasServeEnv+"=1")
				tr = &mcp.CommandTransport{Command: cmd}
			case "sse":
				srv := httptest.NewServer(handlers[transport]())
				defer srv.Close()
				tr = &mcp.SSEClientTransport{Endpoint: srv.URL}
			default:
				srv := httptest.NewServer(handlers[transport]())
				defer srv.Close()
				tr = &mcp.StreamableClientTransport{Endpoint: srv.URL}
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
func erasCall(ctx context.Context, tr mcp.Transport, protocol string) (negotiated, outcome string) {
	client := mcp.NewClient(&mcp.Implementation{Name: "eras-client", Version: "v0.0.1"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{}}, nil
		},
	})
	cs, err := client.Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		return "", "connect error: " + err.Error()
	}
	defer cs.Close()
	if r := cs.InitializeResult(); r != nil {
		negotiated = r.ProtocolVersion
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ask"})
	if err != nil {
		return negotiated, proof.CallError(err)
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	return negotiated, proof.Result(strings.Join(text, "\n"), res.IsError)
}

// The mcp-go half of the round-trip proof: the handler in ./handlers runs in
// a real mcp-go v1.2.1 stdio server in a child process, called by a real
// mcp-go client over the child's stdin and stdout, once per protocol version
// and user answer (see ../proof). mcp-go's in-process client would prove
// nothing: its sessions are exempt from the 2026-07-28 refusal.
package harness

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"rtproof/mcpgo/handlers"
	"rtproof/proof"
)

// serveEnv makes the test binary serve the handler on stdio instead of
// running tests. Each run gets a fresh server process: mcp-go keeps its
// stdio session in a package variable.
const serveEnv = "RTPROOF_SERVE_STDIO"

func TestMain(m *testing.M) {
	if os.Getenv(erasServeEnv) != "" {
		erasServe()
	}
	if os.Getenv(serveEnv) != "" {
		s := server.NewMCPServer("rtproof", "0.0.1")
		handlers.Register(s)
		if err := server.ServeStdio(s); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestRoundTrip(t *testing.T) {
	proof.Run(t, book)
}

func book(t *testing.T, protocol, action string) (obs proof.Observation) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), serveEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, serverOut, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = serverOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	serverOut.Close()
	defer func() {
		stdin.Close()
		err := cmd.Wait()
		if err != nil {
			t.Errorf("server process: %v", err)
		}
		if err != nil || strings.HasPrefix(obs.Outcome, "call error") {
			t.Logf("server stderr:\n%s", stderr.Bytes())
		}
		stdout.Close()
	}()

	var wire proof.Wire
	tr := transport.NewIO(io.TeeReader(stdout, wire.Stream(false)), teeCloser{stdin, wire.Stream(true)}, nil)
	user := proof.NewUser(action)
	opts := []client.ClientOption{
		client.WithElicitationHandler(elicitor{user}),
		client.WithProtocolVersion(protocol),
	}
	if protocol < proof.Modern {
		// The client fulfils input_required results whatever the
		// protocol. A real client on an older protocol has never heard of
		// them: one round, no retries.
		opts = append(opts, client.WithMaxInputRoundTrips(1))
	}
	c := client.NewClient(tr, opts...)
	if err := c.Start(ctx); err != nil {
		t.Fatalf("client: %v", err)
	}
	defer c.Close()
	if _, err := c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
		ClientInfo: mcp.Implementation{Name: "rtproof-client", Version: "0.0.1"},
	}}); err != nil {
		t.Fatalf("initialize: %v", err)
	}

	obs.Negotiated = c.ProtocolVersion()
	text, isError, err := call(ctx, c)
	if err != nil {
		obs.Outcome = proof.CallError(err)
	} else {
		obs.Outcome = proof.Result(text, isError)
	}
	obs.Elicitations = user.Asked()
	wire.Fill(&obs)
	return obs
}

// call calls what the handlers registered under the name "book": the
// tool, or with RTPROOF_CALL (proof.CallEnv) the prompt, and returns the
// text of its result. (mcp-go's resource handlers return contents, not a
// result that can ask.)
func call(ctx context.Context, c *client.Client) (string, bool, error) {
	if os.Getenv(proof.CallEnv) == proof.CallPrompt {
		res, err := c.GetPrompt(ctx, mcp.GetPromptRequest{Params: mcp.GetPromptParams{Name: "book"}})
		if err != nil {
			return "", false, err
		}
		return res.Description, false, nil
	}
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "book"}})
	if err != nil {
		return "", false, err
	}
	var text []string
	for _, content := range res.Content {
		if tc, ok := mcp.AsTextContent(content); ok {
			text = append(text, tc.Text)
		}
	}
	return strings.Join(text, "\n"), res.IsError, nil
}

type elicitor struct{ user *proof.User }

func (e elicitor) Elicit(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	action, content := e.user.Answer()
	res := &mcp.ElicitationResult{}
	res.Action = mcp.ElicitationResponseAction(action)
	if content != nil {
		res.Content = content
	}
	return res, nil
}

// teeCloser records what the client writes before sending it to the server.
type teeCloser struct {
	io.WriteCloser
	record io.Writer
}

func (t teeCloser) Write(p []byte) (int, error) {
	t.record.Write(p)
	return t.WriteCloser.Write(p)
}

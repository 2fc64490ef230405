package harness

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"rtproof/proof"
)

// TestMiddleware is the mcp-go client's half of the middleware proof (see
// ../proof/middleware.go): mcp-go's client against the go-sdk server.
func TestMiddleware(t *testing.T) {
	proof.MiddlewareRun(t, func(t *testing.T, bin, protocol, action string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		opts := []client.ClientOption{
			client.WithElicitationHandler(elicitor{proof.NewUser(action)}),
			client.WithProtocolVersion(protocol),
		}
		if protocol < proof.Modern {
			opts = append(opts, client.WithMaxInputRoundTrips(1))
		}
		c := client.NewClient(transport.NewStdio(bin, os.Environ()), opts...)
		if err := c.Start(ctx); err != nil {
			return "connect error: " + err.Error()
		}
		defer c.Close()
		if _, err := c.Initialize(ctx, mcp.InitializeRequest{Params: mcp.InitializeParams{
			ClientInfo: mcp.Implementation{Name: "mw-client", Version: "0.0.1"},
		}}); err != nil {
			return "initialize error: " + err.Error()
		}
		res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: proof.MiddlewareTool()}})
		if err != nil {
			return proof.CallError(err)
		}
		var text []string
		for _, content := range res.Content {
			if tc, ok := mcp.AsTextContent(content); ok {
				text = append(text, tc.Text)
			}
		}
		return proof.Result(strings.Join(text, "\n"), res.IsError)
	})
}

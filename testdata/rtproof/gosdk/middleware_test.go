package harness

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/proof"
)

// TestMiddleware is the go-sdk client's half of the middleware proof (see
// ../proof/middleware.go).
func TestMiddleware(t *testing.T) {
	proof.MiddlewareRun(t, func(t *testing.T, bin, protocol, action string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		user := proof.NewUser(action)
		client := mcp.NewClient(&mcp.Implementation{Name: "mw-client", Version: "v0.0.1"}, &mcp.ClientOptions{
			ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				action, content := user.Answer()
				return &mcp.ElicitResult{Action: action, Content: content}, nil
			},
			MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: protocol < proof.Modern},
		})
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: exec.Command(bin)}, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
		if err != nil {
			return "connect error: " + err.Error()
		}
		defer cs.Close()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: proof.MiddlewareTool()})
		if err != nil {
			return proof.CallError(err)
		}
		var text []string
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				text = append(text, tc.Text)
			}
		}
		return proof.Result(strings.Join(text, "\n"), res.IsError)
	})
}

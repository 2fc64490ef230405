// Package nearmiss holds code that looks like server-side elicitation but is
// not, and must produce no diagnostics at all.
package nearmiss

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// kiosk is an in-house prompt device with an MCP-like API. It is not the MCP
// SDK, so none of its calls are elicitations.
type kiosk struct{}

type kioskPrompt struct {
	Mode    string
	Message string
	URL     string
}

type kioskAnswer struct {
	Action  string
	Content map[string]any
}

func (kiosk) Elicit(ctx context.Context, p *kioskPrompt) (*kioskAnswer, error) {
	return &kioskAnswer{Action: "accept"}, nil
}

func LookAlike(ctx context.Context) bool {
	var k kiosk
	k.Elicit(ctx, &kioskPrompt{Message: ""})
	_, _ = k.Elicit(ctx, &kioskPrompt{Mode: "url", URL: "http://example.com/x", Message: "Scan your badge"})
	ans, err := k.Elicit(ctx, &kioskPrompt{Message: "Print the receipt?"})
	if err != nil {
		return false
	}
	log.Print(ans.Content["copies"])
	return ans.Action == "accept"
}

// NewClient is client-side code: it answers elicitations, it does not send
// them, so building an ElicitResult and reading the request is fine.
func NewClient() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "kiosk-client", Version: "v1.0.0"}, &mcp.ClientOptions{
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			log.Printf("server asks: %s", req.Params.Message)
			if req.Params.Mode == "url" {
				return &mcp.ElicitResult{Action: "decline"}, nil
			}
			return &mcp.ElicitResult{
				Action:  "accept",
				Content: map[string]any{"confirm": true},
			}, nil
		},
	})
}

// answer is a named client-side handler.
func answer(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "cancel"}, nil
}

var _ = &mcp.ClientOptions{ElicitationHandler: answer}

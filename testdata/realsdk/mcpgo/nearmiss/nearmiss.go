// Package nearmiss holds code that looks like server-side elicitation but is
// not, and must produce no diagnostics at all.
package nearmiss

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
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
	Content any
}

func (kiosk) RequestElicitation(ctx context.Context, p kioskPrompt) (*kioskAnswer, error) {
	return &kioskAnswer{Action: "accept"}, nil
}

func LookAlike(ctx context.Context) bool {
	var k kiosk
	k.RequestElicitation(ctx, kioskPrompt{Message: ""})
	_, _ = k.RequestElicitation(ctx, kioskPrompt{Mode: "url", URL: "http://example.com/x", Message: "Scan your badge"})
	ans, err := k.RequestElicitation(ctx, kioskPrompt{Message: "Print the receipt?"})
	if err != nil {
		return false
	}
	log.Print(ans.Content)
	return ans.Action == "accept"
}

// approver is client-side code: it answers elicitations, it does not send
// them, so building an ElicitationResult and reading the request is fine.
type approver struct{}

func (approver) Elicit(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	log.Printf("server asks: %s", request.Params.Message)
	if request.Params.Mode == mcp.ElicitationModeURL {
		return &mcp.ElicitationResult{
			ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionDecline},
		}, nil
	}
	return &mcp.ElicitationResult{
		ElicitationResponse: mcp.ElicitationResponse{
			Action:  mcp.ElicitationResponseActionAccept,
			Content: map[string]any{"confirm": true},
		},
	}, nil
}

var _ client.ElicitationHandler = approver{}

// ClientOption enables the handler on an mcp-go client.
func ClientOption() client.ClientOption {
	return client.WithElicitationHandler(approver{})
}

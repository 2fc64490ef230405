package message

import (
	"context"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Links in the message of a form (spec 2025-11-25 and later: "SHOULD NOT
// include URLs intended to be clickable in any field of a form mode
// elicitation request").
func links(ctx context.Context, ss *mcp.ServerSession, s *server.MCPServer, id, what, mode string) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Read https://acme.example/terms and accept them.", RequestedSchema: schema})                                               // want `form-mode elicitation message links to "https://acme.example/terms": the spec says not to put URLs meant to be clicked in a form.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: fmt.Sprintf("Approve order %s? Details: http://shop.example/o/", id), RequestedSchema: schema})               // want `links to "http://shop.example/o/".*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Pay for " + what + " (see www.acme.example/pricing)", RequestedSchema: schema})                                            // want `links to "www.acme.example/pricing".*\(message\)`
	s.RequestElicitation(ctx, mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: "Sign in at https://acme.example/login first", RequestedSchema: schema}}) // want `links to "https://acme.example/login".*\(message\)`

	// Near misses.
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Which repository? (e.g. https://github.com/owner/repo)", RequestedSchema: schema}) // an example of what to type
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Paste a URL such as https://acme.example/x", RequestedSchema: schema})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "Open https://acme.example/pay to pay", URL: "https://acme.example/pay", ElicitationID: fmt.Sprint(len(id))}) // url mode: the link is the point
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: mode, Message: "See https://acme.example/terms", RequestedSchema: schema})                                                    // the mode is not known
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Visit " + what, RequestedSchema: schema})                                                                                 // the link, if any, is computed
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Use the https scheme for the webhook", RequestedSchema: schema})
}

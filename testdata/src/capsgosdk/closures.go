package capsgosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The capability test is a closure kept in a local variable: it guards
// the request as a function of the package would.
func registerClosureTested(s *mcp.Server) {
	canAsk := func(req *mcp.CallToolRequest) bool {
		c := req.ClientCapabilities()
		return c != nil && c.Elicitation != nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "alias"}, func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["alias"]; ok {
			return &mcp.CallToolResult{}, nil, nil
		}
		if !canAsk(req) {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"alias": &mcp.ElicitParams{Message: "Alias?"}}}, nil, nil
	})
}

// Its near miss: the closure tests sampling, not elicitation.
func registerClosureWrongKind(s *mcp.Server) {
	canSample := func(req *mcp.CallToolRequest) bool {
		c := req.ClientCapabilities()
		return c != nil && c.Sampling != nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "nickname"}, func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["nickname"]; ok {
			return &mcp.CallToolResult{}, nil, nil
		}
		if !canSample(req) {
			return nil, nil, errNoElicit
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"nickname": &mcp.ElicitParams{Message: "Nickname?"}}}, nil, nil // want `form elicitation request "nickname" is sent without a test that the client declared elicitation.*\(capabilities\)`
	})
}

// Package handlers (in directory legacyresource) is "book" as a resource
// whose handler asks the user itself through the session, as the tool in
// ../legacy does. go-sdk fails a resource result that asks with its
// Contents nil before its bridge for older clients runs, so what -fix
// makes of it must set an empty Contents beside the requests.
package handlers

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"rtproof/proof"
)

// Register adds the resource rtproof://book to s.
func Register(s *mcp.Server) {
	s.AddResource(&mcp.Resource{URI: proof.ResourceURI, Name: "book", MIMEType: "text/plain"}, book)
}

func book(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How many nights would you like to book?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"nights":  map[string]any{"type": "integer", "minimum": 1},
				"confirm": map[string]any{"type": "boolean"},
			},
			"required": []string{"nights", "confirm"},
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		nights, ok := res.Content["nights"].(float64)
		if !ok {
			return text(req, "no number of nights"), nil
		}
		if confirm, ok := res.Content["confirm"].(bool); !ok || !confirm {
			return text(req, "not confirmed"), nil
		}
		return text(req, fmt.Sprintf("booked %d nights", int(nights))), nil
	case "decline":
		return text(req, "declined"), nil
	default:
		return text(req, "cancelled"), nil
	}
}

func text(req *mcp.ReadResourceRequest, s string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: s}}}
}

package rtapp

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Callbacks is the TS `{ onAccept, onDecline, onCancel }` object.
type Callbacks struct {
	OnAccept  func(content map[string]interface{}) (*mcp.CallToolResult, interface{}, error)
	OnDecline func() (*mcp.CallToolResult, interface{}, error)
	OnCancel  func() (*mcp.CallToolResult, interface{}, error)
}

// Dispatch routes an answer to its callback.
func (cb Callbacks) Dispatch(res *mcp.ElicitResult) (*mcp.CallToolResult, interface{}, error) {
	switch res.Action {
	case "accept":
		return cb.OnAccept(res.Content)
	case "decline":
		return cb.OnDecline()
	case "cancel":
		return cb.OnCancel()
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Route is the helper from v1 of the TS server: anything that is not a
// decline counts as an answer to act on.
func (cb Callbacks) Route(res *mcp.ElicitResult) (*mcp.CallToolResult, interface{}, error) {
	if res.Action == "decline" {
		return cb.OnDecline()
	}
	return cb.OnAccept(res.Content)
}

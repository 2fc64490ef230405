package pinnedtest

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestPinned(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25"}})
	Register(s)
}

package olderpath

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tests make the older path's prompter on a session of any protocol,
// as github-mcp-server's do to probe it: test code serves no client, so
// the prompter's request stays older-only.
func TestPrompter(t *testing.T) {
	var ss *mcp.ServerSession
	p := &prompter{session: ss}
	if p.CanPrompt() {
		_ = p.Prompt(context.Background())
	}
	_ = (&testedPrompter{session: ss}).Prompt(context.Background())
}

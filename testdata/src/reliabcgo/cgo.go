// Package reliabcgo has a cgo file: the analyzer sees the files cgo
// generates, whose positions map back here through //line directives.
package reliabcgo

/*
static int answer(void) { return 42; }
*/
import "C"

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Answer() int { return int(C.answer()) }

func Ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation result is discarded.*\(actions\)` `elicitation message is empty.*\(message\)`
}

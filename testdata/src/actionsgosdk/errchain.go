package actionsgosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var todos = map[int]string{}

// The chain's first branch is on the request's error and only logs: the
// refusals leave, and what follows is accept's path (what the error path
// falls into is fail-open's to say).
func errLoggedRefusalsLeave(ctx context.Context, ss *mcp.ServerSession) {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		log.Printf("could not ask: %v", err)
	} else if res.Action == "decline" || res.Action == "cancel" {
		return
	}
	delete(todos, 1) // want `errLoggedRefusalsLeave reaches delete\(\.\.\.\) when ServerSession.Elicit fails.*\(fail-open\)`
}

// Its near miss: only decline leaves, and cancel shares accept's path.
func errLoggedDeclineOnly(ctx context.Context, ss *mcp.ServerSession) {
	res, err := ss.Elicit(ctx, p)
	if err != nil { // want `elicitation result is not handled for "cancel".*\(actions\)`
		log.Printf("could not ask: %v", err)
	} else if res.Action == "decline" {
		return
	}
	delete(todos, 1)
}

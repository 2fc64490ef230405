// Package projuse2 gets a result-like type that projimpl fills from an
// answer, through an interface of its own.
package projuse2

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"projimpl"
)

type asker interface {
	Ask(ctx context.Context, ss *mcp.ServerSession) (projimpl.Outcome, error)
}

type impl struct{}

func (impl) Ask(ctx context.Context, ss *mcp.ServerSession) (projimpl.Outcome, error) {
	return projimpl.Ask(ctx, ss)
}

func use(ctx context.Context, a asker, ss *mcp.ServerSession) string {
	o, err := a.Ask(ctx, ss)
	if err != nil {
		return ""
	}
	switch o.Verdict { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case "accept":
		return "yes"
	case "decline":
		log("declined")
	}
	return "no"
}

func log(string) {}

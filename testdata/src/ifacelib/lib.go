// Package ifacelib declares interfaces named like go-sdk's direct
// requests for other packages (issue #30 §2): its own code shows that
// Asker and Sampler hold server sessions, and says so in their facts;
// it shows nothing of Prompter's values.
package ifacelib

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Asker interface { // want Asker:"sdkValues\\(\\*mcp.ServerSession\\)"
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

func FromSession(ss *mcp.ServerSession) Asker { return ss }

type Sampler interface { // want Sampler:"sdkValues\\(\\*mcp.ServerSession\\)"
	CreateMessage(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error)
}

func NewSampler(ss *mcp.ServerSession) Sampler { return ss }

type Prompter interface {
	Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error)
}

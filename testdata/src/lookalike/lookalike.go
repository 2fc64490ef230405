// Package lookalike has types that look like the SDKs' but are not.
package lookalike

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ElicitParams struct {
	Mode, Message, URL, ElicitationID string
	RequestedSchema                   any
}

type ElicitResult struct{ Action string }

type Form struct{}

func (Form) Elicit(ctx context.Context, p *ElicitParams) (*ElicitResult, error) { return nil, nil }

func use(ctx context.Context, f Form, _ *mcp.ServerSession) {
	f.Elicit(ctx, &ElicitParams{Mode: "URL", Message: "", ElicitationID: "fixed", URL: "http://example.com"})
	res, _ := f.Elicit(ctx, &ElicitParams{})
	_ = res
}

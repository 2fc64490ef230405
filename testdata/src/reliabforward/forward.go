// Package reliabforward is a regression fixture from the soak run over
// github.com/mark3labs/mcp-go@v1.2.1 (client/client.go:962,
// handleElicitationRequestTransport): code that obtains an elicitation
// result and forwards it, serialized, to someone else who decides on the
// action. The result is not dropped: it is the payload. elicitlint must stay
// silent, as it does for `return res, err`.
package reliabforward

import (
	"context"
	"encoding/json"
	"errors"
	"io"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
)

// ElicitationHandler is the client's user-facing handler (mcp-go's
// client.ElicitationHandler).
type ElicitationHandler interface {
	Elicit(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

type Client struct {
	handler ElicitationHandler
}

// handleElicitation is the shape of mcp-go's client transport code: run
// the handler, marshal its answer into the JSON-RPC response.
func (c *Client) handleElicitation(ctx context.Context, params mcp.ElicitationParams) (json.RawMessage, error) {
	result, err := c.handler.Elicit(ctx, mcp.ElicitationRequest{Params: params})
	if err != nil {
		return nil, err
	}
	if result == nil {
		return nil, errors.New("elicitation handler returned no result")
	}
	resultBytes, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	return resultBytes, nil
}

// gateway is the same on the server side: a go-sdk server that asks its own
// client and hands the answer, encoded, to an upstream caller.
func gateway(ctx context.Context, ss *gosdk.ServerSession, w io.Writer) error {
	res, err := ss.Elicit(ctx, &gosdk.ElicitParams{
		Message:         "Which account should the upstream service use?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"account": map[string]any{"type": "string"}}},
	})
	if err != nil {
		return err
	}
	return json.NewEncoder(w).Encode(res)
}

// gatewayBytes returns the encoded answer.
func gatewayBytes(ctx context.Context, ss *gosdk.ServerSession) ([]byte, error) {
	res, err := ss.Elicit(ctx, &gosdk.ElicitParams{
		Message:         "Which account should the upstream service use?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"account": map[string]any{"type": "string"}}},
	})
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

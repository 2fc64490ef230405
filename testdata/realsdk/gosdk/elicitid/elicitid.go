// Package elicitid checks that url-mode elicitation IDs are generated per
// call rather than fixed strings shared by every request.
package elicitid

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

const flowID = "oauth-flow"

func ConstantLiteral(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account.",
		URL:           "https://github.example.com/login/oauth/authorize",
		ElicitationID: "oauth-flow", // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func ConstantNamed(ctx context.Context, req *mcp.CallToolRequest) error {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account.",
		URL:           "https://github.example.com/login/oauth/authorize",
		ElicitationID: flowID, // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func ConstantInRequiredError(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{
			Mode:          "url",
			Message:       "Connect your GitHub account first.",
			URL:           "https://github.example.com/login/oauth/authorize",
			ElicitationID: "oauth-flow", // want `elicitationId "oauth-flow" is a constant.*\(elicitation-id\)`
		},
	})
}

// RandomIDOK generates an ID per call and, where the SDK version can, tells
// the client when the out-of-band step is done (complete.go).
func RandomIDOK(ctx context.Context, ss *mcp.ServerSession) error {
	id := rand.Text()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your GitHub account.",
		URL:           "https://github.example.com/login/oauth/authorize?state=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return complete(ctx, ss, id)
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// PerOrderIDOK derives the ID from the order; not a constant.
func PerOrderIDOK(ctx context.Context, ss *mcp.ServerSession, orderID int) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay for your order on the checkout page.",
		URL:           fmt.Sprintf("https://pay.example.com/orders/%d", orderID),
		ElicitationID: fmt.Sprintf("order-%d", orderID),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

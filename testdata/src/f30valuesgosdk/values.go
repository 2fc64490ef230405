// Package f30valuesgosdk holds decisions written as values (issue 30 §1)
// for go-sdk.
package f30valuesgosdk

import (
	"context"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
}

var ErrNoElicitation = errors.New("client does not support elicitation")

func ask(ctx context.Context, ss *mcp.ServerSession) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
}

// yesIfUnsupported says yes when the error is the sentinel.
func yesIfUnsupported(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return err == ErrNoElicitation, nil // want `yesIfUnsupported returns true when ServerSession.Elicit fails with ErrNoElicitation, as it does when the user accepts: every call that gets that error goes ahead without asking.*\(fail-open\)`
	}
	return res.Action == "accept", nil
}

// yesIfNotSupportedText reads the error's text.
func yesIfNotSupportedText(ctx context.Context, ss *mcp.ServerSession) bool {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return strings.Contains(err.Error(), "does not support") // want `yesIfNotSupportedText returns true when ServerSession.Elicit fails.*; no automatic fix: the import of strings would be left unused \(fail-open\)`
	}
	return res.Action == "accept"
}

// retryThenAllow asks until it has an answer, three times at most.
func retryThenAllow(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	var res *mcp.ElicitResult
	var err error
	for i := 0; i < 3; i++ {
		res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
		if err == nil {
			return res.Action == "accept", nil
		}
	}
	return true, nil // want `retryThenAllow returns true when ServerSession.Elicit fails.*; no automatic fix: the return is shared with other paths \(fail-open\)`
}

// Near misses.

// retryThenFail: the error after the last try.
func retryThenFail(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	var err error
	for i := 0; i < 3; i++ {
		var res *mcp.ElicitResult
		res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
		if err == nil {
			return res.Action == "accept", nil
		}
	}
	return false, err
}

// noIfUnsupported: the test's value is a refusal there.
func noIfUnsupported(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema})
	if err != nil {
		return false, errors.Join(err, ErrNoElicitation)
	}
	return res.Action == "accept", nil
}

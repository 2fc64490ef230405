package statemcpgo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The hash made by a function of the package (see stategosdk/digests.go).

func digestOf(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "|")))
	return hex.EncodeToString(sum[:])
}

func refundDigest(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	want := digestOf(order)
	res := server.ElicitationResponse(request.Params.InputResponses, "refund")
	if res == nil {
		return server.NewInputRequestBuilder(want).Elicit("refund", mcp.ElicitationParams{Message: "Refund?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}).ToolResult(), nil
	}
	if request.Params.RequestState != want { // want `RequestState is checked against an unkeyed hash, which any client can compute; .*\(request-state\)`
		return mcp.NewToolResultError("another refund"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("refunded " + order), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultError("unknown action"), nil
}

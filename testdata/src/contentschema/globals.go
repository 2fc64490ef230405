package contentschema

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Params kept in package-level variables nothing changes are read as
// written, for direct requests and for requests filed by key.

var sizeParams = &sdk.ElicitParams{Message: "How big?", RequestedSchema: map[string]any{
	"type":       "object",
	"properties": map[string]any{"gb": map[string]any{"type": "integer"}},
	"required":   []string{"gb"},
}}

var stayParams = mcp.ElicitationParams{Message: "How long?", RequestedSchema: map[string]any{
	"type":       "object",
	"properties": map[string]any{"nights": map[string]any{"type": "integer"}},
	"required":   []string{"nights"},
}}

// changedParams is given a message where it is used: its fields are not
// known, and nothing is reported on its answers.
var changedParams = &sdk.ElicitParams{RequestedSchema: map[string]any{
	"type":       "object",
	"properties": map[string]any{"gb": map[string]any{"type": "integer"}},
	"required":   []string{"gb"},
}}

func resizeDirect(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, sizeParams)
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		gb, ok := res.Content["gb"].(int) // want `res.Content\["gb"\].\(int\) never succeeds: JSON numbers decode as float64 \(content-schema\)`
		fmt.Println(gb, ok)
	case "decline", "cancel":
	}
	return nil
}

func resizeRoundTrip(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	res, ok := req.Params.InputResponses["size"].(*sdk.ElicitResult)
	if !ok {
		return &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{"size": sizeParams}}, nil
	}
	switch res.Action {
	case "accept":
		gb, ok := res.Content["gb"].(int) // want `res.Content\["gb"\].\(int\) never succeeds: JSON numbers decode as float64 \(content-schema\)`
		fmt.Println(gb, ok)
	case "decline", "cancel":
	}
	return nil, nil
}

func stayRoundTrip(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer := server.ElicitationResponse(request.Params.InputResponses, "stay_len")
	if answer == nil {
		return server.NewInputRequestBuilder("").Elicit("stay_len", stayParams).ToolResult(), nil
	}
	switch answer.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := answer.Content.(map[string]any)
		n, ok := content["nights"].(int) // want `never succeeds: JSON numbers decode as float64 \(content-schema\)`
		fmt.Println(n, ok)
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
	}
	return nil, nil
}

// Near miss.

func resizeChanged(ctx context.Context, ss *sdk.ServerSession) error {
	changedParams.Message = "How big, in GB?"
	res, err := ss.Elicit(ctx, changedParams)
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		gb, ok := res.Content["gb"].(int)
		fmt.Println(gb, ok)
	case "decline", "cancel":
	}
	return nil
}

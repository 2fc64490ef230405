package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The action kept in a variable of its own, given a default where the
// answer is missing; and gates that return a question beside their
// decision.

func canAskUser(ctx context.Context) bool {
	info := server.RequestProtocolInfoFromContext(ctx)
	return info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
}

var archiveForm = mcp.ElicitationParams{Message: "Archive?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}

// archiveDefaultAccept starts from accept: a client that cannot be asked
// archives.
func archiveDefaultAccept(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	action := mcp.ElicitationResponseActionAccept
	if res := server.ElicitationResponse(req.Params.InputResponses, "archive"); res != nil {
		action = res.Action
	} else if canAskUser(ctx) {
		return server.NewInputRequestBuilder("").Elicit("archive", archiveForm).ToolResult(), nil
	}
	switch action {
	case mcp.ElicitationResponseActionAccept:
		wipe(ctx) // want `archiveDefaultAccept reaches wipe\(...\) when InputResponses has no answer "archive".*\(fail-open\)`
		return mcp.NewToolResultText("archived"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// archiveDefaultDecline is its near miss: it starts from decline.
func archiveDefaultDecline(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	action := mcp.ElicitationResponseActionDecline
	if res := server.ElicitationResponse(req.Params.InputResponses, "archive"); res != nil {
		action = res.Action
	} else if canAskUser(ctx) {
		return server.NewInputRequestBuilder("").Elicit("archive", archiveForm).ToolResult(), nil
	}
	switch action {
	case mcp.ElicitationResponseActionAccept:
		wipe(ctx)
		return mcp.NewToolResultText("archived"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// confirmOpen returns the question beside its decision, and true when
// the client cannot be asked.
func confirmOpen(ctx context.Context, req mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return true, nil // want `confirmOpen returns true when InputResponses has no answer.*\(fail-open\)`
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

// confirmClosed is its near miss: false when the client cannot be asked.
func confirmClosed(ctx context.Context, req mcp.CallToolRequest, key string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return false, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, nil
}

// replyOrNil returns what to reply on a refusal, and nil to go ahead; a
// client that cannot be asked goes ahead.
func replyOrNil(ctx context.Context, req mcp.CallToolRequest, key string) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return nil, nil // want `replyOrNil returns nil when InputResponses has no answer.*\(fail-open\)`
		}
		return server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

// replyAlways is a near miss: a handler-like helper whose accept path
// replies too; what it returns is what it did.
func replyAlways(ctx context.Context, req mcp.CallToolRequest, key string) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		if !canAskUser(ctx) {
			return mcp.NewToolResultText("nothing to do"), nil
		}
		return server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("done"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, errors.New("unknown action")
}

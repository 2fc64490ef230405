package failopenmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Round-trip answers read through a helper of the package.

var errNoAnswer = errors.New("no answer yet")

func answerOf(req mcp.CallToolRequest, key string) *mcp.ElicitationResult {
	return server.ElicitationResponse(req.Params.InputResponses, key)
}

func answerOrErr(req mcp.CallToolRequest, key string) (*mcp.ElicitationResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, key)
	if res == nil {
		return nil, errNoAnswer
	}
	return res, nil
}

func askArchive(key string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").Elicit(key, archiveForm).ToolResult()
}

// archiveViaNil asks only when the client can be asked, and archives
// otherwise.
func archiveViaNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := answerOf(req, "archive")
	if res == nil && canAskUser(ctx) {
		return askArchive("archive"), nil
	}
	if res != nil && res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx) // want `archiveViaNil reaches wipe\(...\) when InputResponses has no answer "archive", as only an accepted answer should.*\(fail-open\)`
	return mcp.NewToolResultText("archived"), nil
}

// archiveViaErr reads the helper's error.
func archiveViaErr(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := answerOrErr(req, "archive")
	if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	if err != nil && canAskUser(ctx) {
		return askArchive("archive"), nil
	}
	wipe(ctx) // want `archiveViaErr reaches wipe\(...\) when InputResponses has no answer "archive".*\(fail-open\)`
	return mcp.NewToolResultText("archived"), nil
}

// Near misses.

func archiveViaNilClosed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := answerOf(req, "archive")
	if res == nil {
		if canAskUser(ctx) {
			return askArchive("archive"), nil
		}
		return mcp.NewToolResultError("this client cannot confirm"), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("archived"), nil
}

func archiveViaErrClosed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := answerOrErr(req, "archive")
	if err != nil {
		return askArchive("archive"), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	wipe(ctx)
	return mcp.NewToolResultText("archived"), nil
}

package missingmcpgo

import (
	"context"
	"errors"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A missing answer that fails the call statements after its test, on
// the paths of the handler (issue 36 §2).

func askWipe() *mcp.CallToolResult {
	return server.NewInputRequestBuilder("asked").Elicit("wipe", confirm).ToolResult()
}

// wipeErrLater keeps the failure in an error tested after a log line.
func wipeErrLater(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		return askWipe(), nil
	}
	var err error
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		err = errors.New("wipe was not answered")
	}
	log.Printf("wipe round %q", req.Params.RequestState)
	if err != nil {
		return nil, err // want `the call fails here when the answer to "wipe" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// wipeErrAsks is its near miss: the error set there asks again.
func wipeErrAsks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var err error
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		err = errors.New("wipe was not answered")
	}
	if err != nil {
		log.Print(err)
		return askWipe(), nil
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// wipeGoto jumps to a failure at the end.
func wipeGoto(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.InputResponses) == 0 && req.Params.RequestState == "" {
		return askWipe(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		goto fail
	}
	return mcp.NewToolResultText(string(res.Action)), nil
fail:
	return mcp.NewToolResultError("wipe was not answered"), nil // want `the call fails here when the answer to "wipe" is missing.*\(round-trip\)`
}

// wipeEmpty leaves the action empty when the answer is missing.
func wipeEmpty(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		return askWipe(), nil
	}
	action := ""
	if res := server.ElicitationResponse(req.Params.InputResponses, "wipe"); res != nil {
		action = string(res.Action)
	}
	if action == "" {
		return nil, errors.New("no action") // want `the call fails here when the answer to "wipe" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(action), nil
}

// wipeEmptySetting is its near miss: past the empty action, a setting
// of the server's own decides before the failure.
func wipeEmptySetting(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	action := ""
	if res := server.ElicitationResponse(req.Params.InputResponses, "wipe"); res != nil {
		action = string(res.Action)
	}
	if action == "" && strictWipe {
		return nil, errors.New("no action")
	}
	if action == "" {
		return askWipe(), nil
	}
	return mcp.NewToolResultText(action), nil
}

var strictWipe = true

// wipePeekThenDecode looks for the answer first, asks on the first round
// only, and fails where the answer it reads again is nil.
func wipePeekThenDecode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "wipe") == nil && req.Params.RequestState == "" {
		return askWipe(), nil
	}
	log.Printf("wipe round %q", req.Params.RequestState)
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		return nil, errors.New("wipe was not answered") // want `the call fails here when the answer to "wipe" is missing.*\(round-trip\)`
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

// wipePeekAsks is its near miss: every round without the answer asks.
func wipePeekAsks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "wipe") == nil {
		return askWipe(), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "wipe")
	if res == nil {
		return nil, errors.New("wipe was not answered")
	}
	return mcp.NewToolResultText(string(res.Action)), nil
}

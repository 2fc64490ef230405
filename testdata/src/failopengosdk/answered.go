package failopengosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Helpers that return the answer's decision with a flag saying whether
// there was an answer at all: a caller that tests the flag first asks
// when it is false, so a nil error on the missing path is no consent.

// pickedFile returns answered=false, and a nil error, when there is no
// answer yet: no answered path returns false.
func pickedFile(req *mcp.CallToolRequest) (string, bool, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return "", false, nil
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["file"].(string)
		return name, true, nil
	case "decline":
		return "", true, errors.New("declined")
	case "cancel":
		return "", true, errors.New("cancelled")
	}
	return "", true, errors.New("unknown action")
}

func removeFile(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, answered, err := pickedFile(req)
	if !answered {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"file": &mcp.ElicitParams{Message: "Which file?", RequestedSchema: confirmSchema}}}, nil
	}
	if err != nil {
		return nil, err
	}
	store.Wipe(ctx)
	return text("removed " + name), nil
}

// The same flag in a switch and with the missing path last.
func pickedFileSwitch(req *mcp.CallToolRequest) (name string, answered bool, err error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	switch {
	case ok && res.Action == "accept":
		name, _ = res.Content["file"].(string)
		return name, true, nil
	case ok:
		return "", true, errors.New("refused")
	}
	return "", false, nil
}

// Near miss: the flag is true on the missing path too, so nothing tells
// it from accept.
func pickedFileAlways(req *mcp.CallToolRequest) (string, bool, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return "", true, nil // want `pickedFileAlways returns a nil error when InputResponses has no answer "file", as it does when the user accepts.*\(fail-open\)`
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["file"].(string)
		return name, true, nil
	case "decline":
		return "", true, errors.New("declined")
	case "cancel":
		return "", true, errors.New("cancelled")
	}
	return "", true, errors.New("unknown action")
}

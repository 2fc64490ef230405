package roundtripgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Resource handlers that ask. go-sdk v1.8.0 fails a ReadResourceResult
// whose Contents is nil before its bridge for older clients can ask, so
// these work only for 2026-07-28 clients; an empty Contents is not content.

var pickSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"file": map[string]any{"type": "string"}},
}

func pickAsk() *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: "Which file?", RequestedSchema: pickSchema}
}

// fileResult reads an answer, telling every action apart.
func fileResult(req *mcp.ReadResourceRequest, res *mcp.ElicitResult) (*mcp.ReadResourceResult, error) { // want fileResult:`handlesResult\(1\)` fileResult:`readsContent\(1\)` fileResult:`errGate\(1:true\)`
	switch res.Action {
	case "accept":
		name, _ := res.Content["file"].(string)
		return readContents(req.Params.URI, name), nil
	case "decline":
		return nil, errors.New("declined")
	case "cancel":
		return nil, errors.New("cancelled")
	}
	return nil, errors.New("unknown action")
}

func readContents(uri, name string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, Text: name}}}
}

// One line.
func readOneLine(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"file": pickAsk()}}, nil // want `mcp.ReadResourceResult asks with Contents nil: go-sdk fails the read for every client on a protocol before 2026-07-28 \("read handler returned nil information"\).*\(round-trip\)`
	}
	return fileResult(req, res)
}

// Several lines, with the state beside the requests.
func readLines(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.ReadResourceResult{
			InputRequests: mcp.InputRequestMap{"file": pickAsk()}, // want `mcp.ReadResourceResult asks with Contents nil.*\(round-trip\)`
			RequestState:  "step-1",
		}, nil
	}
	return fileResult(req, res)
}

// Contents set to nil in so many words.
func readNilContents(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.ReadResourceResult{Contents: nil, InputRequests: mcp.InputRequestMap{"file": pickAsk()}}, nil // want `mcp.ReadResourceResult asks with Contents nil.*\(round-trip\)`
	}
	return fileResult(req, res)
}

// Built in a variable that nothing completes, in a switch.
func readSwitch(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	switch {
	case !ok:
		asking := &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"file": pickAsk()}} // want `mcp.ReadResourceResult asks with Contents nil.*\(round-trip\)`
		return asking, nil
	}
	return fileResult(req, res)
}

// A helper that makes the asking result.
func askForFile() *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"file": pickAsk()}} // want `mcp.ReadResourceResult asks with Contents nil.*\(round-trip\)`
}

func readHelper(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return askForFile(), nil
	}
	return fileResult(req, res)
}

// Near misses.

// An empty Contents beside the requests: both protocols work.
func readEmpty(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{}, InputRequests: mcp.InputRequestMap{"file": pickAsk()}}, nil
	}
	return fileResult(req, res)
}

// The variable gets its Contents before it is returned.
func readCompleted(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["file"].(*mcp.ElicitResult)
	if !ok {
		asking := &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"file": pickAsk()}}
		asking.Contents = []*mcp.ResourceContents{}
		return asking, nil
	}
	return fileResult(req, res)
}

// No requests: nothing to ask, nothing to report.
func readNoRequests(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI}}, InputRequests: nil}, nil
}

// A prompt result may ask with its Messages nil: go-sdk checks no
// prompt's messages (run with both protocols in testdata/rtproof).
func promptAsks(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["tone"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"tone": &mcp.ElicitParams{Message: "Which tone?", RequestedSchema: pickSchema}}}, nil
	}
	switch res.Action {
	case "accept":
		return &mcp.GetPromptResult{Description: "ok"}, nil
	case "decline", "cancel":
		return nil, errors.New("no tone")
	}
	return nil, errors.New("unknown action")
}

package goapi

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type MirrorIn struct {
	Mirror string `json:"mirror"`
}

// syncMirror tells the first round from a retry by whether the call
// carries answers, and then reads its own answer by key.
func syncMirror(ctx context.Context, req *mcp.CallToolRequest, in MirrorIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		res, ok := req.Params.InputResponses["sync_mirror"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"sync_mirror": &mcp.ElicitParams{
				Message:         "Force-sync mirror " + in.Mirror + "? Local changes there are overwritten.",
				RequestedSchema: yesNo,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			if err := teamCall(ctx, "force_sync", in.Mirror); err != nil {
				return nil, nil, err
			}
			return text("mirror synced"), nil, nil
		case "decline", "cancel":
			return text("mirror left as it is"), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"sync_mirror": &mcp.ElicitParams{
		Message:         "Force-sync mirror " + in.Mirror + "? Local changes there are overwritten.",
		RequestedSchema: yesNo,
	}}}, nil, nil
}

type ImportIn struct {
	Source string `json:"source"`
}

// importCursor is where an import stopped.
type importCursor struct {
	raw string
}

// resumeImport resumes the import where the state says it stopped.
func resumeImport(ctx context.Context, req *mcp.CallToolRequest, in ImportIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["resume_import"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"resume_import": &mcp.ElicitParams{
				Message:         "Resume the import from " + in.Source + "?",
				RequestedSchema: yesNo,
			}},
			RequestState: "source=" + in.Source,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		cur := importCursor{raw: req.Params.RequestState}
		if err := teamCall(ctx, "resume_import", cur.raw); err != nil {
			return nil, nil, err
		}
		return text("import resumed"), nil, nil
	case "decline", "cancel":
		return text("import left paused"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

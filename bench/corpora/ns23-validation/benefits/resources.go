package benefits

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var languageSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"language": map[string]any{
			"type":  "string",
			"title": "Language",
			"oneOf": []map[string]any{
				{"const": "en", "title": "English"},
				{"const": "es", "title": "Español"},
			},
		},
	},
	"required": []string{"language"},
}

// PlanDocument serves the summary of benefits in the reader's language.
func PlanDocument(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["doc_language"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return documentIn(req.Params.URI, "en"), nil
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"doc_language": &mcp.ElicitParams{
			Message:         "Which language would you like the plan document in?",
			RequestedSchema: languageSchema,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		lang, _ := res.Content["language"].(string)
		return documentIn(req.Params.URI, lang), nil
	case "decline", "cancel":
		return documentIn(req.Params.URI, "en"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// benefitsGuide asks which life event the member had, and writes the
// prompt for it. Prompt results may ask with Messages nil.
func benefitsGuide(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["life_event"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return guideFor("none"), nil
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"life_event": &mcp.ElicitParams{
			Message: "Did something change in your life recently?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"event": map[string]any{
						"type":  "string",
						"title": "Life event",
						"oneOf": []map[string]any{
							{"const": "marriage", "title": "Marriage or partnership"},
							{"const": "birth", "title": "Birth or adoption"},
							{"const": "move", "title": "Moved to a new state"},
							{"const": "none", "title": "Nothing changed"},
						},
					},
				},
				"required": []string{"event"},
			},
		}}}, nil
	}
	switch res.Action {
	case "accept":
		event, _ := res.Content["event"].(string)
		return guideFor(event), nil
	case "decline", "cancel":
		return guideFor("none"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

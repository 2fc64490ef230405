package rt

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func done(res *mcp.ElicitationResult, what string) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		deployTo(what)
		return mcp.NewToolResultText(what + ": done"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(what + ": nothing done"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// connectHandler asks for a url-mode sign-in without an ElicitationID.
func connectHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "connect"); res != nil {
		return done(res, "connect")
	}
	if !canAskURL(ctx) {
		return mcp.NewToolResultError("connecting needs a client that can open a URL"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("connect", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Connect your storage account",
			URL:     "https://auth.example.com/connect",
		}).ToolResult(), nil
}

// shareHandler sends a link that carries an access token.
func shareHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "share"); res != nil {
		return done(res, "share")
	}
	if !canAskURL(ctx) {
		return mcp.NewToolResultError("sharing needs a client that can open a URL"), nil
	}
	id := rand.Text()
	return server.NewInputRequestBuilder("").
		Elicit("share", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Open the shared folder",
			URL:           "https://files.example.com/folder?access_token=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
}

// billingHandler uses one ElicitationID for every call.
func billingHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "billing"); res != nil {
		return done(res, "billing")
	}
	if !canAskURL(ctx) {
		return mcp.NewToolResultError("billing needs a client that can open a URL"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("billing", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Update your billing details",
			URL:           "https://billing.example.com/update",
			ElicitationID: "billing-update",
		}).ToolResult(), nil
}

// labelHandler sends a form with no message.
func labelHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "label"); res != nil {
		return done(res, "label")
	}
	if !canAsk(ctx) {
		return mcp.NewToolResultError("labelling needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("label", mcp.ElicitationParams{RequestedSchema: yesNo}).
		ToolResult(), nil
}

// termsHandler puts a clickable link in a form's message.
func termsHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "terms"); res != nil {
		return done(res, "terms")
	}
	if !canAsk(ctx) {
		return mcp.NewToolResultError("this needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("terms", mcp.ElicitationParams{
			Message:         "Do you accept the terms at https://acme.example.com/terms?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
}

// loginHandler asks for a password in a form.
func loginHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "login")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("logging in needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("login", mcp.ElicitationParams{
			Message: "Log in to the registry",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"username": map[string]any{"type": "string"},
					"password": map[string]any{"type": "string"},
				},
				"required": []string{"username", "password"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no credentials in the answer"), nil
		}
		user, _ := m["username"].(string)
		pass, _ := m["password"].(string)
		deployTo(user + ":" + pass)
		return mcp.NewToolResultText("logged in"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not logged in"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// sizeHandler misspells a property type.
func sizeHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "size")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("this needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("size", mcp.ElicitationParams{
			Message: "Which size?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"size": map[string]any{"type": "strng"}},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, _ := res.Content.(map[string]any)
		size, _ := m["size"].(string)
		return mcp.NewToolResultText("size " + size), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("default size"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var qtySchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"qty": map[string]any{"type": "number", "minimum": 1}},
	"required":   []string{"qty"},
}

// orderHandler reads the quantity before it checks the action.
func orderHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "order")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("ordering needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("order", mcp.ElicitationParams{Message: "How many?", RequestedSchema: qtySchema}).
			ToolResult(), nil
	}
	data, _ := res.Content.(map[string]any)
	qty, _ := data["qty"].(float64)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		deployTo(fmt.Sprintf("order-%d", int(qty)))
		return mcp.NewToolResultText("ordered"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no order"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// restartHandler leaves on decline only, so cancel restarts.
func restartHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "restart")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("restarting needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("restart", mcp.ElicitationParams{Message: "Restart the service?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("not restarted"), nil
	}
	purgeAll()
	return mcp.NewToolResultText("restarted"), nil
}

// planHandler asks the user to choose a plan and ignores the choice.
func planHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "plan")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("this needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("plan", mcp.ElicitationParams{
			Message: "Which plan?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"plan": map[string]any{"type": "string", "enum": []string{"free", "pro", "team"}}},
				"required":   []string{"plan"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		deployTo("upgrade")
		return mcp.NewToolResultText("plan changed"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("plan kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// tagsHandler asks for an array of free-form strings.
func tagsHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "tags")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("this needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("tags", mcp.ElicitationParams{
			Message: "Which tags?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"tags": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, _ := res.Content.(map[string]any)
		tags, _ := m["tags"].([]any)
		return mcp.NewToolResultText(fmt.Sprintf("%d tags", len(tags))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no tags"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// handBuiltHandler builds the asking result by hand, without ResultType.
func handBuiltHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.ElicitationResponse(req.Params.InputResponses, "handbuilt"); res != nil {
		return done(res, "handbuilt")
	}
	if !canAsk(ctx) {
		return mcp.NewToolResultError("this needs a client that can ask its user"), nil
	}
	return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
		InputRequests: mcp.InputRequests{
			"handbuilt": mcp.NewElicitationInputRequest(mcp.ElicitationParams{Message: "Proceed?", RequestedSchema: yesNo}),
		},
	}}, nil
}

// surveyHandler returns its question on every path and never reads the answer.
func surveyHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canAsk(ctx) {
		return mcp.NewToolResultError("the survey needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").
		Elicit("survey", mcp.ElicitationParams{Message: "Did this tool help?", RequestedSchema: yesNo}).
		ToolResult(), nil
}

// surveyStatusHandler reports the answer another tool asked for.
func surveyStatusHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "survey")
	if res == nil {
		return mcp.NewToolResultText("no survey answer in this call"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("the user found it helpful"), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("the user did not find it helpful"), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("the user skipped the survey"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// summaryHandler asserts the sampled content before converting it.
func summaryHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.SamplingResponse(req.Params.InputResponses, "summary"); res != nil {
		if tc, ok := res.Content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
		return mcp.NewToolResultError("summarising needs a client that can sample"), nil
	}
	return server.NewInputRequestBuilder("").
		Sample("summary", mcp.CreateMessageParams{
			MaxTokens: 200,
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Summarise the changes.")}},
		}).ToolResult(), nil
}

// titleHandler converts the sampled content first.
func titleHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.SamplingResponse(req.Params.InputResponses, "title"); res != nil {
		content, err := mcp.ParseSamplingContent(res.Content)
		if err != nil {
			return nil, err
		}
		if tc, ok := content.(mcp.TextContent); ok {
			return mcp.NewToolResultText(tc.Text), nil
		}
		return mcp.NewToolResultError("the model did not answer with text"), nil
	}
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Sampling == nil {
		return mcp.NewToolResultError("titling needs a client that can sample"), nil
	}
	return server.NewInputRequestBuilder("").
		Sample("title", mcp.CreateMessageParams{
			MaxTokens: 50,
			Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Suggest a title.")}},
		}).ToolResult(), nil
}

// rootsHandler asks for the client's roots in the round trip.
func rootsHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res := server.RootsResponse(req.Params.InputResponses, "roots"); res != nil {
		names := make([]string, 0, len(res.Roots))
		for _, r := range res.Roots {
			names = append(names, r.URI)
		}
		return mcp.NewToolResultText(strings.Join(names, "\n")), nil
	}
	info := server.RequestProtocolInfoFromContext(ctx)
	if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Roots == nil {
		return mcp.NewToolResultText("no roots declared"), nil
	}
	return server.NewInputRequestBuilder("").Roots("roots").ToolResult(), nil
}

// sessionRootsHandler lists roots through the session's own method.
func sessionRootsHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("this session has no roots"), nil
	}
	res, err := sess.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d roots", len(res.Roots))), nil
}

func registerForms(s *server.MCPServer) {
	for name, h := range map[string]server.ToolHandlerFunc{
		"connect": connectHandler, "share": shareHandler, "billing": billingHandler, "label": labelHandler,
		"terms": termsHandler, "login": loginHandler, "size": sizeHandler, "order": orderHandler,
		"restart": restartHandler, "plan": planHandler, "tags": tagsHandler, "handbuilt": handBuiltHandler,
		"survey": surveyHandler, "survey_status": surveyStatusHandler, "summary": summaryHandler,
		"title": titleHandler, "roots": rootsHandler, "session_roots": sessionRootsHandler,
	} {
		s.AddTool(mcp.NewTool(name), h)
	}
}

// Package stepsdispatch serves its tools from one handler that dispatches
// on the tool's name. A state reaches back only to the tool whose result
// set it, so each tool's steps are read against its own states, even where
// another tool sets one that cannot be read.
package stepsdispatch

import (
	"context"
	"encoding/base64"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

type wizard struct{}

func (w *wizard) handle(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch request.Params.Name {
	case "rename_project":
		return w.renameProject(ctx, request)
	case "rename_service":
		return w.renameService(ctx, request)
	case "provision":
		return w.provision(ctx, request)
	}
	return nil, fmt.Errorf("no tool %q", request.Params.Name)
}

// renameProject compares with a state its first round never sets.
func (w *wizard) renameProject(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch request.Params.RequestState {
	case "project-asked": // want `RequestState is compared with "project-asked", which no result of this package sets.*\(round-trip\)`
		return w.answered(request, "project_approve", "Rename the project?")
	default:
		return server.NewInputRequestBuilder("").
			Elicit("project_approve", mcp.ElicitationParams{Message: "Rename the project?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
}

// renameService is its near miss: the first round sets the state.
func (w *wizard) renameService(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch request.Params.RequestState {
	case "service-asked":
		return w.answered(request, "service_approve", "Rename the service?")
	default:
		return server.NewInputRequestBuilder("service-asked").
			Elicit("service_approve", mcp.ElicitationParams{Message: "Rename the service?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
}

// answered reads the answer to key, and asks again, under the state it
// was given, when it is missing.
func (w *wizard) answered(request mcp.CallToolRequest, key, question string) (*mcp.CallToolResult, error) { // want answered:`elicitWrapper\(2:Message\) mode=form`
	res := server.ElicitationResponse(request.Params.InputResponses, key)
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).
			Elicit(key, mcp.ElicitationParams{Message: question, RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("answered " + string(res.Action)), nil
}

// provision sets a state that cannot be read: the package-wide reading
// says nothing, and provision's own steps are not judged.
func (w *wizard) provision(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if request.Params.RequestState == "sized" {
		return w.answered(request, "provision_size", "Which size?")
	}
	state := base64.StdEncoding.EncodeToString([]byte(request.GetString("size", "")))
	return server.NewInputRequestBuilder(state).
		Elicit("provision_size", mcp.ElicitationParams{Message: "Which size?", RequestedSchema: yesNo}).
		ToolResult(), nil
}

// start and finish split one tool by its round: finish compares with a
// state start sets, so finish is not judged by its own results alone.
func start(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if request.Params.RequestState != "" {
		return finish(ctx, request)
	}
	return server.NewInputRequestBuilder("round=1").
		Elicit("round1", mcp.ElicitationParams{Message: "First question?", RequestedSchema: yesNo}).
		ToolResult(), nil
}

func finish(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if request.Params.RequestState == "round=1" {
		res := server.ElicitationResponse(request.Params.InputResponses, "round1")
		if res == nil {
			return server.NewInputRequestBuilder("round=1-again").
				Elicit("round1", mcp.ElicitationParams{Message: "First question?", RequestedSchema: yesNo}).
				ToolResult(), nil
		}
		return mcp.NewToolResultText("answered " + string(res.Action)), nil
	}
	return mcp.NewToolResultText("done"), nil
}

func register(s *server.MCPServer) {
	w := &wizard{}
	for _, name := range []string{"rename_project", "rename_service", "provision"} {
		s.AddTool(mcp.NewTool(name), w.handle)
	}
	s.AddTool(mcp.NewTool("two_rounds"), start)
}

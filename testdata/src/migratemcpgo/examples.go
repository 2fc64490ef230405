package migratemcpgo

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A handler returned by a function, with the request built in a variable
// first: the key is the function's name.
func projectHandler(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// Create an elicitation request to get project details
		elicitationRequest := mcp.ElicitationRequest{
			Params: mcp.ElicitationParams{
				Message: "Project details?",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"projectName": map[string]any{"type": "string"}},
				},
			},
		}

		// Request elicitation from the client
		result, err := s.RequestElicitation(ctx, elicitationRequest) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, fmt.Errorf("failed to request elicitation: %w", err)
		}
		switch result.Action {
		case mcp.ElicitationResponseActionAccept:
			return mcp.NewToolResultText("created"), nil
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("declined"), nil
		default:
			return nil, fmt.Errorf("cancelled")
		}
	}
}

func registerExamples(mcpServer *server.MCPServer) {
	// Reads of the arguments and early returns before a request in a
	// branch.
	mcpServer.AddTool(mcp.NewTool("process_data"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			dataRaw, exists := request.GetArguments()["data"]
			if !exists {
				return nil, fmt.Errorf("required parameter 'data' is missing")
			}
			data, ok := dataRaw.(string)
			if !ok {
				return nil, fmt.Errorf("parameter 'data' must be a string, got %T", dataRaw)
			}
			if len(data) > 100 {
				log.Printf("asking about %d characters", len(data))
				elicitationRequest := mcp.ElicitationRequest{
					Params: mcp.ElicitationParams{
						Message:         fmt.Sprintf("The data is %d characters long. Proceed?", len(data)),
						RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"proceed": map[string]any{"type": "boolean"}}},
					},
				}
				result, err := mcpServer.RequestElicitation(ctx, elicitationRequest) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
				if err != nil {
					return nil, fmt.Errorf("failed to get confirmation: %w", err)
				}
				if result.Action != mcp.ElicitationResponseActionAccept {
					return mcp.NewToolResultText("Processing cancelled by user"), nil
				}
			}
			return mcp.NewToolResultText(fmt.Sprintf("Processed %d characters", len(data))), nil
		})
	// url mode with an ID made at random before the request: the second
	// call would make another.
	mcpServer.AddTool(mcp.NewTool("auth_via_url"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			session := server.ClientSessionFromContext(ctx)
			if session == nil {
				return nil, fmt.Errorf("no active session")
			}
			elicitationID := rand.Text()
			url := fmt.Sprintf("https://myserver.com/set-api-key?elicitationId=%s", elicitationID)
			result, err := mcpServer.RequestURLElicitation(ctx, session, elicitationID, url, "Please authenticate in your browser to continue.") // want `MCPServer.RequestURLElicitation returns .*; no automatic fix: .rand.Text\(\). before the request runs again on the call that brings the answer; until it is migrated, pinning .* \(round-trip\)`
			if err != nil {
				return nil, fmt.Errorf("URL elicitation failed: %w", err)
			}
			return mcp.NewToolResultText(string(result.Action)), nil
		})
	// url mode with the ID from the call's arguments: migrated.
	mcpServer.AddTool(mcp.NewTool("auth_with_id"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			id := request.GetString("id", "")
			result, err := mcpServer.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id, "https://myserver.com/auth?id="+id, "Please authenticate.") // want `MCPServer.RequestURLElicitation returns .*which works with old and new clients \(round-trip\)`
			if err != nil {
				return nil, fmt.Errorf("URL elicitation failed: %w", err)
			}
			return mcp.NewToolResultText(string(result.Action)), nil
		})
	// Two questions at once, sampling and roots: one builder chain.
	mcpServer.AddTool(mcp.NewTool("summarise_folder"),
		func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			roots, err := mcpServer.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `MCPServer.RequestRoots returns .*\(round-trip\)`
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			summary, err := mcpServer.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{MaxTokens: 50}}) // want `MCPServer.RequestSampling returns .*\(round-trip\)`
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return mcp.NewToolResultText(fmt.Sprint(len(roots.Roots), summary.Model)), nil
		})
}

func registerSampling(mcpServer *server.MCPServer) {
	// An err declared before, a context and a server made only for the
	// request: the fix removes what would be left unused.
	mcpServer.AddTool(mcp.NewTool("ask_llm"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		question, err := request.RequireString("question")
		if err != nil {
			return nil, err
		}
		samplingRequest := mcp.CreateMessageRequest{
			CreateMessageParams: mcp.CreateMessageParams{
				Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: question}}},
				MaxTokens: 1000,
			},
		}
		samplingCtx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		serverFromCtx := server.ServerFromContext(ctx)
		result, err := serverFromCtx.RequestSampling(samplingCtx, samplingRequest) // want `MCPServer.RequestSampling returns .*in the long run, call the model provider's API from the server \(round-trip\)`
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(result.Model, result.Content)), nil
	})
	// The request in the init of an if, as mcp-go's roots examples write
	// it: the answer is read there, and the guard goes first in the branch
	// that runs without one.
	mcpServer.AddTool(mcp.NewTool("list_roots"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		rootRequest := mcp.ListRootsRequest{}
		if result, err := mcpServer.RequestRoots(ctx, rootRequest); err == nil { // want `MCPServer.RequestRoots returns .*which works with old and new clients; in the long run, take paths from tool arguments, resource URIs or configuration \(round-trip\)`
			return mcp.NewToolResultText(fmt.Sprint(result.Roots)), nil
		} else {
			return mcp.NewToolResultError(fmt.Sprintf("Failed to list roots: %v", err)), nil
		}
	})
	// err != nil first, and no else: the guard goes first in the if's body.
	mcpServer.AddTool(mcp.NewTool("count_roots"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := mcpServer.RequestRoots(ctx, mcp.ListRootsRequest{}); err != nil { // want `MCPServer.RequestRoots returns .*which works with old and new clients; in the long run, take paths from tool arguments, resource URIs or configuration \(round-trip\)`
			return mcp.NewToolResultError("no roots"), nil
		}
		return mcp.NewToolResultText("roots listed"), nil
	})
	// An if whose condition reads the answer too is left alone.
	mcpServer.AddTool(mcp.NewTool("first_root"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if result, err := mcpServer.RequestRoots(ctx, mcp.ListRootsRequest{}); err == nil && len(result.Roots) > 0 { // want `MCPServer.RequestRoots returns .*; no automatic fix: the request is in the init statement of an if whose condition is not err == nil or err != nil; until it is migrated, pinning .* \(round-trip\)`
			return mcp.NewToolResultText(result.Roots[0].URI), nil
		}
		return mcp.NewToolResultError("no roots"), nil
	})
}

// Values built before the request with calls that only compute: a
// url.Values filled and encoded, a strings.Builder, content made with the
// SDK's constructor, JSON of the call's arguments. They run twice, to the
// same effect.
func registerBuilt(mcpServer *server.MCPServer) {
	mcpServer.AddTool(mcp.NewTool("connect"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		q := url.Values{}
		q.Set("user", request.GetString("user", ""))
		var b strings.Builder
		b.WriteString("Connect ")
		b.WriteString(request.GetString("user", ""))
		intro := mcp.NewTextContent(b.String())
		args, err := json.Marshal(request.GetArguments())
		if err != nil {
			return nil, err
		}
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: intro.Text + " (" + string(args) + ")?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"url": map[string]any{"type": "string", "default": "https://example.com/connect?" + q.Encode()}}}}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, err
		}
		// err is used again for something else: the request's error is
		// gone by then.
		raw, err := json.Marshal(res.Content)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(raw)), nil
	})
	// A counter in the server's state is not a value of the call.
	mcpServer.AddTool(mcp.NewTool("counted"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		asked.Add(1)
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; no automatic fix: .asked.Add\(1\). before the request runs again on the call that brings the answer; until it is migrated, pinning .* \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	})
	// A map captured from the enclosing function is the server's, not the
	// call's: filling it twice is seen by every call.
	seen := map[string]bool{}
	mcpServer.AddTool(mcp.NewTool("remember"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		q := url.Values(seenValues)
		q.Set("user", request.GetString("user", ""))
		seen[request.GetString("user", "")] = true
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; no automatic fix: .q.Set\("user", request.GetString\("user", ""\)\). before the request runs again on the call that brings the answer; until it is migrated, pinning .* \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	})
	// A function of the package that only reads what it is given (here the
	// server's catalog, not a value of the call) runs twice to the same
	// effect, as terraform-mcp-server's buildElicitationSchema does; one
	// that changes what it is given does not.
	mcpServer.AddTool(mcp.NewTool("describe"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		title := describe(catalog)
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Use " + title + "?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	})
	mcpServer.AddTool(mcp.NewTool("tally"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		tally(catalog)
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Go on?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*; no automatic fix: .tally\(catalog\). before the request runs again on the call that brings the answer, and it writes: .m.Views\+\+. in migratemcpgo.tally; until it is migrated, pinning .* \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(res.Action)), nil
	})
}

var seenValues = map[string][]string{}

type module struct {
	Name   string
	Inputs []string
	Views  int
}

var catalog = &module{Name: "net", Inputs: []string{"cidr"}}

// describe only reads its module.
func describe(m *module) string {
	out := m.Name
	for _, in := range m.Inputs {
		out += " " + in
	}
	return out + " (" + inputCount(m.Inputs) + ")"
}

func inputCount(ins []string) string { return strconv.Itoa(len(ins)) }

// tally changes its module.
func tally(m *module) { m.Views++ }

var asked atomic.Int64

// A prompt handler: PromptResult carries requests too.
func registerPrompts(mcpServer *server.MCPServer) {
	mcpServer.AddPrompt(mcp.NewPrompt("tone"), func(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		res, err := mcpServer.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Which tone?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}) // want `MCPServer.RequestElicitation returns .*which works with old and new clients \(round-trip\)`
		if err != nil {
			return nil, err
		}
		return &mcp.GetPromptResult{Description: string(res.Action)}, nil
	})
	// A resource handler returns contents, which cannot carry requests.
	mcpServer.AddResource(mcp.NewResource("file:///x", "x"), func(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		res, err := mcpServer.RequestRoots(ctx, mcp.ListRootsRequest{}) // want `MCPServer.RequestRoots returns .*; no automatic fix: mcp-go resource handlers return contents, which cannot carry requests; until it is migrated, pinning .* \(round-trip\)`
		if err != nil || len(res.Roots) == 0 {
			return nil, err
		}
		return nil, nil
	})
}

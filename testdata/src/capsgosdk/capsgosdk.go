// Package capsgosdk holds the capabilities check's fixtures for go-sdk:
// round-trip requests with and without a test of the request's own client
// capabilities.
package capsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func done(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// noTest asks without testing anything: the fix adds the guard.
func noTest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"].(*mcp.ElicitResult); ok {
		return done("hello"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"}, // want `form elicitation request "name" is sent without a test that the client declared elicitation: protocol 2026-07-28 forbids .* test req.ClientCapabilities\(\).Elicitation first, and return what the tool returns when it cannot ask \(capabilities\)`
	}}, nil, nil
}

// guarded is the shape the migration writes: the guard returns what the
// handler returns when it cannot ask.
func guarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"].(*mcp.ElicitResult); ok {
		return done("hello"), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("the client cannot be asked")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}, nil, nil
}

// onlyWhatIsDeclared is go-sdk's conformance server's reference shape: each
// request is added only when the client declared its kind.
func onlyWhatIsDeclared(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	reqs := mcp.InputRequestMap{}
	if caps != nil && caps.Elicitation != nil {
		reqs["user_name"] = &mcp.ElicitParams{Message: "What is your name?"}
	}
	if caps != nil && caps.Sampling != nil {
		reqs["greeting"] = &mcp.CreateMessageParams{MaxTokens: 50}
	}
	if caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
		reqs["client_roots"] = &mcp.ListRootsParams{}
	}
	return &mcp.CallToolResult{InputRequests: reqs}, nil, nil
}

// urlOnForm sends url mode where only elicitation is tested: a client
// declaring "elicitation": {} supports form mode only.
func urlOnForm(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil {
		return done("sign in at https://example.com/login"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"}, // want `url-mode elicitation request "login" is guarded by a test of elicitation that a client declaring only form mode passes \(a bare "elicitation": \{\} means form only\): test req.ClientCapabilities\(\).Elicitation.URL \(capabilities\)`
	}}, nil, nil
}

// urlOnFormField tests form mode explicitly, and sends url mode.
func urlOnFormField(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil && caps.Elicitation.Form != nil {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"}, // want `url-mode elicitation request "login" is guarded by a test of elicitation that a client declaring only form mode passes .*\(capabilities\)`
		}}, nil, nil
	}
	return done("sign in at https://example.com/login"), nil, nil
}

// urlTested tests url mode.
func urlTested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return done("sign in at https://example.com/login"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"},
	}}, nil, nil
}

// fromSession tests the session's capabilities, which on 2026-07-28 are an
// earlier request's.
func fromSession(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	params := req.Session.InitializeParams()
	if params == nil || params.Capabilities == nil || params.Capabilities.Elicitation == nil {
		return done("cannot ask"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"}, // want `form elicitation request "name" is guarded by the session's capabilities, not this request's: .* test req.ClientCapabilities\(\).Elicitation, which falls back to the session's for older clients \(capabilities\)`
	}}, nil, nil
}

// sessionOnOlder reads the session's capabilities on the older protocols
// only, where they are the request's.
func sessionOnOlder(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		if p := req.Session.InitializeParams(); p != nil && p.Capabilities != nil && p.Capabilities.Elicitation != nil {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}, nil, nil
		}
		return done("cannot ask"), nil, nil
	}
	if canElicit(req) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}, nil, nil
	}
	return done("cannot ask"), nil, nil
}

// canElicit is a capability test written as a helper.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	if caps == nil {
		return false
	}
	return caps.Elicitation != nil
}

// hasURL tests the capabilities it is given.
func hasURL(c *mcp.ClientCapabilities) bool {
	return c != nil && c.Elicitation != nil && c.Elicitation.URL != nil
}

// viaHelpers guards with the helpers: near misses.
func viaHelpers(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errors.New("the client cannot be asked")
	}
	if hasURL(req.ClientCapabilities()) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"login": &mcp.ElicitParams{Mode: "url", Message: "Sign in", URL: "https://example.com/login"},
		}}, nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}, nil, nil
}

// samplingTools sends tools where only sampling is tested.
func samplingTools(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Sampling == nil {
		return done("no model"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"plan": &mcp.CreateMessageWithToolsParams{MaxTokens: 100, Tools: []*mcp.Tool{{Name: "search"}}}, // want `sampling request "plan" sends tools, but only the sampling capability is tested: .* test req.ClientCapabilities\(\).Sampling.Tools \(capabilities\)`
	}}, nil, nil
}

// samplingToolsTested tests sampling with tools.
func samplingToolsTested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Sampling == nil || caps.Sampling.Tools == nil {
		return done("no model"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"plan": &mcp.CreateMessageWithToolsParams{MaxTokens: 100, Tools: []*mcp.Tool{{Name: "search"}}},
	}}, nil, nil
}

// sampling and roots with no test: one fix each.
func samplingNoTest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["capital"].(*mcp.CreateMessageWithToolsResult); ok {
		return done("Paris"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"capital": &mcp.CreateMessageParams{MaxTokens: 10}}}, nil, nil // want `sampling request "capital" is sent without a test that the client declared sampling: .*\(capabilities\)`
}

func rootsNoTest(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult); ok {
		return done("listed"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil // want `roots request "roots" is sent without a test that the client declared roots: .* test req.ClientCapabilities\(\).RootsV2 first, .*\(capabilities\)`
}

// several asks for three kinds at once with no test: no one guard fits.
func several(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		return done("thanks"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"user_name":    &mcp.ElicitParams{Message: "What is your name?"}, // want `form elicitation request "user_name" is sent without a test .*; no automatic fix: the result asks for several requests at once; test each capability, and ask only for what the client declared \(capabilities\)`
		"greeting":     &mcp.CreateMessageParams{MaxTokens: 50},          // want `sampling request "greeting" is sent without a test .*; no automatic fix: the result asks for several requests at once.*\(capabilities\)`
		"client_roots": &mcp.ListRootsParams{},                           // want `roots request "client_roots" is sent without a test .*; no automatic fix: the result asks for several requests at once.*\(capabilities\)`
	}}, nil, nil
}

// askName is a helper that builds the request; its callers decide.
func askName() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}
}

func helperGuarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return done("cannot ask"), nil, nil
	}
	return askName(), nil, nil
}

// askRoots is a helper one of whose callers does not test.
func askRoots() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}
}

func rootsGuarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return done("no roots"), nil, nil
	}
	return askRoots(), nil, nil
}

// rootsUnguarded is where the test is missing: the call is reported.
func rootsUnguarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return askRoots(), nil, nil // want `roots request "roots" that askRoots builds is sent from here without a test .*; test req.ClientCapabilities\(\).RootsV2 before this call, .*; no automatic fix: the request is built outside the handler that sends it \(capabilities\)`
}

// AskExported may be called from anywhere: its callers are not known.
func AskExported() *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"name": &mcp.ElicitParams{Message: "Your name?"}}}
}

// prompt asks from a prompt handler with no test.
func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if _, ok := req.Params.InputResponses["topic"].(*mcp.ElicitResult); ok {
		return &mcp.GetPromptResult{Description: "topic"}, nil
	}
	return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"topic": &mcp.ElicitParams{Message: "Topic?"}}}, nil // want `form elicitation request "topic" is sent without a test .*\(capabilities\)`
}

// anyMode's params come from its caller: the mode is not known, and a test
// of either mode will do.
func anyMode(ctx context.Context, req *mcp.CallToolRequest, p *mcp.ElicitParams) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return done("cannot ask"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"it": p}}, nil, nil
}

// flowKey's key is a prefix and a flow's ID, as github-mcp-server's
// authorization prompt is: the finding names no key.
func flowKey(ctx context.Context, req *mcp.CallToolRequest, flow string) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"authorize:" + flow: &mcp.ElicitParams{Message: "Authorize?"}}}, nil, nil // want `form elicitation request is sent without a test that the client declared elicitation: .*\(capabilities\)`
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "no_test"}, noTest)
	mcp.AddTool(s, &mcp.Tool{Name: "literal"}, func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"ok": &mcp.ElicitParams{Message: "OK?"}}}, nil, nil // want `form elicitation request "ok" is sent without a test .*\(capabilities\)`
	})
}

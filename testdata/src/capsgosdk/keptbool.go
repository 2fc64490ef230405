package capsgosdk

import (
	"context"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Capabilities kept as a bool per session: whether the session declared
// elicitation at initialize. Tested instead of the request's own, it is
// the session's, kept.

var elicitBySession sync.Map // session ID -> bool

var urlBySession = map[string]bool{}

func newBoolKeepingServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "keeping-bools"}, &mcp.ServerOptions{
		InitializedHandler: func(ctx context.Context, req *mcp.InitializedRequest) {
			caps := req.Session.InitializeParams().Capabilities
			elicitBySession.Store(req.Session.ID(), caps.Elicitation != nil)
			urlBySession[req.Session.ID()] = caps.Elicitation != nil && caps.Elicitation.URL != nil
		},
	})
}

// fromKeptBool loads the bool with comma-ok.
func fromKeptBool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	can := false
	if v, ok := elicitBySession.Load(req.Session.ID()); ok {
		can, _ = v.(bool)
	}
	if !can {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"}, // want `form elicitation request "name" is guarded by capabilities kept in elicitBySession, not this request's: .*\(capabilities\)`
	}}, nil, nil
}

// fromKeptMap indexes a map of bools.
func fromKeptMap(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["pay"]; ok {
		return done("paid"), nil, nil
	}
	if !urlBySession[req.Session.ID()] {
		return nil, nil, errors.New("this tool needs url elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"pay": &mcp.ElicitParams{Mode: "url", Message: "Pay here", URL: "https://pay.example.com/x", ElicitationID: req.Params.Name}, // want `url-mode elicitation request "pay" is guarded by capabilities kept in urlBySession, not this request's: .*\(capabilities\)`
	}}, nil, nil
}

// fromRequestBool is the near miss: the bool is computed from this
// request's own capabilities.
func fromRequestBool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["name"]; ok {
		return done("hello"), nil, nil
	}
	caps := req.ClientCapabilities()
	can := caps != nil && caps.Elicitation != nil
	if !can {
		return nil, nil, errors.New("this tool needs elicitation")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"name": &mcp.ElicitParams{Message: "Your name?"},
	}}, nil, nil
}

// askKeyed files a question under the key its caller gives, after the
// message.
func askKeyed(msg, key string) *mcp.CallToolResult { // want askKeyed:`elicitWrapper\(0:Message\) mode=form`
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg}}}
}

func keyedGuarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return done("cannot ask"), nil, nil
	}
	return askKeyed("Proceed?", "go"), nil, nil
}

// keyedUnguarded is where the test is missing: the finding names the key
// the call gives, not its message.
func keyedUnguarded(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	return askKeyed("Proceed?", "go"), nil, nil // want `form elicitation request "go" that askKeyed builds is sent from here without a test .*\(capabilities\)`
}

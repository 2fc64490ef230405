package capsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Requests filed into a map in a loop over keys, sent by a return after
// a test (issue 36 §2): the test guards what is sent.

func inviteUser(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"invitee_name", "invitee_email"} {
		if _, ok := req.Params.InputResponses[k].(*mcp.ElicitResult); !ok {
			missing[k] = &mcp.ElicitParams{Message: "Please enter " + k}
		}
	}
	if len(missing) > 0 {
		if !canElicit(req) {
			return nil, nil, errors.New("inviting needs a client that can ask")
		}
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	return done("invited"), nil, nil
}

// inviteUntested: near miss, the return that sends the map tests nothing.
func inviteUntested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"invitee_name", "invitee_email"} {
		if _, ok := req.Params.InputResponses[k].(*mcp.ElicitResult); !ok {
			missing[k] = &mcp.ElicitParams{Message: "Please enter " + k} // want `form elicitation request is sent without a test that the client declared elicitation.*no automatic fix: the request is not sent by a return of its handler \(capabilities\)`
		}
	}
	if len(missing) > 0 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	return done("invited"), nil, nil
}

// inviteOneTested: near miss, one of two returns that send it tests.
func inviteOneTested(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"invitee_name", "invitee_email"} {
		if _, ok := req.Params.InputResponses[k].(*mcp.ElicitResult); !ok {
			missing[k] = &mcp.ElicitParams{Message: "Please enter " + k} // want `form elicitation request is sent without a test that the client declared elicitation.*\(capabilities\)`
		}
	}
	if len(missing) == 2 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	if len(missing) > 0 && canElicit(req) {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	return done("invited"), nil, nil
}

func registerFiled(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "invite"}, inviteUser)
	mcp.AddTool(s, &mcp.Tool{Name: "invite-untested"}, inviteUntested)
	mcp.AddTool(s, &mcp.Tool{Name: "invite-one"}, inviteOneTested)
}

// settled is given values inside an if on itself: read without going
// round in a circle (a stack overflow on mcp-grafana before), and it
// tests nothing.
func settled(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	ready := false
	for _, k := range []string{"a", "b"} {
		if !ready {
			ready = k == req.Params.Name
		}
	}
	if !ready {
		return done("not ready"), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"go": &mcp.ElicitParams{Message: "Go?"}}}, nil, nil // want `form elicitation request "go" is sent without a test.*\(capabilities\)`
}

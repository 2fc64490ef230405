package failopengosdk

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call whose result only goes into the question prepares the question:
// the path without an answer that makes it asks, it does not go ahead.

type idSource interface{ NewID() string }

type linkStore interface {
	Connected(ctx context.Context, provider string) (bool, error)
	Begin(id string)
}

type connector struct {
	ids   idSource
	links linkStore
}

func (c *connector) connectGitLab(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["gitlab"].(*mcp.ElicitResult)
	if !ok {
		id := c.ids.NewID()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitlab": &mcp.ElicitParams{Mode: "url", Message: "Connect GitLab.", URL: fmt.Sprintf("https://auth.example.com/gitlab?flow=%s", id), ElicitationID: id}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		connected, err := c.links.Connected(ctx, "gitlab")
		if err != nil {
			return nil, nil, err
		}
		if !connected {
			id := c.ids.NewID()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitlab": &mcp.ElicitParams{Mode: "url", Message: "Finish the sign-in.", URL: "https://auth.example.com/gitlab?flow=" + id, ElicitationID: id}}}, nil, nil
		}
		return text("connected"), nil, nil
	case "decline", "cancel":
		return text("not connected"), nil, nil
	}
	return text("unknown answer"), nil, nil
}

// connectBegun is its near miss: the id also starts a sign-in in the
// store, on the first call as on accept.
func (c *connector) connectBegun(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["gitlab"].(*mcp.ElicitResult)
	if !ok {
		id := c.ids.NewID() // want `connectBegun calls c.ids.NewID\(\) when InputResponses has no answer "gitlab", as it does when the user accepts.*\(fail-open\)`
		c.links.Begin(id)
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitlab": &mcp.ElicitParams{Mode: "url", Message: "Connect GitLab.", URL: "https://auth.example.com/gitlab?flow=" + id, ElicitationID: id}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		id := c.ids.NewID()
		c.links.Begin(id)
		return text("connected " + id), nil, nil
	case "decline", "cancel":
		return text("not connected"), nil, nil
	}
	return text("unknown answer"), nil, nil
}

// signInURL makes the question's URL: it computes, and writes nothing.
func signInURL(provider, id string) string {
	return "https://auth.example.com/" + provider + "?flow=" + id
}

// connectViaURLFunc passes the id through a function of the package that
// only computes the URL: the id still goes only into the question.
func (c *connector) connectViaURLFunc(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["gitea"].(*mcp.ElicitResult)
	if !ok {
		id := c.ids.NewID()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitea": &mcp.ElicitParams{Mode: "url", Message: "Connect Gitea.", URL: signInURL("gitea", id), ElicitationID: id}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		id := c.ids.NewID()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gitea": &mcp.ElicitParams{Mode: "url", Message: "Finish the sign-in.", URL: signInURL("gitea", id), ElicitationID: id}}}, nil, nil
	case "decline", "cancel":
		return text("not connected"), nil, nil
	}
	return text("unknown answer"), nil, nil
}

// connectViaRecorder is its near miss: the function the id goes through
// also records it.
func (c *connector) connectViaRecorder(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["gogs"].(*mcp.ElicitResult)
	if !ok {
		id := c.ids.NewID() // want `connectViaRecorder calls c.ids.NewID\(\) when InputResponses has no answer "gogs", as it does when the user accepts.*\(fail-open\)`
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"gogs": &mcp.ElicitParams{Mode: "url", Message: "Connect Gogs.", URL: recordedURL("gogs", id), ElicitationID: id}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		id := c.ids.NewID()
		return text("connected " + recordedURL("gogs", id)), nil, nil
	case "decline", "cancel":
		return text("not connected"), nil, nil
	}
	return text("unknown answer"), nil, nil
}

var begun []string

// recordedURL makes the URL and records the flow.
func recordedURL(provider, id string) string {
	begun = append(begun, id)
	return "https://auth.example.com/" + provider + "?flow=" + id
}

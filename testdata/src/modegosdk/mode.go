package modegosdk

import (
	"context"
	"crypto/rand"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

func cases(ctx context.Context, ss *mcp.ServerSession, mode, host string) error { // want cases:`elicitWrapper\(3:URL\)`
	id := rand.Text()
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "Form", Message: "m", RequestedSchema: schema}) // want `elicitation mode "Form" is not valid.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id})        // want `url-mode elicitation has no URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com/connect", ElicitationID: id})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://example.com/connect", ElicitationID: id}) // want `URL "http://example.com/connect" uses http.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://localhost:8080/cb", ElicitationID: id})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://127.0.0.1/cb", ElicitationID: id})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://[::1]:9000/cb", ElicitationID: id})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "/connect", ElicitationID: id})                                     // want `URL "/connect" is not an absolute URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "/connect?id=" + id, ElicitationID: id})                            // want `URL starting "/connect\?id=" is not an absolute URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://" + host + "/cb", ElicitationID: id})                       // host unknown: silent
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "http://pay.example/cb?id=" + id, ElicitationID: id})               // want `URL "http://pay.example/cb\?id=" uses http.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com", ElicitationID: id, RequestedSchema: schema}) // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com"})                                             // want `url-mode elicitation has no ElicitationID: the 2025-11-25 spec requires one.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: "m", URL: "https://example.com", RequestedSchema: schema})                   // want `form-mode elicitation sets URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: "m", ElicitationID: "book-" + id, RequestedSchema: schema})                  // want `form-mode elicitation sets ElicitationID.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: "m", ElicitationID: id, RequestedSchema: schema})                            // a variable (not followed): silent
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", URL: host, RequestedSchema: schema})                                                  // may be empty, so the mode is not known: silent
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m"})                                                                                      // go-sdk allows a form without a schema
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", URL: "https://example.com/x"})                                                        // want `url-mode elicitation has no ElicitationID.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "m", URL: "https://example.com/x", ElicitationID: id, RequestedSchema: schema})            // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: mode, Message: "m", URL: "https://example.com/x", RequestedSchema: schema})                   // mode unknown: silent

	_ = mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{Mode: "url", Message: "m", URL: "https://example.com/a", ElicitationID: id},
		{Message: "m", URL: "https://example.com/b", ElicitationID: id},                                // want `URLElicitationRequiredError element lacks Mode: "url": go-sdk panics on it.*\(mode\)`
		&mcp.ElicitParams{Mode: "form", Message: "m", URL: "https://example.com/b", ElicitationID: id}, // want `URLElicitationRequiredError element lacks Mode: "url".*\(mode\)`
		{Message: "m"}, // want `URLElicitationRequiredError element lacks Mode: "url": go-sdk panics on it \(it does not infer the mode here\); set Mode: "url" and a URL \(mode\)`
	})
	return mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{Mode: "url", Message: "m", URL: "https://example.com/a", ElicitationID: id}})
}

// Elements held in variables, and the list too.
func urlErrorsInVars(id string) error { // want urlErrorsInVars:`elicitWrapper\(0:ElicitationID\) mode=url`
	p := &mcp.ElicitParams{Message: "m", URL: "https://example.com/c", ElicitationID: id} // want `URLElicitationRequiredError element lacks Mode: "url".*\(mode\)`
	good := &mcp.ElicitParams{Mode: "url", Message: "m", URL: "https://example.com/c", ElicitationID: id}
	list := []*mcp.ElicitParams{p, good}
	if id == "" {
		return mcp.URLElicitationRequiredError([]*mcp.ElicitParams{p})
	}
	return mcp.URLElicitationRequiredError(list)
}

// A list that grows is not followed.
func urlErrorsAppended(id string) error { // want urlErrorsAppended:`elicitWrapper\(0:ElicitationID\) mode=url`
	list := []*mcp.ElicitParams{}
	list = append(list, &mcp.ElicitParams{Message: "m", URL: "https://example.com/c", ElicitationID: id})
	return mcp.URLElicitationRequiredError(list)
}

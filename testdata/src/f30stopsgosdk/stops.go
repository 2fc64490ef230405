// Package f30stopsgosdk: a return on the path without an answer is
// fail-open only when its callers go on with it (issue 30 §1), for
// go-sdk. oauthStatus has the shape of mcp-gateway's mcpadd.go.
package f30stopsgosdk

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var authorizeSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"authorize": map[string]any{"type": "boolean"}},
}

type gateway struct{}

func (g *gateway) addServer(name string) {}
func (g *gateway) openBrowser()          {}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// oauthStatus returns whether the server is authorized; false also when
// the user accepts (the browser flow starts), so false is what accept
// alone returns.
func (g *gateway) oauthStatus(ctx context.Context, req *mcp.CallToolRequest) (bool, string) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Open a browser to authorize?", RequestedSchema: authorizeSchema})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return false, "the client rejected the elicitation"
	} else if res.Action == "accept" && res.Content != nil {
		if ok, _ := res.Content["authorize"].(bool); ok {
			g.openBrowser()
			return false, "authorize in the browser, then reconnect"
		}
	}
	return true, "authorized"
}

// addServer stops where oauthStatus says false.
func (g *gateway) addServerTool(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	authorized, msg := g.oauthStatus(ctx, req)
	if !authorized {
		return text(msg), nil, nil
	}
	g.addServer(in.Name)
	return text(msg), nil, nil
}

// confirm goes ahead on its error, and its caller goes on with that.
func (g *gateway) confirm(ctx context.Context, req *mcp.CallToolRequest) bool {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Add it?", RequestedSchema: authorizeSchema})
	if err != nil {
		return true // want `gateway.confirm returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	return res.Action == "accept"
}

func (g *gateway) addConfirmed(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if !g.confirm(ctx, req) {
		return text("not added"), nil, nil
	}
	g.addServer(in.Name)
	return text("added"), nil, nil
}

// confirmStop goes ahead on its error, but its only caller stops on true:
// true means "stop" there, whatever accept returns.
func (g *gateway) confirmStop(ctx context.Context, req *mcp.CallToolRequest) bool {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Add it?", RequestedSchema: authorizeSchema})
	if err != nil {
		return true
	}
	return res.Action == "accept"
}

func (g *gateway) addAfterStop(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if g.confirmStop(ctx, req) {
		return text("the user took it from here"), nil, nil
	}
	g.addServer(in.Name)
	return text("added"), nil, nil
}

// Package ifaceuse asks through ifacelib's interfaces: Asker's calls are
// direct requests by ifacelib's fact; Sampler's are not, because this
// package puts a value of its own in it; Prompter's are not, because
// ifacelib shows nothing of its values.
package ifaceuse

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"ifacelib"
)

func ask(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	a := ifacelib.FromSession(req.Session)
	res, err := a.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?"}) // want `ServerSession.Elicit, called through the interface ifacelib.Asker, fails .*; no automatic fix: the request is made through the interface ifacelib.Asker.*\(round-trip\)`
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{}, nil, nil
	case "decline", "cancel":
	}
	return nil, nil, nil
}

type canned struct{}

func (canned) CreateMessage(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
	return &mcp.CreateMessageResult{Model: "canned"}, nil
}

func samplerFor(ss *mcp.ServerSession, offline bool) ifacelib.Sampler {
	if offline {
		return canned{}
	}
	return ifacelib.NewSampler(ss)
}

func sample(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	res, err := samplerFor(req.Session, false).CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 10})
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Model}}}, nil, nil
}

func prompt(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	var p ifacelib.Prompter = req.Session
	res, err := p.Elicit(ctx, &mcp.ElicitParams{Message: "Name?"})
	if err != nil || res.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

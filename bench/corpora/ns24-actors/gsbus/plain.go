package gsbus

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var capsBySession sync.Map // session id -> *mcp.ClientCapabilities

func rememberCaps(ctx context.Context, req *mcp.InitializedRequest) {
	capsBySession.Store(req.Session.ID(), req.Session.InitializeParams().Capabilities)
}

// NewPlain builds the server without the elicitation middleware.
func NewPlain(store *command.Store, x *command.Executor) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "actors-bus-plain", Version: "2.0.0"}, &mcp.ServerOptions{
		InitializedHandler: rememberCaps,
	})
	b := &Bus{store: store, x: x}
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, b.cachedTool)
	return s
}

// cachedTool asks when the session said at initialize that it can.
func (b *Bus) cachedTool(ctx context.Context, req *mcp.CallToolRequest, in CmdIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["cached"].(*mcp.ElicitResult)
	if !ok {
		v, _ := capsBySession.Load(req.Session.ID())
		caps, _ := v.(*mcp.ClientCapabilities)
		if caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("archiving needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"cached": &mcp.ElicitParams{
			Message: "Archive " + in.Item + "?",
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := b.x.Run(ctx, req.Session.ID(), &command.DeleteCmd{Store: b.store, Item: in.Item}); err != nil {
			return nil, nil, err
		}
		return textResult("Archived."), nil, nil
	case "decline", "cancel":
		return textResult("Kept."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package failopengosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Both eras in one handler: a direct request for older protocols, the
// round trip for 2026-07-28. The work the round trip's accept does is not
// done unasked: the legacy branch that goes ahead when its request fails
// is fail-open all the same.

func wipeBothEras(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Wipe " + in.Series + "?", RequestedSchema: confirmSchema}
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			log.Printf("cannot ask (%v), wiping anyway", err)
			store.DeleteSeries(ctx, in.Series) // want `wipeBothEras calls store.DeleteSeries\(...\) when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
			return text("wiped"), nil, nil
		}
		if res.Action == "accept" && res.Content["confirm"] == true {
			store.DeleteSeries(ctx, in.Series)
			return text("wiped"), nil, nil
		}
		return text("kept"), nil, nil
	}
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("wiping needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": params}}, nil, nil
	}
	if res.Action == "accept" && res.Content["confirm"] == true {
		store.DeleteSeries(ctx, in.Series)
		return text("wiped"), nil, nil
	}
	return text("kept"), nil, nil
}

// wipeBothErasClosed is its near miss: the legacy branch refuses when
// its request fails.
func wipeBothErasClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Wipe " + in.Series + "?", RequestedSchema: confirmSchema}
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			return nil, nil, err
		}
		if res.Action == "accept" && res.Content["confirm"] == true {
			store.DeleteSeries(ctx, in.Series)
			return text("wiped"), nil, nil
		}
		return text("kept"), nil, nil
	}
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("wiping needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": params}}, nil, nil
	}
	if res.Action == "accept" && res.Content["confirm"] == true {
		store.DeleteSeries(ctx, in.Series)
		return text("wiped"), nil, nil
	}
	return text("kept"), nil, nil
}

// wipeUnlessForced is a near miss too: a setting skips the question and
// wipes unasked, so the work done when the request fails is the setting's
// way too, not only accept's.
func wipeUnlessForced(ctx context.Context, req *mcp.CallToolRequest, in struct {
	Series string
	Force  bool
}) (*mcp.CallToolResult, any, error) {
	if skipConfirm {
		store.DeleteSeries(ctx, in.Series)
		return text("wiped"), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask (%v), wiping anyway", err)
		store.DeleteSeries(ctx, in.Series)
		return text("wiped"), nil, nil
	}
	if res.Action == "accept" && res.Content["confirm"] == true {
		store.DeleteSeries(ctx, in.Series)
		return text("wiped"), nil, nil
	}
	return text("kept"), nil, nil
}

var skipConfirm = false

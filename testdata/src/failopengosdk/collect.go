package failopengosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A handler that asks for several answers files each missing one's
// question in a map, or its key in a slice, and asks when anything was
// filed: a path without an answer never falls into the work.

var valueForm = map[string]any{"type": "object", "properties": map[string]any{"value": map[string]any{"type": "string"}}}

func canElicit(req *mcp.CallToolRequest) bool {
	c := req.ClientCapabilities()
	return c != nil && c.Elicitation != nil
}

// tagAll files the questions in a map.
func tagAll(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	got := map[string]string{}
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"owner", "team"} {
		res, ok := req.Params.InputResponses[k].(*mcp.ElicitResult)
		if !ok {
			missing[k] = &mcp.ElicitParams{Message: "Which " + k + "?", RequestedSchema: valueForm}
			continue
		}
		switch res.Action {
		case "accept":
			v, _ := res.Content["value"].(string)
			got[k] = v
		case "decline", "cancel":
			return &mcp.CallToolResult{}, nil, nil
		default:
			return nil, nil, errors.New("unknown action")
		}
	}
	if len(missing) > 0 {
		if !canElicit(req) {
			return nil, nil, errors.New("tagging needs a client that can ask")
		}
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	for k, v := range got {
		store.DeleteSeries(ctx, in.Name+"/"+k+v)
	}
	return &mcp.CallToolResult{}, nil, nil
}

// tagAllKeys files the keys in a slice, and asks when there are any.
func tagAllKeys(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	var missing []string
	for _, k := range []string{"owner", "team"} {
		res, ok := req.Params.InputResponses[k].(*mcp.ElicitResult)
		if !ok {
			missing = append(missing, k)
			continue
		}
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return &mcp.CallToolResult{}, nil, nil
		default:
			return nil, nil, errors.New("unknown action")
		}
	}
	if len(missing) != 0 && canElicit(req) {
		ask := mcp.InputRequestMap{}
		for _, k := range missing {
			ask[k] = &mcp.ElicitParams{Message: "Which " + k + "?", RequestedSchema: valueForm}
		}
		return &mcp.CallToolResult{InputRequests: ask}, nil, nil
	}
	if len(missing) != 0 {
		return nil, nil, errors.New("tagging needs a client that can ask")
	}
	store.DeleteSeries(ctx, in.Name)
	return &mcp.CallToolResult{}, nil, nil
}

// tagSome files a question only when the client can be asked: without
// that, a missing answer falls into the work.
func tagSome(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"owner", "team"} {
		res, ok := req.Params.InputResponses[k].(*mcp.ElicitResult)
		if !ok {
			if canElicit(req) {
				missing[k] = &mcp.ElicitParams{Message: "Which " + k + "?", RequestedSchema: valueForm}
			}
			continue
		}
		if res.Action == "decline" || res.Action == "cancel" {
			return &mcp.CallToolResult{}, nil, nil
		}
	}
	if len(missing) > 0 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	store.DeleteSeries(ctx, in.Name) // want `tagSome reaches store.DeleteSeries\(...\) when InputResponses has no answer.*\(fail-open\)`
	return &mcp.CallToolResult{}, nil, nil
}

// tagCleared empties the map again before the test.
func tagCleared(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	for _, k := range []string{"owner", "team"} {
		res, ok := req.Params.InputResponses[k].(*mcp.ElicitResult)
		if !ok {
			missing[k] = &mcp.ElicitParams{Message: "Which " + k + "?", RequestedSchema: valueForm}
			continue
		}
		if res.Action == "decline" || res.Action == "cancel" {
			return &mcp.CallToolResult{}, nil, nil
		}
	}
	if in.Name == "" {
		clear(missing)
	}
	if len(missing) > 0 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	store.DeleteSeries(ctx, in.Name) // want `tagCleared reaches store.DeleteSeries\(...\) when InputResponses has no answer.*\(fail-open\)`
	return &mcp.CallToolResult{}, nil, nil
}

package askers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// askDirect is the legacy helper: it asks on the session and passes the
// answer on. Only the older-protocol branches call it.
func askDirect(ctx context.Context, ss *mcp.ServerSession, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return ss.Elicit(ctx, params)
}

// askRoundTrip is the adapter that replaces askDirect on 2026-07-28 calls:
// it returns the answer when the call carries one, or the result that asks.
// It leaves the capability test to its callers.
func askRoundTrip(req *mcp.CallToolRequest, key string, params *mcp.ElicitParams) (*mcp.ElicitResult, *mcp.CallToolResult) {
	if res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult); ok {
		return res, nil
	}
	return nil, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: params}}
}

func drainNode(ctx context.Context, req *mcp.CallToolRequest, in NodeIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Drain every pod from " + in.Node + "?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if req.ProtocolVersion() < "2026-07-28" {
		var err error
		if res, err = askDirect(ctx, req.Session, params); err != nil {
			return nil, nil, fmt.Errorf("asking to drain: %w", err)
		}
	} else {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("draining needs a client that can ask its user")
		}
		answer, ask := askRoundTrip(req, "drain", params)
		if ask != nil {
			return ask, nil, nil
		}
		res = answer
	}
	switch res.Action {
	case "accept":
		mark("drain " + in.Node)
		return text("drained " + in.Node), nil, nil
	case "decline", "cancel":
		return text("pods left in place"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func evacuateNode(ctx context.Context, req *mcp.CallToolRequest, in NodeIn) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Evacuate " + in.Node + " and move its volumes?", RequestedSchema: yesNo}
	var res *mcp.ElicitResult
	if req.ProtocolVersion() < "2026-07-28" {
		var err error
		if res, err = askDirect(ctx, req.Session, params); err != nil {
			return nil, nil, fmt.Errorf("asking to evacuate: %w", err)
		}
	} else {
		answer, ask := askRoundTrip(req, "evacuate", params)
		if ask != nil {
			return ask, nil, nil
		}
		res = answer
	}
	switch res.Action {
	case "accept":
		mark("evacuate " + in.Node)
		return text("evacuated " + in.Node), nil, nil
	case "decline", "cancel":
		return text("node left as it is"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var quotaSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"gigabytes": {Type: "integer", Minimum: jsonschema.Ptr(1.0), Maximum: jsonschema.Ptr(1000.0)},
	},
	Required: []string{"gigabytes"},
}

// validateAnswer checks an accepted answer against the schema that was
// asked, as ServerSession.Elicit did before the round trip.
func validateAnswer(schema *jsonschema.Schema, res *mcp.ElicitResult) error {
	resolved, err := schema.Resolve(nil)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(res.Content)
	if err != nil {
		return err
	}
	var instance map[string]any
	if err := json.Unmarshal(raw, &instance); err != nil {
		return err
	}
	return resolved.Validate(instance)
}

// setQuota validates the answer and still reads it with comma-ok.
func setQuota(ctx context.Context, req *mcp.CallToolRequest, in NamespaceIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["quota"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("setting a quota needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"quota": &mcp.ElicitParams{
			Message:         "Storage quota for " + in.Namespace + ", in gigabytes?",
			RequestedSchema: quotaSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := validateAnswer(quotaSchema, res); err != nil {
			return nil, nil, fmt.Errorf("quota answer: %w", err)
		}
		gb, ok := res.Content["gigabytes"].(float64)
		if !ok {
			return nil, nil, errors.New("no quota given")
		}
		mark(fmt.Sprintf("quota %s %d", in.Namespace, int(gb)))
		return text("quota set"), nil, nil
	case "decline", "cancel":
		return text("quota unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// setQuotaStrict validates the answer first, then trusts it.
func setQuotaStrict(ctx context.Context, req *mcp.CallToolRequest, in NamespaceIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["quota_strict"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("setting a quota needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"quota_strict": &mcp.ElicitParams{
			Message:         "Hard storage limit for " + in.Namespace + ", in gigabytes?",
			RequestedSchema: quotaSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := validateAnswer(quotaSchema, res); err != nil {
			return nil, nil, fmt.Errorf("quota answer: %w", err)
		}
		gb := res.Content["gigabytes"].(float64)
		mark(fmt.Sprintf("hard quota %s %d", in.Namespace, int(gb)))
		return text("hard quota set"), nil, nil
	case "decline", "cancel":
		return text("limit unchanged"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmOrSkip lets clients without elicitation through, "as before".
func confirmOrSkip(req *mcp.CallToolRequest, key, msg string) (bool, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return true, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

func restartPods(ctx context.Context, req *mcp.CallToolRequest, in NamespaceIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirmOrSkip(req, "restart", "Restart every pod in "+in.Namespace+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return text("pods left running"), nil, nil
	}
	mark("restart " + in.Namespace)
	return text("restarted"), nil, nil
}

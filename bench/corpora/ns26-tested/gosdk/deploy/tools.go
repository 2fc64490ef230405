package deploy

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Deployer does the work.
type Deployer interface {
	Deploy(env string) error
	Rollback(env string) error
	Scale(env string, n int) error
	Restart(env string) error
	Drain(env string) error
	Pause(env string) error
	Rotate(env string) error
}

// EnvIn names an environment.
type EnvIn struct {
	Env string `json:"env"`
}

// Tools holds the deployment tools.
type Tools struct {
	D      Deployer
	Sealer Sealer
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func userOf(req *mcp.CallToolRequest) string {
	if ci := req.ClientInfo(); ci != nil {
		return ci.Name
	}
	return "anonymous"
}

func (t *Tools) Deploy(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["deploy"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("deploying needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy": &mcp.ElicitParams{Message: "Deploy to " + in.Env + "?", RequestedSchema: yesNo}},
			RequestState:  t.Sealer.Seal(in.Env, userOf(req)),
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		env, err := t.Sealer.Open(req.Params.RequestState, userOf(req))
		if err != nil {
			return nil, nil, err
		}
		if err := t.D.Deploy(env); err != nil {
			return nil, nil, err
		}
		return text("deployed to " + env), nil, nil
	case "decline", "cancel":
		return text("nothing deployed"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (t *Tools) Rollback(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rollback"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rollback": &mcp.ElicitParams{Message: "Roll back " + in.Env + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.D.Rollback(in.Env); err != nil {
			return nil, nil, err
		}
		return text("rolled back"), nil, nil
	case "decline", "cancel":
		return text("kept"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Promote(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["promote"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("promoting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"promote": &mcp.ElicitParams{Message: "Promote " + in.Env + "?", RequestedSchema: yesNo}},
			RequestState:  "env=" + in.Env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		if err := t.D.Deploy(env); err != nil {
			return nil, nil, err
		}
		return text("promoted " + env), nil, nil
	case "decline", "cancel":
		return text("not promoted"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Canary(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["canary"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("a canary needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"canary": &mcp.ElicitParams{Message: "Start a canary in " + in.Env + "?", RequestedSchema: yesNo}},
			RequestState:  "env=" + in.Env,
		}, nil, nil
	}
	if req.Params.RequestState != "env="+in.Env {
		return nil, nil, errors.New("the confirmation was for another environment")
	}
	switch res.Action {
	case "accept":
		if err := t.D.Deploy(in.Env + "-canary"); err != nil {
			return nil, nil, err
		}
		return text("canary started"), nil, nil
	case "decline", "cancel":
		return text("no canary"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Scale(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["scale"].(*mcp.ElicitResult)
	if !ok || res.Action == "accept" {
		if err := t.D.Scale(in.Env, 3); err != nil {
			return nil, nil, err
		}
		return text("scaled"), nil, nil
	}
	switch res.Action {
	case "decline", "cancel":
		return text("not scaled"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Restart(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("restarting needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"restart": &mcp.ElicitParams{Message: "Restart " + in.Env + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	res := req.Params.InputResponses["restart"].(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		if err := t.D.Restart(in.Env); err != nil {
			return nil, nil, err
		}
		return text("restarted"), nil, nil
	case "decline", "cancel":
		return text("not restarted"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Drain(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["drian"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("draining needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"drain": &mcp.ElicitParams{Message: "Drain " + in.Env + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.D.Drain(in.Env); err != nil {
			return nil, nil, err
		}
		return text("drained"), nil, nil
	case "decline", "cancel":
		return text("not drained"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Maintenance(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("maintenance needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"window": &mcp.ElicitParams{Message: "Start maintenance on " + in.Env + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

func (t *Tools) Rotate(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rotate"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState == "" {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("rotating needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"rotate": &mcp.ElicitParams{Message: "Rotate keys in " + in.Env + "?", RequestedSchema: yesNo}},
				RequestState:  "asked",
			}, nil, nil
		}
		return nil, nil, errors.New("no answer to the rotation question")
	}
	switch res.Action {
	case "accept":
		if err := t.D.Rotate(in.Env); err != nil {
			return nil, nil, err
		}
		return text("rotated"), nil, nil
	case "decline", "cancel":
		return text("not rotated"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Pause(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) > 0 {
		if err := t.D.Pause(in.Env); err != nil {
			return nil, nil, err
		}
		return text("paused"), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("pausing needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"pause": &mcp.ElicitParams{Message: "Pause " + in.Env + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// sessionCaps keeps each session's capabilities from its initialize.
var sessionCaps sync.Map

// RememberCaps is the server's InitializedHandler.
func RememberCaps(ctx context.Context, req *mcp.InitializedRequest) {
	if p := req.Session.InitializeParams(); p != nil {
		sessionCaps.Store(req.Session.ID(), p.Capabilities)
	}
}

func (t *Tools) Freeze(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["freeze"].(*mcp.ElicitResult)
	if !ok {
		v, _ := sessionCaps.Load(req.Session.ID())
		caps, _ := v.(*mcp.ClientCapabilities)
		if caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("freezing needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"freeze": &mcp.ElicitParams{Message: "Freeze " + in.Env + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "accept":
		return text("frozen"), nil, nil
	case "decline", "cancel":
		return text("not frozen"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) Hotfix(ctx context.Context, req *mcp.CallToolRequest, in EnvIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["hotfix"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("a hotfix needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"hotfix": &mcp.ElicitParams{Message: "Ship the hotfix to " + in.Env + "?", RequestedSchema: yesNo},
		}}, nil, nil
	}
	switch res.Action {
	case "decline":
		return text("not shipped"), nil, nil
	case "cancel":
		return text("cancelled"), nil, nil
	case "accept":
	}
	if err := t.D.Deploy(in.Env); err != nil {
		return nil, nil, err
	}
	return text("hotfix shipped"), nil, nil
}

// Register adds the deployment tools.
func Register(s *mcp.Server, t *Tools) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy"}, t.Deploy)
	mcp.AddTool(s, &mcp.Tool{Name: "rollback"}, t.Rollback)
	mcp.AddTool(s, &mcp.Tool{Name: "promote"}, t.Promote)
	mcp.AddTool(s, &mcp.Tool{Name: "canary"}, t.Canary)
	mcp.AddTool(s, &mcp.Tool{Name: "scale"}, t.Scale)
	mcp.AddTool(s, &mcp.Tool{Name: "restart"}, t.Restart)
	mcp.AddTool(s, &mcp.Tool{Name: "drain"}, t.Drain)
	mcp.AddTool(s, &mcp.Tool{Name: "maintenance"}, t.Maintenance)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate"}, t.Rotate)
	mcp.AddTool(s, &mcp.Tool{Name: "pause"}, t.Pause)
	mcp.AddTool(s, &mcp.Tool{Name: "freeze"}, t.Freeze)
	mcp.AddTool(s, &mcp.Tool{Name: "hotfix"}, t.Hotfix)
}

package gsrt

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"example.com/ns24/actors/command"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var scaleSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"replicas": map[string]any{"type": "integer", "title": "Replicas", "minimum": 1, "maximum": 50},
	},
	"required": []string{"replicas"},
}

func (t *Tools) scaleTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	answer, present := req.Params.InputResponses["scale"]
	if !present {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"scale": &mcp.ElicitParams{
			Message:         "How many replicas should " + in.Item + " run?",
			RequestedSchema: scaleSchema,
		}}}, nil, nil
	}
	res := answer.(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		n, ok := res.Content["replicas"].(float64)
		if !ok || n < 1 {
			return nil, nil, errors.New("the answer has no replica count")
		}
		t.store.Put("replicas/"+in.Item, fmt.Sprint(int(n)))
		return textResult(fmt.Sprintf("Scaled %s to %d.", in.Item, int(n))), nil, nil
	case "decline", "cancel":
		return textResult("Scale unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// TopicIn names what to write about.
type TopicIn struct {
	Topic string `json:"topic"`
}

func (t *Tools) draftTool(ctx context.Context, req *mcp.CallToolRequest, in TopicIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return nil, nil, errors.New("drafting needs a client that can sample")
	}
	res, ok := req.Params.InputResponses["draft"].(*mcp.CreateMessageResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"draft": &mcp.CreateMessageParams{
			MaxTokens: 400,
			Messages: []*mcp.SamplingMessage{{
				Role:    "user",
				Content: &mcp.TextContent{Text: "Write a short release note about " + in.Topic},
			}},
		}}}, nil, nil
	}
	txt, ok := res.Content.(*mcp.TextContent)
	if !ok {
		return textResult("The model answered without text."), nil, nil
	}
	t.store.Put("draft/"+in.Topic, txt.Text)
	return textResult(txt.Text), nil, nil
}

func (t *Tools) indexTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["roots"].(*mcp.ListRootsResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("indexing needs a client that shares its roots")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	for _, r := range res.Roots {
		t.store.Put("root/"+r.URI, r.Name)
	}
	return textResult(fmt.Sprintf("Indexed %d roots.", len(res.Roots))), nil, nil
}

// DeployIn names a release.
type DeployIn struct {
	Release string `json:"release"`
}

var envSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"env": map[string]any{"type": "string", "title": "Environment", "enum": []string{"staging", "production"}},
	},
	"required": []string{"env"},
}

// deployStepTool asks for the environment, then for a go-ahead, keeping
// the environment in the state between the two rounds.
func (t *Tools) deployStepTool(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	state := req.Params.RequestState
	if state == "" {
		res, ok := req.Params.InputResponses["deploy_env"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"deploy_env": &mcp.ElicitParams{
				Message:         "Where should " + in.Release + " go?",
				RequestedSchema: envSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			env, ok := res.Content["env"].(string)
			if !ok {
				return nil, nil, errors.New("the answer names no environment")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"deploy_go": &mcp.ElicitParams{Message: "Deploy " + in.Release + " to " + env + " now?"}},
				RequestState:  "env=" + env,
			}, nil, nil
		case "decline", "cancel":
			return textResult("Nothing deployed."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	env := strings.TrimPrefix(state, "env=")
	res, ok := req.Params.InputResponses["deploy_go"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"deploy_go": &mcp.ElicitParams{Message: "Deploy " + in.Release + " to " + env + " now?"}},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.x.Run(ctx, req.Session.ID(), &command.DeployCmd{Store: t.store, Env: env, Release: in.Release}); err != nil {
			return nil, nil, err
		}
		return textResult("Deployed " + in.Release + " to " + env + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing deployed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var stateAEAD = newStateAEAD()

func newStateAEAD() cipher.AEAD {
	key := []byte(os.Getenv("ACTORS_STATE_KEY"))
	if len(key) != 32 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			panic(err)
		}
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

type deployState struct {
	Env     string `json:"env"`
	Session string `json:"session"`
	Expires int64  `json:"exp"`
}

func sealState(st deployState) (string, error) {
	plain, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, stateAEAD.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(stateAEAD.Seal(nonce, nonce, plain, nil)), nil
}

func openState(state string) (deployState, error) {
	var st deployState
	raw, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(raw) < stateAEAD.NonceSize() {
		return st, errors.New("bad state")
	}
	plain, err := stateAEAD.Open(nil, raw[:stateAEAD.NonceSize()], raw[stateAEAD.NonceSize():], nil)
	if err != nil {
		return st, errors.New("bad state")
	}
	return st, json.Unmarshal(plain, &st)
}

// deploySealedTool is deployStepTool with the state sealed under the
// server's key.
func (t *Tools) deploySealedTool(ctx context.Context, req *mcp.CallToolRequest, in DeployIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	if req.Params.RequestState == "" {
		res, ok := req.Params.InputResponses["sealed_env"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"sealed_env": &mcp.ElicitParams{
				Message:         "Where should " + in.Release + " go?",
				RequestedSchema: envSchema,
			}}}, nil, nil
		}
		switch res.Action {
		case "accept":
			env, ok := res.Content["env"].(string)
			if !ok {
				return nil, nil, errors.New("the answer names no environment")
			}
			state, err := sealState(deployState{Env: env, Session: req.Session.ID(), Expires: time.Now().Add(10 * time.Minute).Unix()})
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"sealed_go": &mcp.ElicitParams{Message: "Deploy " + in.Release + " to " + env + " now?"}},
				RequestState:  state,
			}, nil, nil
		case "decline", "cancel":
			return textResult("Nothing deployed."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	st, err := openState(req.Params.RequestState)
	if err != nil || st.Session != req.Session.ID() || st.Expires < time.Now().Unix() {
		return nil, nil, errors.New("the confirmation is not valid here")
	}
	res, ok := req.Params.InputResponses["sealed_go"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"sealed_go": &mcp.ElicitParams{Message: "Deploy " + in.Release + " to " + st.Env + " now?"}},
			RequestState:  req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.x.Run(ctx, req.Session.ID(), &command.DeployCmd{Store: t.store, Env: st.Env, Release: in.Release}); err != nil {
			return nil, nil, err
		}
		return textResult("Deployed " + in.Release + " to " + st.Env + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing deployed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PromoteIn names a release and its target.
type PromoteIn struct {
	Env     string `json:"env"`
	Release string `json:"release"`
}

func (t *Tools) promoteTool(ctx context.Context, req *mcp.CallToolRequest, in PromoteIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	res, ok := req.Params.InputResponses["promote"].(*mcp.ElicitResult)
	if !ok || req.Params.RequestState != "env="+in.Env {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"promote": &mcp.ElicitParams{Message: "Promote " + in.Release + " to " + in.Env + "?"}},
			RequestState:  "env=" + in.Env,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if err := t.x.Run(ctx, req.Session.ID(), &command.DeployCmd{Store: t.store, Env: in.Env, Release: in.Release}); err != nil {
			return nil, nil, err
		}
		return textResult("Promoted."), nil, nil
	case "decline", "cancel":
		return textResult("Not promoted."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) restartTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "" {
		if !canElicit(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"restart": &mcp.ElicitParams{Message: "Restart " + in.Item + "?"}},
			RequestState:  "asked",
		}, nil, nil
	}
	res, ok := req.Params.InputResponses["restart"].(*mcp.ElicitResult)
	if !ok {
		return nil, nil, errors.New("restart: the confirmation is missing")
	}
	switch res.Action {
	case "accept":
		t.store.Put("restart/"+in.Item, time.Now().Format(time.RFC3339))
		return textResult("Restarting " + in.Item + "."), nil, nil
	case "decline", "cancel":
		return textResult("Not restarted."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (t *Tools) reloadTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["reload"].(*mcp.ElicitResult)
	if !ok {
		if req.Params.RequestState != "" {
			log.Printf("reload: no answer on the retry, asking again")
		}
		if !canElicit(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"reload": &mcp.ElicitParams{Message: "Reload " + in.Item + "?"}},
			RequestState:  "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		t.store.Put("reload/"+in.Item, time.Now().Format(time.RFC3339))
		return textResult("Reloading " + in.Item + "."), nil, nil
	case "decline", "cancel":
		return textResult("Not reloaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var destinationSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"city": map[string]any{"type": "string", "title": "City"},
	},
	"required": []string{"city"},
}

// askDestination returns the question for the destination of a shipment.
func askDestination(req *mcp.CallToolRequest, item string) (*mcp.CallToolResult, error) {
	if !canElicit(req) {
		return nil, errNoElicitation
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"destination": &mcp.ElicitParams{
		Message:         "Where should " + item + " be shipped?",
		RequestedSchema: destinationSchema,
	}}}, nil
}

func (t *Tools) shipTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["destinaton"].(*mcp.ElicitResult)
	if !ok {
		ask, err := askDestination(req, in.Item)
		if err != nil {
			return nil, nil, err
		}
		return ask, nil, nil
	}
	switch res.Action {
	case "accept":
		city, ok := res.Content["city"].(string)
		if !ok || city == "" {
			return nil, nil, errors.New("the answer names no city")
		}
		t.store.Put("ship/"+in.Item, city)
		return textResult("Shipping " + in.Item + " to " + city + "."), nil, nil
	case "decline", "cancel":
		return textResult("Not shipped."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// mixedEraTool asks directly on sessions of the older protocols and through
// the round trip on 2026-07-28.
func (t *Tools) mixedEraTool(ctx context.Context, req *mcp.CallToolRequest, in ItemIn) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Archive " + in.Item + "?"})
		if err != nil {
			return nil, nil, fmt.Errorf("asking before archiving: %w", err)
		}
		return t.archived(ctx, req, in, res)
	}
	res, ok := req.Params.InputResponses["archive"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errNoElicitation
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"archive": &mcp.ElicitParams{
			Message: "Archive " + in.Item + "?",
		}}}, nil, nil
	}
	return t.archived(ctx, req, in, res)
}

func (t *Tools) archived(ctx context.Context, req *mcp.CallToolRequest, in ItemIn, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if err := t.x.Run(ctx, req.Session.ID(), &command.DeleteCmd{Store: t.store, Item: in.Item}); err != nil {
			return nil, nil, err
		}
		return textResult("Archived " + in.Item + "."), nil, nil
	case "decline":
		return textResult("Kept " + in.Item + "."), nil, nil
	case "cancel":
		return textResult("Nothing archived."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var reportSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"format": map[string]any{"type": "string", "title": "Format", "enum": []string{"summary", "full"}},
	},
	"required": []string{"format"},
}

func (t *Tools) reportTool(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoElicitation
	}
	res, ok := req.Params.InputResponses["report_format"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"report_format": &mcp.ElicitParams{
			RequestedSchema: reportSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		format, _ := res.Content["format"].(string)
		if format == "full" {
			return textResult("Full report: every command of this session."), nil, nil
		}
		return textResult("Summary report."), nil, nil
	case "decline", "cancel":
		return textResult("No report."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var scopeSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"scope": map[string]any{"type": "string", "title": "Scope", "enum": []string{"last", "session", "all"}},
	},
}

func (t *Tools) configText() string {
	v, _ := t.store.Get("config")
	return v
}

func (t *Tools) readConfig(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["config_reveal"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errNoElicitation
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"config_reveal": &mcp.ElicitParams{
			Message: "Show the server configuration, item names included?",
		}}}, nil
	}
	text := "(hidden)"
	switch res.Action {
	case "accept":
		text = t.configText()
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: text}}}, nil
}

func (t *Tools) reviewPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["review_scope"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return reviewMessages("last"), nil
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"review_scope": &mcp.ElicitParams{
			Message:         "Which commands should the review cover?",
			RequestedSchema: scopeSchema,
		}}}, nil
	}
	scope := "last"
	switch res.Action {
	case "accept":
		if s, ok := res.Content["scope"].(string); ok {
			scope = s
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return reviewMessages(scope), nil
}

func reviewMessages(scope string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Review the " + scope + " commands of this server and flag anything risky."},
	}}}
}

// Command deploygo is a deploy bot on go-sdk written for protocol 2026-07-28:
// tools return their questions in InputRequests and read the answers from
// InputResponses when the client calls again.
package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ServiceArgs struct {
	Service string `json:"service"`
}

type ScaleArgs struct {
	Service  string `json:"service"`
	Replicas int    `json:"replicas"`
}

type CanaryArgs struct {
	Service string `json:"service"`
	Percent int    `json:"percent"`
}

var replicas sync.Map

var stateKey = []byte("deploygo-state-key-from-config")

func done(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func restartService(name string) {
	log.Printf("restarting %s", name)
	replicas.Store(name+"/restarts", 1)
}
func deployTo(service, env string)               { replicas.Store(service+"/env", env) }
func rollback(service string)                    { replicas.Delete(service + "/env") }
func scaleService(service string, n int)         { replicas.Store(service, n) }
func purgeLogs(service string)                   { replicas.Delete(service + "/logs") }
func setCanary(service string, pct int)          { replicas.Store(service+"/canary", pct) }
func promote(service string)                     { replicas.Store(service+"/promoted", true) }
func teardown(service string)                    { replicas.Delete(service) }
func migrate(service string)                     { replicas.Store(service+"/migrated", true) }
func setDBPassword(service, pw string)           { replicas.Store(service+"/db", len(pw)) }
func setPort(service string, port int)           { replicas.Store(service+"/port", port) }
func setFlag(service, name string)               { replicas.Store(service+"/flag/"+name, true) }
func writeConfig(service string, roots []string) { replicas.Store(service+"/roots", roots) }

func signState(v string) string {
	m := hmac.New(sha256.New, stateKey)
	m.Write([]byte(v))
	return v + "." + hex.EncodeToString(m.Sum(nil))
}

func openState(state string) (string, bool) {
	i := strings.LastIndex(state, ".")
	if i < 0 {
		return "", false
	}
	v, sig := state[:i], state[i+1:]
	got, err := hex.DecodeString(sig)
	if err != nil {
		return "", false
	}
	m := hmac.New(sha256.New, stateKey)
	m.Write([]byte(v))
	if !hmac.Equal(got, m.Sum(nil)) {
		return "", false
	}
	return v, true
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "deploybot", Version: "0.3.0"}, nil)

	mcp.AddTool(s, &mcp.Tool{Name: "restart", Description: "Restart a service"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["restart_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("restarting needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"restart_ok": &mcp.ElicitParams{Message: "Restart " + args.Service + "?"},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			restartService(args.Service)
			return done("Restarted " + args.Service + "."), nil, nil
		case "decline", "cancel":
			return done("Not restarted."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})

	setupDeploy(s)
	setupRollback(s)
	setupScale(s)
	setupLogs(s)
	setupSecrets(s)
	setupConfig(s)
	setupMigrate(s)
	setupCanary(s)
	setupPromote(s)
	setupTeardown(s)
	setupFlags(s)
	setupSummarize(s)
	setupWorkspace(s)

	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

func setupDeploy(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "deploy", Description: "Deploy a service"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["deploy_env"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("deploying needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"deploy_env": &mcp.ElicitParams{
					Message: "Deploy " + args.Service + " where?",
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"env": map[string]any{"type": "string", "enum": []string{"staging", "production"}},
						},
						"required": []string{"env"},
					},
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			env, ok := res.Content["env"].(string)
			if !ok || (env != "staging" && env != "production") {
				return nil, nil, errors.New("no environment chosen")
			}
			deployTo(args.Service, env)
			return done("Deployed to " + env + "."), nil, nil
		case "decline", "cancel":
			return done("Not deployed."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupRollback(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "rollback", Description: "Roll back the last deploy"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["rollback_ok"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"rollback_ok": &mcp.ElicitParams{Message: "Roll back " + args.Service + "?"},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			rollback(args.Service)
			return done("Rolled back."), nil, nil
		case "decline", "cancel":
			return done("Left as is."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupScale(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "scale", Description: "Scale a service"}, func(ctx context.Context, req *mcp.CallToolRequest, args ScaleArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["scale_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps != nil && caps.Elicitation != nil {
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
					"scale_ok": &mcp.ElicitParams{Message: fmt.Sprintf("Scale %s to %d replicas?", args.Service, args.Replicas)},
				}}, nil, nil
			}
			// the client can't ask: just do it
		} else {
			switch res.Action {
			case "accept":
			case "decline", "cancel":
				return done("Not scaled."), nil, nil
			default:
				return nil, nil, fmt.Errorf("unknown action %q", res.Action)
			}
		}
		scaleService(args.Service, args.Replicas)
		return done("Scaled."), nil, nil
	})
}

func setupLogs(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "purge_logs", Description: "Purge a service's logs"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) > 0 {
			purgeLogs(args.Service)
			return done("Logs purged."), nil, nil
		}
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("purging needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"purge_logs": &mcp.ElicitParams{Message: "Purge all logs of " + args.Service + "?"},
		}}, nil, nil
	})
}

func setupSecrets(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "set_db_password", Description: "Rotate the database password"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["db_creds"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"db_creds": &mcp.ElicitParams{
					Message: "New database password for " + args.Service,
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"db_password": map[string]any{"type": "string", "minLength": 12},
						},
						"required": []string{"db_password"},
					},
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			pw, _ := res.Content["db_password"].(string)
			setDBPassword(args.Service, pw)
			return done("Password rotated."), nil, nil
		case "decline", "cancel":
			return done("Unchanged."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupConfig(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "set_port", Description: "Change the listen port"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["config_port"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"config_port": &mcp.ElicitParams{
					Message: "Which port should " + args.Service + " listen on?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{"port": map[string]any{"type": "integer", "minimum": 1024, "maximum": 65535}},
						"required":   []string{"port"},
					},
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			port := res.Content["port"].(float64)
			setPort(args.Service, int(port))
			return done("Port changed."), nil, nil
		case "decline", "cancel":
			return done("Unchanged."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupMigrate(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "migrate", Description: "Run database migrations"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["migrate_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				Content: []mcp.Content{&mcp.TextContent{Text: "3 migrations are pending."}},
				InputRequests: mcp.InputRequestMap{
					"migrate_ok": &mcp.ElicitParams{Message: "Run 3 pending migrations on " + args.Service + "?"},
				},
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			migrate(args.Service)
			return done("Migrated."), nil, nil
		case "decline", "cancel":
			return done("Not migrated."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupCanary(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "canary", Description: "Start a canary rollout"}, func(ctx context.Context, req *mcp.CallToolRequest, args CanaryArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["canary_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{
					"canary_ok": &mcp.ElicitParams{Message: fmt.Sprintf("Send %d%% of traffic to the canary?", args.Percent)},
				},
				RequestState: fmt.Sprintf("pct=%d", args.Percent),
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			// remember what the user approved in the first round
			pct, err := strconv.Atoi(strings.TrimPrefix(req.Params.RequestState, "pct="))
			if err != nil {
				return nil, nil, err
			}
			setCanary(args.Service, pct)
			return done(fmt.Sprintf("Canary at %d%%.", pct)), nil, nil
		case "decline", "cancel":
			return done("No canary."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupPromote(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "promote", Description: "Promote the canary"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["promote_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{
					"promote_ok": &mcp.ElicitParams{Message: "Promote the canary of " + args.Service + "?"},
				},
				RequestState: signState(args.Service),
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			service, valid := openState(req.Params.RequestState)
			if !valid {
				return nil, nil, errors.New("the confirmation is not valid")
			}
			promote(service)
			return done("Promoted " + service + "."), nil, nil
		case "decline", "cancel":
			return done("Not promoted."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupTeardown(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "teardown", Description: "Tear down a preview environment"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["teardown_ok"].(*mcp.ElicitResult)
		if !ok {
			if req.Params.RequestState == "" {
				if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
					return nil, nil, errors.New("this needs a client that can ask its user")
				}
				return &mcp.CallToolResult{
					InputRequests: mcp.InputRequestMap{
						"teardown_ok": &mcp.ElicitParams{Message: "Tear down " + args.Service + "?"},
					},
					RequestState: "asked",
				}, nil, nil
			}
			return nil, nil, errors.New("no confirmation received")
		}
		switch res.Action {
		case "accept":
			teardown(args.Service)
			return done("Torn down."), nil, nil
		case "decline", "cancel":
			return done("Kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupFlags(s *mcp.Server) {
	type flagForm struct {
		Name string   `json:"name" jsonschema:"the flag to turn on"`
		Tags []string `json:"tags,omitempty" jsonschema:"labels for the flag"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "enable_flag", Description: "Turn on a feature flag"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["flags_form"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			schema, err := jsonschema.For[flagForm](nil)
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"flags_form": &mcp.ElicitParams{Message: "Which flag?", RequestedSchema: schema},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			name, _ := res.Content["name"].(string)
			setFlag(args.Service, name)
			return done("Flag on."), nil, nil
		case "decline", "cancel":
			return done("No change."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupSummarize(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "release_notes", Description: "Draft release notes with the client's model"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		msg, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
				return nil, nil, errors.New("this needs a client that can sample")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"summary": &mcp.CreateMessageParams{
					MaxTokens: 400,
					Messages: []*mcp.SamplingMessage{{
						Role:    "user",
						Content: &mcp.TextContent{Text: "Write release notes for " + args.Service},
					}},
				},
			}}, nil, nil
		}
		if tc, ok := msg.Content.(*mcp.TextContent); ok {
			return done(tc.Text), nil, nil
		}
		return done("no text from the model"), nil, nil
	})
}

func setupWorkspace(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "init_config", Description: "Write a config for the client's workspace"}, func(ctx context.Context, req *mcp.CallToolRequest, args ServiceArgs) (*mcp.CallToolResult, any, error) {
		roots, ok := req.Params.InputResponses["workspace_roots"].(*mcp.ListRootsResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
				return nil, nil, errors.New("this needs a client that shares its roots")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"workspace_roots": &mcp.ListRootsParams{},
			}}, nil, nil
		}
		var uris []string
		for _, r := range roots.Roots {
			uris = append(uris, r.URI)
		}
		writeConfig(args.Service, uris)
		return done(fmt.Sprintf("Config written for %d roots.", len(uris))), nil, nil
	})
}

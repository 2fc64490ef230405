// Package mgask holds the generic asking helpers of an mcp-go server that
// still asks its questions with direct elicitation requests.
package mgask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/generics/approval"
	"example.com/ns22/generics/kit"
)

var (
	errDeclined  = errors.New("the user declined")
	errCancelled = errors.New("the user cancelled")
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	deploys   = kit.NewStore[string, string]()
	releases  = kit.NewStore[string, bool]()
	drafts    = kit.NewStore[string, bool]()
	surveys   = kit.NewStore[string, string]()
	migrated  = kit.NewStore[string, bool]()
	rollbacks = kit.NewStore[string, bool]()
)

func decode[T any](data map[string]any) (T, error) {
	var v T
	b, err := json.Marshal(data)
	if err != nil {
		return v, err
	}
	err = json.Unmarshal(b, &v)
	return v, err
}

// Request asks with msg and decodes an accepted answer into a T.
func Request[T any](ctx context.Context, s *server.MCPServer, msg string, schema any) (T, error) {
	var zero T
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: schema,
	}})
	if err != nil {
		return zero, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return zero, fmt.Errorf("unexpected content %T", res.Content)
		}
		return decode[T](data)
	case mcp.ElicitationResponseActionDecline:
		return zero, errDeclined
	case mcp.ElicitationResponseActionCancel:
		return zero, errCancelled
	}
	return zero, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Gate asks to confirm verb on target. Sessions that cannot elicit are let
// through.
func Gate[V kit.Verb](ctx context.Context, s *server.MCPServer, verb V, target string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("%s %s?", string(verb), target),
		RequestedSchema: emptyForm,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// App holds the tools of this package.
type App struct {
	srv *server.MCPServer
}

// NewApp registers the tools on s.
func NewApp(s *server.MCPServer) *App {
	a := &App{srv: s}
	s.AddTool(mcp.NewTool("deploy"), a.Deploy)
	s.AddTool(mcp.NewTool("connect_github"), a.Connect)
	s.AddTool(mcp.NewTool("release"), a.Release)
	s.AddTool(mcp.NewTool("publish"), a.Publish)
	s.AddTool(mcp.NewTool("survey"), a.Survey)
	s.AddTool(mcp.NewTool("migrate"), a.Proceed)
	s.AddTool(mcp.NewTool("rollback"), a.Rollback)
	return a
}

type verb string

const verbDeploy verb = "Deploy to"

// Deploy deploys once the user confirms.
func (a *App) Deploy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := request.GetString("env", "staging")
	ok, err := Gate(ctx, a.srv, verbDeploy, env)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("Not deployed."), nil
	}
	deploys.Put(env, "deployed")
	return mcp.NewToolResultText("Deployed to " + env + "."), nil
}

// Connect sends the user to connect their GitHub account.
func (a *App) Connect(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := a.srv.RequestURLElicitation(ctx, session, "github-oauth",
		"https://auth.example.com/github/start", "Connect your GitHub account")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for GitHub to report back."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("GitHub not connected."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Choose asks the user for one value of field.
func Choose[C ~string](ctx context.Context, s *server.MCPServer, msg, field string) (C, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: msg,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{field: map[string]any{"type": "string"}},
		},
	}})
	if err != nil {
		return "", err
	}
	data := res.Content.(map[string]any)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		v, _ := data[field].(string)
		return C(v), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return "", errDeclined
	}
	return "", fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Release cuts a release once approved.
func (a *App) Release(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	version := request.GetString("version", "")
	ok, err := approval.Request(ctx, a.srv, "release "+version)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("No release."), nil
	}
	releases.Put(version, true)
	return mcp.NewToolResultText("Released " + version + "."), nil
}

// Remind shows the user a reminder about item.
func Remind[T fmt.Stringer](ctx context.Context, s *server.MCPServer, item T) {
	if _, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Reminder: " + item.String(),
		RequestedSchema: emptyForm,
	}}); err != nil {
		log.Printf("reminder not shown: %v", err)
	}
}

// Publish publishes a draft once the user agrees.
func (a *App) Publish(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	draft := request.GetString("draft", "")
	res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Publish the draft " + draft + "?",
		RequestedSchema: emptyForm,
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case "accepted":
		drafts.Put(draft, true)
		return mcp.NewToolResultText("Published."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not published."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type surveyAnswers struct {
	Rating float64 `json:"rating"`
}

var surveySchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"rating": map[string]any{"type": "number", "minimum": 1, "maximum": 5}},
	"required":   []string{"rating"},
}

// Survey asks the user to rate the service.
func (a *App) Survey(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "there")
	v, err := Request[surveyAnswers](ctx, a.srv, fmt.Sprintf("Hi %s! We would love to hear how we are doing. "+
		"Please rate the service you received this month from one to five, where one means it did not help "+
		"at all and five means it solved everything you needed, quickly and politely.", name), surveySchema)
	if err != nil {
		return mcp.NewToolResultText("No rating recorded."), nil
	}
	surveys.Put(name, fmt.Sprint(v.Rating))
	return mcp.NewToolResultText("Thanks!"), nil
}

// Proceed runs the migration once the user agrees.
func (a *App) Proceed(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	db := request.GetString("database", "")
	res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Run the migration on " + db + "?",
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		migrated.Put(db, true)
		return mcp.NewToolResultText("Migrated."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not migrated."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Rollback rolls a deployment back once the user confirms. It asks directly
// only on sessions of the older protocols; on 2026-07-28 the rollback_v2
// tool asks through the round trip.
func (a *App) Rollback(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	env := request.GetString("env", "")
	if !server.IsModernRequest(ctx) {
		res, err := a.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Roll back " + env + "?",
			RequestedSchema: emptyForm,
		}})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			rollbacks.Put(env, true)
			return mcp.NewToolResultText("Rolled back."), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Not rolled back."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return mcp.NewToolResultError("on this protocol, call rollback_v2, which asks through the round trip"), nil
}

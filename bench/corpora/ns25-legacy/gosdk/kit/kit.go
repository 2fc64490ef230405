// Package kit is the grab bag of small go-sdk helpers the server has
// accumulated since mid 2025: a session store, confirmation gates and the
// askapi adapter. It is pinned to go-sdk v1.2.0 and has never been upgraded.
package kit

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"

	"example.com/ns25/legacy/internal/askapi"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Settings is the process-wide configuration singleton.
var Settings = struct {
	AllowUnconfirmed bool
	AskTimeout       time.Duration
}{AskTimeout: 2 * time.Minute}

var (
	storeMu  sync.Mutex
	sessions = map[string]*mcp.ServerSession{}
)

// Remember keeps a session for later out-of-band questions.
func Remember(ss *mcp.ServerSession) {
	storeMu.Lock()
	defer storeMu.Unlock()
	sessions[ss.ID()] = ss
}

// Lookup returns a remembered session, or nil.
func Lookup(id string) *mcp.ServerSession {
	storeMu.Lock()
	defer storeMu.Unlock()
	return sessions[id]
}

// ContactSchema is the shared contact form, written by hand in 2025.
var ContactSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"email": map[string]any{"type": "string", "format": "email", "title": "E-mail"},
		"phone": map[string]any{"type": "string", "format": "phone", "title": "Phone"},
	},
	"required": []string{"email"},
}

// RegistryLoginSchema is the form the container-registry tools show.
var RegistryLoginSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"username": map[string]any{"type": "string", "title": "Registry user"},
		"password": map[string]any{"type": "string", "title": "Registry password"},
	},
	"required": []string{"username", "password"},
}

// emptyObject is the schema of a plain yes/no question: the action is the answer.
func emptyObject() map[string]any {
	return map[string]any{"type": "object", "properties": map[string]any{}}
}

// Ask is the thin wrapper every tool uses to show a form.
func Ask(ctx context.Context, ss *mcp.ServerSession, message string, schema any) (*mcp.ElicitResult, error) {
	ctx, cancel := context.WithTimeout(ctx, Settings.AskTimeout)
	defer cancel()
	return ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: schema})
}

// Confirm asks a yes/no question. Clients that cannot be asked go ahead, so
// that older hosts keep working.
func Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()})
	if err != nil {
		log.Printf("kit: cannot ask (%v), going ahead", err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmStrict is Confirm without the escape hatch.
func ConfirmStrict(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmConfigured goes ahead without an answer only when the operator
// switched Settings.AllowUnconfirmed on.
func ConfirmConfigured(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()})
	if err != nil && Settings.AllowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmIfSupported asks only clients that declared elicitation at
// initialize; the others were never asked before, so they are not now.
func ConfirmIfSupported(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	if p := ss.InitializeParams(); p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return true, nil
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmWithRetry tries three times before it gives up; giving up means
// going ahead, as Confirm does.
func ConfirmWithRetry(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	var (
		res *mcp.ElicitResult
		err error
	)
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()}); err == nil {
			break
		}
		time.Sleep(time.Duration(try+1) * 200 * time.Millisecond)
	}
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConfirmDecided asks and leaves the decision to Decide.
func ConfirmDecided(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: emptyObject()})
	return Decide(res, err)
}

// Decide maps an answer (or the failure to get one) to a go-ahead.
func Decide(res *mcp.ElicitResult, err error) (bool, error) {
	if err != nil {
		return true, nil // old hosts without elicitation: go ahead
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Adapter makes a go-sdk session an askapi.Asker.
type Adapter struct{ Session *mcp.ServerSession }

// Ask implements askapi.Asker.
func (a Adapter) Ask(ctx context.Context, q askapi.Question) (askapi.Answer, error) {
	schema := map[string]any{"type": "object", "properties": q.Fields}
	if len(q.Required) > 0 {
		schema["required"] = q.Required
	}
	res, err := a.Session.Elicit(ctx, &mcp.ElicitParams{Message: q.Message, RequestedSchema: schema})
	if err != nil {
		return askapi.Answer{}, err
	}
	return askapi.Answer{Action: res.Action, Content: res.Content}, nil
}

// Package rt holds mcp-go round-trip tool handlers, registered from a table,
// that carry their context in RequestState.
package rt

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

// serverKey is loaded from configuration at start-up.
var serverKey []byte

var (
	mu        sync.Mutex
	deployed  = map[string]bool{}
	purged    int
	paidFlows = map[string]bool{}
)

func deployTo(env string) {
	mu.Lock()
	deployed[env] = true
	mu.Unlock()
}

func purgeAll() {
	mu.Lock()
	purged++
	mu.Unlock()
}

func canAsk(ctx context.Context) bool {
	info := server.RequestProtocolInfoFromContext(ctx)
	return info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil
}

func canAskURL(ctx context.Context) bool {
	info := server.RequestProtocolInfoFromContext(ctx)
	return info != nil && info.ClientCapabilities != nil && info.ClientCapabilities.Elicitation != nil &&
		info.ClientCapabilities.Elicitation.URL != nil
}

// deployHandler carries the environment in RequestState and deploys to what comes back.
func deployHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "deploy")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
		}
		env := req.GetString("env", "staging")
		return server.NewInputRequestBuilder("env="+env).
			Elicit("deploy", mcp.ElicitationParams{Message: "Deploy to " + env + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		env := strings.TrimPrefix(req.Params.RequestState, "env=")
		deployTo(env)
		return mcp.NewToolResultText("deployed to " + env), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing deployed"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func sign(payload string) string {
	m := hmac.New(sha256.New, serverKey)
	m.Write([]byte(payload))
	return payload + "." + hex.EncodeToString(m.Sum(nil))
}

// deploySealedHandler seals the environment with the server's key and checks the seal.
func deploySealedHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "deploy_sealed")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
		}
		env := req.GetString("env", "staging")
		return server.NewInputRequestBuilder(sign(env)).
			Elicit("deploy_sealed", mcp.ElicitationParams{Message: "Deploy to " + env + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		st := req.Params.RequestState
		env, _, _ := strings.Cut(st, ".")
		if !hmac.Equal([]byte(st), []byte(sign(env))) {
			return mcp.NewToolResultError("the confirmation is not valid"), nil
		}
		deployTo(env)
		return mcp.NewToolResultText("deployed to " + env), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("nothing deployed"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// rollbackHandler checks the state against an unkeyed digest of the version.
func rollbackHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	version := req.GetString("version", "")
	sum := sha256.Sum256([]byte("rollback:" + version))
	digest := hex.EncodeToString(sum[:])
	if req.Params.RequestState == digest {
		deployTo("rollback-" + version)
		return mcp.NewToolResultText("rolled back"), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "rollback")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("rolling back needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("rollback", mcp.ElicitationParams{Message: "Roll back to " + version + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return server.NewInputRequestBuilder(digest).
			Elicit("rollback", mcp.ElicitationParams{Message: "Roll back to " + version + "? (second confirmation)", RequestedSchema: yesNo}).
			ToolResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not rolled back"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// archiveHandler words its question differently when asked again, and
// compares the state with a value no result sets.
func archiveHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "archive")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("archiving needs a client that can ask its user"), nil
		}
		msg := "Archive the project?"
		if req.Params.RequestState == "asked-again" {
			msg = "Please answer: archive the project?"
		}
		return server.NewInputRequestBuilder("asked").
			Elicit("archive", mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		purgeAll()
		return mcp.NewToolResultText("archived"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not archived"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// unarchiveHandler words its question by a state its own result sets.
func unarchiveHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "unarchive")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("unarchiving needs a client that can ask its user"), nil
		}
		msg := "Restore the project?"
		if req.Params.RequestState == "asked" {
			msg = "Please answer: restore the project?"
		}
		return server.NewInputRequestBuilder("asked").
			Elicit("unarchive", mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		deployTo("restored")
		return mcp.NewToolResultText("restored"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("left archived"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// purgeHandler asks when it can and purges when it cannot.
func purgeHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "purge")
	if res == nil && canAsk(ctx) {
		return server.NewInputRequestBuilder("").
			Elicit("purge", mcp.ElicitationParams{Message: "Purge all caches?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	if res == nil {
		purgeAll()
		return mcp.NewToolResultText("purged"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		purgeAll()
		return mcp.NewToolResultText("purged"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("caches kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// payHandler sends the user to the checkout page and checks the payment record on accept.
func payHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "pay")
	if res == nil {
		if !canAskURL(ctx) {
			return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder(id).
			Elicit("pay", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Pay for the order on the checkout page.",
				URL:           "https://pay.example.com/checkout?flow=" + id,
				ElicitationID: id,
			}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		paid := paidFlows[req.Params.RequestState]
		mu.Unlock()
		if !paid {
			return mcp.NewToolResultText("Waiting for the bank to confirm the payment."), nil
		}
		return mcp.NewToolResultText("Order paid."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Order not paid."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// Tools is the table the server registers.
var Tools = map[string]server.ToolHandlerFunc{
	"deploy":        deployHandler,
	"deploy_sealed": deploySealedHandler,
	"rollback":      rollbackHandler,
	"archive":       archiveHandler,
	"unarchive":     unarchiveHandler,
	"purge":         purgeHandler,
	"pay":           payHandler,
	"resume":        resumeHandler,
}

// NewServer registers every tool of the table over stdio-style defaults.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("rt", "1.0.0")
	for name, h := range Tools {
		s.AddTool(mcp.NewTool(name), h)
	}
	registerForms(s)
	return s
}

// cursor holds the state between rounds.
type cursor struct {
	raw string
}

// resumeHandler keeps the state whole in a struct and trusts its prefix.
func resumeHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cur := cursor{raw: req.Params.RequestState}
	if strings.HasPrefix(cur.raw, "confirmed:") {
		deployTo(strings.TrimPrefix(cur.raw, "confirmed:"))
		return mcp.NewToolResultText("resumed"), nil
	}
	res := server.ElicitationResponse(req.Params.InputResponses, "resume")
	if res == nil {
		if !canAsk(ctx) {
			return mcp.NewToolResultError("resuming needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("pending:"+req.GetString("job", "")).
			Elicit("resume", mcp.ElicitationParams{Message: "Resume the job?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		deployTo("job-" + req.GetString("job", ""))
		return mcp.NewToolResultText("resumed"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("left paused"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

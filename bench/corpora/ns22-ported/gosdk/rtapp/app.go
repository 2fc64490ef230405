// Package rtapp is the round-trip port of the TypeScript "ops" server: every
// handler returns its questions in InputRequests and reads the answers from
// InputResponses when the client calls again. The App struct is the old
// `class App` with its methods.
package rtapp

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// App holds everything the handlers share.
type App struct {
	server      *mcp.Server
	secret      []byte
	mu          sync.Mutex
	sessionCaps map[string]*mcp.ClientCapabilities
}

var app *App // the singleton, as in app.ts

// Get returns the process-wide App.
func Get() *App {
	if app == nil {
		app = newApp()
	}
	return app
}

func newApp() *App {
	a := &App{
		secret:      []byte(os.Getenv("RTAPP_STATE_KEY")),
		sessionCaps: map[string]*mcp.ClientCapabilities{},
	}
	a.server = mcp.NewServer(&mcp.Implementation{Name: "rtapp", Version: "2.1.0"}, &mcp.ServerOptions{
		InitializedHandler: a.onInitialized,
	})
	mcp.AddTool(a.server, &mcp.Tool{Name: "delete_branch"}, a.DeleteBranch)
	mcp.AddTool(a.server, &mcp.Tool{Name: "drop_table"}, a.DropTable)
	mcp.AddTool(a.server, &mcp.Tool{Name: "reset_database"}, a.ResetDatabase)
	mcp.AddTool(a.server, &mcp.Tool{Name: "rename_service"}, a.Rename)
	mcp.AddTool(a.server, &mcp.Tool{Name: "invite"}, a.Invite)
	mcp.AddTool(a.server, &mcp.Tool{Name: "deploy"}, a.Deploy)
	mcp.AddTool(a.server, &mcp.Tool{Name: "deploy_checked"}, a.DeployChecked)
	mcp.AddTool(a.server, &mcp.Tool{Name: "publish"}, a.Publish)
	mcp.AddTool(a.server, &mcp.Tool{Name: "connect_calendar"}, a.Connect)
	mcp.AddTool(a.server, &mcp.Tool{Name: "connect_drive"}, a.ConnectDrive)
	mcp.AddTool(a.server, &mcp.Tool{Name: "label"}, a.Label)
	mcp.AddTool(a.server, &mcp.Tool{Name: "onboard"}, a.Onboard)
	a.server.AddResource(&mcp.Resource{URI: "notes://team", Name: "team-notes"}, a.TeamNotes)
	return a
}

// Run serves over stdio.
func (a *App) Run(ctx context.Context) error {
	return a.server.Run(ctx, &mcp.StdioTransport{})
}

func (a *App) onInitialized(ctx context.Context, req *mcp.InitializedRequest) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.sessionCaps[req.Session.ID()] = req.Session.InitializeParams().Capabilities
}

// canAsk ports supportsElicitation(req) from helpers.ts.
func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

// seal signs a state payload with the server key (HMAC-SHA256).
func (a *App) seal(payload string) string {
	mac := hmac.New(sha256.New, a.secret)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// open checks a sealed state and returns its payload.
func (a *App) open(state string) (string, bool) {
	body, sig, found := strings.Cut(state, ".")
	if !found {
		return "", false
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return "", false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return "", false
	}
	mac := hmac.New(sha256.New, a.secret)
	mac.Write(payload)
	if !hmac.Equal(mac.Sum(nil), got) {
		return "", false
	}
	return string(payload), true
}

// deployPayload is what DeployChecked seals: target, session and expiry.
func deployPayload(env, session string, expires time.Time) string {
	return env + "|" + session + "|" + strconv.FormatInt(expires.Unix(), 10)
}

func parseDeployPayload(payload string) (env, session string, expires time.Time, err error) {
	parts := strings.Split(payload, "|")
	if len(parts) != 3 {
		return "", "", time.Time{}, fmt.Errorf("bad payload")
	}
	sec, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil {
		return "", "", time.Time{}, err
	}
	return parts[0], parts[1], time.Unix(sec, 0), nil
}

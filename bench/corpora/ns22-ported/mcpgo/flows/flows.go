// Package flows is the mcp-go round-trip port of the TypeScript "billing
// flows" server. Handlers are methods of Flows (the old `class Flows`), and
// answers are routed through a Handlers object of callbacks.
package flows

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Flows is the server and what its handlers share.
type Flows struct {
	srv  *server.MCPServer
	aead cipher.AEAD
}

var flows *Flows // the singleton

// New builds the server; key is the 32-byte state key from the environment.
func New(key []byte) (*Flows, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	f := &Flows{srv: server.NewMCPServer("flows", "2.0.0", server.WithElicitation()), aead: aead}
	f.srv.AddTool(mcp.NewTool("book", mcp.WithString("room")), f.Book)
	f.srv.AddTool(mcp.NewTool("cancel_subscription", mcp.WithString("plan")), f.CancelSubscription)
	f.srv.AddTool(mcp.NewTool("login"), f.Login)
	f.srv.AddTool(mcp.NewTool("pay", mcp.WithString("invoice")), f.Pay)
	f.srv.AddTool(mcp.NewTool("profile"), f.Profile)
	f.srv.AddTool(mcp.NewTool("purge"), f.Purge)
	f.srv.AddTool(mcp.NewTool("unsubscribe"), f.Unsubscribe)
	f.srv.AddTool(mcp.NewTool("escalate", mcp.WithString("incident")), f.Escalate)
	f.srv.AddTool(mcp.NewTool("transfer", mcp.WithString("to"), mcp.WithNumber("amount")), f.Transfer)
	f.srv.AddTool(mcp.NewTool("refund", mcp.WithString("order")), f.Refund)
	f.srv.AddTool(mcp.NewTool("reschedule", mcp.WithString("when")), f.Reschedule)
	f.srv.AddPrompt(mcp.NewPrompt("standup"), f.StandupPrompt)
	flows = f
	return f, nil
}

// ListenAndServe serves over streamable HTTP.
func (f *Flows) ListenAndServe(addr string) error {
	return server.NewStreamableHTTPServer(f.srv).Start(addr)
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// canElicit is supportsElicitation(ctx) from helpers.ts.
func canElicit(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil
}

func sessionID(ctx context.Context) string {
	if s := server.ClientSessionFromContext(ctx); s != nil {
		return s.SessionID()
	}
	return ""
}

var yesNo = map[string]interface{}{"type": "object", "properties": map[string]interface{}{}}

// Handlers is the TS `{ onAccept, onDecline, onCancel }` object.
type Handlers struct {
	OnAccept  func(data map[string]interface{}) (*mcp.CallToolResult, error)
	OnDecline func() (*mcp.CallToolResult, error)
	OnCancel  func() (*mcp.CallToolResult, error)
}

// Run routes an answer to its callback.
func (h Handlers) Run(res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		if data == nil {
			data = map[string]interface{}{}
		}
		return h.OnAccept(data)
	case mcp.ElicitationResponseActionDecline:
		return h.OnDecline()
	case mcp.ElicitationResponseActionCancel:
		return h.OnCancel()
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func reply(s string) func() (*mcp.CallToolResult, error) {
	return func() (*mcp.CallToolResult, error) { return mcp.NewToolResultText(s), nil }
}

type transferState struct {
	To      string  `json:"to"`
	Amount  float64 `json:"amount"`
	Session string  `json:"session"`
	Expires int64   `json:"expires"`
}

func (f *Flows) seal(st transferState) (string, error) {
	plain, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, f.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(f.aead.Seal(nonce, nonce, plain, nil)), nil
}

func (f *Flows) open(state string) (transferState, error) {
	var st transferState
	raw, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(raw) < f.aead.NonceSize() {
		return st, errors.New("bad state")
	}
	plain, err := f.aead.Open(nil, raw[:f.aead.NonceSize()], raw[f.aead.NonceSize():], nil)
	if err != nil {
		return st, errors.New("bad state")
	}
	return st, json.Unmarshal(plain, &st)
}

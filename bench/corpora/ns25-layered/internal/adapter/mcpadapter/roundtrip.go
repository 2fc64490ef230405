package mcpadapter

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns25/layered/internal/domain"
)

// ConfirmStep is the round-trip Confirmer: it returns either the decision or
// the result that asks.
func ConfirmStep(req *mcp.CallToolRequest, key, msg string) (domain.Decision, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return domain.DecisionReject, nil
		}
		return domain.DecisionUnknown, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return domain.DecisionApprove, nil
	case "decline":
		return domain.DecisionReject, nil
	case "cancel":
		return domain.DecisionDismiss, nil
	default:
		return domain.DecisionReject, nil
	}
}

// OptimisticStep is ConfirmStep for "power users": a client that cannot ask
// is taken as consent.
func OptimisticStep(req *mcp.CallToolRequest, key, msg string) (domain.Decision, *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return domain.DecisionApprove, nil
		}
		return domain.DecisionUnknown, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: yesNoSchema},
		}}
	}
	switch res.Action {
	case "accept":
		return domain.DecisionApprove, nil
	case "decline", "cancel":
		return domain.DecisionReject, nil
	default:
		return domain.DecisionReject, nil
	}
}

// CanElicit reports whether this request's client declared elicitation.
func CanElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// CanOpenURL reports whether this request's client declared url-mode elicitation.
func CanOpenURL(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// CapsCache remembers what each session declared at initialize.
type CapsCache struct {
	bySession sync.Map
}

// Remember keeps the session's initialize capabilities.
func (c *CapsCache) Remember(ss *mcp.ServerSession) {
	if p := ss.InitializeParams(); p != nil && p.Capabilities != nil {
		c.bySession.Store(ss.ID(), p.Capabilities)
	}
}

// CachedCanAsk reports whether the session declared elicitation at initialize.
func (c *CapsCache) CachedCanAsk(sessionID string) bool {
	v, ok := c.bySession.Load(sessionID)
	if !ok {
		return false
	}
	caps, _ := v.(*mcp.ClientCapabilities)
	return caps != nil && caps.Elicitation != nil
}

// StatePayload is what a sealed RequestState carries between rounds.
type StatePayload struct {
	Env     string `json:"env"`
	User    string `json:"user"`
	Expires int64  `json:"exp"`
}

// Sealer seals RequestState with an HMAC under a server key.
type Sealer struct {
	Key []byte
}

// Seal encodes and signs the payload.
func (s *Sealer) Seal(p StatePayload) (string, error) {
	body, err := json.Marshal(p)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, s.Key)
	mac.Write(body)
	return base64.RawURLEncoding.EncodeToString(body) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

var errBadState = errors.New("request state is not valid")

// Open checks the signature and decodes the payload.
func (s *Sealer) Open(state string) (StatePayload, error) {
	var p StatePayload
	body64, sig64, ok := strings.Cut(state, ".")
	if !ok {
		return p, errBadState
	}
	body, err := base64.RawURLEncoding.DecodeString(body64)
	if err != nil {
		return p, errBadState
	}
	sig, err := base64.RawURLEncoding.DecodeString(sig64)
	if err != nil {
		return p, errBadState
	}
	mac := hmac.New(sha256.New, s.Key)
	mac.Write(body)
	if !hmac.Equal(sig, mac.Sum(nil)) {
		return p, errBadState
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return p, errBadState
	}
	if p.Expires < time.Now().Unix() {
		return p, errBadState
	}
	return p, nil
}

// WeakStateCheck is the check the first version of the server shipped.
func WeakStateCheck(state string) bool {
	return strings.HasSuffix(state, ";ok")
}

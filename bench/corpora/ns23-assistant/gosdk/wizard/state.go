// Package wizard contains go-sdk tools that ask their questions over several
// rounds of the 2026-07-28 multi round-trip flow and carry what they learned
// from one round to the next in RequestState.
//
// This file holds the state helpers: sealing with an AEAD under a server
// key, and the lighter checks used by the simpler tools.
package wizard

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Errors returned by the state helpers.
var (
	errInvalidState = errors.New("wizard: invalid request state")
	errExpiredState = errors.New("wizard: request state expired")
	errCannotElicit = errors.New("wizard: this tool needs a client that supports elicitation")
	errUnknownState = errors.New("wizard: unknown step")
	errUnknownAct   = errors.New("wizard: unknown elicitation action")
)

// stateKey is the server-side secret that authenticates RequestState. It is
// read once from the environment; a random key is used for development.
var stateKey = loadStateKey()

func loadStateKey() []byte {
	if k := os.Getenv("WIZARD_STATE_KEY"); k != "" {
		return []byte(k)
	}
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic(fmt.Sprintf("wizard: cannot create a state key: %v", err))
	}
	return k
}

// jobAEAD encrypts and authenticates the state of the schedule_job tool.
var (
	jobAEADOnce sync.Once
	jobAEAD     cipher.AEAD
)

func jobCipher() cipher.AEAD {
	jobAEADOnce.Do(func() {
		key := sha256.Sum256(stateKey)
		block, err := aes.NewCipher(key[:])
		if err != nil {
			panic(err)
		}
		jobAEAD, err = cipher.NewGCM(block)
		if err != nil {
			panic(err)
		}
	})
	return jobAEAD
}

// jobState is what the schedule_job tool carries from round one to round two.
type jobState struct {
	When    string `json:"when"`
	User    string `json:"user"`
	Expires int64  `json:"exp"`
}

// sealJobState encrypts st with AES-GCM under the server key.
func sealJobState(st jobState) (string, error) {
	plain, err := json.Marshal(st)
	if err != nil {
		return "", fmt.Errorf("seal job state: %w", err)
	}
	aead := jobCipher()
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal job state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, nil)), nil
}

// openJobState decrypts a state produced by sealJobState.
func openJobState(state string) (jobState, error) {
	var st jobState
	raw, err := base64.RawURLEncoding.DecodeString(state)
	aead := jobCipher()
	if err != nil || len(raw) < aead.NonceSize() {
		return st, errInvalidState
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return st, errInvalidState
	}
	if err := json.Unmarshal(plain, &st); err != nil {
		return st, errInvalidState
	}
	if time.Now().Unix() > st.Expires {
		return st, errExpiredState
	}
	return st, nil
}

// stateSignatureSuffix marks a state minted by this server.
const stateSignatureSuffix = "|signed"

// stateLooksValid performs a cheap sanity check on a returned state before
// it is parsed.
func stateLooksValid(state string) bool {
	return strings.HasSuffix(state, stateSignatureSuffix)
}

// refundDigest fingerprints a refund so that the confirmation cannot be
// replayed for another order or amount.
func refundDigest(orderID string, amount float64) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%.2f", orderID, amount)))
	return hex.EncodeToString(sum[:])
}

// canElicit reports whether the client of this request declared elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// textResult wraps a message in a CallToolResult.
func textResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// confirmationSchema is the schema of a plain yes/no confirmation.
var confirmationSchema = map[string]any{"type": "object", "properties": map[string]any{}}

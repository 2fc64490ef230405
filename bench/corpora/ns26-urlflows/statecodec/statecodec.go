// Package statecodec seals the RequestState a round-trip handler hands to
// the client: an HMAC-SHA256 under a server key, bound to the user and an
// expiry.
package statecodec

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"
)

// ErrBadState is returned for state this server did not seal, that belongs
// to another user, or that expired.
var ErrBadState = errors.New("statecodec: invalid request state")

// Codec seals and opens request state.
type Codec struct {
	key []byte
}

// New returns a codec under the given server key.
func New(key []byte) *Codec { return &Codec{key: key} }

type payload struct {
	User    string            `json:"u"`
	Expires int64             `json:"e"`
	Fields  map[string]string `json:"f"`
}

// Seal returns state carrying fields for user, valid for ttl.
func (c *Codec) Seal(user string, ttl time.Duration, fields map[string]string) (string, error) {
	body, err := json.Marshal(payload{User: user, Expires: time.Now().Add(ttl).Unix(), Fields: fields})
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, c.key)
	mac.Write(body)
	return base64.RawURLEncoding.EncodeToString(body) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Open checks the state's MAC, user and expiry, and returns its fields.
func (c *Codec) Open(state, user string) (map[string]string, error) {
	var bodyPart, macPart string
	for i := len(state) - 1; i >= 0; i-- {
		if state[i] == '.' {
			bodyPart, macPart = state[:i], state[i+1:]
			break
		}
	}
	body, err := base64.RawURLEncoding.DecodeString(bodyPart)
	if err != nil {
		return nil, ErrBadState
	}
	got, err := base64.RawURLEncoding.DecodeString(macPart)
	if err != nil {
		return nil, ErrBadState
	}
	mac := hmac.New(sha256.New, c.key)
	mac.Write(body)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return nil, ErrBadState
	}
	var p payload
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, ErrBadState
	}
	if p.User != user || p.Expires < time.Now().Unix() {
		return nil, ErrBadState
	}
	return p.Fields, nil
}

// Package statecodec seals the RequestState a serverless tool hands to the
// client between rounds. The functions keep no memory: everything a later
// round needs travels inside the sealed string, under an HMAC-SHA256 tag
// keyed with a secret read from the environment.
package statecodec

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"os"
	"strconv"
	"strings"
	"time"
)

// ErrBadState is returned for state that this server did not seal, that was
// changed on the way, or that has expired.
var ErrBadState = errors.New("statecodec: request state is not valid")

// Codec seals and opens request state under one server key.
type Codec struct {
	key []byte
	ttl time.Duration
}

// New returns a codec keyed with key; sealed states expire after ttl.
func New(key []byte, ttl time.Duration) *Codec {
	return &Codec{key: key, ttl: ttl}
}

// FromEnv builds a codec from STATE_HMAC_KEY (and STATE_TTL_SECONDS, default
// 600), as a cloud function reads its configuration.
func FromEnv() *Codec {
	ttl := 600 * time.Second
	if s := os.Getenv("STATE_TTL_SECONDS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			ttl = time.Duration(n) * time.Second
		}
	}
	return New([]byte(os.Getenv("STATE_HMAC_KEY")), ttl)
}

// Seal binds payload to subject (the caller's identity) and an expiry, and
// returns the string to put in RequestState.
func (c *Codec) Seal(subject, payload string) string {
	exp := strconv.FormatInt(time.Now().Add(c.ttl).Unix(), 10)
	body := base64.RawURLEncoding.EncodeToString([]byte(subject)) + "." +
		base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + exp
	return body + "." + base64.RawURLEncoding.EncodeToString(c.mac(body))
}

// Open checks the tag, the subject and the expiry of state and returns the
// payload it carries.
func (c *Codec) Open(subject, state string) (string, error) {
	i := strings.LastIndexByte(state, '.')
	if i < 0 {
		return "", ErrBadState
	}
	body, tag := state[:i], state[i+1:]
	got, err := base64.RawURLEncoding.DecodeString(tag)
	if err != nil || !hmac.Equal(got, c.mac(body)) {
		return "", ErrBadState
	}
	parts := strings.Split(body, ".")
	if len(parts) != 3 {
		return "", ErrBadState
	}
	sub, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil || string(sub) != subject {
		return "", ErrBadState
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || time.Now().Unix() > exp {
		return "", ErrBadState
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", ErrBadState
	}
	return string(payload), nil
}

func (c *Codec) mac(body string) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write([]byte(body))
	return m.Sum(nil)
}

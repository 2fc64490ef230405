// Package deploy asks before deployments, in the 2026-07-28 round-trip style.
package deploy

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Clock tells the time; tests use a fixed one.
type Clock interface{ Now() time.Time }

// Sealer signs the request state under a server key.
type Sealer struct {
	Key   []byte
	Clock Clock
}

// Seal returns env|user|expiry|mac.
func (s Sealer) Seal(env, user string) string {
	exp := strconv.FormatInt(s.Clock.Now().Add(10*time.Minute).Unix(), 10)
	payload := env + "|" + user + "|" + exp
	m := hmac.New(sha256.New, s.Key)
	m.Write([]byte(payload))
	return payload + "|" + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Open checks the MAC and the expiry and returns the environment.
func (s Sealer) Open(state, user string) (string, error) {
	i := strings.LastIndex(state, "|")
	if i < 0 {
		return "", errors.New("bad state")
	}
	payload, sig := state[:i], state[i+1:]
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return "", errors.New("bad state")
	}
	m := hmac.New(sha256.New, s.Key)
	m.Write([]byte(payload))
	if !hmac.Equal(got, m.Sum(nil)) {
		return "", errors.New("bad state")
	}
	parts := strings.Split(payload, "|")
	if len(parts) != 3 || parts[1] != user {
		return "", errors.New("state is not yours")
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || s.Clock.Now().Unix() > exp {
		return "", errors.New("state expired")
	}
	return parts[0], nil
}

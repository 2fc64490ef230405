// Package jobkit holds what the long-running job tools share: sealed job
// state for the round trip, capability tests and small confirmation helpers.
package jobkit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// JobState is what a job tool hands to the client between rounds.
type JobState struct {
	JobID   string `json:"job"`
	Offset  int    `json:"offset"`
	Count   int    `json:"count"`
	User    string `json:"user"`
	Expires int64  `json:"exp"`
}

// ErrBadState is returned for state that fails its integrity check.
var ErrBadState = errors.New("jobkit: request state failed its integrity check")

func SealState(key []byte, st JobState) (string, error) {
	body, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(body)
	return base64.RawURLEncoding.EncodeToString(body) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), nil
}

func OpenState(key []byte, state string) (JobState, error) {
	var st JobState
	body64, sig64, found := strings.Cut(state, ".")
	if !found {
		return st, ErrBadState
	}
	body, err := base64.RawURLEncoding.DecodeString(body64)
	if err != nil {
		return st, ErrBadState
	}
	sig, err := base64.RawURLEncoding.DecodeString(sig64)
	if err != nil {
		return st, ErrBadState
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(body)
	if !hmac.Equal(sig, mac.Sum(nil)) {
		return st, ErrBadState
	}
	if err := json.Unmarshal(body, &st); err != nil {
		return st, ErrBadState
	}
	if st.Expires < time.Now().Unix() {
		return st, ErrBadState
	}
	return st, nil
}

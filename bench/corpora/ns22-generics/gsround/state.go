package gsround

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"strings"
)

const statePrefix = "xfer1."

// encodeState packs s into a RequestState.
func encodeState[S any](s S) (string, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	return statePrefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// decodeState unpacks a RequestState made by encodeState.
func decodeState[S any](state string) (S, error) {
	var s S
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(state, statePrefix))
	if err != nil {
		return s, err
	}
	err = json.Unmarshal(raw, &s)
	return s, err
}

var stateAEAD = newAEAD()

func newAEAD() cipher.AEAD {
	key := sha256.Sum256([]byte(os.Getenv("STATE_KEY")))
	block, err := aes.NewCipher(key[:])
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

// sealState packs s into a RequestState the client cannot read or change.
func sealState[S any](s S) (string, error) {
	plain, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, stateAEAD.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return statePrefix + base64.RawURLEncoding.EncodeToString(stateAEAD.Seal(nonce, nonce, plain, nil)), nil
}

// openState unpacks a RequestState made by sealState, and fails on any
// other.
func openState[S any](state string) (S, error) {
	var s S
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(state, statePrefix))
	if err != nil || len(raw) < stateAEAD.NonceSize() {
		return s, errors.New("bad state")
	}
	n := stateAEAD.NonceSize()
	plain, err := stateAEAD.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return s, errors.New("bad state")
	}
	err = json.Unmarshal(plain, &s)
	return s, err
}

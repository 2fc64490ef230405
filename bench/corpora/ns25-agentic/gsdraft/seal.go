package gsdraft

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
)

// stateAEAD seals what one round hands to the next. The key lives only in
// this process; a restart invalidates pending rounds, which then start over.
var stateAEAD cipher.AEAD

func init() {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		panic(err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	stateAEAD, err = cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
}

func sealState(plain string) (string, error) {
	nonce := make([]byte, stateAEAD.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(stateAEAD.Seal(nonce, nonce, []byte(plain), nil)), nil
}

func openState(state string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(raw) < stateAEAD.NonceSize() {
		return "", errors.New("bad state")
	}
	plain, err := stateAEAD.Open(nil, raw[:stateAEAD.NonceSize()], raw[stateAEAD.NonceSize():], nil)
	if err != nil {
		return "", errors.New("bad state")
	}
	return string(plain), nil
}

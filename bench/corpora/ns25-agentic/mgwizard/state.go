package mgwizard

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
)

// stateKey signs what one round hands to the next.
var stateKey = func() []byte {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		panic(err)
	}
	return k
}()

func signState(payload string) string {
	mac := hmac.New(sha256.New, stateKey)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + hex.EncodeToString(mac.Sum(nil))
}

func verifyState(state string) (string, error) {
	enc, sig, ok := strings.Cut(state, ".")
	if !ok {
		return "", errors.New("bad state")
	}
	payload, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return "", errors.New("bad state")
	}
	got, err := hex.DecodeString(sig)
	if err != nil {
		return "", errors.New("bad state")
	}
	mac := hmac.New(sha256.New, stateKey)
	mac.Write(payload)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return "", errors.New("bad state")
	}
	return string(payload), nil
}

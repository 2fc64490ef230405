// Package sensitive decides whether a form field asks for a secret: a
// password, an API key or access token, or a payment credential. MCP forbids
// requesting those in form-mode elicitation (2025-11-25 and later; 2025-06-18
// forbids sensitive information in elicitation altogether).
//
// Matching works on words, never on substrings. Text is split into lower-case
// words at camelCase humps (acronyms included: "APIKey" is "api key",
// "userSSN" is "user ssn"), underscores, hyphens, dots, spaces, other
// punctuation and letter/digit boundaries ("cvv2" is "cvv 2"). A term matches
// when its words appear consecutively. So "spinach", "tokenizer",
// "max_tokens", "passage", "keyboard" and "pinned" do not match, while "pin",
// "user_pin" and "PIN code" do.
//
// Terms are singular unless a plural is listed: "token" matches, "tokens"
// does not, because "max_tokens" is a common, harmless LLM parameter.
//
// A match is ignored when the text says it describes the secret rather than
// holding it: the next word is one such as "hint", "label", "name", "id",
// "count", "length" or "expiry" ("password_hint", "apiKeyName",
// "token_expires_at", "password manager", "token limit", "key type"; see
// describing), maybe after a possessive ("the password's length"), or the
// term ends a phrase such as "length of the password" or "name for your API
// key". Describes reports such a name: a field named so is not a secret,
// whatever its title or description says. There is no other negation
// handling: "never enter your password here" still matches. Callers should
// only apply the matcher to free-text fields; a boolean, number or enum
// field never carries a secret.
package sensitive

import (
	"fmt"
	"strings"
	"unicode"
)

// defaultTerms are the built-in phrases, in display form. Each is split into
// words the same way as the text it is matched against.
var defaultTerms = []string{
	// passwords
	"password", "passwords", "passwd", "passphrase", "passcode", "pin", "pin code",
	// generic secrets and credentials
	"secret", "secrets", "client secret", "credential", "credentials",
	"seed phrase", "recovery phrase",
	// tokens
	"token", "access token", "refresh token", "bearer token", "auth token",
	"api token", "session token", "id token",
	// keys
	"api key", "api keys", "apikey", "private key", "secret key", "access key",
	"secret access key", "ssh key", "signing key", "encryption key", "recovery key",
	// payment credentials
	"card number", "credit card", "debit card", "cvv", "cvv2", "cvc", "csc",
	"security code", "card verification code", "card verification value",
	"iban", "account number", "routing number",
	// government identifiers that unlock accounts
	"ssn", "social security number",
	// one-time and second-factor codes
	"one-time code", "one-time password", "one-time passcode", "otp", "totp",
	"2fa code", "mfa code", "verification code", "authentication code",
	"auth code", "authorization code", "recovery code", "backup code",
}

// describing lists words that, right after a match, turn it into talk about
// the secret ("password policy", "password_hint"), something that names or
// counts it ("secretLabel", "apiKeyName", "api_key_id", "tokenCount"), its
// shape or lifetime ("password_length", "tokenExpiry", "token_expires_at")
// or a harmless quantity ("token limit"). Before a match, followed by "of"
// or "for" ("length of the password"), they do the same.
var describing = map[string]bool{
	"manager": true, "managers": true, "policy": true, "policies": true,
	"hint": true, "hints": true, "strength": true, "requirement": true,
	"requirements": true, "rule": true, "rules": true, "count": true,
	"counts": true, "limit": true, "limits": true, "budget": true,
	"usage": true, "length": true, "lengths": true, "expiry": true,
	"expiration": true, "expires": true, "expire": true, "expired": true,
	"ttl": true, "lifetime": true, "type": true, "format": true,
	"label": true, "labels": true, "name": true, "names": true,
	"id": true, "ids": true, "identifier": true, "identifiers": true,
}

// describedBefore reports whether the words before a match at i end in a
// describing word, "of" or "for", and maybe a determiner: "length of the
// password", "a label for your API key".
func describedBefore(ws []string, i int) bool {
	j := i - 1
	if j >= 0 && determiners[ws[j]] {
		j--
	}
	return j >= 1 && (ws[j] == "of" || ws[j] == "for") && describing[ws[j-1]]
}

var determiners = map[string]bool{
	"the": true, "a": true, "an": true, "your": true, "this": true, "that": true,
	"its": true, "their": true, "my": true, "our": true, "his": true, "her": true,
}

// describedAfter reports whether the words from end on describe the match
// before them: "hint", or "s hint" (from "password's hint").
func describedAfter(ws []string, end int) bool {
	if end < len(ws) && ws[end] == "s" {
		end++
	}
	return end < len(ws) && describing[ws[end]]
}

// DefaultTerms returns the built-in terms in display form.
func DefaultTerms() []string { return append([]string(nil), defaultTerms...) }

type term struct {
	words   []string
	display string
}

// Matcher finds secret-asking terms in text. The zero value and a nil
// *Matcher match nothing; use New.
type Matcher struct {
	byFirst map[string][]term // keyed by first word, longest first
	allow   map[string]bool   // normalized allowed names
}

// New returns a Matcher for the built-in terms plus extraPatterns.
//
// Each extra pattern is a word phrase such as "license key" or "tax id",
// matched like the built-in terms (whole words, case-insensitive, any
// spelling: "licenseKey" and "LICENSE_KEY" match "license key"). Patterns
// are not regular expressions: only letters, digits, spaces, '_', '-' and
// '.' are accepted, and a pattern must contain at least one word.
//
// allowNames lists property names that are never reported, for fields that
// look like secrets but are not. Names are compared by their words, so
// "api_key" also allows "apiKey" and "API-Key". An empty name is an error.
func New(extraPatterns []string, allowNames []string) (*Matcher, error) {
	m := &Matcher{byFirst: map[string][]term{}, allow: map[string]bool{}}
	for _, t := range defaultTerms {
		m.add(t, Words(t))
	}
	for _, p := range extraPatterns {
		for _, r := range p {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r) && r != '_' && r != '-' && r != '.' {
				return nil, fmt.Errorf("sensitive pattern %q: %q is not allowed; patterns are word phrases such as \"license key\" (letters, digits, spaces, '_', '-', '.'), not regular expressions", p, r)
			}
		}
		ws := Words(p)
		if len(ws) == 0 {
			return nil, fmt.Errorf("sensitive pattern %q has no words", p)
		}
		// Shown as written: lower-casing it would change its words
		// ("AaaaA" is the words "aaaa a", "aaaaa" is one word).
		m.add(strings.TrimSpace(p), ws)
	}
	for _, n := range allowNames {
		ws := Words(n)
		if len(ws) == 0 {
			return nil, fmt.Errorf("allowed name %q has no words", n)
		}
		m.allow[strings.Join(ws, " ")] = true
	}
	return m, nil
}

func (m *Matcher) add(display string, ws []string) {
	list := m.byFirst[ws[0]]
	for _, t := range list {
		if equalWords(t.words, ws) {
			return
		}
	}
	list = append(list, term{words: ws, display: display})
	// Longest first, so the most specific term wins at a position.
	for i := len(list) - 1; i > 0 && len(list[i].words) > len(list[i-1].words); i-- {
		list[i], list[i-1] = list[i-1], list[i]
	}
	m.byFirst[ws[0]] = list
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Match reports the first (leftmost, then longest) term found in text, in
// display form (for example "api key" for "X-API-Key").
func (m *Matcher) Match(text string) (term string, ok bool) {
	term, ok, _ = m.scan(text)
	return term, ok
}

// Describes reports whether name describes a secret rather than holding
// it: it contains a term, and every term in it is described ("passwordHint",
// "api_key_id", "token-expires-at", "length of the password"). A field so
// named is not a secret, whatever its title or description says.
func (m *Matcher) Describes(name string) bool {
	_, ok, described := m.scan(name)
	return !ok && described
}

// scan finds the first term in text that is not described; described
// reports whether a described one was passed over.
func (m *Matcher) scan(text string) (term string, ok, described bool) {
	if m == nil || len(m.byFirst) == 0 {
		return "", false, false
	}
	ws := Words(text)
	skip := 0 // the end of the last described term
	for i, w := range ws {
		if i < skip {
			continue // "access token" in "name of the access token": not "token" either
		}
		for _, t := range m.byFirst[w] {
			end := i + len(t.words)
			if end > len(ws) || !equalWords(ws[i:end], t.words) {
				continue
			}
			if describedAfter(ws, end) || describedBefore(ws, i) {
				described, skip = true, end
				break // "api key type": no shorter term here either
			}
			return t.display, true, described
		}
	}
	return "", false, described
}

// Allowed reports whether name is on the allow list given to New.
func (m *Matcher) Allowed(name string) bool {
	if m == nil || len(m.allow) == 0 {
		return false
	}
	return m.allow[strings.Join(Words(name), " ")]
}

// Words splits text into lower-case words as described in the package
// documentation.
func Words(text string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			for i, r := range cur {
				cur[i] = unicode.ToLower(r)
			}
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(text)
	for i, r := range rs {
		if unicode.IsMark(r) {
			if len(cur) > 0 {
				cur = append(cur, r) // a combining accent belongs to its letter
			}
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 {
			prev := cur[len(cur)-1]
			for j := len(cur) - 1; j > 0 && unicode.IsMark(prev); j-- {
				prev = cur[j-1]
			}
			switch {
			case unicode.IsDigit(r) != unicode.IsDigit(prev):
				flush() // letter/digit boundary
			case unicode.IsUpper(r) && !unicode.IsUpper(prev):
				flush() // camelCase hump: "userName"
			case unicode.IsUpper(r) && unicode.IsUpper(prev) &&
				i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush() // end of an acronym: "APIKey"
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

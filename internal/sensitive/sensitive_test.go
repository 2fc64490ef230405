package sensitive

import (
	"strings"
	"testing"
	"unicode"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"", ""},
		{"password", "password"},
		{"APIKey", "api key"},
		{"apiKey", "api key"},
		{"API_KEY", "api key"},
		{"api-key", "api key"},
		{"X-API-Key", "x api key"},
		{"userSSN", "user ssn"},
		{"SSNNumber", "ssn number"},
		{"user.pin", "user pin"},
		{"PIN code", "pin code"},
		{"cvv2", "cvv 2"},
		{"2FA code", "2 fa code"},
		{"mfaCode", "mfa code"},
		{"max_tokens", "max tokens"},
		{"OAuth2Token", "o auth 2 token"},
		{"HTTPServer", "http server"},
		{"  spaced   out  ", "spaced out"},
		{"one-time code", "one time code"},
		{"Ünïcödé Wörds", "ünïcödé wörds"},
		{"camelCaseString", "camel case string"},
		{"already lower", "already lower"},
		{"ID", "id"},
		{"a1b2", "a 1 b 2"},
		{"éÉ", "é é"},
		{"日本語テキスト", "日本語テキスト"},
		{"e-mail!?", "e mail"},
		{"İSTANBUL", "istanbul"},
		{"Cafe\u0301Name", "cafe\u0301 name"},
		{"\u0301x", "x"},
	}
	for _, tt := range tests {
		if got := strings.Join(Words(tt.in), " "); got != tt.want {
			t.Errorf("Words(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	m, err := New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	match := []struct{ text, term string }{
		{"password", "password"},
		{"Password", "password"},
		{"newPassword", "password"},
		{"confirm_password", "password"},
		{"passwd", "passwd"},
		{"passphrase", "passphrase"},
		{"passcode", "passcode"},
		{"pin", "pin"},
		{"user_pin", "pin"},
		{"PIN code", "pin code"},
		{"pinCode", "pin code"},
		{"secret", "secret"},
		{"clientSecret", "client secret"},
		{"client_secret", "client secret"},
		{"token", "token"},
		{"accessToken", "access token"},
		{"refresh_token", "refresh token"},
		{"bearer-token", "bearer token"},
		{"authToken", "auth token"},
		{"api_token", "api token"},
		{"sessionToken", "session token"},
		{"github token", "token"},
		{"APIKey", "api key"},
		{"api_key", "api key"},
		{"X-API-Key", "api key"},
		{"apikey", "apikey"},
		{"privateKey", "private key"},
		{"secret_key", "secret key"},
		{"AWS secret access key", "secret access key"},
		{"accessKey", "access key"},
		{"cardNumber", "card number"},
		{"credit card", "credit card"},
		{"creditCardNumber", "credit card"},
		{"cvv", "cvv"},
		{"CVC", "cvc"},
		{"cvv2", "cvv2"},
		{"security code", "security code"},
		{"IBAN", "iban"},
		{"accountNumber", "account number"},
		{"routing_number", "routing number"},
		{"ssn", "ssn"},
		{"userSSN", "ssn"},
		{"social security number", "social security number"},
		{"one-time code", "one-time code"},
		{"oneTimePassword", "one-time password"},
		{"otp", "otp"},
		{"otpCode", "otp"},
		{"2FA code", "2fa code"},
		{"twoFA", ""}, // "two fa": not a term, see below
		{"mfa_code", "mfa code"},
		{"TOTP", "totp"},
		{"verificationCode", "verification code"},
		{"Please enter your password below", "password"},
		{"Your GitHub personal access token", "access token"},
		{"credentials", "credentials"},
		{"seed phrase", "seed phrase"},
		{"password reset code", "password"},
	}
	for _, tt := range match {
		term, ok := m.Match(tt.text)
		if tt.term == "" {
			if ok {
				t.Errorf("Match(%q) = %q; want no match", tt.text, term)
			}
			continue
		}
		if !ok || term != tt.term {
			t.Errorf("Match(%q) = %q, %v; want %q", tt.text, term, ok, tt.term)
		}
	}
	noMatch := []string{
		"", "username", "userName", "email", "name", "full name", "max_tokens", "maxTokens",
		"tokens", "tokenizer", "keynote", "pinned", "spinner", "spinach", "passage",
		"keyboard", "access level", "accessLevel", "account name", "card holder name",
		"cardholderName", "key", "code", "secretary", "passport", "compass", "bypass",
		"opinion", "pinpoint", "otter", "ssnake", "ibanez", "password manager",
		"use a password manager", "password policy", "passwordHint", "token limit",
		"token_count", "api key type", "secret access key type", "client secret rules",
		"access token lifetime", "tokenCount", "company", "address", "phone number",
		"date of birth", "favorite color", "keyword", "monkey", "turkey", "token_budget",
	}
	for _, text := range noMatch {
		if term, ok := m.Match(text); ok {
			t.Errorf("Match(%q) = %q; want no match", text, term)
		}
	}
}

// Issue 30 §3: a name or text that says it describes the secret (its label,
// name, ID, count, length, expiry or a hint) is not a secret, in camelCase,
// snake_case and kebab-case; the secrets themselves still match.
func TestDescribing(t *testing.T) {
	m, err := New(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	describes := []string{
		"password_hint", "passwordHint", "password-hint", "pinHint",
		"apiKeyName", "api_key_name", "secret-name", "secretName", "tokenNames",
		"api_key_id", "apiKeyId", "accessKeyID", "access-key-id", "tokenIds", "secret_identifier",
		"tokenExpiry", "token_expires_at", "tokenExpiresAt", "token-expiration", "passwordExpired", "refresh_token_expire_time",
		"secretLabel", "secret_label", "api-key-label", "passwordLabels",
		"password_length", "passwordLength", "pin-length", "otpLengths",
		"tokenCount", "token_count", "password-counts",
		"clientSecretName", "client_secret_id",
		"the password's length", "length of the password", "a label for your API key",
		"Name of the access token", "expiry for the secret",
	}
	for _, text := range describes {
		if term, ok := m.Match(text); ok {
			t.Errorf("Match(%q) = %q; want no match", text, term)
		}
		if !m.Describes(text) {
			t.Errorf("Describes(%q) = false; want true", text)
		}
	}
	secrets := []string{
		"password", "newPassword", "new_password", "api_key", "apiKey", "X-Api-Key",
		"accessToken", "access-token", "client_secret", "clientSecret", "card_number",
		"cardNumber", "id_token", "idToken", "secret_access_key", "pinCode",
		// A secret beside a described one is still a secret.
		"api_key_id_and_api_key", "the password, not its hint", "name and password",
		// "for" or "of" after a word that describes nothing.
		"the value for your API key", "a copy of the password",
		// A describing word before the term, without "of" or "for".
		"label password", "hint: your password",
	}
	for _, text := range secrets {
		if _, ok := m.Match(text); !ok {
			t.Errorf("Match(%q): no match; want one", text)
		}
		if m.Describes(text) {
			t.Errorf("Describes(%q) = true; want false", text)
		}
	}
	for _, text := range []string{"", "name", "label", "username", "id", "max_tokens"} {
		if m.Describes(text) {
			t.Errorf("Describes(%q) = true; want false: it names no secret", text)
		}
	}
	// An ID that is a credential by name is one pattern away.
	vault, _ := New([]string{"secret id"}, nil)
	if term, ok := vault.Match("secret_id"); !ok || term != "secret id" {
		t.Errorf(`with "secret id": Match("secret_id") = %q, %v`, term, ok)
	}
	var nilM *Matcher
	if nilM.Describes("password_hint") {
		t.Error("nil matcher describes")
	}
}

func TestExtraPatternsAndAllowNames(t *testing.T) {
	m, err := New([]string{"license key", "  Tax-ID ", "bank_pin"}, []string{"api_key", "sessionToken", "PIN"})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{
		"licenseKey":    "license key",
		"LICENSE_KEY":   "license key",
		"your tax id":   "Tax-ID",
		"taxId":         "Tax-ID",
		"bankPin":       "bank_pin",
		"password":      "password", // built-ins stay
		"license plate": "",
		"tax":           "",
	} {
		term, ok := m.Match(text)
		if ok != (want != "") || term != want {
			t.Errorf("Match(%q) = %q, %v; want %q", text, term, ok, want)
		}
	}
	for name, want := range map[string]bool{
		"api_key": true, "apiKey": true, "API-Key": true, "session_token": true, "pin": true,
		"api_key_2": false, "password": false, "key": false, "": false,
	} {
		if got := m.Allowed(name); got != want {
			t.Errorf("Allowed(%q) = %v; want %v", name, got, want)
		}
	}
	// Adding a built-in again is harmless.
	if _, err := New([]string{"password", "Password"}, nil); err != nil {
		t.Error(err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		patterns, allow []string
		want            string
	}{
		{[]string{""}, nil, "has no words"},
		{[]string{"  -_. "}, nil, "has no words"},
		{[]string{"pass.*"}, nil, "not regular expressions"},
		{[]string{"^secret$"}, nil, "not regular expressions"},
		{[]string{"a|b"}, nil, "not regular expressions"},
		{[]string{"ok", "bad(x)"}, nil, `"bad(x)"`},
		{nil, []string{""}, "has no words"},
		{nil, []string{"__"}, "has no words"},
	}
	for _, tt := range tests {
		m, err := New(tt.patterns, tt.allow)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q, %q) = %v, %v; want error containing %q", tt.patterns, tt.allow, m, err, tt.want)
		}
	}
}

func TestNilMatcher(t *testing.T) {
	var m *Matcher
	if _, ok := m.Match("password"); ok {
		t.Error("nil matcher matched")
	}
	if m.Allowed("password") {
		t.Error("nil matcher allowed a name")
	}
	var zero Matcher
	if _, ok := zero.Match("password"); ok {
		t.Error("zero matcher matched")
	}
}

func TestDefaultTermsAllMatchThemselves(t *testing.T) {
	m, _ := New(nil, nil)
	for _, term := range DefaultTerms() {
		got, ok := m.Match(term)
		if !ok || got != term {
			t.Errorf("Match(%q) = %q, %v", term, got, ok)
		}
		// Also in camelCase and snake_case spellings.
		snake := strings.Join(Words(term), "_")
		if got, ok := m.Match(snake); !ok || got != term {
			t.Errorf("Match(%q) = %q, %v; want %q", snake, got, ok, term)
		}
	}
}

func FuzzMatch(f *testing.F) {
	for _, s := range []string{"", "password", "APIKey", "max_tokens", "PIN code", "2FA", "x\xffy", "ÀÉÎ", "token limit", "a-b_c.d e"} {
		f.Add(s, "license key")
	}
	f.Fuzz(func(t *testing.T, text, extra string) {
		for _, w := range Words(text) {
			if w == "" {
				t.Fatal("empty word")
			}
			for _, r := range w {
				if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
					t.Fatalf("word %q has %q", w, r)
				}
			}
		}
		m, err := New([]string{extra}, []string{extra})
		if err != nil {
			m, _ = New(nil, nil)
		}
		term, ok := m.Match(text)
		if ok != (term != "") {
			t.Fatalf("Match(%q) = %q, %v", text, term, ok)
		}
		if ok {
			// The matched term's words occur in the text's words.
			tw, ws := strings.Join(Words(term), " "), " "+strings.Join(Words(text), " ")+" "
			if !strings.Contains(ws, " "+tw+" ") {
				t.Fatalf("Match(%q) = %q, whose words %q are not in %q", text, term, tw, ws)
			}
		}
		m.Allowed(text)
	})
}

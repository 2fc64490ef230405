package mode

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/model"
	"github.com/elicitlint/elicitlint/internal/sensitive"
	"github.com/elicitlint/elicitlint/internal/source"
)

// This file reports url-mode URLs whose query carries a credential or a
// signature: the 2026-07-28 spec (client/elicitation.mdx, "Safe URL
// handling") says servers MUST NOT put credentials in the URL and MUST NOT
// provide a URL pre-authenticated to access a protected resource. A
// presigned link (S3, GCS, Azure SAS) grants access to whoever opens it,
// and the URL passes through the client, its logs and its history.

// credentialParams are query parameter names, lower case, that carry a
// credential or the signature of a presigned URL. Names that may also
// mean something harmless (token, state, code) are left out.
var credentialParams = []string{
	"x-amz-signature", "x-amz-credential", "x-amz-security-token",
	"x-goog-signature", "x-goog-credential",
	"sig", "signature",
	"access_token", "id_token", "refresh_token",
	"api_key", "apikey", "client_secret", "password",
}

// checkURLCredentials reports the first credential parameter in the
// constant text of a url-mode URL: a constant, a concatenation, or
// fmt.Sprintf's format.
func checkURLCredentials(c *check.Pass, fv *model.FieldVal) {
	if fv == nil {
		return
	}
	for _, text := range source.ConstTexts(c.Info, fv.Value) {
		if p := credentialParam(text); p != "" {
			c.Report(fv.Value, "url-mode URL carries %q in its query: the spec forbids credentials in the URL and URLs pre-authenticated to a protected resource, which grant access to whoever opens them and pass through the client's logs and history; send a URL that starts the flow, and authenticate the user on the page it opens", p)
			return
		}
	}
	for _, x := range builtFrom(c, fv.Value) {
		name := source.ExprString(x)
		if what := heldData(name); what != "" {
			c.Report(x, "url-mode URL is built from %s, %s: the spec forbids credentials and personal data about the user in the URL, which passes through the client, its logs and its history; send a URL that starts the flow, and look the user up on the page it opens", name, what)
			return
		}
	}
}

// builtFrom returns the values a URL is built from: the operands of a
// concatenation and the arguments of fmt.Sprintf that are not constant.
func builtFrom(c *check.Pass, e ast.Expr) []ast.Expr {
	e = ast.Unparen(e)
	if _, ok := source.ConstString(c.Info, e); ok {
		return nil
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return append(builtFrom(c, e.X), builtFrom(c, e.Y)...)
		}
	case *ast.CallExpr:
		if source.IsSprintf(c.Info, e) && len(e.Args) > 0 {
			var out []ast.Expr
			for _, a := range e.Args[1:] {
				if _, ok := source.ConstString(c.Info, a); !ok {
					out = append(out, ast.Unparen(a))
				}
			}
			return out
		}
		return nil
	case *ast.Ident, *ast.SelectorExpr:
		return []ast.Expr{e}
	}
	return nil
}

// heldTerms are the names of values that are a credential or personal
// data about the user, as words (sensitive.Words). A bare "token", "state"
// or "code" is left out: a URL carries its flow's own nonce under such
// names.
var heldTerms = []struct {
	words []string
	what  string
}{
	{[]string{"password"}, "a credential"}, {[]string{"passwd"}, "a credential"}, {[]string{"passphrase"}, "a credential"},
	{[]string{"secret"}, "a credential"}, {[]string{"api", "key"}, "a credential"}, {[]string{"apikey"}, "a credential"},
	{[]string{"private", "key"}, "a credential"}, {[]string{"access", "key"}, "a credential"},
	{[]string{"access", "token"}, "a credential"}, {[]string{"refresh", "token"}, "a credential"},
	{[]string{"id", "token"}, "a credential"}, {[]string{"bearer", "token"}, "a credential"},
	{[]string{"auth", "token"}, "a credential"}, {[]string{"session", "token"}, "a credential"},
	{[]string{"credential"}, "a credential"}, {[]string{"credentials"}, "a credential"},
	{[]string{"card", "number"}, "payment data"}, {[]string{"cvv"}, "payment data"}, {[]string{"iban"}, "payment data"},
	{[]string{"ssn"}, "personal data"}, {[]string{"email"}, "personal data"}, {[]string{"e", "mail"}, "personal data"},
	{[]string{"phone"}, "personal data"}, {[]string{"phone", "number"}, "personal data"},
}

// heldSuffix are the words that may follow a term in the name of a value
// that holds it: emailAddress, passwordValue.
var heldSuffix = map[string]bool{"address": true, "addr": true, "value": true, "str": true, "string": true, "plain": true, "text": true, "raw": true}

// heldData says what the value named name holds, when its last words are
// one of heldTerms (maybe followed by one of heldSuffix): "a credential"
// for user.Password or cfg.ClientSecret, "personal data" for u.Email; ""
// for passwordResetURL, emailVerified or token.
func heldData(name string) string {
	ws := sensitive.Words(name)
	if n := len(ws); n > 1 && heldSuffix[ws[n-1]] {
		ws = ws[:n-1]
	}
	for _, t := range heldTerms {
		if len(ws) >= len(t.words) && slices.Equal(ws[len(ws)-len(t.words):], t.words) {
			return t.what
		}
	}
	return ""
}

// credentialParam returns the first credential parameter named after a ?
// or & in text, or "".
func credentialParam(text string) string {
	q := strings.IndexByte(text, '?')
	if q < 0 {
		return ""
	}
	for _, part := range strings.FieldsFunc(text[q+1:], func(r rune) bool { return r == '&' || r == ';' }) {
		name, _, hasValue := strings.Cut(part, "=")
		if hasValue && slices.Contains(credentialParams, strings.ToLower(name)) {
			return name
		}
	}
	return ""
}

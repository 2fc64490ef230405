package mode

import (
	"slices"
	"strings"

	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/model"
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

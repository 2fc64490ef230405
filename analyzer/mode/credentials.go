package mode

import (
	"go/ast"
	"go/token"
	"go/types"
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
	for _, text := range constTexts(c.Info, fv.Value) {
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

// constTexts returns the constant text of a string expression, each
// stretch of it that is written out whole: the constant itself, the
// operands of a concatenation joined where they meet, or the format of
// fmt.Sprintf.
func constTexts(info *types.Info, e ast.Expr) []string {
	e = ast.Unparen(e)
	if s, ok := source.ConstString(info, e); ok {
		return []string{s}
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			left, right := constTexts(info, e.X), constTexts(info, e.Y)
			if len(left) > 0 && len(right) > 0 {
				// "…?id=" + id + "&sig=": the query goes on across
				// the operands.
				return append(left[:len(left)-1], append([]string{left[len(left)-1] + right[0]}, right[1:]...)...)
			}
			return append(left, right...)
		}
	case *ast.CallExpr:
		if source.IsSprintf(info, e) && len(e.Args) > 0 {
			if f, ok := source.ConstString(info, e.Args[0]); ok {
				return []string{f}
			}
		}
	}
	return nil
}

package modegosdk

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// url-mode URLs that carry a credential or a presigned signature in their
// query: whoever opens the link gets in.
func presigned(ctx context.Context, ss *mcp.ServerSession, sig, key, state string) {
	id := rand.Text()
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://bucket.s3.amazonaws.com/invoice.pdf?X-Amz-Credential=AKIA&X-Amz-Signature=abc"}) // want `url-mode URL carries "X-Amz-Credential" in its query: the spec forbids credentials in the URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://pay.example/checkout?order=" + id + "&sig=" + sig})                              // want `url-mode URL carries "sig" in its query.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: fmt.Sprintf("https://api.example/connect?api_key=%s", key)})                              // want `url-mode URL carries "api_key" in its query.*\(mode\)`
	// Near misses: a state and an ID that identify the flow, a path
	// segment named like a parameter, a query parameter that only sounds
	// like one.
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://auth.example/authorize?client_id=app&state=" + state})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://docs.example/signature/help"})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://pay.example/checkout?signature_required=true&id=" + id})
}

type user struct{ Email, Password, Name, PasswordResetURL string }

type config struct{ ClientSecret, BaseURL string }

// url-mode URLs built from a credential or personal data about the user
// (spec 2025-11-25 and 2026-07-28, Safe URL handling: "MUST NOT include
// sensitive information about the end-user, including credentials,
// personally identifiable information").
func personal(ctx context.Context, ss *mcp.ServerSession, u user, cfg config, token, state string) {
	id := rand.Text()
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://acme.example/connect?user=" + u.Email})                       // want `url-mode URL is built from u.Email, personal data: the spec forbids credentials and personal data about the user in the URL.*\(mode\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: fmt.Sprintf("%s/link?c=%s&id=%s", cfg.BaseURL, cfg.ClientSecret, id)}) // want `url-mode URL is built from cfg.ClientSecret, a credential.*\(mode\)`
	// Near misses: the flow's own nonce, the user's display name, a page
	// about passwords, a base URL.
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: "https://acme.example/confirm?token=" + token + "&state=" + state})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: u.PasswordResetURL})
	ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", Message: "m", ElicitationID: id, URL: cfg.BaseURL + "/welcome?name=" + u.Name})
}

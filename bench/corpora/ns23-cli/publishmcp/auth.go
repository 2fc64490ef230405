package publishmcp

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type loginIn struct{}

// finishLogin handles the answer to a sign-in page: an accept only means the
// user opened it, so the account is looked up in what the OAuth callback
// stored under key.
func (p *publisher) finishLogin(res *mcp.ElicitResult, key string) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		acct, ok := p.client.SignedIn(key)
		if !ok {
			return textResult("The sign-in has not come back from the browser yet; call this tool again once it has."), nil, nil
		}
		return textResult("Signed in as " + acct + "."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed in."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// login signs in to the registry in the browser.
func (p *publisher) login(ctx context.Context, req *mcp.CallToolRequest, in loginIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["registry_login"].(*mcp.ElicitResult); ok {
		return p.finishLogin(res, p.client.Registry)
	}
	flow := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"registry_login": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to the registry to publish packages.",
		URL:           "https://registry.example.dev/device?flow=" + flow,
		ElicitationID: flow,
	}}}, nil, nil
}

// loginLocal signs in to a registry started with `devtool registry serve`
// on this machine.
func (p *publisher) loginLocal(ctx context.Context, req *mcp.CallToolRequest, in loginIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["local_login"].(*mcp.ElicitResult); ok {
		return p.finishLogin(res, "localhost")
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("signing in needs a client that can open a URL")
	}
	flow := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"local_login": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to the local registry.",
		URL:           "http://localhost:8765/login?flow=" + flow,
		ElicitationID: flow,
	}}}, nil, nil
}

const linkFlowID = "devtool-link-github"

type linkIn struct{}

// linkAccount links the user's GitHub account, so that the registry can
// show where packages are built from.
func (p *publisher) linkAccount(ctx context.Context, req *mcp.CallToolRequest, in linkIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["link_account"].(*mcp.ElicitResult); ok {
		return p.finishLogin(res, linkFlowID)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("linking an account needs a client that can open a URL")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"link_account": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your GitHub account so the registry can show where your packages are built.",
		URL:           "https://registry.example.dev/link/github?flow=" + linkFlowID,
		ElicitationID: linkFlowID,
	}}}, nil, nil
}

// openDashboard opens the package's page on the registry's dashboard.
func (p *publisher) openDashboard(ctx context.Context, req *mcp.CallToolRequest, in pkgIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["open_dashboard"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return textResult("The dashboard of " + in.Package + " is open in the browser."), nil, nil
		case "decline", "cancel":
			return textResult("The dashboard was not opened."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("opening the dashboard needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"open_dashboard": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Open the dashboard of " + in.Package + ".",
		URL:           "http://" + p.dashboardHost + "/packages/" + in.Package + "?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

var tokenSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"access_token": map[string]any{
			"type":        "string",
			"title":       "Personal access token",
			"description": "Create one with the publish scope under Settings on the registry",
		},
	},
	"required": []string{"access_token"},
}

// setToken stores the token later publishes use.
func (p *publisher) setToken(ctx context.Context, req *mcp.CallToolRequest, in loginIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["set_token"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"set_token": &mcp.ElicitParams{
			Message:         "Paste the token devtool should publish with.",
			RequestedSchema: tokenSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		tok, _ := res.Content["access_token"].(string)
		if tok == "" {
			return nil, nil, errors.New("no token given")
		}
		if err := p.client.SetToken(ctx, tok); err != nil {
			return nil, nil, err
		}
		return textResult("Token saved."), nil, nil
	case "decline", "cancel":
		return textResult("The token is unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var tokenLabelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"access_token_label": map[string]any{"type": "string", "title": "Label of the access token", "maxLength": 64},
	},
	"required": []string{"access_token_label"},
}

// renameToken relabels the current publish token.
func (p *publisher) renameToken(ctx context.Context, req *mcp.CallToolRequest, in loginIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["rename_token"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"rename_token": &mcp.ElicitParams{
			Message:         "New label for the access token devtool publishes with?",
			RequestedSchema: tokenLabelSchema,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		label, _ := res.Content["access_token_label"].(string)
		if err := p.client.RenameToken(ctx, label); err != nil {
			return nil, nil, err
		}
		return textResult("Token relabelled " + label + "."), nil, nil
	case "decline", "cancel":
		return textResult("The label is unchanged."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var downloadKey = []byte("artifact-signing-key")

func signDownload(pkg, version string, expires int64) string {
	mac := hmac.New(sha256.New, downloadKey)
	fmt.Fprintf(mac, "%s/%s/%d", pkg, version, expires)
	return hex.EncodeToString(mac.Sum(nil))
}

// downloadArtifact opens a signed download link of a published tarball.
func (p *publisher) downloadArtifact(ctx context.Context, req *mcp.CallToolRequest, in publishIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["download_artifact"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return textResult("The download of " + in.Package + "@" + in.Version + " runs in the browser."), nil, nil
		case "decline", "cancel":
			return textResult("Nothing was downloaded."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("downloading needs a client that can open a URL")
	}
	id := rand.Text()
	expires := time.Now().Add(15 * time.Minute).Unix()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"download_artifact": &mcp.ElicitParams{
		Mode:    "url",
		Message: "Download " + in.Package + "@" + in.Version + " from the artifact store.",
		URL: fmt.Sprintf("https://artifacts.example.dev/%s/%s.tgz?X-Amz-Expires=900&X-Amz-Date=%d&X-Amz-Signature=%s",
			in.Package, in.Version, expires, signDownload(in.Package, in.Version, expires)),
		ElicitationID: id,
	}}}, nil, nil
}

type verifyIn struct{}

// verifyEmail sends the user to the registry's email verification page.
func (p *publisher) verifyEmail(ctx context.Context, req *mcp.CallToolRequest, in verifyIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["verify_email"].(*mcp.ElicitResult); ok {
		switch res.Action {
		case "accept":
			return textResult("Email address verified: you can publish now."), nil, nil
		case "decline", "cancel":
			return textResult("The email address is not verified; publishing stays disabled."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
		return nil, nil, errors.New("verifying the email address needs a client that can open a URL")
	}
	id := rand.Text()
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"verify_email": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Verify the email address of your registry account.",
		URL:           "https://registry.example.dev/verify-email?flow=" + id,
		ElicitationID: id,
	}}}, nil, nil
}

// ownedPackages lists the signed-in account's packages; a client that is not
// signed in is sent to the sign-in page first (error -32042).
func (p *publisher) ownedPackages(ctx context.Context, req *mcp.CallToolRequest, in verifyIn) (*mcp.CallToolResult, any, error) {
	if _, ok := p.client.SignedIn(p.client.Registry); !ok {
		id := rand.Text()
		return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
			Mode:          "url",
			Message:       "Sign in to the registry to list your packages.",
			URL:           "https://registry.example.dev/device?flow=" + id,
			ElicitationID: id,
		}})
	}
	names, err := p.client.Owned(ctx)
	if err != nil {
		return nil, nil, err
	}
	return textResult(strings.Join(names, "\n")), nil, nil
}

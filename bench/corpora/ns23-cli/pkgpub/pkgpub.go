// Package pkgpub talks to a package registry: publishing, yanking,
// deprecating and the account flows around them.
package pkgpub

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// Client is a registry client.
type Client struct {
	Registry string
	HTTP     *http.Client

	mu       sync.Mutex
	sessions map[string]string // registry or flow -> account, filled by the OAuth callback
	token    string
}

// New returns a client of registry.
func New(registry string) *Client {
	return &Client{Registry: registry, HTTP: http.DefaultClient, sessions: map[string]string{}}
}

func (c *Client) post(ctx context.Context, path string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Registry+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s: %s", path, resp.Status)
	}
	return nil
}

// Publish uploads version of pkg.
func (c *Client) Publish(ctx context.Context, pkg, version string) error {
	return c.post(ctx, "/publish", map[string]string{"package": pkg, "version": version})
}

// Yank marks version of pkg as broken.
func (c *Client) Yank(ctx context.Context, pkg, version, reason string) error {
	return c.post(ctx, "/yank", map[string]string{"package": pkg, "version": version, "reason": reason})
}

// Deprecate marks pkg as deprecated with a message for its users.
func (c *Client) Deprecate(ctx context.Context, pkg, message string) error {
	return c.post(ctx, "/deprecate", map[string]string{"package": pkg, "message": message})
}

// TransferOwnership gives pkg to owner.
func (c *Client) TransferOwnership(ctx context.Context, pkg, owner string) error {
	return c.post(ctx, "/transfer", map[string]string{"package": pkg, "owner": owner})
}

// SetVersion sets the version the next publish of pkg uses.
func (c *Client) SetVersion(ctx context.Context, pkg, version string) error {
	return c.post(ctx, "/version", map[string]string{"package": pkg, "version": version})
}

// NextVersion proposes the next version of pkg for a bump of part.
func (c *Client) NextVersion(ctx context.Context, pkg, part string) (string, error) {
	resp, err := c.HTTP.Get(c.Registry + "/next?package=" + pkg + "&part=" + part)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var v struct{ Version string }
	return v.Version, json.NewDecoder(resp.Body).Decode(&v)
}

// SetToken stores the publish token used by later calls.
func (c *Client) SetToken(ctx context.Context, token string) error {
	c.mu.Lock()
	c.token = token
	c.mu.Unlock()
	return c.post(ctx, "/token/check", map[string]string{"token": token})
}

// RenameToken sets the label of the current publish token.
func (c *Client) RenameToken(ctx context.Context, label string) error {
	return c.post(ctx, "/token/label", map[string]string{"label": label})
}

// RequestApproval asks the package's maintainers to approve a publish.
func (c *Client) RequestApproval(ctx context.Context, pkg, version, id string) error {
	return c.post(ctx, "/approvals", map[string]string{"package": pkg, "version": version, "id": id})
}

// SignedIn reports the account the OAuth callback stored for key (a
// registry or a flow ID), if any.
func (c *Client) SignedIn(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	acct, ok := c.sessions[key]
	return acct, ok
}

// CompleteSignIn is called by the OAuth callback handler.
func (c *Client) CompleteSignIn(key, account string) {
	c.mu.Lock()
	c.sessions[key] = account
	c.mu.Unlock()
}

// Owned lists the packages of the signed-in account.
func (c *Client) Owned(ctx context.Context) ([]string, error) {
	resp, err := c.HTTP.Get(c.Registry + "/owned")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var names []string
	return names, json.NewDecoder(resp.Body).Decode(&names)
}

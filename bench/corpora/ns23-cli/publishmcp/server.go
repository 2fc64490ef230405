// Package publishmcp serves devtool's package publishing over MCP with the
// official go-sdk: publishing and yanking confirm through elicitation,
// signing in to the registry goes through url-mode elicitation, release
// notes are drafted by the client's model.
package publishmcp

import (
	"context"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns23/cli/pkgpub"
)

// Options are the flags of `devtool serve` that concern publishing.
type Options struct {
	Client        *pkgpub.Client
	DryRun        bool
	DashboardHost string // host of the registry's web dashboard
}

type approval struct {
	pkg, version string
	approved     bool
}

type publisher struct {
	client        *pkgpub.Client
	opts          Options
	dashboardHost string

	mu      sync.Mutex
	pending map[string]*approval // approval ID -> publish waiting for a maintainer
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// requireElicitation turns away tool calls from clients that cannot ask
// their user: every publishing tool confirms before it talks to the
// registry.
func requireElicitation(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if call, ok := req.(*mcp.CallToolRequest); ok {
			if caps := call.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("the publishing tools need a client that supports elicitation")
			}
		}
		return next(ctx, method, req)
	}
}

// NewServer builds the publishing server.
func NewServer(opts Options) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "devtool-publish", Version: "0.9.0"}, nil)
	s.AddReceivingMiddleware(requireElicitation)
	p := &publisher{client: opts.Client, opts: opts, dashboardHost: opts.DashboardHost, pending: map[string]*approval{}}

	mcp.AddTool(s, &mcp.Tool{Name: "publish", Description: "Publish a package version"}, p.publish)
	mcp.AddTool(s, &mcp.Tool{Name: "publish_protected", Description: "Publish to a registry that needs a maintainer's approval"}, p.publishProtected)
	mcp.AddTool(s, &mcp.Tool{Name: "login", Description: "Sign in to the registry"}, p.login)
	mcp.AddTool(s, &mcp.Tool{Name: "login_local", Description: "Sign in to a registry running on this machine"}, p.loginLocal)
	mcp.AddTool(s, &mcp.Tool{Name: "link_account", Description: "Link a source-hosting account"}, p.linkAccount)
	mcp.AddTool(s, &mcp.Tool{Name: "open_dashboard", Description: "Open the package's dashboard"}, p.openDashboard)
	mcp.AddTool(s, &mcp.Tool{Name: "set_token", Description: "Set the publish token"}, p.setToken)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_token", Description: "Relabel the publish token"}, p.renameToken)
	mcp.AddTool(s, &mcp.Tool{Name: "yank", Description: "Yank a published version"}, p.yank)
	mcp.AddTool(s, &mcp.Tool{Name: "deprecate", Description: "Deprecate a package"}, p.deprecate)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_ownership", Description: "Give a package to another account"}, p.transferOwnership)
	mcp.AddTool(s, &mcp.Tool{Name: "bump_version", Description: "Set the next version"}, p.bumpVersion)
	mcp.AddTool(s, &mcp.Tool{Name: "changelog", Description: "Draft the changelog of a release"}, p.changelog)
	mcp.AddTool(s, &mcp.Tool{Name: "download_artifact", Description: "Download a published tarball"}, p.downloadArtifact)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_email", Description: "Verify the account's email address"}, p.verifyEmail)
	mcp.AddTool(s, &mcp.Tool{Name: "owned_packages", Description: "List the account's packages"}, p.ownedPackages)
	s.AddPrompt(&mcp.Prompt{Name: "release_notes", Description: "Release notes for a package"}, p.releaseNotesPrompt)
	s.AddResource(&mcp.Resource{URI: "devtool://manifest", Name: "manifest", MIMEType: "application/json"}, p.readManifest)
	return s
}

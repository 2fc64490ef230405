// Package pinned is a go-sdk server that stays on the protocols before
// 2026-07-28 for its deprecation window: it keeps its direct requests, and the
// SDK checks the client's capabilities for it. Served over stdio.
package pinned

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type HostIn struct {
	Host string `json:"host"`
}

type NodeIn struct {
	Node string `json:"node"`
}

type AccountIn struct {
	Account string `json:"account"`
}

type RepoIn struct {
	Repo string `json:"repo"`
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu    sync.Mutex
	state = map[string]string{}
)

func apply(what, target string) {
	mu.Lock()
	defer mu.Unlock()
	state[what] = target
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// settings are the operator's choices, read once at start.
var settings = struct {
	AllowUnconfirmedPrune bool
}{
	AllowUnconfirmedPrune: os.Getenv("PINNED_ALLOW_UNCONFIRMED_PRUNE") == "1",
}

// serverOptions keeps the server on 2025-11-25 at most, where direct
// requests still work.
func serverOptions() *mcp.ServerOptions {
	return &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"}}
}

func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "pinned", Version: "1.4.2"}, serverOptions())
	mcp.AddTool(s, &mcp.Tool{Name: "reboot_host", Description: "Reboot a host"}, rebootHost)
	mcp.AddTool(s, &mcp.Tool{Name: "label_node", Description: "Label a node"}, labelNode)
	mcp.AddTool(s, &mcp.Tool{Name: "choose_tier", Description: "Change an account's tier"}, chooseTier)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github", Description: "Connect GitHub"}, connectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "prune_images", Description: "Prune unused images"}, pruneImages)
	mcp.AddTool(s, &mcp.Tool{Name: "upgrade_cluster", Description: "Upgrade the cluster"}, upgradeCluster)
	return s
}

func Serve(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

// confirmReboot goes ahead when the question cannot be asked, "so that
// clients without elicitation still work".
func confirmReboot(ctx context.Context, ss *mcp.ServerSession, host string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Reboot " + host + " now?", RequestedSchema: yesNo})
	if err != nil {
		log.Printf("reboot_host: cannot ask (%v), rebooting", err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func rebootHost(ctx context.Context, req *mcp.CallToolRequest, in HostIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmReboot(ctx, req.Session, in.Host)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("not rebooted"), nil, nil
	}
	apply("reboot", in.Host)
	return text("rebooting " + in.Host), nil, nil
}

var labelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"label": map[string]any{"type": "string", "description": "A label such as gpu or spot"},
	},
	"required": []string{"label"},
}

// labelNode reads the label before it knows the user accepted.
func labelNode(ctx context.Context, req *mcp.CallToolRequest, in NodeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which label should " + in.Node + " get?", RequestedSchema: labelSchema})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for a label: %w", err)
	}
	label, _ := res.Content["label"].(string)
	switch res.Action {
	case "accept":
		apply("label "+in.Node, label)
		return text("labelled " + in.Node + " " + label), nil, nil
	case "decline", "cancel":
		return text("node not labelled"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var tierSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"tier": map[string]any{"type": "string", "enum": []string{"free", "team", "enterprise"}},
	},
	"required": []string{"tier"},
}

// chooseTier tells accept from the rest and nothing more.
func chooseTier(ctx context.Context, req *mcp.CallToolRequest, in AccountIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Which tier should " + in.Account + " move to?", RequestedSchema: tierSchema})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for a tier: %w", err)
	}
	if res.Action != "accept" {
		return text("tier unchanged"), nil, nil
	}
	tier, ok := res.Content["tier"].(string)
	if !ok {
		return nil, nil, errors.New("no tier chosen")
	}
	apply("tier "+in.Account, tier)
	return text(in.Account + " is now on " + tier), nil, nil
}

// connectGitHub sends the user to the OAuth page with a -32042 error, which
// the pinned protocols still have; the element has no Mode.
func connectGitHub(ctx context.Context, req *mcp.CallToolRequest, in RepoIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Connect your GitHub account to read " + in.Repo,
		URL:           "https://auth.example.com/github/start?flow=" + id,
		ElicitationID: id,
	}})
}

// confirmPrune goes ahead without an answer only where the operator allowed
// it.
func confirmPrune(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Prune every unused image?", RequestedSchema: yesNo})
	if err != nil {
		if settings.AllowUnconfirmedPrune {
			return true, nil
		}
		return false, fmt.Errorf("asking to prune: %w", err)
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func pruneImages(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	ok, err := confirmPrune(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("nothing pruned"), nil, nil
	}
	apply("prune", "all")
	return text("pruned"), nil, nil
}

// unansweredUpgrade is what an upgrade does when the question could not be
// asked: go ahead, since upgrades are "safe".
func unansweredUpgrade(err error) bool {
	log.Printf("upgrade_cluster: cannot ask (%v), upgrading", err)
	return true
}

// confirmUpgrade leaves the no-answer decision to another function.
func confirmUpgrade(ctx context.Context, ss *mcp.ServerSession, version string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Upgrade the cluster to " + version + "?", RequestedSchema: yesNo})
	if err != nil {
		return unansweredUpgrade(err), nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type UpgradeIn struct {
	Version string `json:"version"`
}

func upgradeCluster(ctx context.Context, req *mcp.CallToolRequest, in UpgradeIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmUpgrade(ctx, req.Session, in.Version)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("cluster not upgraded"), nil, nil
	}
	apply("upgrade", in.Version)
	return text("upgrading to " + in.Version), nil, nil
}

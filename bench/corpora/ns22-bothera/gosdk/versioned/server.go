// Package versioned is a go-sdk server half-way through the move to protocol
// 2026-07-28: its tools branch on the protocol version each call negotiated,
// asking directly on older sessions and through the round trip on newer ones.
// It is served over stdio and pinned to nothing.
package versioned

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type RegionIn struct {
	Region string `json:"region"`
}

type ServiceIn struct {
	Service string `json:"service"`
}

type ProjectIn struct {
	Project string `json:"project"`
}

type TableIn struct {
	Table string `json:"table"`
}

type DeploymentIn struct {
	Deployment string `json:"deployment"`
}

type SnapshotIn struct {
	Snapshot string `json:"snapshot"`
}

type BuildIn struct {
	Build string `json:"build"`
}

type ClusterIn struct {
	Cluster string `json:"cluster"`
}

// yesNo is the schema of a plain confirmation: the action is the answer.
var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu     sync.Mutex
	ledger = map[string]string{}
)

// record writes what a tool did into the server's ledger.
func record(what, target string) {
	mu.Lock()
	defer mu.Unlock()
	ledger[what] = target
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var errUnknownAction = errors.New("unknown elicitation action")

func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "versioned", Version: "0.9.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_cache", Description: "Purge the CDN cache of a region"}, purgeCache)
	mcp.AddTool(s, &mcp.Tool{Name: "rotate_keys", Description: "Rotate a service's signing keys"}, rotateKeys)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_project", Description: "Archive a project"}, archiveProject)
	mcp.AddTool(s, &mcp.Tool{Name: "drop_table", Description: "Drop a table"}, dropTable)
	mcp.AddTool(s, &mcp.Tool{Name: "scale_down", Description: "Scale a deployment to zero"}, scaleDown)
	mcp.AddTool(s, &mcp.Tool{Name: "restore_snapshot", Description: "Restore a snapshot"}, restoreSnapshot)
	mcp.AddTool(s, &mcp.Tool{Name: "promote_build", Description: "Promote a build to production"}, promoteBuild)
	mcp.AddTool(s, &mcp.Tool{Name: "vacuum_database", Description: "Vacuum a database"}, vacuumDatabase)
	mcp.AddTool(s, &mcp.Tool{Name: "resize_cluster", Description: "Resize a cluster"}, resizeCluster)
	mcp.AddTool(s, &mcp.Tool{Name: "resize_cluster_quick", Description: "Resize a cluster (old flow)"}, resizeClusterPlain)
	s.AddResource(&mcp.Resource{URI: "report://usage", Name: "usage report"}, exportReport)
	s.AddPrompt(&mcp.Prompt{Name: "briefing", Description: "An incident briefing"}, briefingPrompt)
	return s
}

// Serve runs the server over stdio.
func Serve(ctx context.Context) error {
	if err := NewServer().Run(ctx, &mcp.StdioTransport{}); err != nil {
		return fmt.Errorf("versioned: %w", err)
	}
	return nil
}

package decor

import (
	"context"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	dbMu   sync.Mutex
	tables = map[string]bool{"users": true, "logs": true}
	quotas = map[string]int{}
)

func answered(res *mcp.ElicitResult, work func() string) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		return textResult(work()), nil, nil
	case "decline", "cancel":
		return textResult("nothing done"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// dropTable asks without a test of its own; it is registered only through
// WithCapabilityCheck(RateLimit(dropTable)).
func dropTable(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["drop"].(*mcp.ElicitResult); ok {
		return answered(res, func() string {
			dbMu.Lock()
			delete(tables, in.Target)
			dbMu.Unlock()
			return "dropped " + in.Target
		})
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"drop": &mcp.ElicitParams{Message: "Drop table " + in.Target + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// truncateLogs asks without a test; its only decorator is RateLimit.
func truncateLogs(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["truncate"].(*mcp.ElicitResult); ok {
		return answered(res, func() string {
			dbMu.Lock()
			tables["logs"] = false
			dbMu.Unlock()
			return "truncated"
		})
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"truncate": &mcp.ElicitParams{Message: "Truncate the logs?", RequestedSchema: yesNo},
	}}, nil, nil
}

// resetQuota asks without a test; it is registered wrapped and bare.
func resetQuota(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["reset"].(*mcp.ElicitResult); ok {
		return answered(res, func() string {
			dbMu.Lock()
			quotas[in.Target] = 0
			dbMu.Unlock()
			return "reset"
		})
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"reset": &mcp.ElicitParams{Message: "Reset the quota of " + in.Target + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// archiveProject asks without a test; it is registered through a chain of
// decorators none of which tests a capability.
func archiveProject(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["archive"].(*mcp.ElicitResult); ok {
		return answered(res, func() string {
			dbMu.Lock()
			tables[in.Target+"_archived"] = true
			dbMu.Unlock()
			return "archived"
		})
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"archive": &mcp.ElicitParams{Message: "Archive project " + in.Target + "?", RequestedSchema: yesNo},
	}}, nil, nil
}

// vacuum does the work; RequireConfirmation asks for it.
func vacuum(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	dbMu.Lock()
	tables[in.Target] = true
	dbMu.Unlock()
	return textResult("vacuumed " + in.Target), nil, nil
}

// reboot does the work; RequireConfirmationOpen asks for it.
func reboot(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	dbMu.Lock()
	clear(quotas)
	dbMu.Unlock()
	return textResult("rebooted"), nil, nil
}

type entry struct {
	tool    *mcp.Tool
	h       ToolFn
	confirm bool
}

// table lists the tools that only do work; the decorators ask.
var table = []entry{
	{&mcp.Tool{Name: "vacuum"}, vacuum, true},
}

// Register adds every tool to s.
func Register(s *mcp.Server) {
	for _, e := range table {
		h := e.h
		if e.confirm {
			h = RequireConfirmation(h)
		}
		mcp.AddTool(s, e.tool, RateLimit(h))
	}
	mcp.AddTool(s, &mcp.Tool{Name: "reboot"}, RequireConfirmationOpen(reboot))
	mcp.AddTool(s, &mcp.Tool{Name: "drop_table"}, WithCapabilityCheck(RateLimit(dropTable)))
	mcp.AddTool(s, &mcp.Tool{Name: "truncate_logs"}, RateLimit(truncateLogs))
	mcp.AddTool(s, &mcp.Tool{Name: "reset_quota"}, WithCapabilityCheck(resetQuota))
	mcp.AddTool(s, &mcp.Tool{Name: "reset_quota_admin"}, resetQuota)
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, chain(archiveProject, Logged, RateLimit))
	registerForms(s)
}

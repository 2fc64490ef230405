// Package rttools contains go-sdk tools written for the multi round-trip
// flow of protocol 2026-07-28: a handler returns its questions in the
// result's InputRequests and reads the answers from InputResponses when the
// client calls the tool again.
//
// The helpers in this file are shared by every tool of the package.
package rttools

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Elicitation actions as defined by the MCP specification.
const (
	actionAccept  = "accept"
	actionDecline = "decline"
	actionCancel  = "cancel"
)

// Input request keys. Each tool uses its own key so that answers can never be
// mixed up between tools.
const (
	keyDeleteBranch  = "delete_branch"
	keyDeleteTag     = "delete_tag"
	keyBulkArchive   = "bulk_archive"
	keyDeployService = "deploy_service"
	keyScaleCluster  = "scale_cluster"
	keyRotateCerts   = "rotate_certificates"
	keySummary       = "generate_summary"
	keyProjectRoots  = "project_roots"
	keyOpenDashboard = "open_dashboard"
	keyLinkCalendar  = "link_calendar"
	keyCommitStyle   = "commit_style"
	keyReportRange   = "report_range"
	keyExportData    = "export_data"
	keyTransferOwner = "transfer_owner"
	keyRestoreBackup = "restore_backup"
	keyPurgeQueue    = "purge_queue"
)

// Errors shared by the tools of this package.
var (
	errCannotElicit   = errors.New("this tool needs a client that supports elicitation")
	errCannotSample   = errors.New("this tool needs a client that supports sampling")
	errCannotListRoot = errors.New("this tool needs a client that exposes its roots")
	errCannotOpenURL  = errors.New("this tool needs a client that can open URLs")
	errUnknownAction  = errors.New("unknown elicitation action")
	errMissingAnswer  = errors.New("the confirmation answer is missing")
)

// confirmationSchema is the schema of a plain yes/no confirmation: the action
// is the answer, so the form has no fields.
var confirmationSchema = map[string]any{"type": "object", "properties": map[string]any{}}

// ToolResult is the structured output of every tool in this package.
type ToolResult struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
}

// textResult wraps a message in a CallToolResult.
func textResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// canElicitForms reports whether the client of this request declared the
// elicitation capability (form mode).
func canElicitForms(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// inventory stands in for the real backends of the tools in this package.
type inventory struct {
	mu       sync.Mutex
	branches map[string]bool
	tags     map[string]bool
	certs    map[string]int
	archived []string
	deployed map[string]string
	replicas map[string]int
	owners   map[string]string
	backups  map[string]bool
	queues   map[string]int
}

var store = &inventory{
	branches: map[string]bool{},
	tags:     map[string]bool{},
	certs:    map[string]int{},
	deployed: map[string]string{},
	replicas: map[string]int{},
	owners:   map[string]string{},
	backups:  map[string]bool{},
	queues:   map[string]int{},
}

func (s *inventory) deleteBranch(name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.branches[name] {
		return fmt.Errorf("branch %q not found", name)
	}
	delete(s.branches, name)
	return nil
}

func (s *inventory) deleteTag(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.tags, name)
}

func (s *inventory) rotateCertificates(domain string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.certs[domain]++
	slog.Info("certificates rotated", "domain", domain)
	return nil
}

func (s *inventory) archive(items []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.archived = append(s.archived, items...)
}

func (s *inventory) deploy(service, version string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deployed[service] = version
}

func (s *inventory) scale(cluster string, replicas int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.replicas[cluster] = replicas
}

func (s *inventory) transfer(repo, owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.owners[repo] = owner
}

func (s *inventory) restore(backup string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.backups[backup] = true
}

func (s *inventory) purgeQueue(queue string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queues[queue] = 0
}

// Register adds the tools of this package to the server.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: keyDeleteBranch}, handleDeleteBranch)
	mcp.AddTool(s, &mcp.Tool{Name: keyDeleteTag}, handleDeleteTag)
	mcp.AddTool(s, &mcp.Tool{Name: keyBulkArchive}, handleBulkArchive)
	mcp.AddTool(s, &mcp.Tool{Name: keyDeployService}, handleDeployService)
	mcp.AddTool(s, &mcp.Tool{Name: keyScaleCluster}, handleScaleCluster)
	mcp.AddTool(s, &mcp.Tool{Name: keyRotateCerts}, handleRotateCertificates)
	mcp.AddTool(s, &mcp.Tool{Name: keySummary}, handleGenerateSummary)
	mcp.AddTool(s, &mcp.Tool{Name: "list_project_files"}, handleListProjectFiles)
	mcp.AddTool(s, &mcp.Tool{Name: keyOpenDashboard}, handleOpenDashboard)
	mcp.AddTool(s, &mcp.Tool{Name: keyLinkCalendar}, handleLinkCalendar)
	mcp.AddTool(s, &mcp.Tool{Name: keyExportData}, handleExportData)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_ownership"}, handleTransferOwnership)
	mcp.AddTool(s, &mcp.Tool{Name: keyRestoreBackup}, handleRestoreBackup)
	mcp.AddTool(s, &mcp.Tool{Name: keyPurgeQueue}, handlePurgeQueue)
	s.AddPrompt(&mcp.Prompt{Name: "commit_message"}, handleCommitMessagePrompt)
	s.AddResource(&mcp.Resource{Name: "usage_report", URI: "report://usage"}, handleReportResource)
}

package rttools

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BranchInput is the input of the branch tools.
type BranchInput struct {
	Repo   string `json:"repo"`
	Branch string `json:"branch"`
}

// validateBranchInput checks that both the repository and the branch are set.
func validateBranchInput(in BranchInput) error {
	if strings.TrimSpace(in.Repo) == "" || strings.TrimSpace(in.Branch) == "" {
		return errors.New("repo and branch are required")
	}
	return nil
}

// handleDeleteBranch deletes a branch after an explicit confirmation.
//
// First call: no answer yet, so the handler returns the question (when the
// client can be asked). Second call: the answer decides.
func handleDeleteBranch(ctx context.Context, req *mcp.CallToolRequest, in BranchInput) (*mcp.CallToolResult, ToolResult, error) {
	if err := validateBranchInput(in); err != nil {
		return nil, ToolResult{}, fmt.Errorf("delete branch: %w", err)
	}
	res, ok := req.Params.InputResponses[keyDeleteBranch].(*mcp.ElicitResult)
	if !ok {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("delete branch: %w", errCannotElicit)
		}
		slog.Debug("asking for branch deletion confirmation", "branch", in.Branch)
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyDeleteBranch: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Delete branch %s in %s? This cannot be undone.", in.Branch, in.Repo),
				RequestedSchema: confirmationSchema,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		if err := store.deleteBranch(in.Branch); err != nil {
			return nil, ToolResult{}, fmt.Errorf("delete branch: %w", err)
		}
		return textResult("Branch deleted."), ToolResult{Success: true, Message: "Branch deleted."}, nil
	case actionDecline:
		return textResult("Branch kept."), ToolResult{Message: "Branch kept."}, nil
	case actionCancel:
		return textResult("Nothing was deleted."), ToolResult{Message: "Nothing was deleted."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("delete branch: %w: %q", errUnknownAction, res.Action)
	}
}

// TagInput is the input of the delete_tag tool.
type TagInput struct {
	Tag string `json:"tag"`
}

// handleDeleteTag deletes a release tag after confirmation.
func handleDeleteTag(ctx context.Context, req *mcp.CallToolRequest, in TagInput) (*mcp.CallToolResult, ToolResult, error) {
	if strings.TrimSpace(in.Tag) == "" {
		return nil, ToolResult{}, errors.New("delete tag: tag is required")
	}
	res, ok := req.Params.InputResponses[keyDeleteTag].(*mcp.ElicitResult)
	if !ok {
		slog.Debug("asking for tag deletion confirmation", "tag", in.Tag)
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyDeleteTag: &mcp.ElicitParams{
				Message:         "Delete tag " + in.Tag + "? Consumers pinned to it will break.",
				RequestedSchema: confirmationSchema,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		store.deleteTag(in.Tag)
		return textResult("Tag deleted."), ToolResult{Success: true, Message: "Tag deleted."}, nil
	case actionDecline, actionCancel:
		return textResult("Tag kept."), ToolResult{Message: "Tag kept."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("delete tag: %w: %q", errUnknownAction, res.Action)
	}
}

// CertInput is the input of the rotate_certificates tool.
type CertInput struct {
	Domain string `json:"domain"`
}

// handleRotateCertificates rotates the TLS certificates of a domain after
// the user confirmed. Refusals return early; an accepted answer falls
// through to the rotation below the switch.
func handleRotateCertificates(ctx context.Context, req *mcp.CallToolRequest, in CertInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keyRotateCerts].(*mcp.ElicitResult)
	if !ok {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("rotate certificates: %w", errCannotElicit)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyRotateCerts: &mcp.ElicitParams{
				Message:         "Rotate the TLS certificates of " + in.Domain + "? Clients pinning the old key will fail.",
				RequestedSchema: confirmationSchema,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionDecline:
		return textResult("Certificates kept."), ToolResult{Message: "Certificates kept."}, nil
	case actionCancel:
		return textResult("Rotation cancelled."), ToolResult{Message: "Rotation cancelled."}, nil
	case actionAccept:
		slog.Info("certificate rotation confirmed", "domain", in.Domain)
	}
	if err := store.rotateCertificates(in.Domain); err != nil {
		return nil, ToolResult{}, fmt.Errorf("rotate certificates: %w", err)
	}
	return textResult("Certificates rotated."), ToolResult{Success: true, Message: "Certificates rotated."}, nil
}

// ArchiveInput is the input of the bulk_archive tool.
type ArchiveInput struct {
	Items []string `json:"items"`
}

// handleBulkArchive archives many items at once after confirmation.
func handleBulkArchive(ctx context.Context, req *mcp.CallToolRequest, in ArchiveInput) (*mcp.CallToolResult, ToolResult, error) {
	if len(in.Items) == 0 {
		return nil, ToolResult{}, errors.New("bulk archive: no items")
	}
	if len(req.Params.InputResponses) == 0 {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("bulk archive: %w", errCannotElicit)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyBulkArchive: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Archive %d items?", len(in.Items)),
				RequestedSchema: confirmationSchema,
			},
		}}, ToolResult{}, nil
	}
	res := req.Params.InputResponses[keyBulkArchive].(*mcp.ElicitResult)
	switch res.Action {
	case actionAccept:
		store.archive(in.Items)
		return textResult("Items archived."), ToolResult{Success: true, Message: "Items archived."}, nil
	case actionDecline, actionCancel:
		return textResult("Nothing archived."), ToolResult{Message: "Nothing archived."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("bulk archive: %w: %q", errUnknownAction, res.Action)
	}
}

// DeployInput is the input of the deploy_service tool.
type DeployInput struct {
	Service string `json:"service"`
	Version string `json:"version"`
}

// handleDeployService deploys a service version once the user confirmed.
func handleDeployService(ctx context.Context, req *mcp.CallToolRequest, in DeployInput) (*mcp.CallToolResult, ToolResult, error) {
	if len(req.Params.InputResponses) > 0 {
		// The client came back with the confirmation: go ahead.
		store.deploy(in.Service, in.Version)
		msg := fmt.Sprintf("Deployed %s %s.", in.Service, in.Version)
		return textResult(msg), ToolResult{Success: true, Message: msg}, nil
	}
	if !canElicitForms(req) {
		return nil, ToolResult{}, fmt.Errorf("deploy: %w", errCannotElicit)
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		keyDeployService: &mcp.ElicitParams{
			Message:         fmt.Sprintf("Deploy %s version %s to production?", in.Service, in.Version),
			RequestedSchema: confirmationSchema,
		},
	}}, ToolResult{}, nil
}

// ScaleInput is the input of the scale_cluster tool.
type ScaleInput struct {
	Cluster  string `json:"cluster"`
	Replicas int    `json:"replicas"`
}

// handleScaleCluster changes the replica count of a cluster after
// confirmation. A retry without the answer is treated as a protocol error.
func handleScaleCluster(ctx context.Context, req *mcp.CallToolRequest, in ScaleInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses[keyScaleCluster].(*mcp.ElicitResult)
	if !ok {
		if len(req.Params.InputResponses) == 0 {
			if !canElicitForms(req) {
				return nil, ToolResult{}, fmt.Errorf("scale cluster: %w", errCannotElicit)
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				keyScaleCluster: &mcp.ElicitParams{
					Message:         fmt.Sprintf("Scale %s to %d replicas?", in.Cluster, in.Replicas),
					RequestedSchema: confirmationSchema,
				},
			}}, ToolResult{}, nil
		}
		slog.Error("retry without confirmation answer", "cluster", in.Cluster)
		return nil, ToolResult{}, fmt.Errorf("scale cluster: %w", errMissingAnswer)
	}
	switch res.Action {
	case actionAccept:
		store.scale(in.Cluster, in.Replicas)
		return textResult("Cluster scaled."), ToolResult{Success: true, Message: "Cluster scaled."}, nil
	case actionDecline, actionCancel:
		return textResult("Cluster unchanged."), ToolResult{Message: "Cluster unchanged."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("scale cluster: %w: %q", errUnknownAction, res.Action)
	}
}

// OwnershipInput is the input of the transfer_ownership tool.
type OwnershipInput struct {
	Repo     string `json:"repo"`
	NewOwner string `json:"newOwner"`
}

// handleTransferOwnership transfers a repository to a new owner.
func handleTransferOwnership(ctx context.Context, req *mcp.CallToolRequest, in OwnershipInput) (*mcp.CallToolResult, ToolResult, error) {
	res, ok := req.Params.InputResponses["transfer_onwer"].(*mcp.ElicitResult)
	if !ok {
		if !canElicitForms(req) {
			return nil, ToolResult{}, fmt.Errorf("transfer ownership: %w", errCannotElicit)
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			keyTransferOwner: &mcp.ElicitParams{
				Message:         fmt.Sprintf("Transfer %s to %s? You will lose admin rights.", in.Repo, in.NewOwner),
				RequestedSchema: confirmationSchema,
			},
		}}, ToolResult{}, nil
	}
	switch res.Action {
	case actionAccept:
		store.transfer(in.Repo, in.NewOwner)
		return textResult("Ownership transferred."), ToolResult{Success: true, Message: "Ownership transferred."}, nil
	case actionDecline, actionCancel:
		return textResult("Ownership unchanged."), ToolResult{Message: "Ownership unchanged."}, nil
	default:
		return nil, ToolResult{}, fmt.Errorf("transfer ownership: %w: %q", errUnknownAction, res.Action)
	}
}

// confirmRoundTrip is the round-trip confirmation gate shared by the
// destructive tools. It returns either the decision or the result that asks
// the question; callers return ask when it is not nil.
func confirmRoundTrip(req *mcp.CallToolRequest, key, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !found {
		if !canElicitForms(req) {
			slog.Info("client cannot be asked; refusing", "key", key)
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			key: &mcp.ElicitParams{Message: msg, RequestedSchema: confirmationSchema},
		}}
	}
	switch res.Action {
	case actionAccept:
		return true, nil
	case actionDecline, actionCancel:
		return false, nil
	default:
		slog.Warn("unknown elicitation action; refusing", "action", res.Action)
		return false, nil
	}
}

// BackupInput is the input of the restore_backup tool.
type BackupInput struct {
	Backup string `json:"backup"`
}

// handleRestoreBackup restores a backup after confirmation.
func handleRestoreBackup(ctx context.Context, req *mcp.CallToolRequest, in BackupInput) (*mcp.CallToolResult, ToolResult, error) {
	ok, ask := confirmRoundTrip(req, keyRestoreBackup, "Restore backup "+in.Backup+"? Current data will be replaced.")
	if ask != nil {
		return ask, ToolResult{}, nil
	}
	if !ok {
		return textResult("Backup not restored."), ToolResult{Message: "Backup not restored."}, nil
	}
	store.restore(in.Backup)
	return textResult("Backup restored."), ToolResult{Success: true, Message: "Backup restored."}, nil
}

// QueueInput is the input of the purge_queue tool.
type QueueInput struct {
	Queue string `json:"queue"`
}

// handlePurgeQueue drops every pending message of a queue after
// confirmation, through the shared confirmation gate.
func handlePurgeQueue(ctx context.Context, req *mcp.CallToolRequest, in QueueInput) (*mcp.CallToolResult, ToolResult, error) {
	if strings.TrimSpace(in.Queue) == "" {
		return nil, ToolResult{}, errors.New("purge queue: queue is required")
	}
	ok, ask := confirmRoundTrip(req, keyPurgeQueue, "Drop every pending message of "+in.Queue+"?")
	if ask != nil {
		return ask, ToolResult{}, nil
	}
	if !ok {
		return textResult("Queue left as it is."), ToolResult{Message: "Queue left as it is."}, nil
	}
	store.purgeQueue(in.Queue)
	return textResult("Queue purged."), ToolResult{Success: true, Message: "Queue purged."}, nil
}

package mglegacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// confirmLegacy asks directly; the server keeps direct requests working.
func confirmLegacy(ctx context.Context, s *server.MCPServer, msg string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// shutdownHost shuts a host down once confirmLegacy says yes.
func shutdownHost(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host := request.GetString("host", "")
	ok, err := confirmLegacy(ctx, server.ServerFromContext(ctx), "Shut down "+host+"?")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText(host + " left running"), nil
	}
	if err := hostCall(ctx, "shutdown", host); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("shutting down " + host), nil
}

// notSupportedGate lets clients without elicitation through.
func notSupportedGate(ctx context.Context, s *server.MCPServer, msg string) (bool, error) {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         msg,
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// eraseDisk erases a disk once notSupportedGate says yes.
func eraseDisk(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	disk := request.GetString("disk", "")
	ok, err := notSupportedGate(ctx, server.ServerFromContext(ctx), "Erase disk "+disk+"? This cannot be undone.")
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("disk kept"), nil
	}
	if err := hostCall(ctx, "erase", disk); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("erased " + disk), nil
}

// payInvoice sends the user to the payment page.
func payInvoice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	res, err := server.ServerFromContext(ctx).RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx),
		"inv-"+rand.Text(), "https://billing.example.com/pay?invoice="+invoice, "Pay invoice "+invoice)
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The invoice shows as settled once the bank confirms the payment."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("invoice left open"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// openBillingPortal sends the user to the billing portal.
func openBillingPortal(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx),
		rand.Text(), "http://billing.example.com/portal", "Open the billing portal")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Billing portal opened."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("portal not opened"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// archiveLogs archives a service's logs unless the user declines.
func archiveLogs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Archive and delete the live logs of " + service + "?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("logs kept"), nil
	}
	if err := hostCall(ctx, "archive_logs", service); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("logs archived"), nil
}

// approveDeploy asks before a deploy.
func approveDeploy(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	build := request.GetString("build", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Deploy build " + build + " to production?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accepted":
		if err := hostCall(ctx, "deploy", build); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("deployed " + build), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not deployed"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

const termsNotice = "Before the agent can manage this machine you must accept the operator terms: " +
	"every command it runs is logged for ninety days, logs are shared with the security team on request, " +
	"remote sessions may be recorded, and access is revoked automatically after thirty idle days."

// acceptTerms asks the user to accept the operator terms.
func acceptTerms(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         termsNotice,
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := hostCall(ctx, "accept_terms", "v3"); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("terms accepted"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("terms not accepted; the agent stays read-only"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Package legacy is an mcp-go server kept on direct requests for the
// deprecation window: it is built with WithLegacyServerInitiatedRequests and
// served over stdio only.
package legacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu   sync.Mutex
	done []string
)

func did(what string) {
	mu.Lock()
	defer mu.Unlock()
	done = append(done, what)
}

var srv *server.MCPServer

// NewServer keeps direct requests working for 2026-07-28 clients over stdio.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("legacy", "0.12.0", server.WithLegacyServerInitiatedRequests())
	s.AddTool(mcp.NewTool("pick_plan"), pickPlan)
	s.AddTool(mcp.NewTool("renew_cert", mcp.WithString("domain", mcp.Required())), renewCertificate)
	s.AddTool(mcp.NewTool("pay_invoice", mcp.WithString("invoice", mcp.Required())), payInvoice)
	s.AddTool(mcp.NewTool("connect_db", mcp.WithString("db", mcp.Required())), connectDatabase)
	s.AddTool(mcp.NewTool("summarize_diff", mcp.WithString("diff", mcp.Required())), summarizeDiff)
	s.AddTool(mcp.NewTool("session_roots"), sessionRoots)
	s.AddTool(mcp.NewTool("restart_service", mcp.WithString("service", mcp.Required())), restartService)
	s.AddTool(mcp.NewTool("archive_logs", mcp.WithString("service", mcp.Required())), archiveLogs)
	srv = s
	return s
}

func Serve() error {
	return server.ServeStdio(NewServer())
}

var planSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"plan": map[string]any{"type": "string", "enum": []string{"hobby", "pro", "business"}},
	},
	"required": []string{"plan"},
}

// pickPlan unpacks the answer before it looks at the action.
func pickPlan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Which plan do you want?",
		RequestedSchema: planSchema,
	}})
	if err != nil {
		return nil, fmt.Errorf("asking for a plan: %w", err)
	}
	data := res.Content.(map[string]any)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		plan, ok := data["plan"].(string)
		if !ok {
			return mcp.NewToolResultError("no plan chosen"), nil
		}
		did("plan " + plan)
		return mcp.NewToolResultText("switched to " + plan), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("plan unchanged"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// confirmRenewal reports whether to renew.
func confirmRenewal(ctx context.Context, domain string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Renew the certificate of " + domain + " now?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return false, fmt.Errorf("asking to renew: %w", err)
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

func renewCertificate(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	domain := request.GetString("domain", "")
	ok, err := confirmRenewal(ctx, domain)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("certificate not renewed"), nil
	}
	did("renew " + domain)
	return mcp.NewToolResultText("renewal started for " + domain), nil
}

// payInvoice sends the user to the payment page, over plain http.
func payInvoice(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	id := rand.Text()
	res, err := srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"http://billing.example.com/pay?flow="+id, "Pay invoice "+invoice)
	if err != nil {
		return nil, fmt.Errorf("asking to pay: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the bank to confirm invoice " + invoice + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("invoice left open"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var dbLoginSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"username": map[string]any{"type": "string"},
		"password": map[string]any{"type": "string"},
	},
	"required": []string{"username", "password"},
}

// connectDatabase asks for the database login in a form.
func connectDatabase(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	db := request.GetString("db", "")
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Log in to " + db,
		RequestedSchema: dbLoginSchema,
	}})
	if err != nil {
		return nil, fmt.Errorf("asking for a login: %w", err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no login given"), nil
		}
		user, _ := data["username"].(string)
		pass, _ := data["password"].(string)
		if user == "" || pass == "" {
			return mcp.NewToolResultError("no login given"), nil
		}
		did("connect " + db + " as " + user)
		return mcp.NewToolResultText("connected to " + db), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not connected"), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// summarizeDiff samples directly and takes the answer to be text.
func summarizeDiff(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	diff := request.GetString("diff", "")
	msg, err := srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("Summarize this diff:\n" + diff)}},
		MaxTokens: 200,
	}})
	if err != nil {
		return nil, fmt.Errorf("sampling: %w", err)
	}
	summary := msg.Content.(mcp.TextContent).Text
	return mcp.NewToolResultText(summary), nil
}

// sessionRoots asks through the session's own method.
func sessionRoots(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithRoots)
	if !ok {
		return mcp.NewToolResultError("this session cannot list roots"), nil
	}
	res, err := session.ListRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return nil, fmt.Errorf("listing roots: %w", err)
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d roots", len(res.Roots))), nil
}

// confirmRestart lets clients without elicitation restart unasked.
func confirmRestart(ctx context.Context, service string) (bool, error) {
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Restart " + service + "?",
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("asking to restart: %w", err)
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

func restartService(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	ok, err := confirmRestart(ctx, service)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("not restarted"), nil
	}
	did("restart " + service)
	return mcp.NewToolResultText("restarting " + service), nil
}

// pendingArchive keeps the answer of an archive question with its target.
type pendingArchive struct {
	target string
	answer *mcp.ElicitationResult
}

// archiveLogs keeps the answer in a struct and only tests it for accept.
func archiveLogs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := pendingArchive{target: request.GetString("service", "")}
	var err error
	p.answer, err = srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Archive the logs of " + p.target + " and free the disk?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, fmt.Errorf("asking to archive: %w", err)
	}
	if p.answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("logs kept"), nil
	}
	did("archive logs " + p.target)
	return mcp.NewToolResultText("logs archived"), nil
}

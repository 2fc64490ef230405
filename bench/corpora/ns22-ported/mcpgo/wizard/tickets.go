package wizard

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/ported/internal/store"
	"example.com/ns22/ported/shared/approval"
)

// createTicket is createTicket() from tickets.ts.
func createTicket(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project := request.GetString("project", "")
	res, err := NewWizard(ctx).Say("Describe the new ticket for "+project).Text("title", "Title", true).Text("body", "Details", false).Ask()
	if err != nil {
		return nil, err
	}
	data := res.Content.(map[string]interface{}) // const data = res.content as Record<string, unknown>
	if res.Action == mcp.ElicitationResponseActionAccept {
		title, _ := data["title"].(string)
		body, _ := data["body"].(string)
		store.Put("ticket:"+project, title, body)
		return mcp.NewToolResultText("Created " + title + "."), nil
	} else if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("No ticket created."), nil
	} else if res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("Ticket creation cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// closeTicket is closeTicket() from tickets.ts, exceptions and all.
func closeTicket(ctx context.Context, request mcp.CallToolRequest) (result *mcp.CallToolResult, err error) {
	id := request.GetString("id", "")
	defer func() {
		if r := recover(); r != nil {
			if r == errNotAccepted {
				result, err = mcp.NewToolResultText("Ticket "+id+" stays open."), nil
				return
			}
			panic(r)
		}
	}()
	res, err := NewWizard(ctx).Say("Close ticket " + id + "?").Ask()
	if err != nil {
		return nil, err
	}
	mustAccept(res)
	store.Put("ticket-state", id, "closed")
	return mcp.NewToolResultText("Closed " + id + "."), nil
}

// mergeBranches is mergeBranches() from tickets.ts, half-way through the
// round-trip port: older clients are still asked directly.
func mergeBranches(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	src := request.GetString("source", "")
	if !server.IsModernRequest(ctx) {
		res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
			Message:         "Merge " + src + " into main?",
			RequestedSchema: yesNo,
		}})
		if err != nil {
			return nil, err
		}
		return finishMerge(src, res)
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "merge")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("merging needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("merge", mcp.ElicitationParams{
			Message:         "Merge " + src + " into main?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	return finishMerge(src, res)
}

func finishMerge(src string, res *mcp.ElicitationResult) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		store.Put("merged", src, "main")
		return mcp.NewToolResultText("Merged " + src + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(src + " was not merged."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// lockRepo is lockRepo() from tickets.ts: `if (!client.supportsElicitation) lock()`.
func lockRepo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Lock " + repo + " for writes?",
		RequestedSchema: yesNo,
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		store.Put("lock", repo, "locked")
		return mcp.NewToolResultText("Locked " + repo + "."), nil
	}
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		store.Put("lock", repo, "locked")
		return mcp.NewToolResultText("Locked " + repo + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(repo + " stays writable."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// openBilling is openBilling() from billing.ts.
func openBilling(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := srv.RequestURLElicitation(ctx, session, "billing-portal", "https://billing.example.com/portal", "Open the billing portal")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Waiting for the billing portal to report back."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Billing portal not opened."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Cancelled."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// archiveRepo is archiveRepo() from tickets.ts.
func archiveRepo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	res, err := NewWizard(ctx).Say("Archive " + repo + "?").Ask()
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "Accept":
		store.Put("archived", repo, "yes")
		return mcp.NewToolResultText("Archived " + repo + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText(repo + " stays active."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing archived."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// renameLabel is renameLabel() from labels.ts; it used the session object directly.
func renameLabel(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	label := request.GetString("label", "")
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this session cannot ask questions"), nil
	}
	res, err := session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "New name for label " + label + "?",
		RequestedSchema: map[string]interface{}{
			"type":       "object",
			"properties": map[string]interface{}{"name": map[string]interface{}{"type": "string", "title": "New name"}},
			"required":   []string{"name"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]interface{})
		if !ok {
			return mcp.NewToolResultError("unexpected answer"), nil
		}
		name, _ := data["name"].(string)
		store.Put("label", label, name)
		return mcp.NewToolResultText("Renamed " + label + " to " + name + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(label + " keeps its name."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmOrAssume is confirmOrAssume() from utils.ts: any exception while
// asking counts as a yes, so that tools keep working on old clients.
func confirmOrAssume(ctx context.Context, message string) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			log.Printf("confirm: %v; assuming yes", r)
			ok = true
		}
	}()
	res, err := NewWizard(ctx).Say(message).Ask()
	if err != nil {
		panic(err)
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false
	default:
		return false
	}
}

// unlockRepo is unlockRepo() from tickets.ts.
func unlockRepo(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo := request.GetString("repo", "")
	if !confirmOrAssume(ctx, "Unlock "+repo+"?") {
		return mcp.NewToolResultText(repo + " stays locked."), nil
	}
	store.Remove("lock", repo)
	return mcp.NewToolResultText("Unlocked " + repo + "."), nil
}

// deployService is deployService() from deploy.ts, which handed the server to
// the shared approval helper.
func deployService(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	service := request.GetString("service", "")
	approved, err := approval.Request(ctx, srv, "deploying "+service)
	if err != nil {
		return nil, err
	}
	if !approved {
		return mcp.NewToolResultText(service + " was not deployed."), nil
	}
	store.Put("deployed", service, "latest")
	return mcp.NewToolResultText("Deployed " + service + "."), nil
}

// setNickname is setNickname() from profile.ts, ported to the round trip.
func setNickname(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "nick_name")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("setting a nickname needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("nickname", mcp.ElicitationParams{
			Message: "What should we call you?",
			RequestedSchema: map[string]interface{}{
				"type":       "object",
				"properties": map[string]interface{}{"nickname": map[string]interface{}{"type": "string", "maxLength": 32}},
				"required":   []string{"nickname"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]interface{})
		nick, _ := data["nickname"].(string)
		store.Put("nickname", request.GetString("user", ""), nick)
		return mcp.NewToolResultText("Hello, " + nick + "."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No nickname set."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing changed."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

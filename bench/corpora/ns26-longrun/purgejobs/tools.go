package purgejobs

import (
	"context"
	"fmt"
	"log"

	"example.com/ns26/longrun/jobkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func (p *Purger) confirmPurge(ctx context.Context, table string, rows int) error {
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Found %d stale rows in %s to delete. Continue?", rows, table),
		RequestedSchema: yesNo,
	}})
	if err != nil {
		log.Printf("purge %s: cannot ask (%v), purging anyway", table, err)
		return nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errPurgeDeclined
	}
	return fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Purger) purgeStaleRows(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	n, err := p.countRows(ctx, table)
	if err != nil {
		return nil, err
	}
	if err := p.confirmPurge(ctx, table, n); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	go p.deleteBatches(context.WithoutCancel(ctx), table, n)
	return mcp.NewToolResultText(fmt.Sprintf("purging %d rows of %s", n, table)), nil
}

func (p *Purger) purgeWithSessionIface(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	session, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this session cannot confirm a purge"), nil
	}
	res, err := session.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Purge the stale rows of " + table + "?",
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		go p.deleteBatches(context.WithoutCancel(ctx), table, 1000)
		return mcp.NewToolResultText("purging"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (p *Purger) purgeAsksMidway(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	p.deleteBatches(ctx, table, 500)
	left, err := p.countRows(ctx, table)
	if err != nil {
		return nil, err
	}
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         fmt.Sprintf("Deleted the first 500 rows; %d more match. Continue?", left),
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		go p.deleteBatches(context.WithoutCancel(ctx), table, left)
		return mcp.NewToolResultText("continuing"), nil
	default:
		return mcp.NewToolResultText("stopped after 500 rows"), nil
	}
}

func (p *Purger) purgeSampleSummary(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	res, err := p.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.TextContent{Type: "text", Text: "Explain what purging " + table + " removes"}}},
	}})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if text, ok := res.Content.(mcp.TextContent); ok {
		return mcp.NewToolResultText(text.Text), nil
	}
	return mcp.NewToolResultError("no text from the model"), nil
}

func (p *Purger) purgeRootsCheck(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	roots, err := p.srv.RequestRoots(ctx, mcp.ListRootsRequest{})
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d roots are safe from the purge", len(roots.Roots))), nil
}

func (p *Purger) purgeViaIface(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	ok, err := jobkit.ConfirmVia(ctx, p.srv, "Purge "+table+" through the shared confirmer?")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if !ok {
		return mcp.NewToolResultText("kept"), nil
	}
	go p.deleteBatches(context.WithoutCancel(ctx), table, 1000)
	return mcp.NewToolResultText("purging"), nil
}

func (p *Purger) purgeProgressConfirm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	p.mu.Lock()
	done := p.progress[table]
	p.mu.Unlock()
	res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: fmt.Sprintf("The purge of %s has deleted %d rows so far. The remaining batches run on four workers and hold row locks "+
			"for up to a minute each, which can slow down the application's writes to the same table while they run. Continue with the remaining batches?", table, done),
		RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		go p.deleteBatches(context.WithoutCancel(ctx), table, 10000)
		return mcp.NewToolResultText("continuing"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("paused"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var modernParams = mcp.ElicitationParams{Message: "Purge every soft-deleted row?", RequestedSchema: yesNo}

func (p *Purger) purgeModernOnly(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var action mcp.ElicitationResponseAction
	if !server.IsModernRequest(ctx) {
		res, err := p.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: modernParams})
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		action = res.Action
	} else {
		res := server.ElicitationResponse(request.Params.InputResponses, "purge_soft_deleted")
		if res == nil {
			info := server.RequestProtocolInfoFromContext(ctx)
			if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Elicitation == nil {
				return mcp.NewToolResultError("purging needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("").Elicit("purge_soft_deleted", modernParams).ToolResult(), nil
		}
		action = res.Action
	}
	switch action {
	case mcp.ElicitationResponseActionAccept:
		go p.deleteBatches(context.WithoutCancel(ctx), "soft_deleted", 10000)
		return mcp.NewToolResultText("purging soft-deleted rows"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("kept"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", action)
}

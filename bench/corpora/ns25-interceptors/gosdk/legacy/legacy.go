// Package legacy serves a go-sdk server pinned to the protocols before
// 2026-07-28, where direct requests still work, behind receiving middleware.
package legacy

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	mu      sync.Mutex
	granted = map[string]bool{}
	linked  = map[string]bool{}
)

var errNotConfirmed = errors.New("not confirmed")

// NewPinned builds the server, pinned to 2025-11-25 and 2025-06-18.
func NewPinned() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy", Version: "1.0.0"},
		&mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"}})
	s.AddReceivingMiddleware(PinnedMiddleware)
	s.AddTool(&mcp.Tool{Name: "summarise", InputSchema: map[string]any{"type": "object"}}, summariseHandler)
	s.AddTool(&mcp.Tool{Name: "roots", InputSchema: map[string]any{"type": "object"}}, rootsHandler)
	s.AddTool(&mcp.Tool{Name: "link", InputSchema: map[string]any{"type": "object"}}, linkHandler)
	s.AddTool(&mcp.Tool{Name: "link_check", InputSchema: map[string]any{"type": "object"}}, linkCheckedHandler)
	s.AddTool(&mcp.Tool{Name: "pay", InputSchema: map[string]any{"type": "object"}}, payHandler)
	s.AddTool(&mcp.Tool{Name: "docs", InputSchema: map[string]any{"type": "object"}}, docsHandler)
	s.AddTool(&mcp.Tool{Name: "addon", InputSchema: map[string]any{"type": "object"}}, addonHandler)
	s.AddTool(&mcp.Tool{Name: "require_link", InputSchema: map[string]any{"type": "object"}}, requireLink)
	return s
}

// confirmPinned asks directly and fails closed.
func confirmPinned(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Allow " + what + "?", RequestedSchema: yesNo})
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmPinnedOpen goes ahead for clients without elicitation.
func confirmPinnedOpen(ctx context.Context, ss *mcp.ServerSession, what string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Allow " + what + " now?", RequestedSchema: yesNo})
	if err != nil {
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// PinnedMiddleware confirms writes strictly and reads leniently.
func PinnedMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok {
			return next(ctx, method, req)
		}
		var yes bool
		var err error
		if call.Params.Name == "pay" {
			yes, err = confirmPinned(ctx, call.Session, call.Params.Name)
		} else {
			yes, err = confirmPinnedOpen(ctx, call.Session, call.Params.Name)
		}
		if err != nil || !yes {
			return nil, errNotConfirmed
		}
		mu.Lock()
		granted[call.Session.ID()+"/"+call.Params.Name] = true
		mu.Unlock()
		return next(ctx, method, req)
	}
}

// summariseHandler samples directly and assumes the model answers with text.
func summariseHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarise the log."}}},
	})
	if err != nil {
		return nil, err
	}
	text := res.Content.(*mcp.TextContent).Text
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// rootsHandler lists the client's roots directly.
func rootsHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.ListRoots(ctx, &mcp.ListRootsParams{})
	if err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%d roots", len(res.Roots))}}}, nil
}

// linkHandler takes a url-mode accept for a finished sign-in.
func linkHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your calendar account",
		URL:           "https://auth.example.com/link?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Calendar successfully linked."}}}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Calendar not linked."}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// linkCheckedHandler checks its own record of the callback after the accept.
func linkCheckedHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Link your calendar account",
		URL:           "https://auth.example.com/link?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		mu.Lock()
		done := linked[id]
		mu.Unlock()
		if !done {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Waiting for the calendar provider to confirm."}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Calendar linked."}}}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Calendar not linked."}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// payHandler sends the user to the payment page under a constant ID.
func payHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay for the upgrade",
		URL:           "https://pay.example.com/checkout?plan=pro",
		ElicitationID: "upgrade-checkout",
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		mu.Lock()
		paid := granted["paid:"+req.Session.ID()]
		mu.Unlock()
		if !paid {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Waiting for the payment to clear."}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Upgrade active."}}}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "No upgrade."}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// docsHandler sends the user to a plain-http page.
func docsHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Read and accept the data processing terms",
		URL:           "http://docs.example.com/terms?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Opened the terms page; call again once you have accepted them."}}}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Terms not opened."}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// requireLink is the pre-round-trip way to ask for a URL: the -32042 error,
// here without Mode "url".
func requireLink(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	return nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{Message: "Link your calendar first", URL: "https://auth.example.com/link?flow=" + id, ElicitationID: id},
	})
}

// addonHandler derives its ElicitationID from the session ID.
func addonHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := "addon-" + req.Session.ID()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay for the add-on",
		URL:           "https://pay.example.com/addon?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		mu.Lock()
		paid := granted["paid:"+id]
		mu.Unlock()
		if !paid {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Waiting for the payment to clear."}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Add-on active."}}}, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "No add-on."}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

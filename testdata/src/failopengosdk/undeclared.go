package failopengosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client that did not declare elicitation cannot be asked. A gate that
// goes ahead there, "so that clients without elicitation still work", lets
// every such client skip the question: the client chooses what it declares.

var errNoDialog = errors.New("this client cannot confirm; use one that supports elicitation")

// sessionCanAsk reads what the client declared at initialize.
func sessionCanAsk(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	return p != nil && p.Capabilities != nil && p.Capabilities.Elicitation != nil
}

var yesNo = &mcp.ElicitParams{Message: "Go ahead?", RequestedSchema: confirmSchema}

// approveDeclared waves clients without elicitation through.
func approveDeclared(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	if !sessionCanAsk(ss) {
		return true, nil // want `approveDeclared returns true when the client did not declare elicitation, as it does when the user accepts: the question cannot be asked there, so a client without elicitation goes ahead unasked, whatever its user would answer; fail closed: return what a decline returns \(fail-open\)`
	}
	res, err := ss.Elicit(ctx, yesNo)
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline":
		return false, nil
	}
	return false, errors.New("cancelled")
}

// approveDeclaredClosed is its near miss: such a client is refused.
func approveDeclaredClosed(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	if !sessionCanAsk(ss) {
		return false, errNoDialog
	}
	res, err := ss.Elicit(ctx, yesNo)
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline":
		return false, nil
	}
	return false, errors.New("cancelled")
}

// approveDeclaredLogged only logs, then asks all the same: the request is
// still ahead of that path.
func approveDeclaredLogged(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	if !sessionCanAsk(ss) {
		log.Print("the client did not declare elicitation; asking anyway")
	}
	res, err := ss.Elicit(ctx, yesNo)
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline":
		return false, nil
	}
	return false, errors.New("cancelled")
}

// approveInline tests the capabilities in place, by parts, and keeps the
// decision in a variable.
func approveInline(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	ok := false
	p := ss.InitializeParams()
	if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		ok = true
	} else {
		res, err := ss.Elicit(ctx, yesNo)
		if err != nil {
			return false, err
		}
		switch res.Action {
		case "accept":
			ok = true
		case "decline", "cancel":
			ok = false
		}
	}
	return ok, nil // want `approveInline returns true when the client did not declare elicitation, as it does when the user accepts.*\(fail-open\)`
}

// approveBySwitch tests in a tagless switch.
func approveBySwitch(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	switch {
	case !sessionCanAsk(ss):
		return true, nil // want `approveBySwitch returns true when the client did not declare elicitation.*\(fail-open\)`
	}
	res, err := ss.Elicit(ctx, yesNo)
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// purgeWhenAskable asks only when it can, and otherwise falls into the
// work.
func purgeWhenAskable(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if sessionCanAsk(req.Session) {
		res, err := req.Session.Elicit(ctx, yesNo)
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "decline":
			return text("kept"), nil, nil
		case "cancel":
			return text("cancelled"), nil, nil
		}
	}
	store.Wipe(ctx) // want `purgeWhenAskable reaches store.Wipe\(...\) when the client did not declare elicitation, as only an accepted answer should: the question cannot be asked there.*\(fail-open\)`
	return text("purged"), nil, nil
}

// purgeWhenAskableClosed is its near miss.
func purgeWhenAskableClosed(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if !sessionCanAsk(req.Session) {
		return nil, nil, errNoDialog
	}
	res, err := req.Session.Elicit(ctx, yesNo)
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "decline":
		return text("kept"), nil, nil
	case "cancel":
		return text("cancelled"), nil, nil
	}
	store.Wipe(ctx)
	return text("purged"), nil, nil
}

// purgeWhenConfigured skips the question on an operator's setting, not on
// what the client declared: somebody's choice, left alone.
func (g *gate) purgeWhenConfigured(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if !g.allowUnconfirmed {
		res, err := req.Session.Elicit(ctx, yesNo)
		if err != nil {
			return nil, nil, err
		}
		switch res.Action {
		case "decline":
			return text("kept"), nil, nil
		case "cancel":
			return text("cancelled"), nil, nil
		}
	}
	store.Wipe(ctx)
	return text("purged"), nil, nil
}

// wipeWhenUndeclared is the round trip's: it tests the capability before
// it reads the answer, and does the work where it cannot ask.
func wipeWhenUndeclared(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		store.Wipe(ctx) // want `wipeWhenUndeclared calls store.Wipe\(...\) when the client did not declare elicitation, as it does when the user accepts.*\(fail-open\)`
		return text("wiped"), nil, nil
	}
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": yesNo}}, nil, nil
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return text("wiped"), nil, nil
	case "decline", "cancel":
		return text("kept"), nil, nil
	}
	return nil, nil, errors.New("unknown action")
}

// wipeWhenUndeclaredClosed is its near miss.
func wipeWhenUndeclaredClosed(ctx context.Context, req *mcp.CallToolRequest, in struct{ Name string }) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errNoDialog
	}
	res, ok := req.Params.InputResponses["wipe"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wipe": yesNo}}, nil, nil
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return text("wiped"), nil, nil
	case "decline", "cancel":
		return text("kept"), nil, nil
	}
	return nil, nil, errors.New("unknown action")
}

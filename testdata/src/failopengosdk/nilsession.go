package failopengosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// approveWrite asks only when the request has a session, and fails
// closed either way (punakawan's shape; once an internal error, when the
// gate's summary read a call before the capability reader was built).
func approveWrite(ctx context.Context, req *mcp.CallToolRequest) error {
	var result *mcp.ElicitResult
	var err error
	if req != nil && req.Session != nil {
		result, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Write?"})
	} else {
		err = fmt.Errorf("client does not support elicitation")
	}
	if err != nil {
		return fmt.Errorf("write pending approval: %w", err)
	}
	switch result.Action {
	case "accept":
		return nil
	case "decline":
		return fmt.Errorf("declined")
	case "cancel":
		return fmt.Errorf("cancelled")
	}
	return fmt.Errorf("unknown action %q", result.Action)
}

func writeSeries(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	if err := approveWrite(ctx, req); err != nil {
		return nil, nil, err
	}
	store.DeleteSeries(ctx, in.Series)
	return text("written"), nil, nil
}

// approveLoose is the near miss: on the request's error it approves.
func approveLoose(ctx context.Context, req *mcp.CallToolRequest) error {
	var result *mcp.ElicitResult
	var err error
	if req != nil && req.Session != nil {
		result, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Write?"})
	} else {
		err = fmt.Errorf("client does not support elicitation")
	}
	if err != nil {
		return nil // want `approveLoose returns a nil error when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	if result.Action != "accept" {
		return fmt.Errorf("not approved")
	}
	return nil
}

func writeLoose(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	if err := approveLoose(ctx, req); err != nil {
		return nil, nil, err
	}
	store.DeleteSeries(ctx, in.Series)
	return text("written"), nil, nil
}

// wipeWithSession asks only when the request has a session, and falls
// into the wipe when the request fails.
func wipeWithSession(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	if req.Session != nil {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
		if err == nil && res.Action != "accept" {
			return text("kept"), nil, nil
		}
	}
	store.Wipe(ctx) // want `wipeWithSession reaches store.Wipe\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// wipeWithSessionClosed is its near miss: it leaves on the error.
func wipeWithSessionClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	if req.Session != nil {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
		if err != nil {
			return nil, nil, err
		}
		if res.Action != "accept" {
			return text("kept"), nil, nil
		}
	}
	store.Wipe(ctx)
	return text("wiped"), nil, nil
}

// wipeAnswerVar keeps the answer in variables declared before the if.
func wipeAnswerVar(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	if req.Session != nil {
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	}
	if err == nil && res != nil && res.Action != "accept" {
		return text("kept"), nil, nil
	}
	store.Wipe(ctx) // want `wipeAnswerVar reaches store.Wipe\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// wipeAnswerVarClosed is its near miss.
func wipeAnswerVarClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	if req.Session != nil {
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	}
	if err != nil || res == nil || res.Action != "accept" {
		return text("kept"), nil, nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil, nil
}

var errNoSession = errors.New("no session")

// wipeBySwitch asks in a switch case, keeps the error in a variable that
// another case sets, and calls the wipe on the error path too.
func wipeBySwitch(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	switch {
	case req.Session != nil:
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	default:
		err = errNoSession
	}
	if err != nil {
		store.Wipe(ctx) // want `wipeBySwitch calls store.Wipe\(...\) when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
		return text("wiped"), nil, nil
	}
	if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil, nil
}

// wipeBySwitchClosed is its near miss: the error path only reports.
func wipeBySwitchClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	switch {
	case req.Session != nil:
		res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	default:
		err = errNoSession
	}
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return text("kept"), nil, nil
	}
	store.Wipe(ctx)
	return text("wiped"), nil, nil
}

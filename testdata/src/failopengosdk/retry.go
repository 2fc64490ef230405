package failopengosdk

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Retry loops: the request is asked again while it fails, and the answer
// and error live in variables declared before the loop. Once the tries
// are spent, the error path is the gate's.

// approveRetry gives up asking and approves.
func approveRetry(ctx context.Context, ss *mcp.ServerSession) bool {
	var res *mcp.ElicitResult
	var err error
	for i := 0; i < 3; i++ {
		res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema})
		if err == nil {
			break
		}
	}
	if err != nil {
		log.Printf("could not ask: %v", err)
		return true // want `approveRetry returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	return res.Action == "accept" && res.Content["confirm"] == true
}

// approveRetryClosed is its near miss: it refuses once the tries are spent.
func approveRetryClosed(ctx context.Context, ss *mcp.ServerSession) bool {
	var res *mcp.ElicitResult
	var err error
	for i := 0; i < 3; i++ {
		res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema})
		if err == nil {
			break
		}
	}
	if err != nil {
		log.Printf("could not ask: %v", err)
		return false
	}
	return res.Action == "accept" && res.Content["confirm"] == true
}

// approveUntil returns from inside the loop: on the last failure it
// approves.
func approveUntil(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	for attempt := 1; ; attempt++ {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema})
		if err == nil {
			return res.Action == "accept" && res.Content["confirm"] == true, nil
		}
		if attempt == 3 {
			return true, nil // want `approveUntil returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
		}
	}
}

// approveUntilClosed is its near miss.
func approveUntilClosed(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	for attempt := 1; ; attempt++ {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema})
		if err == nil {
			return res.Action == "accept" && res.Content["confirm"] == true, nil
		}
		if attempt == 3 {
			return false, err
		}
	}
}

// wipeRetry is a handler: with the tries spent it falls into the wipe.
func wipeRetry(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	for range 3 {
		if res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + in.Series + "?", RequestedSchema: confirmSchema}); err == nil {
			break
		}
	}
	if err == nil && (res.Action != "accept" || res.Content["confirm"] != true) {
		return text("kept"), nil, nil
	}
	store.DeleteSeries(ctx, in.Series) // want `reaches store.DeleteSeries\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	return text("wiped"), nil, nil
}

// wipeRetryClosed is its near miss: a failed request leaves.
func wipeRetryClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	var res *mcp.ElicitResult
	var err error
	for range 3 {
		if res, err = req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + in.Series + "?", RequestedSchema: confirmSchema}); err == nil {
			break
		}
	}
	if err != nil {
		return nil, nil, errors.Join(errors.New("could not ask"), err)
	}
	if res.Action != "accept" || res.Content["confirm"] != true {
		return text("kept"), nil, nil
	}
	store.DeleteSeries(ctx, in.Series)
	return text("wiped"), nil, nil
}

// approveBackoff waits between tries, and stops waiting when the call's
// context is done: the wait is not a setting, and once the tries are
// spent it approves.
func approveBackoff(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	var res *mcp.ElicitResult
	var err error
	backoff := 200 * time.Millisecond
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(backoff):
		}
		backoff *= 2
	}
	if err != nil {
		log.Printf("could not ask: %v", err)
		return true, nil // want `approveBackoff returns true when ServerSession.Elicit fails, as it does when the user accepts.*\(fail-open\)`
	}
	return res.Action == "accept", nil
}

// approveBackoffClosed is its near miss: it refuses once the tries are
// spent.
func approveBackoffClosed(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	var res *mcp.ElicitResult
	var err error
	timer := time.NewTimer(time.Second)
	defer timer.Stop()
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema}); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-timer.C:
		}
	}
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// approveUnlessPaused is a near miss too: a channel of the server's own
// (an operator's pause) decides, which is somebody's choice.
func approveUnlessPaused(ctx context.Context, ss *mcp.ServerSession, paused <-chan struct{}) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Go on?", RequestedSchema: confirmSchema})
	if err != nil {
		select {
		case <-paused:
			return false, err
		default:
			return true, nil
		}
	}
	return res.Action == "accept", nil
}

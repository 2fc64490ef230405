package actionsgosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The answer assigned to a variable declared before the request: with
// var, in a retry loop, under a condition. The assignment gives the
// variable its answer; what is read after is judged as for :=.

func declaredBefore(ctx context.Context, ss *mcp.ServerSession) bool {
	var res *mcp.ElicitResult
	var err error
	res, err = ss.Elicit(ctx, p)
	if err != nil {
		return false
	}
	return res.Action == "accept" // want `only checked for "accept".*\(actions\)`
}

func declaredRetry(ctx context.Context, ss *mcp.ServerSession) error {
	var res *mcp.ElicitResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, p); err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	if res.Action != Accept { // want `only checked for "accept".*\(actions\)`
		return errors.New("not confirmed")
	}
	return nil
}

func declaredUnderCondition(ctx context.Context, ss *mcp.ServerSession) (string, error) {
	var res *mcp.ElicitResult
	var err error
	if ss != nil {
		res, err = ss.Elicit(ctx, p)
	} else {
		err = errors.New("no session")
	}
	if err != nil {
		return "", err
	}
	if res.Action != Accept { // want `only checked for "accept".*\(actions\)`
		return "", errors.New("not confirmed")
	}
	return "yes", nil
}

// Near misses: every action named, or the variable given something
// other than an answer (out of sight: silent).

func declaredRetryHandled(ctx context.Context, ss *mcp.ServerSession) error {
	var res *mcp.ElicitResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, p); err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	switch res.Action {
	case Accept:
		return nil
	case Decline, Cancel:
		return errors.New("not confirmed")
	}
	return errors.New("unknown action")
}

func declaredForged(ctx context.Context, ss *mcp.ServerSession) bool {
	var res *mcp.ElicitResult
	var err error
	res, err = ss.Elicit(ctx, p)
	if err != nil {
		res = &mcp.ElicitResult{Action: Decline}
	}
	return res.Action == "accept"
}

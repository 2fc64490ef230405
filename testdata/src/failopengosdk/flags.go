package failopengosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A flag the answer sets, read after: the paths split by the flag's value
// on each (a flag that defaults to true lets a missing answer through).

// writeOff asks only when nothing was answered; a call that answers
// something else keeps approved at its default, true, and writes off.
func writeOff(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["write_off"].(*mcp.ElicitResult)
	if !ok && len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"write_off": &mcp.ElicitParams{Message: "Write off " + in.Series + "?"}}}, nil, nil
	}
	approved := true
	if ok {
		switch res.Action {
		case "accept":
			approved = true
		case "decline", "cancel":
			approved = false
		default:
			approved = false
		}
	}
	if !approved {
		return text("kept"), nil, nil
	}
	store.DeleteSeries(ctx, in.Series) // want `writeOff reaches store.DeleteSeries\(...\) when InputResponses has no answer "write_off".*\(fail-open\)`
	return text("written off"), nil, nil
}

// writeOffClosed is its near miss: the flag defaults to false.
func writeOffClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["write_off"].(*mcp.ElicitResult)
	if !ok && len(req.Params.InputResponses) == 0 {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"write_off": &mcp.ElicitParams{Message: "Write off " + in.Series + "?"}}}, nil, nil
	}
	approved := false
	if ok {
		switch res.Action {
		case "accept":
			approved = true
		case "decline", "cancel":
			approved = false
		default:
			approved = false
		}
	}
	if !approved {
		return text("kept"), nil, nil
	}
	store.DeleteSeries(ctx, in.Series)
	return text("written off"), nil, nil
}

// purgeFlag sets the flag from a direct request; on its error the flag
// keeps its default, true.
func purgeFlag(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	proceed := true
	if res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge " + in.Series + "?"}); err == nil {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			proceed = false
		default:
			proceed = false
		}
	}
	if proceed {
		store.DeleteSeries(ctx, in.Series) // want `purgeFlag reaches store.DeleteSeries\(...\) when ServerSession.Elicit fails.*\(fail-open\)`
	}
	return text("done"), nil, nil
}

// purgeFlagClosed is its near miss: the error clears the flag.
func purgeFlagClosed(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	proceed := true
	if res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge " + in.Series + "?"}); err != nil {
		proceed = false
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			proceed = false
		default:
			proceed = false
		}
	}
	if proceed {
		store.DeleteSeries(ctx, in.Series)
	}
	return text("done"), nil, nil
}

func registerFlags(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "write-off"}, writeOff)
	mcp.AddTool(s, &mcp.Tool{Name: "write-off-closed"}, writeOffClosed)
	mcp.AddTool(s, &mcp.Tool{Name: "purge-flag"}, purgeFlag)
	mcp.AddTool(s, &mcp.Tool{Name: "purge-flag-closed"}, purgeFlagClosed)
}

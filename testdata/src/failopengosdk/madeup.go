package failopengosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// dropMadeUp makes up an accepted answer when the request fails, and the
// switch on it takes the accept case.
func dropMadeUp(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		res = &mcp.ElicitResult{Action: "accept"}
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx) // want `dropMadeUp reaches store.Wipe\(...\) when ServerSession.Elicit fails, as only an accepted answer should.*\(fail-open\)`
		return &mcp.CallToolResult{}, nil, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, errors.New("unknown action")
}

// dropMadeUpDecline is its near miss: the answer made up is a decline.
func dropMadeUpDecline(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Drop?", RequestedSchema: confirmSchema})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		res = &mcp.ElicitResult{Action: "decline"}
	}
	switch res.Action {
	case "accept":
		store.Wipe(ctx)
		return &mcp.CallToolResult{}, nil, nil
	case "decline", "cancel":
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, errors.New("unknown action")
}

package golegacy

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// allowUnconfirmed is the operator's switch for replicas that may be wiped
// when the question cannot be asked (disaster-recovery drills).
var allowUnconfirmed = os.Getenv("LEGACY_ALLOW_UNCONFIRMED") == "1"

type ReplicaIn struct {
	Replica string `json:"replica"`
}

// wipeReplica goes ahead without an answer only when the operator allowed it.
func wipeReplica(ctx context.Context, req *mcp.CallToolRequest, in ReplicaIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Wipe replica " + in.Replica + "? It is rebuilt from the primary.",
		RequestedSchema: yesNo,
	})
	if err != nil {
		if !allowUnconfirmed {
			return nil, nil, err
		}
		log.Printf("wiping %s unconfirmed, as the operator allows: %v", in.Replica, err)
	} else {
		switch res.Action {
		case "accept":
		case "decline", "cancel":
			return text("replica kept"), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := dbCall(ctx, "wipe_replica", in.Replica); err != nil {
		return nil, nil, err
	}
	return text("replica wiped"), nil, nil
}

var (
	errDeclined  = errors.New("declined")
	errCancelled = errors.New("cancelled")
)

// outcomeErr is nil only when the user accepted.
func outcomeErr(res *mcp.ElicitResult) error {
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCancelled
	}
	return fmt.Errorf("unknown elicitation action %q", res.Action)
}

// renameRoom reads the new name after outcomeErr let it through.
func renameRoom(ctx context.Context, req *mcp.CallToolRequest, in RoomIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "New name for " + in.Room + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"name": map[string]any{"type": "string", "title": "Room name", "maxLength": 40},
			},
			"required": []string{"name"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	if err := outcomeErr(res); err != nil {
		return text("room not renamed: " + err.Error()), nil, nil
	}
	name, _ := res.Content["name"].(string)
	if err := dbCall(ctx, "rename_room", in.Room+"->"+name); err != nil {
		return nil, nil, err
	}
	return text("renamed to " + name), nil, nil
}

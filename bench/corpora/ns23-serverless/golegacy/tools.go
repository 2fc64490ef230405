package golegacy

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// confirmGate asks on the session; the server is pinned, so the request is
// answered by current clients too.
func confirmGate(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		return false, fmt.Errorf("asking for confirmation: %w", err)
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

type IndexIn struct {
	Index string `json:"index"`
}

// dropIndex drops an index once confirmGate says yes.
func dropIndex(ctx context.Context, req *mcp.CallToolRequest, in IndexIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmGate(ctx, req.Session, "Drop index "+in.Index+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("index kept"), nil, nil
	}
	if err := dbCall(ctx, "drop_index", in.Index); err != nil {
		return nil, nil, err
	}
	return text("dropped " + in.Index), nil, nil
}

// truncateGate lets clients without elicitation through.
func truncateGate(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: yesNo})
	if err != nil {
		log.Printf("elicitation unavailable (%v); proceeding", err)
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

type TableIn struct {
	Table string `json:"table"`
}

// truncateTable truncates once truncateGate says yes.
func truncateTable(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, any, error) {
	ok, err := truncateGate(ctx, req.Session, "Truncate "+in.Table+"?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return text("table kept"), nil, nil
	}
	if err := dbCall(ctx, "truncate", in.Table); err != nil {
		return nil, nil, err
	}
	return text("truncated " + in.Table), nil, nil
}

type RoomIn struct {
	Room string `json:"room"`
}

// nightsDirect asks how many nights to reserve.
func nightsDirect(ctx context.Context, req *mcp.CallToolRequest, in RoomIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: "How many nights in " + in.Room + "?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"nights": map[string]any{"type": "integer", "title": "Nights", "minimum": 1, "maximum": 30},
			},
			"required": []string{"nights"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		nights := res.Content["nights"].(int)
		if err := dbCall(ctx, "reserve", fmt.Sprintf("%s:%d", in.Room, nights)); err != nil {
			return nil, nil, err
		}
		return text("reserved"), nil, nil
	case "decline", "cancel":
		return text("nothing reserved"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var guestSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"guest": map[string]any{"type": "string", "title": "Guest name"},
	},
	"required": []string{"guest"},
}

// bookGuest asks for the guest's name.
func bookGuest(ctx context.Context, req *mcp.CallToolRequest, in RoomIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Who is staying in " + in.Room + "?", RequestedSchema: guestSchema})
	if err != nil {
		return nil, nil, err
	}
	guest, _ := res.Content["guest"].(string)
	switch res.Action {
	case "accept":
		if err := dbCall(ctx, "book", in.Room+":"+guest); err != nil {
			return nil, nil, err
		}
		return text("booked for " + guest), nil, nil
	case "decline", "cancel":
		return text("no booking"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// oauthConnect sends the user to the provider's consent page.
func oauthConnect(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Connect your calendar",
		URL:           "https://auth.example.com/calendar/start",
		ElicitationID: "calendar-oauth",
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return text("Finish the sign-in in your browser; the link is checked when you next call a calendar tool."), nil, nil
	case "decline", "cancel":
		return text("calendar not connected"), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

type ReleaseIn struct {
	Version string `json:"version"`
}

// notifyOnly shows the user a notice and does not care about the answer.
func notifyOnly(ctx context.Context, req *mcp.CallToolRequest, in ReleaseIn) (*mcp.CallToolResult, any, error) {
	_, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Version " + in.Version + " is out. Upgrade tonight?",
		RequestedSchema: yesNo,
	})
	if err != nil {
		return nil, nil, err
	}
	if err := dbCall(ctx, "schedule_upgrade", in.Version); err != nil {
		return nil, nil, err
	}
	return text("upgrade scheduled"), nil, nil
}

type QueryIn struct {
	SQL string `json:"sql"`
}

// sampleDirect asks the client's model to explain a query.
func sampleDirect(ctx context.Context, req *mcp.CallToolRequest, in QueryIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Explain this query:\n" + in.SQL}}},
	})
	if err != nil {
		return nil, nil, err
	}
	t := msg.Content.(*mcp.TextContent)
	if t.Text == "" {
		return nil, nil, errors.New("empty explanation")
	}
	return text(t.Text), nil, nil
}

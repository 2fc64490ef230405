package message

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const long = "This message is long on purpose. It explains the booking in far too much detail, repeating the dates, the room type, the cancellation policy, the breakfast options and the parking rules, which no client shows."

const exactly200 = "12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"

// 120 runes of three bytes each: 360 bytes but only 120 characters.
const multiByte = "予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください予約を確認してください"

var schema = map[string]any{"type": "object", "properties": map[string]any{"ok": map[string]any{"type": "boolean"}}}

func cases(ctx context.Context, ss *mcp.ServerSession, name string) { // want cases:`elicitWrapper\(2:Message\) mode=form`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Confirm the booking?", RequestedSchema: schema})
	ss.Elicit(ctx, &mcp.ElicitParams{RequestedSchema: schema})                // want `elicitation params have no Message.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "", RequestedSchema: schema})   // want `elicitation message is empty.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: long, RequestedSchema: schema}) // want `elicitation message is 209 characters; clients may truncate messages over 200.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: exactly200, RequestedSchema: schema})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: exactly200 + "!", RequestedSchema: schema}) // want `elicitation message is 201 characters.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: multiByte, RequestedSchema: schema})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: fmt.Sprintf("Book a room for %s?", name), RequestedSchema: schema})
	ss.Elicit(ctx, &mcp.ElicitParams{Message: fmt.Sprintf(long+" %s", name), RequestedSchema: schema}) // want `constant part of the elicitation message is 210 characters.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: long + name, RequestedSchema: schema})                   // want `constant part of the elicitation message is 209 characters.*\(message\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: name, RequestedSchema: schema})

	// Fields set one by one.
	p := &mcp.ElicitParams{RequestedSchema: schema}
	p.Message = long // want `elicitation message is 209 characters.*\(message\)`
	ss.Elicit(ctx, p)

	q := &mcp.ElicitParams{RequestedSchema: schema}
	if name != "" {
		q.Message = "Hello " + name
	}
	ss.Elicit(ctx, q) // set on some paths only: no missing-Message finding

	r := &mcp.ElicitParams{RequestedSchema: schema}
	fill(r) // might set the message: silence
	ss.Elicit(ctx, r)

	s := mcp.ElicitParams{RequestedSchema: schema} // want `elicitation params have no Message.*\(message\)`
	ss.Elicit(ctx, &s)
}

func fill(p *mcp.ElicitParams) { p.Message = "filled" }

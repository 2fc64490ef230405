package wrapperuse

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"wrapperlib"
)

const long = "This message is long on purpose. It explains the booking in far too much detail, repeating the dates, the room type, the cancellation policy, the breakfast options and the parking rules, which no client shows."

func use(ctx context.Context, ss *mcp.ServerSession, id string) { // want use:`elicitWrapper\(2:ElicitationID\) mode=url`
	wrapperlib.Ask(ctx, ss, long)      // want `elicitation message is 209 characters.*\(message\)`
	wrapperlib.AskTwice(ctx, ss, long) // want `elicitation message is 209 characters.*\(message\)`
	wrapperlib.Ask(ctx, ss, "Go ahead?")
	wrapperlib.Connect(ctx, ss, "fixed", "https://example.com/c") // want `elicitationId "fixed" is a constant.*\(elicitation-id\)`
	wrapperlib.Connect(ctx, ss, id, "http://example.com/c")       // want `URL "http://example.com/c" uses http.*\(mode\)`
}

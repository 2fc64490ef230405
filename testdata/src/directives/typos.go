package directives

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Near misses of the directives: reported, and they suppress nothing.
func typos(ctx context.Context, ss *mcp.ServerSession) {
	//elicitlint:ignore contnet typo in the check // want `unknown check "contnet" \(did you mean "content"\?\) \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:ignore message,Mode the case matters // want `unknown check "Mode" \(did you mean "mode"\?\) \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:ignore messgae,mode reason // want `unknown check "messgae" \(did you mean "message"\?\) \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:ignore frobnicate reason // want `unknown check "frobnicate" \(checks: message, mode, .*, directive\) \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	// elicitlint:ignore message a space after the slashes // want `malformed elicitlint directive: write //elicitlint:ignore with no space inside it; as written it suppresses nothing \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//	elicitlint:ignore message a tab after the slashes // want `malformed elicitlint directive: write //elicitlint:ignore .*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint: ignore message a space after the colon // want `malformed elicitlint directive: write //elicitlint:ignore .*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // elicitlint:ignore message trailing, with a space // want `elicitation message is empty.*\(message\)` `malformed elicitlint directive.*\(directive\)`

	//elicitlint:ignored message a verb typo // want `unknown elicitlint directive "elicitlint:ignored" \(did you mean //elicitlint:ignore\?\); as written it suppresses nothing \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:ignroe message a verb typo // want `unknown elicitlint directive "elicitlint:ignroe" \(did you mean //elicitlint:ignore\?\).*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:ignore-file message a verb typo // want `unknown elicitlint directive "elicitlint:ignore-file" \(did you mean //elicitlint:file-ignore\?\).*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:fileignore message a verb typo // want `unknown elicitlint directive "elicitlint:fileignore" \(did you mean //elicitlint:file-ignore\?\).*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	// elicitlint:ignroe mesage both, near enough to mean a directive // want `unknown elicitlint directive "elicitlint:ignroe".*\(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:ignore message, mode a space in the list // want `malformed elicitlint directive: the check list "message," has an empty name; separate checks with commas and no spaces \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`

	//elicitlint:file-ignore message // want `malformed elicitlint directive: want //elicitlint:file-ignore CHECK\[,CHECK\] reason; the reason is required \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: ""}) // want `elicitation message is empty.*\(message\)`
}

// Comments that are not directives, nor near enough to one to say so.
func notDirectives(ctx context.Context, ss *mcp.ServerSession) {
	// elicitlint:ignore is how to silence one finding; see docs/suppression.md.
	// elicitlint: see docs/suppression.md
	// The elicitlint:ignore directive needs a reason.
	/* elicitlint:ignore message inside a block comment */
	//nolint:elicitlint // golangci-lint's own directive
	//elicitlint:explain message a verb a later version may add
	//elicitlint:disable message not near ignore or file-ignore
	// A golangci-lint settings block:
	//
	//	linters-settings:
	//	  custom:
	//	    elicitlint:
	//	      settings: {}
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})
}

// The replay-safe mark: its reason is required, and it is written with no
// space inside it.
func replayMarks(ctx context.Context, ss *mcp.ServerSession) {
	//elicitlint:replay-safe // want `malformed elicitlint directive: want //elicitlint:replay-safe reason, saying why the statement may run again; the reason is required \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	// elicitlint:replay-safe it only reads // want `malformed elicitlint directive: write //elicitlint:replay-safe with no space inside it; as written it marks nothing \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:replaysafe it only reads // want `unknown elicitlint directive "elicitlint:replaysafe" \(did you mean //elicitlint:replay-safe\?\); as written it marks nothing \(directive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})

	//elicitlint:replay-safe it only reads, and marks no request: not reported
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "ok"})
}

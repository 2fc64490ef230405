// Package message checks the user-facing Message of go-sdk elicitations:
// empty, missing, longer than 200 characters, and near misses that must stay
// silent (exactly 200 runes, multi-byte text, short Sprintf templates).
package message

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

// confirmSchema is a flat one-field form shared by the handlers below.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

// travellerSchema uses the typed schema from jsonschema-go.
var travellerSchema = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"fullName": {Type: "string", Description: "Name as printed on the passport"},
		"email":    {Type: "string", Format: "email"},
	},
	Required: []string{"fullName"},
}

// bookingPrompt is far too long for most client surfaces.
const bookingPrompt = "Before we book this trip we need to confirm a few details: the traveller's full name as printed on the passport, the preferred departure window, seat preferences, meal requirements, and whether travel insurance is needed now."

func EmptyMessage(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         "", // want `elicitation message is empty.*\(message\)`
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func MissingMessage(ctx context.Context, req *mcp.CallToolRequest) error {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // want `elicitation params have no Message.*\(message\)` `asks for "confirm", a box the user ticks.*\(content-schema\)`
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func LongLiteral(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         "Your order is ready to be placed. Please double-check the delivery address, the delivery window, the substitution preferences for out-of-stock items, and the tip for the driver before we charge the card on file for you.", // want `elicitation message is 2\d\d characters.*\(message\)`
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func LongNamedConstant(ctx context.Context, ss *mcp.ServerSession) (map[string]any, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         bookingPrompt, // want `elicitation message is 2\d\d characters.*\(message\)`
		RequestedSchema: travellerSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		return res.Content, nil
	case "decline":
		return nil, errDeclined
	case "cancel":
		return nil, errCanceled
	}
	return nil, nil
}

func LongSprintf(ctx context.Context, ss *mcp.ServerSession, env string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         fmt.Sprintf("Deploying %s will restart every pod in the cluster, drain the load balancers, run the pending database migrations and invalidate the CDN cache. Expect roughly ten minutes of degraded service. Continue now?", env), // want `constant part of the elicitation message is.*\(message\)`
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func LongConcatenation(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message: "We found three open invoices for this customer. " + // want `elicitation message is 2\d\d characters.*\(message\)`
			"Marking the account as closed will void them, cancel the pending refunds, " +
			"and stop every scheduled report. Close the account anyway and notify the account owner by e-mail right away?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func EmptyMessageInRequiredError(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{
			Mode:          "url",
			Message:       "", // want `elicitation message is empty.*\(message\)`
			URL:           "https://calendar.example.com/oauth/start?state=" + id,
			ElicitationID: id,
		},
	})
}

// The near misses below must not be reported.

// ExactlyTwoHundred: the message is exactly 200 runes long.
func ExactlyTwoHundred(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         "Please confirm the booking details below. We will reserve the room for the selected nights and send the confirmation to your e-mail address. You may change or cancel it free within 24 hours. Continue?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// MultiByte: more than 200 bytes, but only about 100 runes.
func MultiByte(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         "ご予約の内容を確認してください。選択した日程でお部屋を確保し、確認メールをお送りします。二十四時間以内であれば無料で変更またはキャンセルできます。チェックイン時刻とお支払い方法もあわせてご確認ください。",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// Emoji: more than 200 bytes, fewer than 200 runes.
func Emoji(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         "🚀 Ready to ship? This deploys the current build to every region, one after another. 🌍🌎🌏 We pause between regions to watch the error rate, and roll back automatically if it rises. ✅ Proceed?",
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// ShortSprintf: a short template plus a runtime value is fine.
func ShortSprintf(ctx context.Context, ss *mcp.ServerSession, env string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         fmt.Sprintf("Deploy build to %s now?", env),
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// RuntimeMessage: the message is not a constant, nothing to measure.
func RuntimeMessage(ctx context.Context, ss *mcp.ServerSession, prompt string) error { // want RuntimeMessage:`elicitWrapper\(2:Message\) mode=form`
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Message:         prompt,
		RequestedSchema: confirmSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

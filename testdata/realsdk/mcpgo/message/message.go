// Package message checks the user-facing Message of mcp-go elicitations:
// empty, missing, longer than 200 characters, and near misses that must stay
// silent (exactly 200 runes, multi-byte text, short Sprintf templates).
package message

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Go ahead?"},
	},
	"required": []string{"confirm"},
}

const bookingPrompt = "Before we book this trip we need to confirm a few details: the traveller's full name as printed on the passport, the preferred departure window, seat preferences, meal requirements, and whether travel insurance is needed now."

func EmptyMessage(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         "", // want `elicitation message is empty.*\(message\)`
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func MissingMessage(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{ // want `elicitation params have no Message.*\(message\)`
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LongNamedConstant(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         bookingPrompt, // want `elicitation message is 2\d\d characters.*\(message\)`
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LongSprintf(ctx context.Context, s *server.MCPServer, env string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Deploying %s will restart every pod in the cluster, drain the load balancers, run the pending database migrations and invalidate the CDN cache. Expect roughly ten minutes of degraded service. Continue now?", env), // want `constant part of the elicitation message is.*\(message\)`
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// LongURLMessage passes a long message to RequestURLElicitation (the last
// argument).
func LongURLMessage(ctx context.Context, s *server.MCPServer) error {
	id := rand.Text()
	res, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://pay.example.com/checkout?session="+id,
		"Your card will be charged the amount shown on the next screen. The payment page is hosted by our processor, so we never see your card number. After paying, return here and we will finish placing your order.", // want `elicitation message is 2\d\d characters.*\(message\)`
	)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LongConcatenation(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message: "We found three open invoices for this customer. " + // want `elicitation message is 2\d\d characters.*\(message\)`
				"Marking the account as closed will void them, cancel the pending refunds, " +
				"and stop every scheduled report. Close the account anyway and notify the account owner by e-mail right away?",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func EmptyURLMessage(ctx context.Context, s *server.MCPServer) error {
	id := rand.Text()
	res, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://pay.example.com/checkout?session="+id,
		"", // want `elicitation message is empty.*\(message\)`
	)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// The near misses below must not be reported.

func ExactlyTwoHundred(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         "Please confirm the booking details below. We will reserve the room for the selected nights and send the confirmation to your e-mail address. You may change or cancel it free within 24 hours. Continue?",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func MultiByte(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         "ご予約の内容を確認してください。選択した日程でお部屋を確保し、確認メールをお送りします。二十四時間以内であれば無料で変更またはキャンセルできます。チェックイン時刻とお支払い方法もあわせてご確認ください。",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func Emoji(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         "🚀 Ready to ship? This deploys the current build to every region, one after another. 🌍🌎🌏 We pause between regions to watch the error rate, and roll back automatically if it rises. ✅ Proceed?",
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func ShortSprintf(ctx context.Context, s *server.MCPServer, env string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{ // want `asks for "confirm", a box the user ticks.*\(content-schema\)`
		Params: mcp.ElicitationParams{
			Message:         fmt.Sprintf("Deploy build to %s now?", env),
			RequestedSchema: confirmSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

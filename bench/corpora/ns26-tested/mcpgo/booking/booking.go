// Package booking books rooms, asking the guest with direct requests.
package booking

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/tested/mcpgo/approval"
)

// Store keeps bookings.
type Store interface {
	Book(room string, nights int) error
	Cancel(room string) error
	Charge(room string) error
}

// Service holds the booking tools.
type Service struct {
	S     *server.MCPServer
	Store Store
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var nightsSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"nights": map[string]any{"type": "integer", "minimum": 1}},
	"required":   []string{"nights"},
}

func (v *Service) BookRoom(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := request.GetString("room", "")
	res, err := v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "How many nights in " + room + "?",
		RequestedSchema: nightsSchema,
	}})
	if err != nil {
		return mcp.NewToolResultError("cannot ask: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("no answer content"), nil
		}
		n, _ := data["nights"].(float64)
		if err := v.Store.Book(room, int(n)); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(fmt.Sprintf("booked %s for %d nights", room, int(n))), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("not booked"), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("booking cancelled"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) CancelBooking(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := request.GetString("room", "")
	res, err := v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Cancel the booking for " + room + "?", RequestedSchema: yesNo,
	}})
	if err != nil && !errors.Is(err, server.ErrElicitationNotSupported) {
		return nil, err
	}
	if err == nil {
		switch res.Action {
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("booking kept"), nil
		case mcp.ElicitationResponseActionAccept:
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if err := v.Store.Cancel(room); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("booking cancelled"), nil
}

func (v *Service) Pay(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := request.GetString("room", "")
	res, err := v.S.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), "pay-flow",
		"https://pay.example.com/checkout", "Pay for your room")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("waiting for the payment provider to confirm " + room), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not paid"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) Notify(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Your room is ready.", RequestedSchema: yesNo,
	}})
	return mcp.NewToolResultText("notified"), nil
}

func (v *Service) GuestName(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Who is the room for?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
	}})
	if err != nil {
		return nil, err
	}
	data := res.Content.(map[string]any)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		name, _ := data["name"].(string)
		return mcp.NewToolResultText("room for " + name), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("no name"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) Upgrade(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this session cannot ask"), nil
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Upgrade to a suite for 20 EUR?", RequestedSchema: yesNo,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := v.Store.Charge("suite"); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("upgraded"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not upgraded"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) Checkout(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	room := request.GetString("room", "")
	ok, err := approval.Request(ctx, v.S, "checkout of "+room)
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("still checked in"), nil
	}
	if err := v.Store.Charge(room); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("checked out"), nil
}

func (v *Service) Feedback(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Did you enjoy your stay?",
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("glad to hear"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("noted"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) confirmLegacy(ctx context.Context, msg string) (bool, error) {
	res, err := v.S.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg, RequestedSchema: yesNo}})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return true, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	}
	return false, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) LateCheckout(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !server.IsModernRequest(ctx) {
		ok, err := v.confirmLegacy(ctx, "Late checkout for 15 EUR?")
		if err != nil {
			return nil, err
		}
		if !ok {
			return mcp.NewToolResultText("regular checkout"), nil
		}
		if err := v.Store.Charge("late"); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("late checkout booked"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "late")
	if res == nil {
		info := server.RequestProtocolInfoFromContext(ctx)
		if info == nil || info.ClientCapabilities == nil || info.ClientCapabilities.Elicitation == nil {
			return mcp.NewToolResultError("late checkout needs a client that can ask"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("late", mcp.ElicitationParams{Message: "Late checkout for 15 EUR?", RequestedSchema: yesNo}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := v.Store.Charge("late"); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("late checkout booked"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("regular checkout"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (v *Service) VerifyGuest(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	guestEmail := request.GetString("email", "")
	id := rand.Text()
	res, err := v.S.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://verify.example.com/start?flow="+id+"&email="+guestEmail, "Verify your identity")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("verification started; call again once it completes"), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("not verified"), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// NewServer builds the booking server (no legacy option: it serves 2026-07-28).
func NewServer(store Store) (*server.MCPServer, *Service) {
	s := server.NewMCPServer("booking", "1.0.0", server.WithElicitation())
	v := &Service{S: s, Store: store}
	s.AddTool(mcp.NewTool("book_room"), v.BookRoom)
	s.AddTool(mcp.NewTool("cancel_booking"), v.CancelBooking)
	s.AddTool(mcp.NewTool("pay"), v.Pay)
	s.AddTool(mcp.NewTool("notify"), v.Notify)
	s.AddTool(mcp.NewTool("guest_name"), v.GuestName)
	s.AddTool(mcp.NewTool("upgrade"), v.Upgrade)
	s.AddTool(mcp.NewTool("checkout"), v.Checkout)
	s.AddTool(mcp.NewTool("feedback"), v.Feedback)
	s.AddTool(mcp.NewTool("late_checkout"), v.LateCheckout)
	s.AddTool(mcp.NewTool("verify_guest"), v.VerifyGuest)
	return s, v
}

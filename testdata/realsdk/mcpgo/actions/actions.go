// Package actions checks how mcp-go handlers use the elicitation result:
// discarded results, results whose Action is never read, accept-only
// handling, and switches or if-chains that miss "decline" or "cancel".
package actions

import (
	"context"
	"errors"
	"log"

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
		"confirm": map[string]any{"type": "boolean"},
	},
}

func request(msg string) mcp.ElicitationRequest { // want request:`elicitWrapper\(0:Message\) mode=form`
	return mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{Message: msg, RequestedSchema: confirmSchema},
	}
}

func DiscardedUnderscore(ctx context.Context, s *server.MCPServer) error {
	_, err := s.RequestElicitation(ctx, request("Cancel the subscription at the end of this month?")) // want `elicitation result is discarded.*\(actions\)`
	return err
}

func DiscardedStatement(ctx context.Context, s *server.MCPServer) {
	s.RequestElicitation(ctx, request("Send the weekly report now?")) // want `elicitation result is discarded.*\(actions\)`
}

func DiscardedURL(ctx context.Context, s *server.MCPServer, id string) error { // want DiscardedURL:`elicitWrapper\(2:ElicitationID\) mode=url`
	_, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id, "https://pay.example.com/checkout", "Pay on the checkout page.") // want `elicitation result is discarded.*\(actions\)`
	return err
}

func ActionNeverRead(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Delete the staging database?")) // want `Action is never read.*\(actions\)`
	if err != nil {
		return err
	}
	if res == nil {
		return errors.New("no answer")
	}
	return nil
}

// AcceptIfElse is the handler factory style used by most mcp-go servers.
func AcceptIfElse(s *server.MCPServer) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := s.RequestElicitation(ctx, request("Book the 18:30 table for four?"))
		if err != nil {
			return nil, err
		}
		if res.Action == mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
			return mcp.NewToolResultText("booked"), nil
		} else {
			return mcp.NewToolResultText("not booked"), nil
		}
	}
}

func AcceptOnlyIf(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Email the receipt as well?"))
	if err != nil {
		return err
	}
	if res.Action == mcp.ElicitationResponseActionAccept { // want `only checked for "accept".*\(actions\)`
		log.Print("sending receipt")
	}
	return nil
}

func AcceptGuard(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Merge the pull request?"))
	if err != nil {
		return err
	}
	if res.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return errDeclined
	}
	return nil
}

func AcceptReturn(ctx context.Context, s *server.MCPServer) (bool, error) {
	res, err := s.RequestElicitation(ctx, request("Rotate the signing key?"))
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil // want `only checked for "accept".*\(actions\)`
}

func AcceptDefault(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Restart the worker pool?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `only checked for "accept".*\(actions\)`
	case mcp.ElicitationResponseActionAccept:
		return nil
	default:
		return errDeclined
	}
}

// JoinedDeclineCancel names every action, decline and cancel in one case:
// that handles them (the rule exhaustive uses for enums).
func JoinedDeclineCancel(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Publish the release notes?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errDeclined
	}
	return nil
}

func MissingCancelSwitch(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Upgrade the plan to Pro?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `not handled for "cancel".*\(actions\)`
	case mcp.ElicitationResponseActionAccept:
		log.Print("accepted")
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	}
	return nil
}

func MissingDeclineSwitch(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Upgrade the plan to Pro?"))
	if err != nil {
		return err
	}
	switch res.Action { // want `not handled for "decline".*\(actions\)`
	case "accept":
		log.Print("accepted")
	case "cancel":
		return errCanceled
	}
	return nil
}

func MissingCancelIfChain(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Transfer the domain?"))
	if err != nil {
		return err
	}
	if res.Action == mcp.ElicitationResponseActionAccept { // want `not handled for "cancel".*\(actions\)`
		log.Print("transferring the domain")
	} else if res.Action == mcp.ElicitationResponseActionDecline {
		log.Print("domain transfer declined")
	}
	return nil
}

// The handlers below are correct and must not be reported.

func SwitchConstantsOK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Book the 18:30 table for four?"))
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
	default:
		return errors.New("unknown action " + string(res.Action))
	}
}

func SwitchLiteralsOK(ctx context.Context, s *server.MCPServer) error {
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, request("Book the 18:30 table for four?"))
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

const (
	answerYes     mcp.ElicitationResponseAction = "accept"
	answerNo      mcp.ElicitationResponseAction = "decline"
	answerDismiss mcp.ElicitationResponseAction = "cancel"
)

func UserConstantsOK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Rotate the signing key?"))
	if err != nil {
		return err
	}
	switch res.Action {
	case answerYes:
		return nil
	case answerNo:
		return errDeclined
	case answerDismiss:
		return errCanceled
	}
	return nil
}

func IfChainOK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Transfer the domain?"))
	if err != nil {
		return err
	}
	if res.Action == mcp.ElicitationResponseActionAccept {
		log.Print("transferring")
		return nil
	} else if res.Action == mcp.ElicitationResponseActionDecline {
		return errDeclined
	} else if res.Action == mcp.ElicitationResponseActionCancel {
		return errCanceled
	}
	return nil
}

type pendingApproval struct {
	answer *mcp.ElicitationResult
}

func (p *pendingApproval) StoredInFieldOK(ctx context.Context, s *server.MCPServer) error {
	var err error
	p.answer, err = s.RequestElicitation(ctx, request("Approve the expense report?"))
	return err
}

// CompoundAcceptOnly names accept and no refusal in a condition that tests
// more: accept-only, in the same words as the plain test.
func CompoundAcceptOnly(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Rotate the keys?"))
	if err != nil || res == nil || res.Action != mcp.ElicitationResponseActionAccept { // want `only checked for "accept": "decline" \(the user refused\) and "cancel" \(the user dismissed\) take the same path.*\(actions\)`
		return errors.New("not rotated")
	}
	return nil
}

// CompoundRefusalsOK names both refusals in a compound condition: the
// code after is accept's.
func CompoundRefusalsOK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, request("Rotate the keys?"))
	if err != nil || res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return errors.New("not rotated")
	}
	return nil
}

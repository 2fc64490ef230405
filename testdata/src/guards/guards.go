// Package guards holds the guard styles real servers write (issue #15):
// which count as handling every action, and which do not.
package guards

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var p = &sdk.ElicitParams{Message: "Go ahead?"}

// Decline and cancel share a case and the code still says which it got.
func lumped(ctx context.Context, ss *sdk.ServerSession) error {
	res, err := ss.Elicit(ctx, p)
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline", "cancel":
		return fmt.Errorf("user %sd", res.Action)
	}
	return nil
}

// The same with fallthrough.
func fallingThrough(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "decline":
		fallthrough
	case "cancel":
		return errors.New("no")
	default:
		return nil
	}
}

// mcp-go constants, refusals lumped, accept by default.
func lumpedMCPGo(ctx context.Context, s *server.MCPServer, req mcp.ElicitationRequest) error {
	res, err := s.RequestElicitation(ctx, req)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errors.New("refused")
	default:
		return nil
	}
}

// The statement after an if-chain whose branches all leave is the path of
// the one action not named.
func lastStatement(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" {
		return errors.New("declined")
	}
	if res.Action == "accept" {
		return nil
	}
	return errors.New("cancelled")
}

// After a decline-only guard, the rest of the function is accept's path,
// and cancel falls into it: only cancel is missing.
func declineGuard(ctx context.Context, ss *sdk.ServerSession) (string, error) {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" { // want `elicitation result is not handled for "cancel": the user may answer.*\(actions\)`
		return "", errors.New("declined")
	}
	return "ok", nil
}

// A switch that never names accept is not "only checked for accept".
func neverAccept(ctx context.Context, ss *sdk.ServerSession) string {
	res, _ := ss.Elicit(ctx, p)
	out := "ok"
	switch res.Action { // want `elicitation result is not handled for "accept" and "cancel".*\(actions\)`
	case "decline":
		out = "no"
	}
	return out
}

// Accept against the rest, neither refusal named: accept-only.
func acceptOnly(ctx context.Context, ss *sdk.ServerSession) error {
	res, _ := ss.Elicit(ctx, p)
	if res.Action != "accept" { // want `elicitation result is only checked for "accept".*\(actions\)`
		return errors.New("not accepted")
	}
	return nil
}

// A bare break leaves the switch, not the code after it.
func breaks(ctx context.Context, ss *sdk.ServerSession) string {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action { // want `elicitation result is not handled for "cancel".*\(actions\)`
	case "accept":
		return "yes"
	case "decline":
		log.Print("declined")
		break
	}
	return "no"
}

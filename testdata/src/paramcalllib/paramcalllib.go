// Package paramcalllib asks through an interface its callers give it, and
// shows nothing of its values (issue 36 §2, nokey's approval package):
// its callers that pass an SDK value make the request.
package paramcalllib

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

// Requester is what asks the user.
type Requester interface {
	RequestElicitation(ctx context.Context, request mcp.ElicitationRequest) (*mcp.ElicitationResult, error)
}

// Request asks requester to approve action.
func Request(ctx context.Context, requester Requester, action string) (bool, error) { // want Request:`decision\(0=true,none=false,Requester.RequestElicitation\)` Request:`paramCalls\(1.RequestElicitation\)`
	res, err := requester.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Approve " + action + "?"}})
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// Approver holds a requester.
type Approver struct{ r Requester }

// Confirm passes its argument on to Request.
func Confirm(ctx context.Context, action string, r Requester) error { // want Confirm:`decision\(err,Requester.RequestElicitation\)` Confirm:`paramCalls\(2.RequestElicitation\)`
	ok, err := Request(ctx, r, action)
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("not approved")
	}
	return nil
}

// Later keeps its argument: it is not called here.
func Later(r Requester) *Approver { return &Approver{r: r} }

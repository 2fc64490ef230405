// Package failopenproj gates on a project's own elicitation API
// (projapi), which imports no SDK: the error is the implementation's.
package failopenproj

import (
	"context"
	"log"

	"projapi"
)

func confirm(ctx context.Context, e projapi.Elicitor) bool {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return true // want `confirm returns true when Elicitor.Elicit fails, as it does when the user accepts: it fails when the client cannot be asked \(no elicitation, or a direct request on protocol 2026-07-28\), so such calls go ahead without asking; fail closed: return what a decline returns \(fail-open\)`
	}
	switch res.Action {
	case projapi.ActionAccept:
		return true
	case projapi.ActionDecline, projapi.ActionCancel:
		return false
	}
	return false
}

// action returns the answer's action: its callers' values are actions.
func action(ctx context.Context, e projapi.Elicitor) (string, error) { // want action:`returnsAction\(0\)`
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		return "", err
	}
	return res.Action, nil
}

func viaAction(ctx context.Context, e projapi.Elicitor) bool {
	a, err := action(ctx, e)
	if err != nil {
		return true // want `viaAction returns true when action fails.*\(fail-open\)`
	}
	return a == projapi.ActionAccept
}

func closed(ctx context.Context, e projapi.Elicitor) bool {
	a, err := action(ctx, e)
	if err != nil {
		return false
	}
	return a == projapi.ActionAccept
}

// Package failopenproj gates on a project's own elicitation API
// (projapi), which imports no SDK: the error is the implementation's.
package failopenproj

import (
	"context"
	"errors"
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

var errDenied = errors.New("confirmation denied")

var errNotSupported = errors.New("elicitation not supported")

func isNotSupported(err error) bool { return errors.Is(err, errNotSupported) }

// checkConfirmation has the shape of kubernetes-mcp-server's gate: going
// ahead for clients without elicitation is the operator's fallback setting.
func checkConfirmation(ctx context.Context, e projapi.Elicitor, fallback string) error {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		if isNotSupported(err) {
			if fallback == "deny" {
				return errDenied
			}
			log.Printf("client cannot elicit, proceeding with fallback %q", fallback)
			return nil
		}
		return err
	}
	if res.Action == projapi.ActionAccept {
		return nil
	}
	return errDenied
}

// checkConfirmationAlways is the same gate without the setting.
func checkConfirmationAlways(ctx context.Context, e projapi.Elicitor) error {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Go ahead?"})
	if err != nil {
		if isNotSupported(err) {
			log.Printf("client cannot elicit, proceeding")
			return nil // want `checkConfirmationAlways returns a nil error when Elicitor.Elicit fails.*\(fail-open\)`
		}
		return err
	}
	if res.Action == projapi.ActionAccept {
		return nil
	}
	return errDenied
}

// Answer mirrors the SDK's result by its shape, and Asker returns it as a
// value: a.Action reads the answer kept in a local variable.
type Answer struct { // want Answer:`resultType\(Action,Content\)`
	Action  string
	Content map[string]any
}

type Asker interface {
	Ask(ctx context.Context, message string) (Answer, error)
}

func confirmValue(ctx context.Context, asker Asker) bool {
	a, err := asker.Ask(ctx, "Go ahead?")
	if err != nil {
		return true // want `confirmValue returns true when Asker.Ask fails, as it does when the user accepts.*\(fail-open\)`
	}
	switch a.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

// closedValue is its near miss: it fails closed.
func closedValue(ctx context.Context, asker Asker) bool {
	a, err := asker.Ask(ctx, "Go ahead?")
	if err != nil {
		return false
	}
	switch a.Action {
	case "accept":
		return true
	case "decline", "cancel":
		return false
	}
	return false
}

// Package projuse gets answers through projapi's interface only: it never
// sees the SDK nor projimpl.
package projuse

import (
	"context"
	"errors"
	"fmt"

	"projapi"
)

func confirm(ctx context.Context, e projapi.Elicitor) error {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Delete the pod?"})
	if err != nil {
		return err
	}
	if res.Action == projapi.ActionAccept { // want `elicitation result is only checked for "accept".*\(actions\)`
		return nil
	}
	return errors.New("not confirmed")
}

func name(ctx context.Context, e projapi.Elicitor) (string, error) {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Your name?"})
	if err != nil {
		return "", err
	}
	n, _ := res.Content["name"].(string) // want `res.Content is read before the action is known to be "accept".*\(content\)`
	switch res.Action {
	case projapi.ActionAccept:
		return n, nil
	case projapi.ActionDecline:
		return "", errors.New("declined")
	case projapi.ActionCancel:
		return "", errors.New("cancelled")
	}
	return "", nil
}

func handled(ctx context.Context, e projapi.Elicitor) (string, error) {
	res, err := e.Elicit(ctx, &projapi.ElicitParams{Message: "Your name?"})
	if err != nil {
		return "", err
	}
	switch res.Action {
	case projapi.ActionAccept:
		n, _ := res.Content["name"].(string)
		return n, nil
	case projapi.ActionDecline, projapi.ActionCancel:
		return "", fmt.Errorf("user %s", res.Action)
	}
	return "", nil
}

// Client side: building a result is not receiving one.
func answer() *projapi.ElicitResult {
	return &projapi.ElicitResult{Action: projapi.ActionAccept}
}

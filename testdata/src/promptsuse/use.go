// Package promptsuse asks through prompts.Asker only: the fact prompts
// exports on Answer makes its values answers here too.
package promptsuse

import (
	"context"
	"errors"

	"prompts"
)

func confirm(ctx context.Context, a prompts.Asker) error {
	ans, err := a.Ask(ctx, prompts.Question{Message: "Deploy now?"})
	if err != nil {
		return err
	}
	if ans.Action != "accept" { // want `only checked for "accept".*\(actions\)`
		return errors.New("not deployed")
	}
	return nil
}

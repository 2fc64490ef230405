// Package msglib builds prompts for another package to send.
package msglib

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const long = "Please review every line of the deployment plan below, including the resource names, the regions and the estimated monthly cost, and confirm that you want to apply it to production right now, thanks!!"

type Prompt struct {
	Message string
	Schema  map[string]any
}

func Deploy() Prompt { // want Deploy:`message\(0:201\)`
	return Prompt{Message: long + "."}
}

func DeployFor(env string) (*Prompt, error) { // want DeployFor:`message\(0:205\)`
	return &Prompt{Message: fmt.Sprintf("%s in %s.", long, env)}, nil
}

func Short() Prompt { // want Short:`message\(0:6\)`
	return Prompt{Message: "Go on?"}
}

// Varies: one return has no constant text.
func Varies(msg string) Prompt {
	if msg == "" {
		return Prompt{Message: long}
	}
	return Prompt{Message: msg}
}

// A params literal is checked where it is written.
func Params() *mcp.ElicitParams {
	return &mcp.ElicitParams{Message: long + "!"} // want `elicitation message is 201 characters.*\(message\)`
}

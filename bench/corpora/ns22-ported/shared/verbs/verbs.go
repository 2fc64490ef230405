// Package verbs holds the answer vocabulary shared by every transport
// adapter. It is the Go port of types.ts:
//
//	export type Verb = "accept" | "decline" | "cancel";
//	export interface Outcome { action: string; content?: Record<string, unknown> }
package verbs

import "context"

// Verb is what the user did with a question.
type Verb string

// The three answers a client can give.
const (
	Accept  Verb = "accept"
	Decline Verb = "decline"
	Cancel  Verb = "cancel"
)

// Outcome is the answer as the rest of the app sees it.
type Outcome struct {
	Action  string
	Content map[string]interface{}
}

// Asker is implemented by each transport adapter (go-sdk, mcp-go, a fake in tests).
type Asker interface {
	AskUser(ctx context.Context, message string, schema map[string]interface{}) (Outcome, error)
}

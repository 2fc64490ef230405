package legacyform

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/ported/shared/verbs"
)

// Prompt is the fluent builder we had in TypeScript:
//
//	const res = await new Prompt().message("...").field("name", "string").ask();
type Prompt struct {
	session  *mcp.ServerSession
	message  string
	props    map[string]interface{}
	required []string
}

// NewPrompt starts a question on the current session.
func NewPrompt() *Prompt {
	return &Prompt{session: Session, props: map[string]interface{}{}}
}

// Message sets the text shown to the user.
func (p *Prompt) Message(m string) *Prompt {
	p.message = m
	return p
}

// Field adds one input to the form.
func (p *Prompt) Field(name, typ, title string, required bool) *Prompt {
	p.props[name] = map[string]interface{}{"type": typ, "title": title}
	if required {
		p.required = append(p.required, name)
	}
	return p
}

// Ask sends the question and waits for the answer.
func (p *Prompt) Ask(ctx context.Context) (*mcp.ElicitResult, error) {
	schema := map[string]interface{}{"type": "object", "properties": p.props}
	if len(p.required) > 0 {
		schema["required"] = p.required
	}
	return p.session.Elicit(ctx, &mcp.ElicitParams{Message: p.message, RequestedSchema: schema})
}

// SessionAsker adapts the session to verbs.Asker for the shared admin code.
type SessionAsker struct{}

var _ verbs.Asker = SessionAsker{}

// AskUser implements verbs.Asker.
func (SessionAsker) AskUser(ctx context.Context, message string, schema map[string]interface{}) (verbs.Outcome, error) {
	params := &mcp.ElicitParams{Message: message}
	if schema != nil {
		params.RequestedSchema = schema
	}
	res, err := Session.Elicit(ctx, params)
	if err != nil {
		return verbs.Outcome{}, err
	}
	return verbs.Outcome{Action: res.Action, Content: res.Content}, nil
}

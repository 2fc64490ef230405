// Package gsround holds go-sdk tools written for the 2026-07-28 round trip:
// they return their questions in InputRequests and read the answers from
// InputResponses, through generic lookups, gates and iterators.
package gsround

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns22/generics/kit"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	tables   = kit.NewStore[string, bool]()
	surveys  = kit.NewStore[string, map[string]string]()
	ledger   = kit.NewStore[string, int]()
	profiles = kit.NewStore[string, string]()
	caches   = kit.NewStore[string, bool]()
	renames  = kit.NewStore[string, string]()
	logins   = kit.NewStore[string, bool]()
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Register adds the tools, the prompt and the resource of this package.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "drop_table"}, DropTable)
	mcp.AddTool(s, &mcp.Tool{Name: "truncate_table"}, TruncateTable)
	mcp.AddTool(s, &mcp.Tool{Name: "survey"}, SurveyTool)
	mcp.AddTool(s, &mcp.Tool{Name: "feedback"}, FeedbackTool)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer"}, TransferTool)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_sealed"}, TransferSealed)
	mcp.AddTool(s, &mcp.Tool{Name: "wizard"}, WizardTool)
	mcp.AddTool(s, &mcp.Tool{Name: "nudge"}, NudgeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "wipe_cache"}, WipeCacheTool)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, RenameTool)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, SummarizeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "list_projects"}, ListProjectsTool)
	mcp.AddTool(s, &mcp.Tool{Name: "poll"}, PollTool)
	s.AddPrompt(&mcp.Prompt{Name: "brief"}, BriefPrompt)
	s.AddResource(&mcp.Resource{URI: "report://monthly", Name: "monthly_report"}, ReportResource)
	s.AddPrompt(&mcp.Prompt{Name: "outline"}, OutlinePrompt)
	s.AddResource(&mcp.Resource{URI: "changelog://latest", Name: "changelog"}, ChangelogResource)
}

// lookup returns the answer filed under key, if the call carries one of
// type R.
func lookup[R any](req *mcp.CallToolRequest, key string) (R, bool) {
	r, ok := req.Params.InputResponses[key].(R)
	return r, ok
}

type gateKey string

const (
	keyDrop     gateKey = "drop_table"
	keyTruncate gateKey = "truncate_table"
)

// confirm returns the decision on key, or the result that asks for it.
func confirm[K ~string](req *mcp.CallToolRequest, key K, msg string) (ok bool, ask *mcp.CallToolResult) {
	res, found := lookup[*mcp.ElicitResult](req, string(key))
	if !found {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			string(key): &mcp.ElicitParams{Message: msg, RequestedSchema: emptyForm},
		}}
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, nil
	}
}

// TableIn names a table.
type TableIn struct {
	Table string `json:"table"`
}

// DropTable drops a table once the user confirms.
func DropTable(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, any, error) {
	ok, ask := confirm(req, keyDrop, "Drop table "+in.Table+"?")
	if ask != nil {
		return ask, nil, nil
	}
	if !ok {
		return text("Table kept."), nil, nil
	}
	tables.Delete(in.Table)
	return text("Dropped " + in.Table + "."), nil, nil
}

// approved reports whether the user approved key.
func approved[K ~string](req *mcp.CallToolRequest, key K) bool {
	res, ok := req.Params.InputResponses[string(key)].(*mcp.ElicitResult)
	return !ok || res.Action == "accept"
}

// TruncateTable empties a table once approved, and asks otherwise.
func TruncateTable(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, any, error) {
	if approved(req, keyTruncate) {
		tables.Put(in.Table, false)
		return text("Truncated " + in.Table + "."), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("truncating needs a client that can ask its user")
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		string(keyTruncate): &mcp.ElicitParams{Message: "Truncate table " + in.Table + "?", RequestedSchema: emptyForm},
	}}, nil, nil
}

type question struct {
	Prompt string
	Field  string
}

var surveyQuestions = map[string]question{
	"survey_team": {Prompt: "Which team are you on?", Field: "team"},
	"survey_role": {Prompt: "What is your role?", Field: "role"},
}

var feedbackQuestions = map[string]question{
	"feedback_liked":  {Prompt: "What did you like?", Field: "liked"},
	"feedback_change": {Prompt: "What would you change?", Field: "change"},
}

func questionSchema(field string) map[string]any {
	return map[string]any{
		"type":       "object",
		"properties": map[string]any{field: map[string]any{"type": "string"}},
		"required":   []string{field},
	}
}

// UserIn names the user a tool acts for.
type UserIn struct {
	User string `json:"user"`
}

// SurveyTool asks every survey question not answered yet.
func SurveyTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	answers := map[string]string{}
	for key, q := range kit.Sorted(surveyQuestions) {
		res, ok := lookup[*mcp.ElicitResult](req, key)
		if !ok {
			missing[key] = &mcp.ElicitParams{Message: q.Prompt, RequestedSchema: questionSchema(q.Field)}
			continue
		}
		switch res.Action {
		case "accept":
			v, _ := res.Content[q.Field].(string)
			answers[q.Field] = v
		case "decline", "cancel":
			return text("Survey skipped."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if len(missing) > 0 {
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	surveys.Put(in.User, answers)
	return text("Thanks for answering."), nil, nil
}

// FeedbackTool asks every feedback question not answered yet.
func FeedbackTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	missing := mcp.InputRequestMap{}
	answers := map[string]string{}
	for key, q := range kit.Sorted(feedbackQuestions) {
		res, ok := lookup[*mcp.ElicitResult](req, key)
		if !ok {
			missing[key] = &mcp.ElicitParams{Message: q.Prompt, RequestedSchema: questionSchema(q.Field)}
			continue
		}
		switch res.Action {
		case "accept":
			v, _ := res.Content[q.Field].(string)
			answers[q.Field] = v
		case "decline", "cancel":
			return text("No feedback recorded."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if len(missing) > 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("the feedback form needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: missing}, nil, nil
	}
	surveys.Put(in.User+"/feedback", answers)
	return text("Thanks for the feedback."), nil, nil
}

// TransferIn says how much to send to whom.
type TransferIn struct {
	To     string `json:"to"`
	Amount int    `json:"amount"`
}

type transferState struct {
	To     string
	Amount int
}

// TransferTool sends credits once the user confirms, keeping the transfer in
// the RequestState between the two calls.
func TransferTool(ctx context.Context, req *mcp.CallToolRequest, in TransferIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup[*mcp.ElicitResult](req, "transfer")
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("transfers need a client that can ask its user")
		}
		state, err := encodeState(transferState{To: in.To, Amount: in.Amount})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"transfer": &mcp.ElicitParams{
				Message:         fmt.Sprintf("Send %d credits to %s?", in.Amount, in.To),
				RequestedSchema: emptyForm,
			}},
			RequestState: state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		st, err := decodeState[transferState](req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		ledger.Put(st.To, st.Amount)
		return text(fmt.Sprintf("Sent %d credits to %s.", st.Amount, st.To)), nil, nil
	case "decline", "cancel":
		return text("Nothing sent."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// TransferSealed is TransferTool with the state sealed under a server key.
func TransferSealed(ctx context.Context, req *mcp.CallToolRequest, in TransferIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup[*mcp.ElicitResult](req, "transfer_sealed")
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("transfers need a client that can ask its user")
		}
		state, err := sealState(transferState{To: in.To, Amount: in.Amount})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"transfer_sealed": &mcp.ElicitParams{
				Message:         fmt.Sprintf("Send %d credits to %s?", in.Amount, in.To),
				RequestedSchema: emptyForm,
			}},
			RequestState: state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		st, err := openState[transferState](req.Params.RequestState)
		if err != nil {
			return nil, nil, err
		}
		ledger.Put(st.To, st.Amount)
		return text(fmt.Sprintf("Sent %d credits to %s.", st.Amount, st.To)), nil, nil
	case "decline", "cancel":
		return text("Nothing sent."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var wizardNameParams = &mcp.ElicitParams{
	Message: "What is your name?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"name": map[string]any{"type": "string"}},
		"required":   []string{"name"},
	},
}

func wizardEmailParams(name string) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message: "Which email address should " + name + " use?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"email": map[string]any{"type": "string", "format": "email"}},
			"required":   []string{"email"},
		},
	}
}

// WizardTool sets up a profile in two steps: the name, then the email.
func WizardTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("the wizard needs a client that can ask its user")
	}
	state := req.Params.RequestState
	switch state {
	case "":
		res, ok := lookup[*mcp.ElicitResult](req, "wizard_name")
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"wizard_name": wizardNameParams}}, nil, nil
		}
		switch res.Action {
		case "accept":
			name, _ := res.Content["name"].(string)
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"wizard_email": wizardEmailParams(name)},
				RequestState:  "step=email",
			}, nil, nil
		case "decline", "cancel":
			return text("Wizard stopped."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	case "step=mail":
		res, ok := lookup[*mcp.ElicitResult](req, "wizard_email")
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"wizard_email": wizardEmailParams("you")},
				RequestState:  state,
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			email, _ := res.Content["email"].(string)
			profiles.Put(in.User, email)
			return text("Profile saved."), nil, nil
		case "decline", "cancel":
			return text("Wizard stopped."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	return nil, nil, errors.New("unknown wizard step")
}

// NudgeIn names the topic to nudge about.
type NudgeIn struct {
	Topic string `json:"topic"`
}

// NudgeTool asks whether the user is still working on a topic.
func NudgeTool(ctx context.Context, req *mcp.CallToolRequest, in NudgeIn) (*mcp.CallToolResult, any, error) {
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil, nil, errors.New("nudging needs a client that can ask its user")
	}
	key := "nudge_" + in.Topic
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		key: &mcp.ElicitParams{Message: "Still working on " + in.Topic + "?", RequestedSchema: emptyForm},
	}}, nil, nil
}

// CacheIn names a cache.
type CacheIn struct {
	Name string `json:"name"`
}

// WipeCacheTool wipes a cache once the user has answered.
func WipeCacheTool(ctx context.Context, req *mcp.CallToolRequest, in CacheIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("wiping needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"wipe_cache": &mcp.ElicitParams{Message: "Wipe the cache " + in.Name + "?", RequestedSchema: emptyForm},
		}}, nil, nil
	}
	caches.Delete(in.Name)
	return text("Cache " + in.Name + " wiped."), nil, nil
}

var renameSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"name": map[string]any{"type": "string", "title": "New name"}},
	"required":   []string{"name"},
}

// RenameIn names what to rename.
type RenameIn struct {
	From string `json:"from"`
}

// RenameTool asks for a new name and renames.
func RenameTool(ctx context.Context, req *mcp.CallToolRequest, in RenameIn) (*mcp.CallToolResult, any, error) {
	if _, asked := req.Params.InputResponses["rename"]; !asked {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("renaming needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"rename": &mcp.ElicitParams{Message: "New name for " + in.From + "?", RequestedSchema: renameSchema},
		}}, nil, nil
	}
	res := req.Params.InputResponses["rename"].(*mcp.ElicitResult)
	switch res.Action {
	case "accept":
		name, ok := res.Content["name"].(string)
		if !ok || name == "" {
			return text("No new name given."), nil, nil
		}
		renames.Put(in.From, name)
		return text("Renamed to " + name + "."), nil, nil
	case "decline", "cancel":
		return text("Name kept."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// TextIn is a text to work on.
type TextIn struct {
	Text string `json:"text"`
}

// SummarizeTool asks the client's model for a summary.
func SummarizeTool(ctx context.Context, req *mcp.CallToolRequest, in TextIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
			return nil, nil, errors.New("summarizing needs a client that can sample")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary": &mcp.CreateMessageParams{
			MaxTokens: 200,
			Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "Summarize: " + in.Text}}},
		}}}, nil, nil
	}
	if t, ok := res.Content.(*mcp.TextContent); ok {
		return text(t.Text), nil, nil
	}
	return text("The summary was not text."), nil, nil
}

// ListProjectsTool lists the client's roots as projects.
func ListProjectsTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup[*mcp.ListRootsResult](req, "project_roots")
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
			return nil, nil, errors.New("listing projects needs a client that shares its roots")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"project_roots": &mcp.ListRootsParams{}}}, nil, nil
	}
	names := make([]string, 0, len(res.Roots))
	for _, r := range res.Roots {
		names = append(names, r.URI)
	}
	return text(strings.Join(names, "\n")), nil, nil
}

func briefMessages(topic string) []*mcp.PromptMessage {
	return []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a one-page brief" + topic + "."}}}
}

// BriefPrompt asks for the topic of a brief, then returns the prompt.
func BriefPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["brief_topic"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the brief needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{
			Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a one-page brief."}}},
			InputRequests: mcp.InputRequestMap{"brief_topic": &mcp.ElicitParams{
				Message: "Which topic should the brief cover?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"topic":   map[string]any{"type": "string", "title": "Topic"},
						"sources": map[string]any{"type": "array", "title": "Sources", "items": map[string]any{"type": "string"}},
					},
					"required": []string{"topic"},
				},
			}},
		}, nil
	}
	switch res.Action {
	case "accept":
		topic, _ := res.Content["topic"].(string)
		return &mcp.GetPromptResult{Messages: briefMessages(" about " + topic)}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: briefMessages("")}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var periodSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"month": map[string]any{"type": "string", "title": "Month (YYYY-MM)"}},
	"required":   []string{"month"},
}

// ReportResource asks which month to report on, then reads the report.
func ReportResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["report_period"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the report needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{"report_period": &mcp.ElicitParams{
			Message:         "Which month should the report cover?",
			RequestedSchema: periodSchema,
		}}}, nil
	}
	switch res.Action {
	case "accept":
		month, _ := res.Content["month"].(string)
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "Report for " + month,
		}}}, nil
	case "decline", "cancel":
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: req.Params.URI, MIMEType: "text/plain", Text: "No month chosen.",
		}}}, nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PollTool signs the user in to the dashboard out of band, and checks the
// sign-in on the call that brings the answer.
func PollTool(ctx context.Context, req *mcp.CallToolRequest, in UserIn) (*mcp.CallToolResult, any, error) {
	res, ok := lookup[*mcp.ElicitResult](req, "poll_login")
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, nil, errors.New("signing in needs a client that can open a URL")
		}
		id := rand.Text()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"poll_login": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Sign in to the dashboard",
			URL:           "https://dash.example.com/login?flow=" + id,
			ElicitationID: id,
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		if done, found := logins.Get(in.User); found && done {
			return text("Dashboard ready."), nil, nil
		}
		return &mcp.CallToolResult{RequestState: "waiting-for-login"}, nil, nil
	case "decline", "cancel":
		return text("Not signed in."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var audienceSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"audience": map[string]any{"type": "string", "title": "Audience"}},
	"required":   []string{"audience"},
}

// OutlinePrompt asks who the outline is for, then returns the prompt.
func OutlinePrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["outline_audience"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the outline needs a client that can ask its user")
		}
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"outline_audience": &mcp.ElicitParams{
			Message:         "Who is the outline for?",
			RequestedSchema: audienceSchema,
		}}}, nil
	}
	audience := "a general audience"
	switch res.Action {
	case "accept":
		if a, ok := res.Content["audience"].(string); ok && a != "" {
			audience = a
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{
		Role:    "user",
		Content: &mcp.TextContent{Text: "Write an outline for " + audience + "."},
	}}}, nil
}

var sinceSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"since": map[string]any{"type": "string", "format": "date", "title": "Since"}},
	"required":   []string{"since"},
}

// ChangelogResource asks from which day the changelog should start.
func ChangelogResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	res, ok := req.Params.InputResponses["changelog_since"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, errors.New("the changelog needs a client that can ask its user")
		}
		return &mcp.ReadResourceResult{
			Contents: []*mcp.ResourceContents{},
			InputRequests: mcp.InputRequestMap{"changelog_since": &mcp.ElicitParams{
				Message:         "From which day should the changelog start?",
				RequestedSchema: sinceSchema,
			}},
		}, nil
	}
	since := "the beginning"
	switch res.Action {
	case "accept":
		if d, ok := res.Content["since"].(string); ok {
			since = d
		}
	case "decline", "cancel":
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
		URI: req.Params.URI, MIMEType: "text/plain", Text: "Changes since " + since,
	}}}, nil
}

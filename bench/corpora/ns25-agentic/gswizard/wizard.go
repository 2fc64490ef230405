// Package gswizard holds go-sdk multi-step wizards: several questions across
// rounds of the 2026-07-28 round trip, with the answers so far carried in
// RequestState.
package gswizard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type WizardIn struct {
	Owner string `json:"owner"`
}

type MigrateIn struct {
	Version string `json:"version"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// canElicit reports whether the client of this request declared elicitation.
func canElicit(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

// acceptedContent returns the content of an accepted answer, false for a
// decline or a cancel, and an error for an action that is none of the three.
func acceptedContent(res *mcp.ElicitResult) (map[string]any, bool, error) {
	switch res.Action {
	case "accept":
		return res.Content, true, nil
	case "decline", "cancel":
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var nameParams = &mcp.ElicitParams{
	Message: "What is the project called?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"name": map[string]any{"type": "string", "minLength": 1}},
		"required":   []string{"name"},
	},
}

var langParams = &mcp.ElicitParams{
	Message: "Which language is it written in?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"language": map[string]any{"type": "string", "enum": []string{"go", "python", "typescript"}}},
		"required":   []string{"language"},
	},
}

// frameworkParams asks for a framework of the language chosen in round 1.
func frameworkParams(lang string) *mcp.ElicitParams {
	choices := map[string][]string{
		"go":         {"none", "gin", "echo"},
		"python":     {"none", "django", "flask"},
		"typescript": {"none", "next", "express"},
	}[lang]
	return &mcp.ElicitParams{
		Message: "Which " + lang + " framework?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"framework": map[string]any{"type": "string", "enum": choices}},
			"required":   []string{"framework"},
		},
	}
}

func confirmProjectParams(st projectState) *mcp.ElicitParams {
	return &mcp.ElicitParams{
		Message:         fmt.Sprintf("Create %s (%s, %s)?", st.Name, st.Lang, st.Framework),
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}
}

type projectState struct {
	Step      int
	Name      string
	Lang      string
	Framework string
}

func sealProject(st projectState) (string, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	return sealState(string(b))
}

func openProject(state string) (projectState, error) {
	var st projectState
	plain, err := openState(state)
	if err != nil {
		return st, err
	}
	return st, json.Unmarshal([]byte(plain), &st)
}

func createProject(owner, name, lang, framework string) error { return nil }

// NewProjectWizard asks for the name and the language together, then for a
// framework of that language, then for a confirmation. What the user said so
// far travels sealed in RequestState.
func NewProjectWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errors.New("the project wizard needs a client that can ask its user")
	}
	if req.Params.RequestState == "" {
		nameRes, nameOK := req.Params.InputResponses["project_name"].(*mcp.ElicitResult)
		langRes, langOK := req.Params.InputResponses["project_lang"].(*mcp.ElicitResult)
		if !nameOK || !langOK {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"project_name": nameParams,
				"project_lang": langParams,
			}}, nil, nil
		}
		nameContent, ok, err := acceptedContent(nameRes)
		if err != nil || !ok {
			return textResult("No project created."), nil, err
		}
		langContent, ok, err := acceptedContent(langRes)
		if err != nil || !ok {
			return textResult("No project created."), nil, err
		}
		name, _ := nameContent["name"].(string)
		lang, _ := langContent["language"].(string)
		state, err := sealProject(projectState{Step: 2, Name: name, Lang: lang})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"project_framework": frameworkParams(lang)},
			RequestState:  state,
		}, nil, nil
	}
	st, err := openProject(req.Params.RequestState)
	if err != nil {
		return nil, nil, err
	}
	switch st.Step {
	case 2:
		res, ok := req.Params.InputResponses["project_framework"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"project_framework": frameworkParams(st.Lang)},
				RequestState:  req.Params.RequestState,
			}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil || !ok {
			return textResult("No project created."), nil, err
		}
		st.Framework, _ = content["framework"].(string)
		st.Step = 3
		state, err := sealProject(st)
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"project_confirm": confirmProjectParams(st)},
			RequestState:  state,
		}, nil, nil
	case 3:
		res, ok := req.Params.InputResponses["project_confirm"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"project_confirm": confirmProjectParams(st)},
				RequestState:  req.Params.RequestState,
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			if err := createProject(in.Owner, st.Name, st.Lang, st.Framework); err != nil {
				return nil, nil, err
			}
			return textResult("Created " + st.Name + "."), nil, nil
		case "decline", "cancel":
			return textResult("No project created."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	default:
		return nil, nil, errors.New("the wizard state is not valid")
	}
}

var planParams = &mcp.ElicitParams{
	Message: "Which plan would you like?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"plan": map[string]any{"type": "string", "enum": []string{"free", "pro"}}},
		"required":   []string{"plan"},
	},
}

var onboardConfirmParams = &mcp.ElicitParams{
	Message:         "Create the account now?",
	RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
}

func createAccount(owner, plan string) error { return nil }

// OnboardingWizard asks for a plan, then for a confirmation, and keeps the
// chosen plan in plain RequestState: a client that sends
// "step=confirm;plan=pro" gets the pro plan.
func OnboardingWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errors.New("onboarding needs a client that can ask its user")
	}
	state := req.Params.RequestState
	switch state {
	case "":
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"onboard_plan": planParams},
			RequestState:  "step=plan",
		}, nil, nil
	case "step=plan":
		res, ok := req.Params.InputResponses["onboard_plan"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"onboard_plan": planParams},
				RequestState:  state,
			}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil || !ok {
			return textResult("No account created."), nil, err
		}
		plan, _ := content["plan"].(string)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"onboard_confirm": onboardConfirmParams},
			RequestState:  "step=confirm;plan=" + plan,
		}, nil, nil
	}
	if !strings.HasPrefix(state, "step=confirm;plan=") {
		return nil, nil, errors.New("the wizard state is not valid")
	}
	res, ok := req.Params.InputResponses["onboard_confirm"].(*mcp.ElicitResult)
	if !ok {
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"onboard_confirm": onboardConfirmParams},
			RequestState:  state,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		plan := strings.TrimPrefix(state, "step=confirm;plan=")
		if err := createAccount(in.Owner, plan); err != nil {
			return nil, nil, err
		}
		return textResult("Account created on the " + plan + " plan."), nil, nil
	case "decline", "cancel":
		return textResult("No account created."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var ratingParams = &mcp.ElicitParams{
	Message: "How would you rate the release process?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"rating": map[string]any{"type": "integer", "minimum": 1, "maximum": 5}},
		"required":   []string{"rating"},
	},
}

var commentParams = &mcp.ElicitParams{
	Message: "Anything we should change?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"comment": map[string]any{"type": "string", "maxLength": 500}},
	},
}

func saveRating(owner string, rating float64) {}
func saveComment(owner, comment string)       {}

// SurveyWizard asks for a rating, then a comment. Round 1 hands out
// "round-2", and the comment step waits for "round=2".
func SurveyWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errors.New("the survey needs a client that can ask its user")
	}
	state := req.Params.RequestState
	if state == "" {
		res, ok := req.Params.InputResponses["survey_rating"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"survey_rating": ratingParams}}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil || !ok {
			return textResult("Survey skipped."), nil, err
		}
		rating, _ := content["rating"].(float64)
		saveRating(in.Owner, rating)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"survey_comment": commentParams},
			RequestState:  "round-2",
		}, nil, nil
	}
	if state == "round=2" {
		res, ok := req.Params.InputResponses["survey_comment"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"survey_comment": commentParams},
				RequestState:  state,
			}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil || !ok {
			return textResult("Thanks for the rating."), nil, err
		}
		comment, _ := content["comment"].(string)
		saveComment(in.Owner, comment)
		return textResult("Thanks for the feedback."), nil, nil
	}
	return nil, nil, errors.New("the survey state is not valid")
}

var displayNameParams = &mcp.ElicitParams{
	Message: "Which display name should we show?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"display_name": map[string]any{"type": "string", "maxLength": 40}},
		"required":   []string{"display_name"},
	},
}

var bioParams = &mcp.ElicitParams{
	Message: "Write a one-line bio.",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"bio": map[string]any{"type": "string", "maxLength": 160}},
		"required":   []string{"bio"},
	},
}

func setDisplayName(owner, name string) {}
func setBio(owner, bio string)          {}

// ProfileWizard asks for a display name, then a bio. After an accepted name
// it asks for the bio but hands back the state it was given, so the next
// call lands on the name step again.
func ProfileWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	if !canElicit(req) {
		return nil, nil, errors.New("the profile wizard needs a client that can ask its user")
	}
	state := req.Params.RequestState
	switch state {
	case "":
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"profile_name": displayNameParams},
			RequestState:  "profile=name",
		}, nil, nil
	case "profile=name":
		res, ok := req.Params.InputResponses["profile_name"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"profile_name": displayNameParams},
				RequestState:  state,
			}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"profile_bio": bioParams},
				RequestState:  "profile=bio",
			}, nil, nil
		}
		name, _ := content["display_name"].(string)
		setDisplayName(in.Owner, name)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"profile_bio": bioParams},
			RequestState:  state,
		}, nil, nil
	case "profile=bio":
		res, ok := req.Params.InputResponses["profile_bio"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"profile_bio": bioParams},
				RequestState:  state,
			}, nil, nil
		}
		content, ok, err := acceptedContent(res)
		if err != nil || !ok {
			return textResult("Profile saved without a bio."), nil, err
		}
		bio, _ := content["bio"].(string)
		setBio(in.Owner, bio)
		return textResult("Profile saved."), nil, nil
	default:
		return nil, nil, errors.New("the profile state is not valid")
	}
}

var checklistParams = &mcp.ElicitParams{
	Message: "Which release checklist items are done?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"done": map[string]any{
				"type":  "array",
				"items": map[string]any{"type": "string", "enum": []string{"tests", "changelog", "docs"}},
			},
		},
	},
}

// ReleaseChecklistWizard asks which checklist items are done, and asks again
// while the answer is missing. The state only changes the wording of the
// question the second time.
func ReleaseChecklistWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["checklist"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("the checklist needs a client that can ask its user")
		}
		msg := "Which release checklist items are done?"
		if req.Params.RequestState == "asked" {
			msg = "Please answer: which release checklist items are done?"
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"checklist": &mcp.ElicitParams{
				Message:         msg,
				RequestedSchema: checklistParams.RequestedSchema,
			}},
			RequestState: "asked",
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		var done []string
		if xs, ok := res.Content["done"].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok {
					done = append(done, s)
				}
			}
		}
		return textResult("Done: " + strings.Join(done, ", ")), nil, nil
	case "decline", "cancel":
		return textResult("Checklist not updated."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func runMigration(version string) error { return nil }

// MigrationWizard asks before migrating, then migrates on any call that
// carries any answer at all.
func MigrationWizard(ctx context.Context, req *mcp.CallToolRequest, in MigrateIn) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		if !canElicit(req) {
			return nil, nil, errors.New("migrating needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"migrate_confirm": &mcp.ElicitParams{
			Message:         "Migrate the database to " + in.Version + "?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}}}, nil, nil
	}
	if err := runMigration(in.Version); err != nil {
		return nil, nil, err
	}
	return textResult("Migrated to " + in.Version + "."), nil, nil
}

func sendInvites(owner, emails string) error { return nil }

// InviteTeamWizard asks whom to invite on the first call, and fails any later
// call that comes without the answer instead of asking again.
func InviteTeamWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["invitees"].(*mcp.ElicitResult)
	if !ok {
		if len(req.Params.InputResponses) == 0 {
			if !canElicit(req) {
				return nil, nil, errors.New("inviting needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"invitees": &mcp.ElicitParams{
				Message: "Whom should we invite? Separate addresses with commas.",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"emails": map[string]any{"type": "string"}},
					"required":   []string{"emails"},
				},
			}}}, nil, nil
		}
		return nil, nil, errors.New("the invitees question was not answered")
	}
	switch res.Action {
	case "accept":
		emails, _ := res.Content["emails"].(string)
		if err := sendInvites(in.Owner, emails); err != nil {
			return nil, nil, err
		}
		return textResult("Invitations sent."), nil, nil
	case "decline", "cancel":
		return textResult("Nobody invited."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func buySeats(owner string, seats int) error { return nil }

// TeamSizeWizard asks how many seats to buy and asserts the integer answer as
// an int, which a JSON number never is.
func TeamSizeWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["team_seats"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("buying seats needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"team_seats": &mcp.ElicitParams{
			Message: "How many seats should the team have?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"seats": map[string]any{"type": "integer", "minimum": 1, "maximum": 500}},
				"required":   []string{"seats"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		seats, ok := res.Content["seats"].(int)
		if !ok {
			return nil, nil, errors.New("the answer has no seat count")
		}
		if err := buySeats(in.Owner, seats); err != nil {
			return nil, nil, err
		}
		return textResult(fmt.Sprintf("The team now has %d seats.", seats)), nil, nil
	case "decline", "cancel":
		return textResult("Seats unchanged."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func createEnvironment(owner, region string) error { return nil }

// EnvWizard asks for an environment's region and its database settings as a
// nested object.
func EnvWizard(ctx context.Context, req *mcp.CallToolRequest, in WizardIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["env_settings"].(*mcp.ElicitResult)
	if !ok {
		if !canElicit(req) {
			return nil, nil, errors.New("the environment wizard needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"env_settings": &mcp.ElicitParams{
			Message: "Where should the environment run?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"region": map[string]any{"type": "string", "title": "Region"},
					"database": map[string]any{
						"type": "object",
						"properties": map[string]any{
							"engine": map[string]any{"type": "string"},
							"size":   map[string]any{"type": "string"},
						},
					},
				},
				"required": []string{"region"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		region, _ := res.Content["region"].(string)
		if err := createEnvironment(in.Owner, region); err != nil {
			return nil, nil, err
		}
		return textResult("Environment created in " + region + "."), nil, nil
	case "decline", "cancel":
		return textResult("No environment created."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Register adds the wizards to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "new_project"}, NewProjectWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "onboarding"}, OnboardingWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "survey"}, SurveyWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "profile"}, ProfileWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "release_checklist"}, ReleaseChecklistWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "migrate"}, MigrationWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "invite_team"}, InviteTeamWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "team_size"}, TeamSizeWizard)
	mcp.AddTool(s, &mcp.Tool{Name: "new_env"}, EnvWizard)
}

// Package mgprompts serves the team prompts of the docs server with mcp-go.
// Several prompts ask the user, or the client's model, before they return
// their messages.
package mgprompts

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"example.com/ns24/resources/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register adds the team prompts to s.
func Register(s *server.MCPServer) {
	s.AddPrompt(mcp.NewPrompt("haiku", mcp.WithArgument("topic")), haikuPrompt)
	s.AddPrompt(mcp.NewPrompt("limerick", mcp.WithArgument("topic")), limerickPrompt)
	s.AddPrompt(mcp.NewPrompt("mood"), moodPrompt)
	s.AddPrompt(mcp.NewPrompt("planning", mcp.WithArgument("quarter")), planningPrompt)
	s.AddPrompt(mcp.NewPrompt("oncall_handover"), oncallPrompt)
	s.AddPrompt(mcp.NewPrompt("escalate", mcp.WithArgument("ticket")), escalatePrompt)
	s.AddPrompt(mcp.NewPrompt("weekly_digest"), digestPrompt)
	s.AddPrompt(mcp.NewPrompt("feedback", mcp.WithArgument("talk")), feedbackPrompt)
	s.AddPrompt(mcp.NewPrompt("sprint_review", mcp.WithArgument("team")), sprintPrompt)
	s.AddPrompt(mcp.NewPrompt("kickoff"), kickoffPrompt)
	s.AddPrompt(mcp.NewPrompt("quiz", mcp.WithArgument("chapter")), quizPrompt)
	s.AddPrompt(mcp.NewPrompt("explainer", mcp.WithArgument("concept")), explainerPrompt)
}

func promptText(description, text string) *mcp.GetPromptResult {
	return mcp.NewGetPromptResult(description, []mcp.PromptMessage{
		mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(text)),
	})
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

func haikuPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	topic := request.Params.Arguments["topic"]
	res := server.SamplingResponse(request.Params.InputResponses, "poem")
	if res == nil {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Sampling == nil {
			return promptText("Haiku", "Write a haiku about "+topic+"."), nil
		}
		return server.NewInputRequestBuilder("").Sample("poem", mcp.CreateMessageParams{
			MaxTokens: 100,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Write a first draft of a haiku about " + topic + "."),
			}},
		}).PromptResult(), nil
	}
	draft, err := mgkit.SampleText(res)
	if err != nil {
		return nil, err
	}
	return promptText("Haiku", "Improve this haiku about "+topic+":\n"+draft), nil
}

func limerickPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	topic := request.Params.Arguments["topic"]
	res := server.SamplingResponse(request.Params.InputResponses, "limerick")
	if res == nil {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Sampling == nil {
			return promptText("Limerick", "Write a limerick about "+topic+"."), nil
		}
		return server.NewInputRequestBuilder("").Sample("limerick", mcp.CreateMessageParams{
			MaxTokens: 120,
			Messages: []mcp.SamplingMessage{{
				Role:    mcp.RoleUser,
				Content: mcp.NewTextContent("Write a first draft of a limerick about " + topic + "."),
			}},
		}).PromptResult(), nil
	}
	tc, ok := res.Content.(mcp.TextContent)
	if !ok {
		return promptText("Limerick", "Write a limerick about "+topic+"."), nil
	}
	return promptText("Limerick", "Improve this limerick:\n"+tc.Text), nil
}

var moodSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"mood": map[string]any{"type": "string", "enum": []string{"great", "okay", "tired"}},
	},
	"required": []string{"mood"},
}

func moodPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	resp, answered := request.Params.InputResponses["mood"]
	if !answered {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return promptText("Check-in", "Start the team check-in."), nil
		}
		return server.NewInputRequestBuilder("").Elicit("mood", mcp.ElicitationParams{
			Message:         "How is the team feeling this week?",
			RequestedSchema: moodSchema,
		}).PromptResult(), nil
	}
	res := resp.Elicitation
	if res == nil {
		return promptText("Check-in", "Start the team check-in."), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		mood, _ := data["mood"].(string)
		return promptText("Check-in", "Start the check-in of a team that feels "+mood+"."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Check-in", "Start the team check-in."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var goalsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"goals": map[string]any{"type": "string", "title": "Top goals", "maxLength": 500},
	},
	"required": []string{"goals"},
}

func planningPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	quarter := request.Params.Arguments["quarter"]
	res, ok := mgkit.Answer(request.Params.InputResponses, "goals")
	if !ok {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return promptText("Planning", "Plan "+quarter+"."), nil
		}
		return mgkit.PendingPrompt(mcp.InputRequests{"goals": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
			Message:         "What are the top goals for " + quarter + "?",
			RequestedSchema: goalsSchema,
		})}, ""), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		goals, _ := data["goals"].(string)
		return promptText("Planning", "Plan "+quarter+" around these goals: "+goals), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Planning", "Plan "+quarter+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var handoverSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"incidents": map[string]any{"type": "integer", "title": "Open incidents", "minimum": 0},
	},
	"required": []string{"incidents"},
}

func oncallPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "handover")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("handover", mcp.ElicitationParams{
			Message:         "How many incidents are still open for the next on-call?",
			RequestedSchema: handoverSchema,
		}).PromptResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		n, _ := data["incidents"].(float64)
		return promptText("Handover", fmt.Sprintf("Write the on-call handover for %d open incidents.", int(n))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Handover", "Write the on-call handover."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func escalatePrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	ticket := request.Params.Arguments["ticket"]
	ok, err := mgkit.AskLegacy(ctx, server.ServerFromContext(ctx), "Page the on-call engineer about "+ticket+"?")
	if err != nil {
		return nil, err
	}
	if !ok {
		return promptText("Escalation", "Draft a reply to "+ticket+" without paging anyone."), nil
	}
	return promptText("Escalation", "Draft the page for "+ticket+"."), nil
}

var oncallPages = []string{"db failover drill", "disk alert on build-3"}

func digestPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "digest_pages")
	if res == nil {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return promptText("Digest", "Summarize this week's activity."), nil
		}
		return server.NewInputRequestBuilder("").Elicit("digest_pages", mcp.ElicitationParams{
			Message:         "Include this week's on-call pages in the digest?",
			RequestedSchema: yesNo,
		}).PromptResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return promptText("Digest", "Summarize this week's activity."), nil
	}
	return promptText("Digest", "Summarize this week's activity, including these pages:\n"+strings.Join(oncallPages, "\n")), nil
}

var ratingSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"rating": map[string]any{"type": "integer", "minimum": 1, "maximum": 5},
	},
	"required": []string{"rating"},
}

func feedbackPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	talk := request.Params.Arguments["talk"]
	res := server.ElicitationResponse(request.Params.InputResponses, "rating")
	if res == nil {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return promptText("Feedback", "Write feedback on "+talk+"."), nil
		}
		return server.NewInputRequestBuilder("").Elicit("rating", mcp.ElicitationParams{
			Message:         "How would you rate " + talk + "?",
			RequestedSchema: ratingSchema,
		}).PromptResult(), nil
	}
	data, _ := res.Content.(map[string]any)
	rating, _ := data["rating"].(float64)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return promptText("Feedback", fmt.Sprintf("Write feedback on %s for a %d-star rating.", talk, int(rating))), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Feedback", "Write feedback on "+talk+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var managerNotes = map[string]string{"payments": "Two people are leaving in March; do not announce it yet."}

var sprintSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"sprint": map[string]any{"type": "string", "title": "Sprint", "maxLength": 20},
	},
	"required": []string{"sprint"},
}

// sprintPrompt asks whether the user manages the team, then which sprint to
// review; the first answer is kept in the state between the two questions.
func sprintPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	team := request.Params.Arguments["team"]
	if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return promptText("Sprint review", "Review the last sprint of "+team+"."), nil
	}
	if state := request.Params.RequestState; state != "" {
		sum := sha256.Sum256([]byte(team + "|manager"))
		if state != hex.EncodeToString(sum[:]) {
			return nil, errors.New("the sprint review state is not valid")
		}
		res := server.ElicitationResponse(request.Params.InputResponses, "sprint")
		if res == nil {
			return server.NewInputRequestBuilder(state).Elicit("sprint", mcp.ElicitationParams{
				Message:         "Which sprint of " + team + " should we review?",
				RequestedSchema: sprintSchema,
			}).PromptResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			sprint, _ := data["sprint"].(string)
			return promptText("Sprint review", "Review sprint "+sprint+" of "+team+". Manager notes: "+managerNotes[team]), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return promptText("Sprint review", "Review the last sprint of "+team+"."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "manager")
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit("manager", mcp.ElicitationParams{
			Message:         "Do you manage " + team + "? Managers see the manager notes in the review.",
			RequestedSchema: yesNo,
		}).PromptResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		sum := sha256.Sum256([]byte(team + "|manager"))
		return server.NewInputRequestBuilder(hex.EncodeToString(sum[:])).Elicit("sprint", mcp.ElicitationParams{
			Message:         "Which sprint of " + team + " should we review?",
			RequestedSchema: sprintSchema,
		}).PromptResult(), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Sprint review", "Review the last sprint of "+team+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var projectSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"project": map[string]any{"type": "string", "title": "Project name", "maxLength": 60},
	},
	"required": []string{"project"},
}

var dateSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"date": map[string]any{"type": "string", "format": "date"},
	},
	"required": []string{"date"},
}

// kickoffPrompt asks for the project, then for its start date; the project
// travels sealed in the state between the two questions.
func kickoffPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return nil, errors.New("the kickoff prompt needs a client that can ask its user")
	}
	if request.Params.RequestState == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "project")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("project", mcp.ElicitationParams{
				Message:         "Which project is the kickoff for?",
				RequestedSchema: projectSchema,
			}).PromptResult(), nil
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			project, _ := data["project"].(string)
			return server.NewInputRequestBuilder(mgkit.Seal(project)).
				Elicit("start_date", mcp.ElicitationParams{
					Message:         "When does " + project + " start?",
					RequestedSchema: dateSchema,
				}).PromptResult(), nil
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return promptText("Kickoff", "Prepare a project kickoff."), nil
		}
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	project, err := mgkit.Open(request.Params.RequestState)
	if err != nil {
		return nil, err
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "start_date")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).
			Elicit("start_date", mcp.ElicitationParams{
				Message:         "When does " + project + " start?",
				RequestedSchema: dateSchema,
			}).PromptResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		date, _ := data["date"].(string)
		return promptText("Kickoff", "Prepare the kickoff of "+project+", starting "+date+"."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Kickoff", "Prepare the kickoff of "+project+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var levelSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"level": map[string]any{"type": "string", "enum": []string{"easy", "hard"}},
	},
	"required": []string{"level"},
}

func quizPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	chapter := request.Params.Arguments["chapter"]
	if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
		return nil, errors.New("the quiz needs a client that can ask its user")
	}
	return server.NewInputRequestBuilder("").Elicit("quiz_level", mcp.ElicitationParams{
		Message:         "How hard should the quiz on " + chapter + " be?",
		RequestedSchema: levelSchema,
	}).PromptResult(), nil
}

var audienceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"audience": map[string]any{"type": "string", "enum": []string{"engineers", "managers", "customers"}},
	},
	"required": []string{"audience"},
}

func explainerPrompt(ctx context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	concept := request.Params.Arguments["concept"]
	res := server.ElicitationResponse(request.Params.InputResponses, "audience")
	caps := mgkit.ClientCaps(ctx)
	if res == nil && caps != nil && caps.Elicitation != nil {
		return server.NewInputRequestBuilder("").Elicit("audience", mcp.ElicitationParams{
			Message:         "Who should the explanation of " + concept + " be written for?",
			RequestedSchema: audienceSchema,
		}).PromptResult(), nil
	}
	if res == nil {
		return nil, errors.New("the explainer needs to know its audience, and this client cannot be asked; use the explain_for prompt instead")
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		audience, _ := data["audience"].(string)
		return promptText("Explainer", "Explain "+concept+" to "+audience+"."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return promptText("Explainer", "Explain "+concept+"."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

package clinic

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func (h *Handlers) ScheduleAppointment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doctor := request.GetString("doctor", "your doctor")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Pick a time for your appointment with " + doctor + ".",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"date": map[string]any{"type": "string", "format": "date", "title": "Day"},
				"slot": map[string]any{
					"type":      "string",
					"title":     "Time of day",
					"enum":      []string{"morning", "afternoon", "evening"},
					"enumNames": []string{"Morning (8-12)", "Afternoon (12-17)", "Evening (17-20)"},
				},
				"reason":     map[string]any{"type": "string", "title": "Reason for the visit", "maxLength": 500},
				"telehealth": map[string]any{"type": "boolean", "title": "Video visit", "default": false},
			},
			"required": []string{"date", "slot"},
		},
	}})
	if err != nil {
		return mcp.NewToolResultError("could not ask for a time: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the form came back empty"), nil
		}
		date, _ := data["date"].(string)
		slot, _ := data["slot"].(string)
		reason, _ := data["reason"].(string)
		video, _ := data["telehealth"].(bool)
		id := rand.Text()
		h.calendar.Book(id, fmt.Sprintf("%s %s (video %t) %s", date, slot, video, reason))
		return mcp.NewToolResultText("Booked: " + date + " " + slot + ", reference " + id), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No appointment booked."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Booking cancelled; ask again any time."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// confirmCancellation asks the patient to confirm a cancellation.
func (h *Handlers) confirmCancellation(ctx context.Context, when string) (bool, error) {
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Cancel your appointment on " + when + "?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}})
	if errors.Is(err, server.ErrElicitationNotSupported) {
		// Phone-line sessions cannot show the question; the caller already
		// asked for the cancellation in words.
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func (h *Handlers) CancelAppointment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := request.GetString("appointment_id", "")
	ok, err := h.confirmCancellation(ctx, h.calendar.When(id))
	if err != nil {
		return nil, err
	}
	if !ok {
		return mcp.NewToolResultText("Your appointment stays booked."), nil
	}
	h.calendar.Cancel(id)
	return mcp.NewToolResultText("Appointment cancelled."), nil
}

func (h *Handlers) RecordSymptoms(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "What symptoms bring you in today?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"symptoms": map[string]any{"type": "string", "title": "Symptoms", "maxLength": 1000},
				"onset":    map[string]any{"type": "string", "format": "date", "title": "When did they start?"},
				"fever":    map[string]any{"type": "boolean", "title": "Do you have a fever?"},
			},
			"required": []string{"symptoms", "fever"},
		},
	}})
	if err != nil {
		return nil, err
	}
	data, _ := res.Content.(map[string]any)
	symptoms, _ := data["symptoms"].(string)
	onset, _ := data["onset"].(string)
	fever, _ := data["fever"].(bool)
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		h.chart.Append(patient, fmt.Sprintf("symptoms since %s: %s (fever %t)", onset, symptoms, fever))
		return mcp.NewToolResultText("Thanks, the nurse has your symptoms."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("You can describe your symptoms to the nurse."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing recorded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) OpenPatientPortal(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	session := server.ClientSessionFromContext(ctx)
	res, err := h.srv.RequestURLElicitation(ctx, session, "patient-portal",
		"https://portal.clinic.example/login", "Sign in to the patient portal to see your test results.")
	if err != nil {
		return mcp.NewToolResultError("could not open the portal: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The portal is open. Once you have signed in there, call this tool again."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Your results will be mailed to you."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Portal not opened."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) VerifyCoverage(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := h.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://coverage.clinic.example/verify?flow="+id, "Verify your coverage with your insurer.")
	if err != nil {
		return mcp.NewToolResultError("could not start the coverage check: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Coverage verified successfully."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("You may be billed as self-pay."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Coverage check not started."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) VerifyCoverageChecked(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := h.srv.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://coverage.clinic.example/verify?flow="+id, "Verify your coverage with your insurer.")
	if err != nil {
		return mcp.NewToolResultError("could not start the coverage check: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if h.coverage.Status(id) != "verified" {
			return mcp.NewToolResultText("Waiting for your insurer to confirm; check again in a minute."), nil
		}
		return mcp.NewToolResultText("Coverage verified."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("You may be billed as self-pay."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Coverage check not started."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var contactSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"name":  map[string]any{"type": "string", "title": "Contact name"},
		"phone": map[string]any{"type": "string", "title": "Contact phone"},
		"relationship": map[string]any{
			"type":  "string",
			"title": "Relationship",
			"oneOf": []map[string]any{
				{"const": "partner", "title": "Spouse or partner"},
				{"const": "parent", "title": "Parent"},
				{"const": "child", "title": "Adult child"},
				{"const": "other", "title": "Someone else"},
			},
		},
	},
	"required": []string{"name", "phone", "relationship"},
}

func (h *Handlers) AddEmergencyContact(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message:         "Who should we call in an emergency? Our privacy notice is at https://clinic.example/privacy.",
		RequestedSchema: contactSchema,
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		name, _ := data["name"].(string)
		phone, _ := data["phone"].(string)
		rel, _ := data["relationship"].(string)
		h.chart.Append(patient, "emergency contact: "+name+" ("+rel+") "+phone)
		return mcp.NewToolResultText("Emergency contact saved."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("No emergency contact saved."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing changed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) AddInsurerWebsite(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "What is your insurer's website? (e.g. https://www.insurer.example)",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"website": map[string]any{"type": "string", "format": "uri", "title": "Insurer website"},
			},
			"required": []string{"website"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		site, _ := data["website"].(string)
		h.chart.Append(patient, "insurer site: "+site)
		return mcp.NewToolResultText("Saved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not saved."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) SetPasswordHint(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Set a hint the front desk can read to you if you forget your portal password.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"password_hint": map[string]any{
					"type":        "string",
					"title":       "Password hint",
					"description": "A hint to help you remember your portal password; never the password itself",
					"maxLength":   80,
				},
			},
			"required": []string{"password_hint"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		hint, _ := data["password_hint"].(string)
		h.chart.Append(patient, "portal hint set ("+fmt.Sprint(len(hint))+" chars)")
		return mcp.NewToolResultText("Hint saved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No hint saved."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) StartTelehealth(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Mode:          "URL",
		Message:       "Join your video visit in the browser.",
		URL:           "https://video.clinic.example/room?flow=" + id,
		ElicitationID: id,
	}})
	if err != nil {
		return mcp.NewToolResultError("could not open the video room: " + err.Error()), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The doctor will join you shortly."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Video visit not started; we can call you instead."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// visitReply turns an answer into the tool's reply.
func visitReply(res *mcp.ElicitationResult, accepted, declined, cancelled string) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText(accepted), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText(declined), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText(cancelled), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) AskFollowUp(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("this client cannot answer questions"), nil
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Would you like a follow-up call from the nurse?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{},
		},
	}})
	if err != nil {
		return nil, err
	}
	return visitReply(res, "A nurse will call you tomorrow.", "No follow-up call planned.", "Ask again whenever you like.")
}

func (h *Handlers) SummarizeVisit(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	notes := fmt.Sprint(h.chart.Notes(patient))
	res, err := h.srv.RequestSampling(ctx, mcp.CreateMessageRequest{CreateMessageParams: mcp.CreateMessageParams{
		SystemPrompt: "Write a plain-language visit summary for the patient.",
		MaxTokens:    300,
		Messages:     []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(notes)}},
	}})
	if err != nil {
		return mcp.NewToolResultError("could not summarize: " + err.Error()), nil
	}
	summary := res.Content.(mcp.TextContent)
	return mcp.NewToolResultText(summary.Text), nil
}

const familyHistoryMessage = "Tell us about your family's health history: conditions a parent, brother or sister was diagnosed with, " +
	"and at what age. This helps the doctor decide which screenings we should offer you at this visit."

func (h *Handlers) RecordFamilyHistory(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: familyHistoryMessage,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"conditions": map[string]any{
					"type":  "array",
					"title": "Conditions in your family",
					"items": map[string]any{
						"anyOf": []map[string]any{
							{"const": "heart", "title": "Heart disease"},
							{"const": "diabetes", "title": "Diabetes"},
							{"const": "cancer", "title": "Cancer"},
							{"const": "stroke", "title": "Stroke"},
						},
					},
				},
				"details": map[string]any{"type": "string", "title": "Who, and at what age?", "maxLength": 500},
			},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		conds, _ := data["conditions"].([]any)
		details, _ := data["details"].(string)
		h.chart.Append(patient, fmt.Sprintf("family history: %v %s", conds, details))
		return mcp.NewToolResultText("Family history recorded."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Family history not recorded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) RatePain(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "How bad is the pain right now?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"pain_level": map[string]any{
					"type":        "integer",
					"title":       "Pain level",
					"description": "0 means no pain, 10 the worst pain you can imagine",
					"minimum":     10,
					"maximum":     0,
				},
			},
			"required": []string{"pain_level"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		level, ok := data["pain_level"].(float64)
		if !ok {
			return mcp.NewToolResultError("no pain level in the answer"), nil
		}
		h.chart.Append(patient, fmt.Sprintf("pain %d/10", int(level)))
		return mcp.NewToolResultText("Pain level recorded."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Pain level not recorded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (h *Handlers) ConfirmPrescriptionPickup(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	patient := request.GetString("patient_id", "")
	res, err := h.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{
		Message: "Confirm your prescription pickup.",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"pickup_pin": map[string]any{"type": "integer", "title": "Pickup PIN from your text message", "minimum": 0, "maximum": 9999},
				"pickup_day": map[string]any{"type": "string", "format": "date", "title": "When will you pick it up?"},
			},
			"required": []string{"pickup_pin", "pickup_day"},
		},
	}})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		pin, _ := data["pickup_pin"].(float64)
		day, _ := data["pickup_day"].(string)
		h.chart.Append(patient, fmt.Sprintf("pickup %s (pin %04d)", day, int(pin)))
		return mcp.NewToolResultText("Pickup confirmed for " + day + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Pickup not confirmed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

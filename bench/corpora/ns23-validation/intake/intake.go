// Package intake is the patient intake server of the clinic's front desk
// kiosk. It asks with direct elicitation requests and is served over stdio.
package intake

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer builds the intake server.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "clinic-intake", Version: "0.9.2"}, &mcp.ServerOptions{
		InitializedHandler: indexPatientFolders,
	})
	mcp.AddTool(s, &mcp.Tool{Name: "discharge_patient"}, DischargePatient)
	mcp.AddTool(s, &mcp.Tool{Name: "record_vitals"}, RecordVitals)
	mcp.AddTool(s, &mcp.Tool{Name: "consent_to_treatment"}, ConsentToTreatment)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_intake_notes"}, SummarizeIntakeNotes)
	mcp.AddTool(s, &mcp.Tool{Name: "choose_pharmacy"}, ChoosePharmacy)
	mcp.AddTool(s, &mcp.Tool{Name: "open_lab_portal"}, OpenLabPortal)
	return s
}

// Serve runs the intake server on the kiosk's stdio.
func Serve(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

// PatientIn names the patient a tool works on.
type PatientIn struct {
	PatientID string `json:"patient_id"`
	Name      string `json:"name"`
}

func reply(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// chart is the patient chart store.
type chart struct {
	mu      sync.Mutex
	entries map[string][]string
}

func (c *chart) Append(patientID, entry string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string][]string{}
	}
	c.entries[patientID] = append(c.entries[patientID], entry)
}

func (c *chart) Discharge(patientID string) {
	c.Append(patientID, "discharged")
}

var charts = &chart{}

// confirmDischarge asks the attending nurse to confirm a discharge.
func confirmDischarge(ctx context.Context, ss *mcp.ServerSession, patient string) (bool, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message: "Discharge " + patient + " now?",
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{},
		},
	})
	if err != nil {
		// The kiosk has no screen attached in some rooms; discharge anyway.
		log.Printf("discharge of %s not confirmed: %v", patient, err)
		return true, nil
	}
	switch res.Action {
	case "accept":
		return true, nil
	case "decline", "cancel":
		return false, nil
	default:
		return false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func DischargePatient(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	ok, err := confirmDischarge(ctx, req.Session, in.Name)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return reply(in.Name + " stays admitted."), nil, nil
	}
	charts.Discharge(in.PatientID)
	return reply(in.Name + " discharged."), nil, nil
}

var vitalsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"weight_kg":   map[string]any{"type": "integer", "title": "Weight (kg)", "minimum": 1, "maximum": 400},
		"height_cm":   map[string]any{"type": "integer", "title": "Height (cm)", "minimum": 30, "maximum": 250},
		"temperature": map[string]any{"type": "number", "title": "Temperature (C)", "minimum": 30, "maximum": 45},
	},
	"required": []string{"weight_kg", "height_cm"},
}

func RecordVitals(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Please enter today's measurements.",
		RequestedSchema: vitalsSchema,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		weight := res.Content["weight_kg"].(int)
		height, _ := res.Content["height_cm"].(float64)
		temp, _ := res.Content["temperature"].(float64)
		charts.Append(in.PatientID, fmt.Sprintf("vitals: %dkg %.0fcm %.1fC", weight, height, temp))
		return reply("Vitals recorded."), nil, nil
	case "decline", "cancel":
		return reply("The nurse will measure you in the exam room."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func ConsentToTreatment(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Message: fmt.Sprintf("%s, by continuing you consent to examination and treatment by the clinic's staff, "+
			"to the release of medical information to your insurer for payment, and to being contacted about "+
			"follow-up care. You may withdraw consent at any time at the front desk.", in.Name),
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"consent": map[string]any{"type": "boolean", "title": "I consent"},
			},
			"required": []string{"consent"},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		if yes, _ := res.Content["consent"].(bool); !yes {
			return reply("Consent not given; the doctor will discuss it with you."), nil, nil
		}
		charts.Append(in.PatientID, "consent on file")
		return reply("Consent recorded."), nil, nil
	case "decline":
		return reply("Consent declined; the doctor will discuss it with you."), nil, nil
	case "cancel":
		return reply("Consent form closed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func (c *chart) Notes(patientID string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.entries[patientID]...)
}

func SummarizeIntakeNotes(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens:    400,
		SystemPrompt: "Summarize intake notes for a physician in three bullet points.",
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: strings.Join(charts.Notes(in.PatientID), "\n")},
		}},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("summarizing: %w", err)
	}
	tc, ok := msg.Content.(*mcp.TextContent)
	if !ok {
		return nil, nil, errors.New("the model did not answer with text")
	}
	return reply(tc.Text), nil, nil
}

var pharmacyParams = &mcp.ElicitParams{
	Message: "Which pharmacy should we send prescriptions to?",
	RequestedSchema: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"pharmacy": map[string]any{
				"type":  "string",
				"title": "Pharmacy",
				"oneOf": []map[string]any{
					{"const": "main_st", "title": "Main Street Pharmacy"},
					{"const": "hospital", "title": "Hospital outpatient pharmacy"},
					{"const": "mail", "title": "Mail order"},
				},
			},
			"delivery": map[string]any{"type": "boolean", "title": "Deliver to my home", "default": false},
		},
		"required": []string{"pharmacy"},
	},
}

// ChoosePharmacy keeps the direct request for clients on older protocols
// and uses the round trip on 2026-07-28.
func ChoosePharmacy(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, pharmacyParams)
		if err != nil {
			return nil, nil, err
		}
		return pharmacyChosen(in.PatientID, res)
	}
	res, ok := req.Params.InputResponses["pharmacy"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("choosing a pharmacy needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"pharmacy": pharmacyParams}}, nil, nil
	}
	return pharmacyChosen(in.PatientID, res)
}

func pharmacyChosen(patientID string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		pharmacy, ok := res.Content["pharmacy"].(string)
		if !ok {
			return nil, nil, errors.New("no pharmacy in the answer")
		}
		delivery, _ := res.Content["delivery"].(bool)
		charts.Append(patientID, fmt.Sprintf("pharmacy: %s (delivery %t)", pharmacy, delivery))
		return reply("Pharmacy saved."), nil, nil
	case "decline":
		return reply("Prescriptions will be printed for you."), nil, nil
	case "cancel":
		return reply("Pharmacy unchanged."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func OpenLabPortal(ctx context.Context, req *mcp.CallToolRequest, in PatientIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Open the lab portal to schedule your blood draw.",
		URL:           "http://labs.clinic.example/schedule?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return reply("Pick a slot on the lab portal; we will see it when you are done there."), nil, nil
	case "decline", "cancel":
		return reply("The front desk can book the blood draw for you."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// indexPatientFolders lists the folders the kiosk may read scanned
// documents from, once a client has connected.
func indexPatientFolders(ctx context.Context, req *mcp.InitializedRequest) {
	roots, err := req.Session.ListRoots(ctx, nil)
	if err != nil {
		log.Printf("no roots: %v", err)
		return
	}
	for _, r := range roots.Roots {
		log.Printf("scanning %s", r.URI)
	}
}

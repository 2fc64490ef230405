// Package clinic is the outpatient clinic's patient assistant. Its tools ask
// with mcp-go's direct requests; until they move to the round trip the
// server keeps them working with WithLegacyServerInitiatedRequests and is
// served over stdio only.
package clinic

import (
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Handlers holds the clinic's stores and the server that asks.
type Handlers struct {
	srv      *server.MCPServer
	calendar *calendar
	chart    *chart
	coverage *coverageDesk
}

// NewServer builds the clinic server.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("clinic-assistant", "2.3.0",
		server.WithElicitation(),
		server.WithLegacyServerInitiatedRequests(),
	)
	h := &Handlers{srv: s, calendar: &calendar{}, chart: &chart{}, coverage: &coverageDesk{}}
	s.AddTool(mcp.NewTool("schedule_appointment", mcp.WithString("doctor")), h.ScheduleAppointment)
	s.AddTool(mcp.NewTool("cancel_appointment", mcp.WithString("appointment_id")), h.CancelAppointment)
	s.AddTool(mcp.NewTool("record_symptoms", mcp.WithString("patient_id")), h.RecordSymptoms)
	s.AddTool(mcp.NewTool("open_patient_portal"), h.OpenPatientPortal)
	s.AddTool(mcp.NewTool("verify_coverage", mcp.WithString("patient_id")), h.VerifyCoverage)
	s.AddTool(mcp.NewTool("verify_coverage_checked", mcp.WithString("patient_id")), h.VerifyCoverageChecked)
	s.AddTool(mcp.NewTool("add_emergency_contact", mcp.WithString("patient_id")), h.AddEmergencyContact)
	s.AddTool(mcp.NewTool("add_insurer_website", mcp.WithString("patient_id")), h.AddInsurerWebsite)
	s.AddTool(mcp.NewTool("set_password_hint", mcp.WithString("patient_id")), h.SetPasswordHint)
	s.AddTool(mcp.NewTool("rate_pain", mcp.WithString("patient_id")), h.RatePain)
	s.AddTool(mcp.NewTool("confirm_prescription_pickup", mcp.WithString("patient_id")), h.ConfirmPrescriptionPickup)
	s.AddTool(mcp.NewTool("start_telehealth", mcp.WithString("appointment_id")), h.StartTelehealth)
	s.AddTool(mcp.NewTool("ask_follow_up", mcp.WithString("patient_id")), h.AskFollowUp)
	s.AddTool(mcp.NewTool("summarize_visit", mcp.WithString("patient_id")), h.SummarizeVisit)
	s.AddTool(mcp.NewTool("record_family_history", mcp.WithString("patient_id")), h.RecordFamilyHistory)
	return s
}

// Serve runs the clinic server over stdio.
func Serve() error {
	return server.ServeStdio(NewServer())
}

type calendar struct {
	mu    sync.Mutex
	slots map[string]string
}

func (c *calendar) Book(id, when string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.slots == nil {
		c.slots = map[string]string{}
	}
	c.slots[id] = when
}

func (c *calendar) Cancel(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.slots, id)
}

func (c *calendar) When(id string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.slots[id]
}

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

func (c *chart) Notes(patientID string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.entries[patientID]...)
}

// coverageDesk records what insurers told the clinic's callback.
type coverageDesk struct {
	mu     sync.Mutex
	status map[string]string
}

func (d *coverageDesk) Status(flowID string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.status[flowID]
}

// Package onboarding is the HR onboarding server. It still asks its
// questions with direct elicitation requests, so it is pinned to the
// protocols before 2026-07-28 until the forms move to the round trip.
package onboarding

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewServer builds the onboarding server, pinned to 2025-11-25 and 2025-06-18.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "acme-onboarding", Version: "1.4.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "collect_personal_details", Description: "Collect the new hire's personal details"}, CollectPersonalDetails)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_emergency_contact", Description: "Collect an emergency contact"}, CollectEmergencyContact)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_tax_withholding", Description: "Collect the W-4 election"}, CollectTaxWithholding)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_direct_deposit", Description: "Collect salary payment details"}, CollectDirectDeposit)
	mcp.AddTool(s, &mcp.Tool{Name: "confirm_start_date", Description: "Confirm the first day"}, ConfirmStartDate)
	mcp.AddTool(s, &mcp.Tool{Name: "order_equipment", Description: "Order equipment from the team budget"}, OrderEquipment)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_benefits", Description: "Collect the benefits election"}, CollectBenefitsElection)
	mcp.AddTool(s, &mcp.Tool{Name: "welcome", Description: "Welcome the new hire"}, WelcomeNewHire)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_i9_documents", Description: "Upload I-9 documents"}, CollectI9Documents)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_w4_online", Description: "Federal W-4 on the payroll portal"}, CollectW4Online)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_dietary_needs", Description: "Dietary needs for the welcome lunch"}, CollectDietaryNeeds)
	mcp.AddTool(s, &mcp.Tool{Name: "collect_pronouns", Description: "Pronouns for the directory"}, CollectPronouns)
	return s
}

// Serve runs the onboarding server over stdio.
func Serve(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

// HireIn identifies the new hire a tool works on.
type HireIn struct {
	EmployeeID string `json:"employee_id"`
	Name       string `json:"name"`
}

// EquipmentIn is an equipment order.
type EquipmentIn struct {
	EmployeeID string  `json:"employee_id"`
	Item       string  `json:"item"`
	Cost       float64 `json:"cost"`
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// hrRecords is the in-memory HR record store the tools write to.
type hrRecords struct {
	mu   sync.Mutex
	data map[string]map[string]any
}

func (r *hrRecords) Save(employeeID, field string, value any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.data == nil {
		r.data = map[string]map[string]any{}
	}
	if r.data[employeeID] == nil {
		r.data[employeeID] = map[string]any{}
	}
	r.data[employeeID][field] = value
}

var records = &hrRecords{}

// procurement places equipment orders.
type procurementDesk struct {
	mu     sync.Mutex
	orders []string
}

func (p *procurementDesk) Order(employeeID, item string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.orders = append(p.orders, employeeID+":"+item)
}

var procurement = &procurementDesk{}

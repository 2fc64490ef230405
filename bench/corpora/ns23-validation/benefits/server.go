// Package benefits is the open-enrollment assistant for health and life
// benefits. It asks with go-sdk's round trip.
package benefits

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MemberIn names the plan member a tool works on.
type MemberIn struct {
	MemberID string `json:"member_id"`
}

// NewServer builds the benefits server.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "acme-benefits", Version: "2026.1.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "enroll_dependents"}, EnrollDependents)
	mcp.AddTool(s, &mcp.Tool{Name: "choose_medical_plan"}, ChooseMedicalPlan)
	mcp.AddTool(s, &mcp.Tool{Name: "elect_coverage_tier"}, ElectCoverageTier)
	mcp.AddTool(s, &mcp.Tool{Name: "confirm_cobra"}, requireElicitation(confirmCOBRA))
	mcp.AddTool(s, &mcp.Tool{Name: "update_beneficiary"}, UpdateBeneficiary)
	mcp.AddTool(s, &mcp.Tool{Name: "waive_coverage"}, WaiveCoverage)
	mcp.AddTool(s, &mcp.Tool{Name: "cancel_coverage"}, CancelCoverage)
	s.AddResource(&mcp.Resource{URI: "benefits://plan-document", Name: "plan-document", MIMEType: "text/plain"}, PlanDocument)
	s.AddPrompt(&mcp.Prompt{Name: "benefits-guide", Description: "Walk me through my benefits options"}, benefitsGuide)
	return s
}

// Serve runs the benefits server over stdio.
func Serve(ctx context.Context) error {
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// enrollmentLog records elections.
type enrollmentLog struct {
	mu      sync.Mutex
	entries []string
}

func (l *enrollmentLog) Record(memberID, field, value string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, memberID+" "+field+"="+value)
}

var enrollment = &enrollmentLog{}

// requireElicitation refuses the call before the handler runs when the
// client cannot ask its user.
func requireElicitation(h mcp.ToolHandlerFor[MemberIn, any]) mcp.ToolHandlerFor[MemberIn, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in MemberIn) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("this tool needs a client that can ask its user")
		}
		return h(ctx, req, in)
	}
}

func documentIn(uri, lang string) *mcp.ReadResourceResult {
	text := map[string]string{
		"en": "Summary of benefits and coverage, plan year 2026.",
		"es": "Resumen de beneficios y cobertura, año del plan 2026.",
	}[lang]
	if text == "" {
		text = "Summary of benefits and coverage, plan year 2026."
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "text/plain", Text: text}}}
}

func guideFor(event string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{
		Description: "Benefits guide",
		Messages: []*mcp.PromptMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: fmt.Sprintf("Explain which benefits I can change after this life event: %s.", event)},
		}},
	}
}

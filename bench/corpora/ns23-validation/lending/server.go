// Package lending is the consumer lending desk: loan applications, rate
// quotes, disbursement and signing. It asks with mcp-go's round trip and
// is served over streamable HTTP.
package lending

import (
	"context"
	"net/http"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer builds the lending server.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("acme-lending", "1.9.0", server.WithElicitation())
	s.AddTool(mcp.NewTool("apply_for_loan", mcp.WithString("applicant_id")), ApplyForLoan)
	s.AddTool(mcp.NewTool("quote_rate", mcp.WithString("applicant_id")), QuoteRate)
	s.AddTool(mcp.NewTool("sign_loan_agreement", mcp.WithString("loan_id")), SignLoanAgreement)
	s.AddTool(mcp.NewTool("upload_pay_stubs", mcp.WithString("applicant_id")), UploadPayStubs)
	s.AddTool(mcp.NewTool("acknowledge_terms", mcp.WithString("loan_id")), AcknowledgeTerms)
	s.AddTool(mcp.NewTool("request_cosigner", mcp.WithString("loan_id")), RequestCosigner)
	s.AddTool(mcp.NewTool("explain_denial", mcp.WithString("applicant_id")), ExplainDenial)
	s.AddTool(mcp.NewTool("draft_adverse_action_notice", mcp.WithString("applicant_id")), DraftAdverseActionNotice)
	s.AddTool(mcp.NewTool("check_credit_consent", mcp.WithString("applicant_id")), CheckCreditConsent)
	s.AddTool(mcp.NewTool("finalize_loan", mcp.WithString("loan_id")), FinalizeLoan)
	s.AddTool(mcp.NewTool("collect_refinance_details", mcp.WithString("loan_id")), CollectRefinanceDetails)
	s.AddTool(mcp.NewTool("lock_rate", mcp.WithString("loan_id")), LockRate)
	s.AddTool(mcp.NewTool("notify_loan_officer", mcp.WithString("loan_id")), NotifyLoanOfficer)
	return s
}

// Handler serves the lending server over streamable HTTP.
func Handler() http.Handler {
	return server.NewStreamableHTTPServer(NewServer())
}

// clientCaps returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCaps(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if s, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := s.GetClientCapabilities()
		return &caps
	}
	return nil
}

// Applicant is what the lending desk knows about a borrower.
type Applicant struct {
	ID    string
	Name  string
	Email string
}

// loanBook keeps applications, loans and what the signing and document
// callbacks reported.
type loanBook struct {
	mu         sync.Mutex
	applicants map[string]Applicant
	events     []string
	signed     map[string]bool
	uploads    map[string]bool
}

func (b *loanBook) Applicant(id string) Applicant {
	b.mu.Lock()
	defer b.mu.Unlock()
	if a, ok := b.applicants[id]; ok {
		return a
	}
	return Applicant{ID: id}
}

func (b *loanBook) Record(event string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.events = append(b.events, event)
}

func (b *loanBook) Signed(loanID string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.signed[loanID]
}

var book = &loanBook{}

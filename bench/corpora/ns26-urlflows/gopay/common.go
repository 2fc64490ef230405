// Package gopay takes payments through url-mode checkouts with go-sdk,
// written in the direct style (ServerSession.Elicit) that servers used
// before protocol 2026-07-28, with the HTTP callbacks that complete them.
package gopay

import (
	"errors"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

var (
	payments = flowstore.New()

	sessionsMu     sync.Mutex
	sessionsByFlow = map[string]*mcp.ServerSession{}

	refundsMu sync.Mutex
	refunds   = map[string]int{}
)

// CheckoutIn is the input of the checkout tools.
type CheckoutIn struct {
	Invoice string `json:"invoice"`
	Amount  int    `json:"amount"`
	Email   string `json:"email,omitempty"`
	UserID  string `json:"user_id,omitempty"`
}

// RefundIn is the input of the refund tools.
type RefundIn struct {
	Invoice string `json:"invoice"`
	Amount  int    `json:"amount"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func checkoutURL(id string) string {
	return "https://pay.urlflows.example/checkout?flow=" + id
}

// remember keeps the session that started a flow, for the completion
// notification.
func remember(id string, ss *mcp.ServerSession) {
	sessionsMu.Lock()
	defer sessionsMu.Unlock()
	sessionsByFlow[id] = ss
}

func takeSession(id string) *mcp.ServerSession {
	sessionsMu.Lock()
	defer sessionsMu.Unlock()
	ss := sessionsByFlow[id]
	delete(sessionsByFlow, id)
	return ss
}

// paid reports whether the payment provider confirmed the flow.
func paid(id string) bool {
	st, _ := payments.Status(id)
	return st == flowstore.Done
}

// issueRefund records a refund for the provider's batch.
func issueRefund(invoice string, amount int) error {
	if amount <= 0 {
		return errors.New("refund amount must be positive")
	}
	refundsMu.Lock()
	defer refundsMu.Unlock()
	refunds[invoice] += amount
	return nil
}

// Register adds the checkout and refund tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "checkout"}, checkoutDirect)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_quick"}, checkoutDirectPaidOnAccept)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_required"}, checkoutURLRequired)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_required_v0"}, checkoutURLRequiredNoMode)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_required_v1"}, checkoutURLRequiredConstID)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_http"}, checkoutHTTPPlain)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_dev"}, checkoutLocalDev)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_card"}, checkoutCardForm)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_billing"}, checkoutBillingForm)
	mcp.AddTool(s, &mcp.Tool{Name: "receipt"}, checkoutSignedReceipt)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_email"}, checkoutEmailInURL)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_customer"}, checkoutUserIDInURL)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_any"}, checkoutOldProtocolOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_mv"}, checkoutMethodValue)
	mcp.AddTool(s, &mcp.Tool{Name: "delivery_contact"}, deliveryPhoneFormat)
	mcp.AddTool(s, &mcp.Tool{Name: "shipping"}, shippingNested)
	mcp.AddTool(s, &mcp.Tool{Name: "refund"}, refundTool)
	mcp.AddTool(s, &mcp.Tool{Name: "refund_safe"}, refundToolClosed)
}

// Routes adds the payment provider's callbacks to mux.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("/pay/callback", paymentCallback)
	mux.HandleFunc("/pay/callback/v0", paymentCallbackWrongID)
}

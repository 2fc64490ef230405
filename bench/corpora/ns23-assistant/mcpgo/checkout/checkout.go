// Package checkout contains the mcp-go payment and account-linking tools.
// Sensitive steps (payments, bank links, identity checks) are sent to the
// user as url-mode elicitations; everything else is a small form.
//
// Every tool of the server is wrapped by requireElicitation, which refuses
// calls from clients that cannot be asked anything at all.
package checkout

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Input request keys.
const (
	keyCheckout    = "checkout"
	keyLinkBank    = "link_bank"
	keyRefundOrder = "refund_order"
	keyApplyCoupon = "apply_coupon"
	keySaveCard    = "save_card"
	keyUpgradePlan = "upgrade_plan"
	keyShipment    = "confirm_shipment"
	keyExtendTrial = "extend_trial"
)

// Field names.
const (
	fieldCoupon         = "couponCode"
	fieldCardholderName = "cardholderName"
	fieldCVV            = "cvv"
)

// Messages.
const (
	msgNeedsElicitation = "this server's tools need a client that can ask its user"
	msgNeedsURLMode     = "this tool needs a client that can open a web page"
)

// errUnknownAction is returned for actions outside the specification.
var errUnknownAction = errors.New("unknown elicitation action")

// paymentLedger stands in for the payment provider's records. The provider's
// webhook (not shown) marks orders and invoices as paid.
type paymentLedger struct {
	mu        sync.Mutex
	paid      map[string]bool
	bankLinks map[string]bool
	verified  map[string]bool
	refunds   map[string]bool
	coupons   map[string]string
	cards     map[string]string
	plans     map[string]bool
	shipped   map[string]bool
	trials    map[string]int
}

var payments = &paymentLedger{
	paid:      map[string]bool{},
	bankLinks: map[string]bool{},
	verified:  map[string]bool{},
	refunds:   map[string]bool{},
	coupons:   map[string]string{},
	cards:     map[string]string{},
	plans:     map[string]bool{},
	shipped:   map[string]bool{},
	trials:    map[string]int{},
}

func (p *paymentLedger) isPaid(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.paid[id]
}

func (p *paymentLedger) has(m map[string]bool, id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return m[id]
}

func (p *paymentLedger) refund(order string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refunds[order] = true
}

func (p *paymentLedger) applyCoupon(order, code string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.coupons[order] = code
}

func (p *paymentLedger) saveCard(name, cvv string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cards[name] = cvv
}

func (p *paymentLedger) extendTrial(user string, days int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.trials[user] += days
}

func (p *paymentLedger) ship(order string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.shipped[order] = true
}

// aggregatorToken is the server's token for the bank aggregator API.
var aggregatorToken = os.Getenv("BANK_AGGREGATOR_TOKEN")

// clientCapabilities returns the capabilities this request declares, or the
// session's for a client of an older protocol.
func clientCapabilities(ctx context.Context) *mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.ClientCapabilities != nil {
		return info.ClientCapabilities
	}
	if sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		caps := sess.GetClientCapabilities()
		return &caps
	}
	return nil
}

// canOpenURLs reports whether the client of this request declared url-mode
// elicitation.
func canOpenURLs(ctx context.Context) bool {
	caps := clientCapabilities(ctx)
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

// requireElicitation refuses every tool call from a client that did not
// declare elicitation, before the tool runs.
func requireElicitation(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		caps := clientCapabilities(ctx)
		if caps == nil || caps.Elicitation == nil {
			slog.Info("refusing tool call from a client without elicitation", "tool", request.Params.Name)
			return mcp.NewToolResultError(msgNeedsElicitation), nil
		}
		return next(ctx, request)
	}
}

// NewServer builds the checkout server.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("checkout", "1.0.0",
		server.WithElicitation(),
		server.WithToolHandlerMiddleware(requireElicitation),
	)
	s.AddTool(mcp.NewTool(keyCheckout, mcp.WithString("order", mcp.Required())), handleStartCheckout)
	s.AddTool(mcp.NewTool(keyLinkBank), handleLinkBankAccount)
	s.AddTool(mcp.NewTool(keyRefundOrder, mcp.WithString("order", mcp.Required())), handleRefundOrder)
	s.AddTool(mcp.NewTool(keyApplyCoupon, mcp.WithString("order", mcp.Required())), handleApplyCoupon)
	s.AddTool(mcp.NewTool(keySaveCard), handleSaveCard)
	s.AddTool(mcp.NewTool(keyUpgradePlan), handleUpgradePlan)
	s.AddTool(mcp.NewTool(keyShipment, mcp.WithString("order", mcp.Required())), handleConfirmShipment)
	s.AddTool(mcp.NewTool("authorize_vendor"), handleAuthorizeVendor)
	s.AddTool(mcp.NewTool(keyExtendTrial, mcp.WithNumber("days")), handleExtendTrial)
	return s
}

// sessionKey identifies the caller in the ledger.
func sessionKey(ctx context.Context) string {
	if sess := server.ClientSessionFromContext(ctx); sess != nil {
		return sess.SessionID()
	}
	return "anonymous"
}

// ---------------------------------------------------------------------------
// checkout
// ---------------------------------------------------------------------------

// handleStartCheckout sends the user to the payment page of an order and
// reports the payment once the provider confirmed it.
func handleStartCheckout(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order, err := request.RequireString("order")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyCheckout)
	if res == nil {
		if !canOpenURLs(ctx) {
			return mcp.NewToolResultError(msgNeedsURLMode), nil
		}
		flowID := rand.Text()
		return server.NewInputRequestBuilder("").Elicit(keyCheckout, mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Pay for order " + order + " on the secure checkout page.",
			URL:           "https://pay.example.com/checkout?order=" + order + "&flow=" + flowID,
			ElicitationID: flowID,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if payments.isPaid(order) {
			return mcp.NewToolResultText("Payment received for order " + order + "."), nil
		}
		return mcp.NewToolResultText("Waiting for the payment provider to confirm; call again in a minute."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Checkout declined."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Checkout cancelled."), nil
	default:
		return nil, fmt.Errorf("checkout: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// link_bank / upgrade_plan
// ---------------------------------------------------------------------------

// handleLinkBankAccount sends the user to the bank aggregator's link page.
// The aggregator needs the server's API token to open the page.
func handleLinkBankAccount(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := sessionKey(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, keyLinkBank)
	if res == nil {
		if !canOpenURLs(ctx) {
			return mcp.NewToolResultError(msgNeedsURLMode), nil
		}
		flowID := rand.Text()
		return server.NewInputRequestBuilder("").Elicit(keyLinkBank, mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Link your bank account.",
			URL:           "https://link.bank-aggregator.example.com/start?flow=" + flowID + "&access_token=" + aggregatorToken,
			ElicitationID: flowID,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if payments.has(payments.bankLinks, user) {
			return mcp.NewToolResultText("Bank account linked."), nil
		}
		return mcp.NewToolResultText("The bank has not confirmed the link yet; call again once you finished."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No bank account linked."), nil
	default:
		return nil, fmt.Errorf("link bank: %w: %q", errUnknownAction, res.Action)
	}
}

// handleUpgradePlan sends the user to the plan upgrade page.
func handleUpgradePlan(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := sessionKey(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, keyUpgradePlan)
	if res == nil {
		if !canOpenURLs(ctx) {
			return mcp.NewToolResultError(msgNeedsURLMode), nil
		}
		return server.NewInputRequestBuilder("").Elicit(keyUpgradePlan, mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Choose your new plan on the billing page.",
			URL:     "https://billing.example.com/upgrade",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if payments.has(payments.plans, user) {
			return mcp.NewToolResultText("Plan upgraded."), nil
		}
		return mcp.NewToolResultText("Upgrade pending; call again once you finished on the billing page."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Plan unchanged."), nil
	default:
		return nil, fmt.Errorf("upgrade plan: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// refund_order
// ---------------------------------------------------------------------------

// handleRefundOrder refunds an order after confirmation. A state starting
// with "approved:" means the refund was approved in an earlier round.
func handleRefundOrder(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order, err := request.RequireString("order")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if strings.HasPrefix(request.Params.RequestState, "approved:") {
		payments.refund(order)
		return mcp.NewToolResultText("Refund issued."), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyRefundOrder)
	if res == nil {
		return server.NewInputRequestBuilder("pending").Elicit(keyRefundOrder, mcp.ElicitationParams{
			Message:         "Refund order " + order + "?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		payments.refund(order)
		return mcp.NewToolResultText("Refund issued."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No refund issued."), nil
	default:
		return nil, fmt.Errorf("refund order: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// apply_coupon / save_card (forms)
// ---------------------------------------------------------------------------

// handleApplyCoupon applies the coupon code the user enters to an order.
// The server's middleware already made sure the client can be asked.
func handleApplyCoupon(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order, err := request.RequireString("order")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyApplyCoupon)
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit(keyApplyCoupon, mcp.ElicitationParams{
			Message: "Do you have a coupon code for this order?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldCoupon: map[string]any{"type": "string", "title": "Coupon code", "maxLength": 16},
				},
				"required": []string{fieldCoupon},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		code, ok := data[fieldCoupon].(string)
		if !ok || strings.TrimSpace(code) == "" {
			return mcp.NewToolResultError("no coupon code in the answer"), nil
		}
		payments.applyCoupon(order, strings.ToUpper(code))
		return mcp.NewToolResultText("Coupon applied."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No coupon applied."), nil
	default:
		return nil, fmt.Errorf("apply coupon: %w: %q", errUnknownAction, res.Action)
	}
}

// handleSaveCard stores a card for one-click checkout.
func handleSaveCard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, keySaveCard)
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit(keySaveCard, mcp.ElicitationParams{
			Message: "Confirm the card you want to save for faster checkout.",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					fieldCardholderName: map[string]any{"type": "string", "title": "Name on the card"},
					fieldCVV:            map[string]any{"type": "string", "title": "Security code", "minLength": 3, "maxLength": 4},
				},
				"required": []string{fieldCardholderName, fieldCVV},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("unexpected answer format"), nil
		}
		name, _ := data[fieldCardholderName].(string)
		cvv, _ := data[fieldCVV].(string)
		payments.saveCard(name, cvv)
		return mcp.NewToolResultText("Card saved."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Card not saved."), nil
	default:
		return nil, fmt.Errorf("save card: %w: %q", errUnknownAction, res.Action)
	}
}

// ---------------------------------------------------------------------------
// authorize_vendor (-32042) / confirm_shipment
// ---------------------------------------------------------------------------

// handleAuthorizeVendor answers with a URL-elicitation-required error that
// sends the user to the vendor authorization page.
func handleAuthorizeVendor(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	flowID := rand.Text()
	return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Mode:          mcp.ElicitationModeURL,
		Message:       "Authorize the vendor to charge your account.",
		URL:           "https://pay.example.com/vendors/authorize?flow=" + flowID,
		ElicitationID: flowID,
	}}}
}

// handleConfirmShipment ships an order once the user confirmed the address
// on file is still right.
func handleConfirmShipment(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order, err := request.RequireString("order")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, keyShipment)
	if res == nil {
		return server.NewInputRequestBuilder("").Elicit(keyShipment, mcp.ElicitationParams{
			Message:         "Ship order " + order + " to the address on file?",
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("Shipment on hold; update the address first."), nil
	}
	if res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText("Shipment not confirmed."), nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return nil, fmt.Errorf("confirm shipment: %w: %q", errUnknownAction, res.Action)
	}
	payments.ship(order)
	return mcp.NewToolResultText("Order shipped."), nil
}

// ---------------------------------------------------------------------------
// extend_trial
// ---------------------------------------------------------------------------

// trialCursor wraps the request state of the extend_trial tool, which
// remembers how many days the user agreed to.
type trialCursor struct {
	raw string
}

// days returns the number of days recorded in the cursor.
func (c trialCursor) days() int {
	n, err := strconv.Atoi(strings.TrimPrefix(c.raw, "days="))
	if err != nil {
		return 0
	}
	return n
}

// handleExtendTrial extends the caller's trial after confirmation. The
// number of days shown in the question is carried in the request state so
// that the extension matches what the user agreed to.
func handleExtendTrial(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	days := int(request.GetFloat("days", 14))
	cur := trialCursor{raw: request.Params.RequestState}
	res := server.ElicitationResponse(request.Params.InputResponses, keyExtendTrial)
	if res == nil {
		return server.NewInputRequestBuilder(fmt.Sprintf("days=%d", days)).Elicit(keyExtendTrial, mcp.ElicitationParams{
			Message:         fmt.Sprintf("Extend your trial by %d days?", days),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		payments.extendTrial(sessionKey(ctx), cur.days())
		return mcp.NewToolResultText("Trial extended."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Trial unchanged."), nil
	default:
		return nil, fmt.Errorf("extend trial: %w: %q", errUnknownAction, res.Action)
	}
}

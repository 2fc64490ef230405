// Package shop is a small storefront on go-sdk for protocol 2026-07-28.
// Run builds the server; each setup function registers one tool as a closure.
package shop

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type OrderArgs struct {
	Order string `json:"order"`
}

type RefundArgs struct {
	Order string `json:"order"`
	Cents int    `json:"cents"`
}

func msg(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func issueRefund(order string, cents int) { fmt.Printf("refund %s: %d\n", order, cents) }
func saveAddress(order, street, city string) {
	fmt.Printf("ship %s to %s, %s\n", order, street, city)
}

// Run serves the shop over stdio until ctx ends.
func Run(ctx context.Context) error {
	s := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "0.2.0"}, nil)
	cart := map[string]int{}
	paid := map[string]bool{}

	mcp.AddTool(s, &mcp.Tool{Name: "cart_clear", Description: "Empty the cart"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["cart_clear_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("emptying the cart needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"cart_clear_ok": &mcp.ElicitParams{Message: fmt.Sprintf("Remove all %d items from the cart?", len(cart))},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			clear(cart)
			return msg("Cart emptied."), nil, nil
		case "decline", "cancel":
			return msg("Cart kept."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})

	setupCheckout(s)
	setupCheckoutStatus(s, paid)
	setupConnectBank(s)
	setupLinkAccount(s)
	setupPresigned(s)
	setupAddress(s)
	setupGiftCard(s)
	setupRefund(s)
	setupRefundSigned(s)
	setupCatalog(s)
	setupPrompt(s)

	return s.Run(ctx, &mcp.StdioTransport{})
}

func setupCheckout(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "checkout", Description: "Pay for an order"}, func(ctx context.Context, req *mcp.CallToolRequest, args OrderArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["checkout_pay"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return nil, nil, errors.New("paying needs a client that can open a URL")
			}
			id := rand.Text()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"checkout_pay": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Pay for order " + args.Order + " on the checkout page.",
					URL:           "https://pay.shop.example.com/checkout?flow=" + id,
					ElicitationID: id,
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return msg("Payment complete. Thank you for your order!"), nil, nil
		case "decline", "cancel":
			return msg("Order not paid."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupCheckoutStatus(s *mcp.Server, paid map[string]bool) {
	mcp.AddTool(s, &mcp.Tool{Name: "checkout_v2", Description: "Pay for an order and check the payment"}, func(ctx context.Context, req *mcp.CallToolRequest, args OrderArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["order_status_pay"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return nil, nil, errors.New("paying needs a client that can open a URL")
			}
			id := rand.Text()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"order_status_pay": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Pay for order " + args.Order + " on the checkout page.",
					URL:           "https://pay.shop.example.com/checkout?flow=" + id,
					ElicitationID: id,
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			if paid[args.Order] {
				return msg("Payment received."), nil, nil
			}
			return msg("Waiting for the payment provider to confirm; call again in a minute."), nil, nil
		case "decline", "cancel":
			return msg("Order not paid."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupConnectBank(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "connect_bank", Description: "Connect a bank account for payouts"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["bank_link"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("connecting needs a client that can ask its user")
			}
			id := rand.Text()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"bank_link": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Connect your bank on our partner's page.",
					URL:           "https://banks.shop.example.com/link?flow=" + id,
					ElicitationID: id,
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return msg("Finish on the bank's page, then call again to check."), nil, nil
		case "decline", "cancel":
			return msg("No bank connected."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupLinkAccount(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "link_loyalty", Description: "Link a loyalty account"}, func(ctx context.Context, req *mcp.CallToolRequest, args struct{}) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["account_link"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return nil, nil, errors.New("linking needs a client that can open a URL")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"account_link": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Sign in to your loyalty account.",
					URL:           "https://loyalty.shop.example.com/link",
					ElicitationID: "loyalty-link",
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return msg("Check the loyalty page; call again once it shows your account."), nil, nil
		case "decline", "cancel":
			return msg("Not linked."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupPresigned(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "download_receipt", Description: "Download a receipt"}, func(ctx context.Context, req *mcp.CallToolRequest, args OrderArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["receipt_download"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
				return nil, nil, errors.New("this needs a client that can open a URL")
			}
			id := rand.Text()
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"receipt_download": &mcp.ElicitParams{
					Mode:          "url",
					Message:       "Open your receipt.",
					URL:           "https://receipts.s3.amazonaws.com/" + args.Order + ".pdf?X-Amz-Expires=600&X-Amz-Signature=" + id,
					ElicitationID: id,
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			return msg("Opened the receipt page."), nil, nil
		case "decline", "cancel":
			return msg("Receipt not opened."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupAddress(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "set_address", Description: "Set the shipping address"}, func(ctx context.Context, req *mcp.CallToolRequest, args OrderArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["shipping_address"].(*mcp.ElicitResult)
		if !ok {
			if init := req.Session.InitializeParams(); init == nil || init.Capabilities == nil || init.Capabilities.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"shipping_address": &mcp.ElicitParams{
					Message: "Where should order " + args.Order + " go?",
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"street": map[string]any{"type": "string", "title": "Street"},
							"city":   map[string]any{"type": "string", "title": "City"},
						},
						"required": []string{"street", "city"},
					},
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			street, _ := res.Content["street"].(string)
			city, _ := res.Content["city"].(string)
			saveAddress(args.Order, street, city)
			return msg("Address saved."), nil, nil
		case "decline", "cancel":
			return msg("No address saved."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupGiftCard(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "pay_with_card", Description: "Pay with a credit card"}, func(ctx context.Context, req *mcp.CallToolRequest, args OrderArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["card_payment"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"card_payment": &mcp.ElicitParams{
					Message: "Card details for order " + args.Order,
					RequestedSchema: map[string]any{
						"type": "object",
						"properties": map[string]any{
							"card_number": map[string]any{"type": "string", "title": "Card number"},
							"expiry":      map[string]any{"type": "string", "title": "Expiry (MM/YY)"},
						},
						"required": []string{"card_number", "expiry"},
					},
				},
			}}, nil, nil
		}
		switch res.Action {
		case "accept":
			card, _ := res.Content["card_number"].(string)
			return msg(fmt.Sprintf("Charged the card ending %s.", card[max(0, len(card)-4):])), nil, nil
		case "decline", "cancel":
			return msg("Not paid."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupRefund(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "refund", Description: "Refund part of an order"}, func(ctx context.Context, req *mcp.CallToolRequest, args RefundArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["refund_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{
					"refund_ok": &mcp.ElicitParams{Message: fmt.Sprintf("Refund %d cents on order %s?", args.Cents, args.Order)},
				},
				RequestState: args.Order + ":" + strconv.Itoa(args.Cents),
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			order, centsText, _ := strings.Cut(req.Params.RequestState, ":")
			cents, err := strconv.Atoi(centsText)
			if err != nil {
				return nil, nil, err
			}
			issueRefund(order, cents)
			return msg("Refunded."), nil, nil
		case "decline", "cancel":
			return msg("No refund."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

var refundKey = []byte("shop-refund-key-from-vault")

func setupRefundSigned(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "refund_v2", Description: "Refund part of an order (signed state)"}, func(ctx context.Context, req *mcp.CallToolRequest, args RefundArgs) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["refund_v2_ok"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, nil, errors.New("this needs a client that can ask its user")
			}
			body := args.Order + ":" + strconv.Itoa(args.Cents)
			mac := hmac.New(sha256.New, refundKey)
			mac.Write([]byte(body))
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{
					"refund_v2_ok": &mcp.ElicitParams{Message: fmt.Sprintf("Refund %d cents on order %s?", args.Cents, args.Order)},
				},
				RequestState: body + "|" + hex.EncodeToString(mac.Sum(nil)),
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			body, sig, _ := strings.Cut(req.Params.RequestState, "|")
			want := hmac.New(sha256.New, refundKey)
			want.Write([]byte(body))
			got, _ := hex.DecodeString(sig)
			if !hmac.Equal(got, want.Sum(nil)) {
				return nil, nil, errors.New("refund state was tampered with")
			}
			order, centsText, _ := strings.Cut(body, ":")
			cents, err := strconv.Atoi(centsText)
			if err != nil {
				return nil, nil, err
			}
			issueRefund(order, cents)
			return msg("Refunded."), nil, nil
		case "decline", "cancel":
			return msg("No refund."), nil, nil
		default:
			return nil, nil, fmt.Errorf("unknown action %q", res.Action)
		}
	})
}

func setupCatalog(s *mcp.Server) {
	s.AddResource(&mcp.Resource{URI: "shop://catalog", Name: "catalog", MIMEType: "text/plain"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		res, ok := req.Params.InputResponses["catalog_filter"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return nil, errors.New("this resource needs a client that can ask its user")
			}
			return &mcp.ReadResourceResult{InputRequests: mcp.InputRequestMap{
				"catalog_filter": &mcp.ElicitParams{
					Message: "Which department?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{"department": map[string]any{"type": "string", "enum": []string{"books", "games", "garden"}}},
						"required":   []string{"department"},
					},
				},
			}}, nil
		}
		dept := "all"
		switch res.Action {
		case "accept":
			if d, ok := res.Content["department"].(string); ok {
				dept = d
			}
		case "decline", "cancel":
		default:
			return nil, fmt.Errorf("unknown action %q", res.Action)
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "catalog: " + dept}}}, nil
	})
}

func setupPrompt(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{Name: "product_blurb", Description: "Write a product blurb"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		res, ok := req.Params.InputResponses["prompt_tone"].(*mcp.ElicitResult)
		if !ok {
			if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
				return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a short product blurb."}}}}, nil
			}
			return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{
				"prompt_tone": &mcp.ElicitParams{
					Message: "What tone should the blurb have?",
					RequestedSchema: map[string]any{
						"type":       "object",
						"properties": map[string]any{"tone": map[string]any{"type": "string", "enum": []string{"playful", "formal"}}},
					},
				},
			}}, nil
		}
		tone := "neutral"
		switch res.Action {
		case "accept":
			if t, ok := res.Content["tone"].(string); ok {
				tone = t
			}
		case "decline", "cancel":
		default:
			return nil, fmt.Errorf("unknown action %q", res.Action)
		}
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Write a " + tone + " product blurb."}}}}, nil
	})
}

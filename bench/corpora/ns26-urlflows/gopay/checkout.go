package gopay

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkoutDirect sends the user to the checkout page and trusts only the
// provider's confirmation.
func checkoutDirect(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	remember(id, req.Session)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " on the checkout page",
		URL:           checkoutURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for payment: %w", err)
	}
	return settle(in.Invoice, id, res)
}

// settle handles a checkout answer from the provider's record.
func settle(invoice, id string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if !paid(id) {
			return textResult("Waiting for the payment provider to confirm invoice " + invoice), nil, nil
		}
		return textResult("Invoice " + invoice + " paid"), nil, nil
	case "decline":
		return textResult("Invoice " + invoice + " left unpaid."), nil, nil
	case "cancel":
		return textResult("Checkout for invoice " + invoice + " cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// checkoutDirectPaidOnAccept reports the invoice paid as soon as the user
// agrees to open the checkout page.
func checkoutDirectPaidOnAccept(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " on the checkout page",
		URL:           checkoutURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, fmt.Errorf("asking for payment: %w", err)
	}
	switch res.Action {
	case "accept":
		return textResult("Invoice " + in.Invoice + " paid"), nil, nil
	case "decline":
		return textResult("Invoice " + in.Invoice + " left unpaid."), nil, nil
	case "cancel":
		return textResult("Checkout cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// checkoutURLRequired fails the call with -32042 until the invoice is paid.
func checkoutURLRequired(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	if id, ok := payments.Latest(req.Session.ID(), "checkout"); ok && paid(id) {
		return textResult("Invoice " + in.Invoice + " is settled; downloading the report."), nil, nil
	}
	id := payments.Begin("checkout", req.Session.ID())
	remember(id, req.Session)
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " to download the report",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}})
}

// checkoutURLRequiredNoMode leaves Mode out of a URLElicitationRequiredError
// element: go-sdk infers nothing there and panics.
func checkoutURLRequiredNoMode(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	if id, ok := payments.Latest(req.Session.ID(), "checkout"); ok && paid(id) {
		return textResult("Invoice " + in.Invoice + " is settled; downloading the report."), nil, nil
	}
	id := payments.Begin("checkout", req.Session.ID())
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Message:       "Pay invoice " + in.Invoice + " to download the report",
		URL:           checkoutURL(id),
		ElicitationID: id,
	}})
}

const checkoutFlowID = "invoice-checkout"

// checkoutURLRequiredConstID gives every -32042 checkout the same ID.
func checkoutURLRequiredConstID(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	if id, ok := payments.Latest(req.Session.ID(), "checkout"); ok && paid(id) {
		return textResult("Invoice " + in.Invoice + " is settled; downloading the report."), nil, nil
	}
	id := payments.Begin("checkout", req.Session.ID())
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " to download the report",
		URL:           checkoutURL(id),
		ElicitationID: checkoutFlowID,
	}})
}

// checkoutHTTPPlain links to the checkout over plain http.
func checkoutHTTPPlain(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice,
		URL:           "http://pay.urlflows.example/checkout?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return settle(in.Invoice, id, res)
}

// checkoutLocalDev uses plain http on localhost, which the spec allows for
// local development.
func checkoutLocalDev(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice + " on the local test checkout",
		URL:           "http://localhost:8080/checkout?flow=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return settle(in.Invoice, id, res)
}

// checkoutSignedReceipt sends a presigned download link as the url.
func checkoutSignedReceipt(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("receipt", req.Session.ID())
	sig := fmt.Sprintf("%x", len(in.Invoice)*7919)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Download the receipt for invoice " + in.Invoice,
		URL:           "https://receipts.urlflows.example/r/" + in.Invoice + "?X-Amz-Signature=" + sig,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		return textResult("Opening the receipt page for invoice " + in.Invoice + "."), nil, nil
	case "decline", "cancel":
		return textResult("No receipt downloaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// checkoutEmailInURL puts the payer's email address in the checkout URL.
func checkoutEmailInURL(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice,
		URL:           "https://pay.urlflows.example/checkout?flow=" + id + "&prefill=" + in.Email,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return settle(in.Invoice, id, res)
}

// checkoutUserIDInURL puts the customer's opaque ID in the URL, which the
// page uses to look the customer up.
func checkoutUserIDInURL(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice,
		URL:           "https://pay.urlflows.example/checkout?flow=" + id + "&customer=" + in.UserID,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return settle(in.Invoice, id, res)
}

// checkoutMethodValue asks through a method value of the session.
func checkoutMethodValue(ctx context.Context, req *mcp.CallToolRequest, in CheckoutIn) (*mcp.CallToolResult, any, error) {
	id := payments.Begin("checkout", req.Session.ID())
	ask := req.Session.Elicit
	res, err := ask(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Pay invoice " + in.Invoice,
		URL:           checkoutURL(id),
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	return settle(in.Invoice, id, res)
}

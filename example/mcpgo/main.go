// Command mcpgo is a small "shop assistant" MCP server built on
// github.com/mark3labs/mcp-go v1.2.1, for trying elicitlint:
//
//	cd example && go tool elicitlint ./mcpgo
//
// Most tools ask the user for input mid-call (an elicitation), in the round
// trip of protocol 2026-07-28: the handler returns its question in the
// result and reads the answer when the client calls again. The handlers in
// correct.go do it correctly; each handler in buggy.go has one planted
// mistake, and its "BUG (check)" comment names the check that reports it.
// See ../README.md for the list.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// shop holds the server; only the legacy handler rateDelivery sends a
// request through it.
type shop struct {
	srv *server.MCPServer
}

// clientCaps returns the capabilities this request declares (protocol
// 2026-07-28), or the session's for a client of an older protocol, or nil.
// A handler tests them before it asks: a client may be asked only for what
// it declared.
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

func newServer() *server.MCPServer {
	srv := server.NewMCPServer("shop-assistant", "0.1.0",
		server.WithToolCapabilities(false),
		server.WithElicitation(),
	)
	sh := &shop{srv: srv}
	order := mcp.WithString("orderId", mcp.Required(), mcp.Description("The order to work on"))

	// Correct handlers.
	srv.AddTool(mcp.NewTool("place_order", mcp.WithDescription("Place the current cart as an order")), sh.placeOrder)
	srv.AddTool(mcp.NewTool("connect_store", mcp.WithDescription("Connect the merchant's store account")), sh.connectStore)
	srv.AddTool(mcp.NewTool("deploy_storefront", mcp.WithDescription("Publish storefront changes"),
		mcp.WithString("environment", mcp.Enum("staging", "production"))), sh.deployStorefront)
	srv.AddTool(mcp.NewTool("export_orders", mcp.WithDescription("Export orders to the accounting system")), sh.exportOrders)

	// Handlers with one elicitation bug each.
	srv.AddTool(mcp.NewTool("rate_delivery", mcp.WithDescription("Rate the last delivery")), sh.rateDelivery)
	srv.AddTool(mcp.NewTool("schedule_delivery", mcp.WithDescription("Pick a delivery slot"), order), sh.scheduleDelivery)
	srv.AddTool(mcp.NewTool("apply_coupon", mcp.WithDescription("Apply a coupon code"), order), sh.applyCoupon)
	srv.AddTool(mcp.NewTool("link_wallet", mcp.WithDescription("Link a payment wallet")), sh.linkWallet)
	srv.AddTool(mcp.NewTool("pay_invoice", mcp.WithDescription("Pay an open invoice"), order), sh.payInvoice)
	srv.AddTool(mcp.NewTool("connect_warehouse", mcp.WithDescription("Connect the warehouse system")), sh.connectWarehouse)
	srv.AddTool(mcp.NewTool("connect_marketplace", mcp.WithDescription("Connect a marketplace seller account")), sh.connectMarketplace)
	srv.AddTool(mcp.NewTool("add_gift_note", mcp.WithDescription("Add a gift note to an order"), order), sh.addGiftNote)
	srv.AddTool(mcp.NewTool("refund_order", mcp.WithDescription("Refund an order"), order), sh.refundOrder)
	srv.AddTool(mcp.NewTool("subscribe_newsletter", mcp.WithDescription("Subscribe the customer to the newsletter")), sh.subscribeNewsletter)
	srv.AddTool(mcp.NewTool("empty_cart", mcp.WithDescription("Remove everything from the cart")), sh.emptyCart)
	srv.AddTool(mcp.NewTool("change_address", mcp.WithDescription("Change the delivery address"), order), sh.changeAddress)
	srv.AddTool(mcp.NewTool("connect_supplier", mcp.WithDescription("Connect the supplier portal")), sh.connectSupplier)
	srv.AddTool(mcp.NewTool("create_customer", mcp.WithDescription("Create a customer record")), sh.createCustomer)
	srv.AddTool(mcp.NewTool("enable_sms_alerts", mcp.WithDescription("Send shipping updates by SMS")), sh.enableSMSAlerts)
	srv.AddTool(mcp.NewTool("track_parcel", mcp.WithDescription("Email tracking updates for a parcel"), order), sh.trackParcel)
	srv.AddTool(mcp.NewTool("wrap_gift", mcp.WithDescription("Gift-wrap an order"), order), sh.wrapGift)
	srv.AddTool(mcp.NewTool("change_quantity", mcp.WithDescription("Change the quantity of a cart item")), sh.changeQuantity)
	srv.AddTool(mcp.NewTool("close_store", mcp.WithDescription("Close the store to new orders")), sh.closeStore)
	srv.AddTool(mcp.NewTool("choose_pickup_point", mcp.WithDescription("Collect an order instead of delivery"), order), sh.choosePickupPoint)
	return srv
}

func main() {
	if err := server.ServeStdio(newServer()); err != nil {
		log.Fatal(err)
	}
}

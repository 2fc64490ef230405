// Command gosdk is a small "travel desk" MCP server built on
// github.com/modelcontextprotocol/go-sdk v1.8.0, for trying elicitlint:
//
//	cd example && go tool elicitlint ./gosdk
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

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// text wraps a message in a tool result.
func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "travel-desk", Version: "v0.1.0"}, nil)

	// Correct handlers.
	mcp.AddTool(s, &mcp.Tool{Name: "book_table", Description: "Reserve a restaurant table"}, bookTable)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_calendar", Description: "Connect the user's calendar"}, connectCalendar)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_booking", Description: "Pay for a booking on the hosted checkout page"}, payBooking)
	mcp.AddTool(s, &mcp.Tool{Name: "deploy_itinerary_site", Description: "Publish the itinerary website"}, deployItinerarySite)

	// Handlers with one elicitation bug each.
	mcp.AddTool(s, &mcp.Tool{Name: "choose_seat", Description: "Save a seat preference"}, chooseSeat)
	mcp.AddTool(s, &mcp.Tool{Name: "book_trip", Description: "Book a flight and hotel"}, bookTrip)
	mcp.AddTool(s, &mcp.Tool{Name: "rename_trip", Description: "Rename a saved trip"}, renameTrip)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_account", Description: "Link a bank account for refunds"}, linkBankAccount)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_deposit", Description: "Pay the hotel deposit"}, payDeposit)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_drive", Description: "Connect cloud storage for tickets"}, connectDrive)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_github", Description: "Connect GitHub to publish itineraries"}, connectGitHub)
	mcp.AddTool(s, &mcp.Tool{Name: "update_shipping", Description: "Change where printed tickets are sent"}, updateShipping)
	mcp.AddTool(s, &mcp.Tool{Name: "export_to_airline", Description: "Send the booking to the airline account"}, exportToAirline)
	mcp.AddTool(s, &mcp.Tool{Name: "archive_trip", Description: "Archive a past trip"}, archiveTrip)
	mcp.AddTool(s, &mcp.Tool{Name: "cancel_booking", Description: "Cancel a booking"}, cancelBooking)
	mcp.AddTool(s, &mcp.Tool{Name: "add_guest", Description: "Add a guest to a booking"}, addGuest)
	mcp.AddTool(s, &mcp.Tool{Name: "connect_loyalty", Description: "Connect a hotel loyalty account"}, connectLoyalty)
	mcp.AddTool(s, &mcp.Tool{Name: "update_traveller", Description: "Update traveller details"}, updateTraveller)
	mcp.AddTool(s, &mcp.Tool{Name: "request_callback", Description: "Ask an agent to call back"}, requestCallback)
	mcp.AddTool(s, &mcp.Tool{Name: "greet_traveller", Description: "Greet the traveller by name"}, greetTraveller)
	mcp.AddTool(s, &mcp.Tool{Name: "rebook_flight", Description: "Rebook a cancelled flight"}, rebookFlight)
	mcp.AddTool(s, &mcp.Tool{Name: "delete_trip", Description: "Delete a trip and its bookings"}, deleteTrip)
	mcp.AddTool(s, &mcp.Tool{Name: "link_frequent_flyer", Description: "Link a frequent flyer account"}, linkFrequentFlyer)
	return s
}

func main() {
	if err := newServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

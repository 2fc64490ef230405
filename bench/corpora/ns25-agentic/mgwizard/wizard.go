// Package mgwizard holds mcp-go multi-step wizards over the 2026-07-28 round
// trip: several questions per round, answers of one round deciding the
// questions of the next, and what was answered so far in RequestState.
package mgwizard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

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

func canElicit(ctx context.Context) bool {
	caps := clientCaps(ctx)
	return caps != nil && caps.Elicitation != nil
}

// contentOf returns the form content of an accepted answer, false for a
// decline or a cancel, and an error for any other action.
func contentOf(res *mcp.ElicitationResult) (map[string]any, bool, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		m, _ := res.Content.(map[string]any)
		return m, true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return nil, false, nil
	default:
		return nil, false, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var destinationParams = mcp.ElicitationParams{
	Message: "Where are you going?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"city": map[string]any{"type": "string", "minLength": 1}},
		"required":   []string{"city"},
	},
}

var datesParams = mcp.ElicitationParams{
	Message: "When do you leave?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"departure": map[string]any{"type": "string", "format": "date"}},
		"required":   []string{"departure"},
	},
}

func bookTrip(city, departure string) error { return nil }

// TripWizard asks for the destination and the date together, then asks to
// confirm the booking; the first answers travel signed.
func TripWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("the trip wizard needs a client that can ask its user"), nil
	}
	if request.Params.RequestState == "" {
		dest := server.ElicitationResponse(request.Params.InputResponses, "trip_destination")
		dates := server.ElicitationResponse(request.Params.InputResponses, "trip_dates")
		if dest == nil || dates == nil {
			return server.NewInputRequestBuilder("").
				Elicit("trip_destination", destinationParams).
				Elicit("trip_dates", datesParams).
				ToolResult(), nil
		}
		destContent, ok, err := contentOf(dest)
		if err != nil || !ok {
			return mcp.NewToolResultText("No trip booked."), err
		}
		datesContent, ok, err := contentOf(dates)
		if err != nil || !ok {
			return mcp.NewToolResultText("No trip booked."), err
		}
		city, _ := destContent["city"].(string)
		departure, _ := datesContent["departure"].(string)
		return server.NewInputRequestBuilder(signState(city+"|"+departure)).
			Elicit("trip_confirm", mcp.ElicitationParams{Message: "Book " + city + " on " + departure + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	payload, err := verifyState(request.Params.RequestState)
	if err != nil {
		return nil, err
	}
	city, departure, _ := strings.Cut(payload, "|")
	res := server.ElicitationResponse(request.Params.InputResponses, "trip_confirm")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).
			Elicit("trip_confirm", mcp.ElicitationParams{Message: "Book " + city + " on " + departure + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := bookTrip(city, departure); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Booked."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No trip booked."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var envParams = mcp.ElicitationParams{
	Message: "Which environment?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"env": map[string]any{"type": "string", "enum": []string{"staging", "production"}}},
		"required":   []string{"env"},
	},
}

func deploy(service, env string) error { return nil }

// DeployWizard asks for the environment, then for a confirmation, and takes
// the environment back from plain RequestState.
func DeployWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("deploying needs a client that can ask its user"), nil
	}
	service := request.GetString("service", "")
	if request.Params.RequestState == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "deploy_env")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("deploy_env", envParams).ToolResult(), nil
		}
		content, ok, err := contentOf(res)
		if err != nil || !ok {
			return mcp.NewToolResultText("Nothing deployed."), err
		}
		env, _ := content["env"].(string)
		return server.NewInputRequestBuilder("env="+env).
			Elicit("deploy_confirm", mcp.ElicitationParams{Message: "Deploy " + service + " to " + env + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "deploy_confirm")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).
			Elicit("deploy_confirm", mcp.ElicitationParams{Message: "Deploy " + service + "?", RequestedSchema: yesNo}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		env := strings.TrimPrefix(request.Params.RequestState, "env=")
		if err := deploy(service, env); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Deployed to " + env + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing deployed."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// stateValid is meant to tell our states from forged ones.
func stateValid(state string) bool {
	return strings.HasSuffix(state, ".signup")
}

func createUser(handle, tier string) error { return nil }

// SignupWizard asks for a handle, then a tier, and checks the state that
// carries the handle with a suffix test.
func SignupWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("signing up needs a client that can ask its user"), nil
	}
	if request.Params.RequestState == "" {
		res := server.ElicitationResponse(request.Params.InputResponses, "signup_handle")
		if res == nil {
			return server.NewInputRequestBuilder("").Elicit("signup_handle", mcp.ElicitationParams{
				Message: "Pick a handle.",
				RequestedSchema: map[string]any{
					"type":       "object",
					"properties": map[string]any{"handle": map[string]any{"type": "string", "minLength": 3, "maxLength": 20}},
					"required":   []string{"handle"},
				},
			}).ToolResult(), nil
		}
		content, ok, err := contentOf(res)
		if err != nil || !ok {
			return mcp.NewToolResultText("Not signed up."), err
		}
		handle, _ := content["handle"].(string)
		return server.NewInputRequestBuilder(handle+".signup").Elicit("signup_tier", tierParams).ToolResult(), nil
	}
	if !stateValid(request.Params.RequestState) {
		return mcp.NewToolResultError("the signup state is not valid"), nil
	}
	handle := strings.TrimSuffix(request.Params.RequestState, ".signup")
	res := server.ElicitationResponse(request.Params.InputResponses, "signup_tier")
	if res == nil {
		return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("signup_tier", tierParams).ToolResult(), nil
	}
	content, ok, err := contentOf(res)
	if err != nil || !ok {
		return mcp.NewToolResultText("Not signed up."), err
	}
	tier, _ := content["tier"].(string)
	if err := createUser(handle, tier); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Welcome, " + handle + "."), nil
}

var tierParams = mcp.ElicitationParams{
	Message: "Which tier?",
	RequestedSchema: map[string]any{
		"type":       "object",
		"properties": map[string]any{"tier": map[string]any{"type": "string", "enum": []string{"hobby", "team"}}},
		"required":   []string{"tier"},
	},
}

func quoteDigest(plan string, seats int) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s/%d", plan, seats)))
	return hex.EncodeToString(sum[:])
}

func chargeQuote(plan string, seats int) error { return nil }

// PricingWizard quotes a price, asks to accept it, and checks the returned
// state against an unkeyed hash of the quote.
func PricingWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("buying needs a client that can ask its user"), nil
	}
	plan := request.GetString("plan", "team")
	seats := request.GetInt("seats", 5)
	res := server.ElicitationResponse(request.Params.InputResponses, "pricing_accept")
	if res == nil {
		return server.NewInputRequestBuilder(quoteDigest(plan, seats)).Elicit("pricing_accept", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Buy %d seats of %s?", seats, plan),
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	if request.Params.RequestState != quoteDigest(plan, seats) {
		return mcp.NewToolResultError("the quote changed; ask again"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := chargeQuote(plan, seats); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Bought."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing bought."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func quizQuestion(n int, text string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message: fmt.Sprintf("Question %d: %s", n, text),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"answer": map[string]any{"type": "string", "maxLength": 100}},
			"required":   []string{"answer"},
		},
	}
}

func recordAnswer(user string, n int, answer string) {}

// QuizWizard asks two questions in two rounds. After an accepted first answer
// it files the second question under the state it was given.
func QuizWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("the quiz needs a client that can ask its user"), nil
	}
	user := request.GetString("user", "")
	switch request.Params.RequestState {
	case "":
		return server.NewInputRequestBuilder("q1").Elicit("quiz_q1", quizQuestion(1, "What does MCP stand for?")).ToolResult(), nil
	case "q1":
		res := server.ElicitationResponse(request.Params.InputResponses, "quiz_q1")
		if res == nil {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("quiz_q1", quizQuestion(1, "What does MCP stand for?")).ToolResult(), nil
		}
		content, ok, err := contentOf(res)
		if err != nil {
			return nil, err
		}
		if !ok {
			return server.NewInputRequestBuilder("q2").Elicit("quiz_q2", quizQuestion(2, "Which year was it released?")).ToolResult(), nil
		}
		a, _ := content["answer"].(string)
		recordAnswer(user, 1, a)
		return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("quiz_q2", quizQuestion(2, "Which year was it released?")).ToolResult(), nil
	case "q2":
		res := server.ElicitationResponse(request.Params.InputResponses, "quiz_q2")
		if res == nil {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("quiz_q2", quizQuestion(2, "Which year was it released?")).ToolResult(), nil
		}
		content, ok, err := contentOf(res)
		if err != nil || !ok {
			return mcp.NewToolResultText("Quiz over."), err
		}
		a, _ := content["answer"].(string)
		recordAnswer(user, 2, a)
		return mcp.NewToolResultText("Quiz over. Thanks!"), nil
	default:
		return mcp.NewToolResultError("the quiz state is not valid"), nil
	}
}

func bookRoom(checkIn string) error { return nil }

// RoomBookingWizard asks for the check-in date under one key and reads it
// under another.
func RoomBookingWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "check_in")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("booking needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("checkin", mcp.ElicitationParams{
			Message: "Which day do you arrive?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"date": map[string]any{"type": "string", "format": "date"}},
				"required":   []string{"date"},
			},
		}).ToolResult(), nil
	}
	content, ok, err := contentOf(res)
	if err != nil || !ok {
		return mcp.NewToolResultText("No room booked."), err
	}
	date, _ := content["date"].(string)
	if err := bookRoom(date); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Room booked from " + date + "."), nil
}

func saveAddress(country, street string) error { return nil }

// AddressWizard asks for the street of an address in the country the call
// names. The state only says which country the question was asked for, and
// is compared with what this very call would hand out.
func AddressWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	country := request.GetString("country", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "address_street")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("the address wizard needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("country="+country).Elicit("address_street", mcp.ElicitationParams{
			Message: "Street and number in " + country + "?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"street": map[string]any{"type": "string", "maxLength": 120}},
				"required":   []string{"street"},
			},
		}).ToolResult(), nil
	}
	if request.Params.RequestState != "country="+country {
		return mcp.NewToolResultError("the answer was given for another country; call again"), nil
	}
	content, ok, err := contentOf(res)
	if err != nil || !ok {
		return mcp.NewToolResultText("Address not saved."), err
	}
	street, _ := content["street"].(string)
	if err := saveAddress(country, street); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Address saved."), nil
}

// NewsletterWizard asks which topics to subscribe to, and never looks at the
// answer.
func NewsletterWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canElicit(ctx) {
		return mcp.NewToolResultError("subscribing needs a client that can ask its user"), nil
	}
	return server.NewInputRequestBuilder("").Elicit("newsletter_topics", mcp.ElicitationParams{
		Message: "Which newsletters would you like?",
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"topics": map[string]any{
					"type":  "array",
					"items": map[string]any{"type": "string", "enum": []string{"releases", "security", "events"}},
				},
			},
		},
	}).ToolResult(), nil
}

func planMeals(user string, days float64) error { return nil }

// MealPlanWizard asks the user to tick that the allergens were checked, and
// never reads the box.
func MealPlanWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := request.GetString("user", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "meal_plan")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("planning needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("meal_plan", mcp.ElicitationParams{
			Message: "Plan meals for how many days?",
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"days":              map[string]any{"type": "integer", "minimum": 1, "maximum": 14},
					"allergens_checked": map[string]any{"type": "boolean", "title": "I checked the allergen list"},
				},
				"required": []string{"days", "allergens_checked"},
			},
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, ok := res.Content.(map[string]any)
		if !ok {
			return mcp.NewToolResultError("the answer has no content"), nil
		}
		days, _ := data["days"].(float64)
		if err := planMeals(user, days); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Meals planned."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No plan made."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

func ship(order, phone string) error { return nil }

// ShippingWizard asks for a phone number with a format elicitation does not
// have.
func ShippingWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "shipping_phone")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("shipping needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("shipping_phone", mcp.ElicitationParams{
			Message: "Which phone number should the courier call?",
			RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"phone": map[string]any{"type": "string", "format": "phone"}},
				"required":   []string{"phone"},
			},
		}).ToolResult(), nil
	}
	content, ok, err := contentOf(res)
	if err != nil || !ok {
		return mcp.NewToolResultText("Not shipped."), err
	}
	phone, _ := content["phone"].(string)
	if err := ship(order, phone); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("Shipping booked."), nil
}

func wrapGift(order string) error { return nil }

// GiftWizard asks in form mode without a schema, which mcp-go's bridge
// refuses for older clients.
func GiftWizard(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "gift_wrap")
	if res == nil {
		if !canElicit(ctx) {
			return mcp.NewToolResultError("gift wrapping needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("gift_wrap", mcp.ElicitationParams{
			Message: "Wrap order " + order + " as a gift?",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if err := wrapGift(order); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText("Gift wrapping added."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No gift wrapping."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Register adds the wizards to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("trip"), TripWizard)
	s.AddTool(mcp.NewTool("deploy", mcp.WithString("service")), DeployWizard)
	s.AddTool(mcp.NewTool("signup"), SignupWizard)
	s.AddTool(mcp.NewTool("pricing", mcp.WithString("plan"), mcp.WithNumber("seats")), PricingWizard)
	s.AddTool(mcp.NewTool("quiz", mcp.WithString("user")), QuizWizard)
	s.AddTool(mcp.NewTool("book_room"), RoomBookingWizard)
	s.AddTool(mcp.NewTool("address", mcp.WithString("country")), AddressWizard)
	s.AddTool(mcp.NewTool("newsletter"), NewsletterWizard)
	s.AddTool(mcp.NewTool("meal_plan", mcp.WithString("user")), MealPlanWizard)
	s.AddTool(mcp.NewTool("shipping", mcp.WithString("order")), ShippingWizard)
	s.AddTool(mcp.NewTool("gift", mcp.WithString("order")), GiftWizard)
}

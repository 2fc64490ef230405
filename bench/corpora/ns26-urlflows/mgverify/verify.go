package mgverify

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns26/urlflows/flowstore"
)

// verifyIdentity sends the user to the provider; the level asked for
// travels sealed in the state.
func verifyIdentity(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc")
	if res == nil || request.Params.RequestState == "" {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
		}
		level := request.GetString("level", "basic")
		id := checks.Begin("kyc", user)
		state, err := codec.Seal(user, 20*time.Minute, map[string]string{"level": level, "flow": id})
		if err != nil {
			return nil, err
		}
		return server.NewInputRequestBuilder(state).
			Elicit("kyc", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Verify your identity with our provider",
				URL:           verifyURL(id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	fields, err := codec.Open(request.Params.RequestState, user)
	if err != nil {
		return mcp.NewToolResultError("this verification is not valid here"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if st, _ := checks.Status(fields["flow"]); st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for the provider; call again once you are through."), nil
		}
		recordVerification(user, fields["level"])
		return mcp.NewToolResultText("Verified at level " + fields["level"] + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyIdentityPrefixState trusts state that starts with "verified:".
func verifyIdentityPrefixState(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if strings.HasPrefix(request.Params.RequestState, "verified:") {
		recordVerification(user, "full")
		return mcp.NewToolResultText("Already verified."), nil
	}
	if res := server.ElicitationResponse(request.Params.InputResponses, "kyc_v1"); res != nil {
		return finishCheck(user, "kyc_v1", res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
	}
	id := checks.Begin("kyc_v1", user)
	return server.NewInputRequestBuilder("verified:"+id).
		Elicit("kyc_v1", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Verify your identity with our provider",
			URL:           verifyURL(id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// verifyIdentityStateUser takes the user to verify from plain state.
func verifyIdentityStateUser(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc_v2")
	if res == nil {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
		}
		user := userOf(ctx)
		id := checks.Begin("kyc_v2", user)
		return server.NewInputRequestBuilder("user="+user).
			Elicit("kyc_v2", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Verify your identity with our provider",
				URL:           verifyURL(id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	subject := strings.TrimPrefix(request.Params.RequestState, "user=")
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := checks.Latest(subject, "kyc_v2")
		if st, _ := checks.Status(id); !ok || st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for the provider; call again once you are through."), nil
		}
		recordVerification(subject, "full")
		return mcp.NewToolResultText("Verified."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// stateValid is the only check verifyIdentityPresenceCheck makes: that
// there is a state at all.
func stateValid(state string) bool {
	return state != ""
}

// verifyIdentityPresenceCheck rejects a missing state, then trusts the
// level it carries.
func verifyIdentityPresenceCheck(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc_v3")
	if res == nil {
		if !canOpenURL(ctx) {
			return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
		}
		id := checks.Begin("kyc_v3", user)
		return server.NewInputRequestBuilder("level="+request.GetString("level", "basic")).
			Elicit("kyc_v3", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Verify your identity with our provider",
				URL:           verifyURL(id),
				ElicitationID: id,
			}).
			ToolResult(), nil
	}
	if !stateValid(request.Params.RequestState) {
		return mcp.NewToolResultError("missing verification state"), nil
	}
	level := strings.TrimPrefix(request.Params.RequestState, "level=")
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		id, ok := checks.Latest(user, "kyc_v3")
		if st, _ := checks.Status(id); !ok || st != flowstore.Done {
			return mcp.NewToolResultText("Still waiting for the provider; call again once you are through."), nil
		}
		recordVerification(user, level)
		return mcp.NewToolResultText("Verified."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyIdentityNoURL sends a url-mode request without a URL.
func verifyIdentityNoURL(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	if res := server.ElicitationResponse(request.Params.InputResponses, "kyc_v4"); res != nil {
		return finishCheck(user, "kyc_v4", res)
	}
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
	}
	id := checks.Begin("kyc_v4", user)
	return server.NewInputRequestBuilder("").
		Elicit("kyc_v4", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Verify your identity with our provider",
			ElicitationID: id,
		}).
		ToolResult(), nil
}

// verifyIdentityOTPForm asks for the one-time code in a form.
func verifyIdentityOTPForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc_otp")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("verifying needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("kyc_otp", mcp.ElicitationParams{
				Message: "Enter the code we texted you",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"verification_code": map[string]any{"type": "string", "title": "Verification code", "maxLength": 8},
					},
					"required": []any{"verification_code"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		code, _ := content["verification_code"].(string)
		if len(code) != 6 {
			return mcp.NewToolResultError("the code has six digits"), nil
		}
		return mcp.NewToolResultText("Code received for " + user + "; checking it."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyIdentityDOBForm asks for name and date of birth, profile data the
// spec leaves out of the secrets ban.
func verifyIdentityDOBForm(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc_dob")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("verifying needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("kyc_dob", mcp.ElicitationParams{
				Message: "Confirm your name and date of birth",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"full_name":     map[string]any{"type": "string", "title": "Full name"},
						"date_of_birth": map[string]any{"type": "string", "format": "date", "title": "Date of birth"},
					},
					"required": []any{"full_name", "date_of_birth"},
				},
			}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		name, _ := content["full_name"].(string)
		dob, _ := content["date_of_birth"].(string)
		if _, err := time.Parse("2006-01-02", dob); err != nil {
			return mcp.NewToolResultError("date of birth must be YYYY-MM-DD"), nil
		}
		return mcp.NewToolResultText("Thanks " + name + "; we will match this against your ID."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyForeverAsk returns its request on every path and never reads the
// answer.
func verifyForeverAsk(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !canOpenURL(ctx) {
		return mcp.NewToolResultError("verifying needs a client that can open a URL"), nil
	}
	id := checks.Begin("kyc_loop", userOf(ctx))
	return server.NewInputRequestBuilder("").
		Elicit("kyc_loop", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Verify your identity with our provider",
			URL:           verifyURL(id),
			ElicitationID: id,
		}).
		ToolResult(), nil
}

var docsSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"documents": map[string]any{
			"type":  "array",
			"title": "Documents you can show",
			"items": map[string]any{"type": "string", "enum": []any{"passport", "driving_licence", "national_id"}},
		},
	},
	"required": []any{"documents"},
}

// verifyMultiSelectDocs asserts a multi-select answer as []string, which
// it never is.
func verifyMultiSelectDocs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(request.Params.InputResponses, "kyc_docs")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("verifying needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("kyc_docs", mcp.ElicitationParams{Message: "Which documents can you show?", RequestedSchema: docsSchema}).
			ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		docs, ok := content["documents"].([]string)
		if !ok || len(docs) == 0 {
			return mcp.NewToolResultError("pick at least one document"), nil
		}
		return mcp.NewToolResultText("We will ask for your " + strings.Join(docs, " or ") + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Not verified."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var partnerSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"partner": map[string]any{"type": "string", "title": "Share with", "enum": []any{"bank", "landlord"}},
	},
	"required": []any{"partner"},
}

// shareVerificationNoDefault names the three actions with no default: an
// action that is none of them reaches the sharing.
func shareVerificationNoDefault(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := userOf(ctx)
	res := server.ElicitationResponse(request.Params.InputResponses, "share_partner")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("sharing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").
			Elicit("share_partner", mcp.ElicitationParams{Message: "Share your verification result with whom?", RequestedSchema: partnerSchema}).
			ToolResult(), nil
	}
	partner := "bank"
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		content, _ := res.Content.(map[string]any)
		if p, ok := content["partner"].(string); ok {
			partner = p
		}
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Not shared."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Sharing cancelled."), nil
	}
	placeOrder(user, "share-verification:"+partner)
	return mcp.NewToolResultText("Verification shared with your " + partner + "."), nil
}

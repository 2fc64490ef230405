package gosign

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

// finishCheck handles the answer to an identity check from the
// verification provider's record.
func finishCheck(user, kind string, res *mcp.ElicitResult) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		id, found := checks.Latest(user, kind)
		if st, _ := checks.Status(id); !found || st != flowstore.Done {
			return textResult("Still waiting for the verification provider; call again once you are through."), nil, nil
		}
		return textResult("Identity verified."), nil, nil
	case "decline":
		return textResult("Identity not verified; signing stays locked."), nil, nil
	case "cancel":
		return textResult("Verification cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyIdentity sends the signer to the identity provider's page, which
// collects the ID document; nothing personal goes through MCP.
func verifyIdentity(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["idv"].(*mcp.ElicitResult); ok {
		return finishCheck(user, "idv", res)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("verifying your identity needs a client that can open a URL")
	}
	id := checks.Begin("idv", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"idv": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Verify your identity with our provider before signing",
		URL:           verifyURL(id),
		ElicitationID: id,
	}}}, nil, nil
}

// verifyIdentitySSNForm asks for a social security number in a form.
func verifyIdentitySSNForm(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["idv_form"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("verifying your identity needs a client that can ask its user")
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"idv_form": &mcp.ElicitParams{
			Message: "Confirm who you are before signing " + in.DocID,
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"full_name":              map[string]any{"type": "string", "title": "Full legal name"},
					"social_security_number": map[string]any{"type": "string", "title": "Social security number"},
				},
				"required": []any{"full_name", "social_security_number"},
			},
		}}}, nil, nil
	}
	switch res.Action {
	case "accept":
		name, _ := res.Content["full_name"].(string)
		ssn, _ := res.Content["social_security_number"].(string)
		if name == "" || len(ssn) < 4 {
			return nil, nil, errors.New("incomplete identity details")
		}
		return textResult("Details received for " + name + "; the check runs in the background."), nil, nil
	case "decline", "cancel":
		return textResult("Identity not verified."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// verifyIdentityPhoneURL puts the signer's phone number in the URL.
func verifyIdentityPhoneURL(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if res, ok := req.Params.InputResponses["idv_sms"].(*mcp.ElicitResult); ok {
		return finishCheck(user, "idv_sms", res)
	}
	if !canOpenURL(req) {
		return nil, nil, errors.New("verifying your identity needs a client that can open a URL")
	}
	id := checks.Begin("idv_sms", user)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"idv_sms": &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Verify your phone before signing",
		URL:           verifyURL(id) + "&phone=" + in.Phone,
		ElicitationID: id,
	}}}, nil, nil
}

var roleSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"signer_role": map[string]any{
			"type":  "string",
			"title": "You sign as",
			"oneOf": []any{
				map[string]any{"const": "signer", "title": "Signer"},
				map[string]any{"const": "witness", "title": "Witness"},
			},
		},
	},
	"required": []any{"signer_role"},
}

// signWithIDCheck asks in one round for the role (a form) and the identity
// check (a url), testing url mode, which a client declares beside forms.
func signWithIDCheck(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	roleRes, okRole := req.Params.InputResponses["signer_role"].(*mcp.ElicitResult)
	idvRes, okIDV := req.Params.InputResponses["idv_sign"].(*mcp.ElicitResult)
	if !okRole || !okIDV {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		id := checks.Begin("idv_sign", user)
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"signer_role": &mcp.ElicitParams{Message: "In which role do you sign " + in.DocID + "?", RequestedSchema: roleSchema},
			"idv_sign": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Verify your identity before signing",
				URL:           verifyURL(id),
				ElicitationID: id,
			},
		}}, nil, nil
	}
	var role string
	switch roleRes.Action {
	case "accept":
		role, _ = roleRes.Content["signer_role"].(string)
		if role != "signer" && role != "witness" {
			return nil, nil, fmt.Errorf("unknown role %q", role)
		}
	case "decline", "cancel":
		return textResult("Not signed."), nil, nil
	default:
		return nil, nil, fmt.Errorf("unknown elicitation action %q", roleRes.Action)
	}
	switch idvRes.Action {
	case "accept":
		id, found := checks.Latest(user, "idv_sign")
		if st, _ := checks.Status(id); !found || st != flowstore.Done {
			return textResult("Waiting for the identity check; call again once it is through."), nil, nil
		}
		if err := recordSignature(in.DocID, user+" as "+role); err != nil {
			return nil, nil, err
		}
		return textResult("Signed as " + role + "."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed: identity not verified."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", idvRes.Action)
}

func summaryRequest(docID string) *mcp.CreateMessageParams {
	return &mcp.CreateMessageParams{
		MaxTokens: 300,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Summarize the obligations in document " + docID + " in five bullet points."},
		}},
	}
}

// summarizeBeforeSigning reads its sampling answer as *mcp.CreateMessageResult,
// which go-sdk never delivers in InputResponses.
func summarizeBeforeSigning(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["summary"].(*mcp.CreateMessageResult); ok {
		text := "(no text)"
		if tc, ok := res.Content.(*mcp.TextContent); ok {
			text = tc.Text
		}
		return textResult("Before you sign:\n" + text), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return textResult("No summary available; read the document before signing."), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary": summaryRequest(in.DocID)}}, nil, nil
}

// summarizeBeforeSigningOK reads the answer as go-sdk delivers it.
func summarizeBeforeSigningOK(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["summary_ok"].(*mcp.CreateMessageWithToolsResult); ok {
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return textResult("Before you sign:\n" + b.String()), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Sampling == nil {
		return textResult("No summary available; read the document before signing."), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"summary_ok": summaryRequest(in.DocID)}}, nil, nil
}

// draftCoverNoteDirect samples directly, with a direct request.
func draftCoverNoteDirect(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	msg, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
		MaxTokens: 200,
		Messages: []*mcp.SamplingMessage{{
			Role:    "user",
			Content: &mcp.TextContent{Text: "Write a two-line cover note for signed document " + in.DocID},
		}},
	})
	if err != nil {
		return nil, nil, err
	}
	if tc, ok := msg.Content.(*mcp.TextContent); ok {
		return textResult(tc.Text), nil, nil
	}
	return textResult("The model answered with something other than text."), nil, nil
}

// pickSaveFolder asks for the client's roots to save the signed copy,
// when the client declared roots.
func pickSaveFolder(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["save_roots"].(*mcp.ListRootsResult); ok {
		for _, r := range res.Roots {
			if strings.HasPrefix(r.URI, "file://") {
				return textResult("Save the signed copy of " + in.DocID + " under " + r.URI), nil, nil
			}
		}
		return textResult("No local folder to save into; download it from the web app."), nil, nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.RootsV2 == nil {
		return textResult("Download the signed copy from the web app."), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"save_roots": &mcp.ListRootsParams{}}}, nil, nil
}

// pickSaveFolderNoCaps asks for roots without testing that the client
// declared them.
func pickSaveFolderNoCaps(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	if res, ok := req.Params.InputResponses["save_roots_v0"].(*mcp.ListRootsResult); ok {
		for _, r := range res.Roots {
			if strings.HasPrefix(r.URI, "file://") {
				return textResult("Save the signed copy of " + in.DocID + " under " + r.URI), nil, nil
			}
		}
		return textResult("No local folder to save into; download it from the web app."), nil, nil
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"save_roots_v0": &mcp.ListRootsParams{}}}, nil, nil
}

package lending

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func SignLoanAgreement(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loanID := request.GetString("loan_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "esign")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("signing needs a client that can open a link"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("esign", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign your loan agreement with our e-signature partner.",
			URL:           "https://sign.lender.example/envelope?loan=" + loanID,
			ElicitationID: "loan-esign",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if !book.Signed(loanID) {
			return mcp.NewToolResultText("We have not received the signature yet; call again once you have signed."), nil
		}
		return mcp.NewToolResultText("Agreement on file."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Agreement not signed."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func UploadPayStubs(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	applicant := request.GetString("applicant_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "pay_stubs")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("uploading needs a client that can open a link"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder(id).Elicit("pay_stubs", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Upload your last two pay stubs.",
			URL: "https://uploads.lender.example/paystubs/" + applicant + "/" + id +
				"?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=900&X-Amz-Signature=" + presign(applicant, id),
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book.mu.Lock()
		received := book.uploads[request.Params.RequestState]
		book.mu.Unlock()
		if !received {
			return mcp.NewToolResultText("Waiting for the upload to finish; call again in a minute."), nil
		}
		return mcp.NewToolResultText("Pay stubs received."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No pay stubs uploaded; you can mail them instead."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// presign signs an upload URL for the document bucket.
func presign(applicant, id string) string {
	return strings.ToLower(fmt.Sprintf("%x", []byte(applicant+id)))
}

func AcknowledgeTerms(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loanID := request.GetString("loan_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "terms")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("this step needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("terms", mcp.ElicitationParams{
			Message: "Do you accept the loan terms we emailed you for " + loanID + "?",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		book.Record("terms accepted for " + loanID)
		return mcp.NewToolResultText("Terms accepted."), nil
	case mcp.ElicitationResponseActionDecline:
		return mcp.NewToolResultText("Terms declined; the offer lapses in 30 days."), nil
	case mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No answer; the offer stays open."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var cosignerSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"cosigner_name":  map[string]any{"type": "string", "title": "Co-signer's full name"},
		"cosigner_email": map[string]any{"type": "string", "format": "email", "title": "Co-signer's email"},
		"relationship":   map[string]any{"type": "string", "title": "Relationship", "enum": []string{"spouse", "parent", "sibling", "friend"}},
	},
	"required": []string{"cosigner_name", "cosigner_email", "relationship"},
}

func RequestCosigner(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loanID := request.GetString("loan_id", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "cosigner")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("adding a co-signer needs a client that can show a form"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{
				"cosigner": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
					Message:         "Who will co-sign loan " + loanID + "?",
					RequestedSchema: cosignerSchema,
				}),
			},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		name, _ := data["cosigner_name"].(string)
		email, _ := data["cosigner_email"].(string)
		rel, _ := data["relationship"].(string)
		book.Record(fmt.Sprintf("co-signer for %s: %s <%s> (%s)", loanID, name, email, rel))
		return mcp.NewToolResultText("We will email " + name + " to co-sign."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No co-signer added."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

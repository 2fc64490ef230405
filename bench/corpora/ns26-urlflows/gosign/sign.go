package gosign

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

// signContract sends the signer to the e-signature page; the document and
// the flow travel in sealed state, and the signature counts only once the
// provider's callback recorded it.
func signContract(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	if req.Params.RequestState == "" {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		id := envelopes.Begin("sign", user)
		state, err := codec.Seal(user, 30*time.Minute, map[string]string{"doc": in.DocID, "flow": id})
		if err != nil {
			return nil, nil, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signature": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Review and sign document " + in.DocID,
				URL:           signURL(id),
				ElicitationID: id,
			}},
			RequestState: state,
		}, nil, nil
	}
	fields, err := codec.Open(req.Params.RequestState, user)
	if err != nil {
		return nil, nil, err
	}
	res, ok := req.Params.InputResponses["signature"].(*mcp.ElicitResult)
	if !ok {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signature": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Review and sign document " + fields["doc"],
				URL:           signURL(fields["flow"]),
				ElicitationID: fields["flow"],
			}},
			RequestState: req.Params.RequestState,
		}, nil, nil
	}
	switch res.Action {
	case "accept":
		if st, _ := envelopes.Status(fields["flow"]); st != flowstore.Done {
			return textResult("Waiting for the signature provider; call again once you have signed."), nil, nil
		}
		if err := recordSignature(fields["doc"], user); err != nil {
			return nil, nil, err
		}
		return textResult("Document " + fields["doc"] + " signed."), nil, nil
	case "decline":
		return textResult("You declined to sign."), nil, nil
	case "cancel":
		return textResult("Signing cancelled."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// validState is the integrity check of signContractSuffixCheck: a suffix
// test any client can pass.
func validState(state string) bool {
	return strings.HasSuffix(state, ".v1")
}

// signContractSuffixCheck trusts state that ends in ".v1".
func signContractSuffixCheck(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	res, ok := req.Params.InputResponses["signature_v1"].(*mcp.ElicitResult)
	if !ok {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		id := envelopes.Begin("sign", user)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signature_v1": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Review and sign document " + in.DocID,
				URL:           signURL(id),
				ElicitationID: id,
			}},
			RequestState: in.DocID + ".v1",
		}, nil, nil
	}
	if !validState(req.Params.RequestState) {
		return nil, nil, errors.New("invalid signing state")
	}
	docID := strings.TrimSuffix(req.Params.RequestState, ".v1")
	switch res.Action {
	case "accept":
		id, found := envelopes.Latest(user, "sign")
		if st, _ := envelopes.Status(id); !found || st != flowstore.Done {
			return textResult("Waiting for the signature provider; call again once you have signed."), nil, nil
		}
		if err := recordSignature(docID, user); err != nil {
			return nil, nil, err
		}
		return textResult("Signature recorded."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func digest(docID string) string {
	sum := sha256.Sum256([]byte(docID))
	return hex.EncodeToString(sum[:])
}

// signContractUnkeyedHash protects its state with a plain SHA-256 of the
// document ID, which any client can compute.
func signContractUnkeyedHash(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	res, ok := req.Params.InputResponses["signature_v2"].(*mcp.ElicitResult)
	if !ok {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		id := envelopes.Begin("sign", user)
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signature_v2": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Review and sign document " + in.DocID,
				URL:           signURL(id),
				ElicitationID: id,
			}},
			RequestState: in.DocID + "." + digest(in.DocID),
		}, nil, nil
	}
	docID, sum, _ := strings.Cut(req.Params.RequestState, ".")
	if sum != digest(docID) {
		return nil, nil, errors.New("invalid signing state")
	}
	switch res.Action {
	case "accept":
		id, found := envelopes.Latest(user, "sign")
		if st, _ := envelopes.Status(id); !found || st != flowstore.Done {
			return textResult("Waiting for the signature provider; call again once you have signed."), nil, nil
		}
		if err := recordSignature(docID, user); err != nil {
			return nil, nil, err
		}
		return textResult("Signature recorded."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// signContractArgKeyedHMAC keys its HMAC with the tool's own argument.
func signContractArgKeyedHMAC(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	user := userOf(req)
	res, ok := req.Params.InputResponses["signature_v3"].(*mcp.ElicitResult)
	if !ok {
		if !canOpenURL(req) {
			return nil, nil, errors.New("signing needs a client that can open a URL")
		}
		id := envelopes.Begin("sign", user)
		mac := hmac.New(sha256.New, []byte(in.DocID))
		mac.Write([]byte(id))
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"signature_v3": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Review and sign document " + in.DocID,
				URL:           signURL(id),
				ElicitationID: id,
			}},
			RequestState: id + "." + hex.EncodeToString(mac.Sum(nil)),
		}, nil, nil
	}
	flowID, sum, _ := strings.Cut(req.Params.RequestState, ".")
	mac := hmac.New(sha256.New, []byte(in.DocID))
	mac.Write([]byte(flowID))
	got, err := hex.DecodeString(sum)
	if err != nil || !hmac.Equal(got, mac.Sum(nil)) {
		return nil, nil, errors.New("invalid signing state")
	}
	switch res.Action {
	case "accept":
		if st, _ := envelopes.Status(flowID); st != flowstore.Done {
			return textResult("Waiting for the signature provider; call again once you have signed."), nil, nil
		}
		if err := recordSignature(in.DocID, user); err != nil {
			return nil, nil, err
		}
		return textResult("Signature recorded."), nil, nil
	case "decline", "cancel":
		return textResult("Not signed."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var consentSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"agree": map[string]any{"type": "boolean", "title": "I agree to countersign electronically"},
	},
	"required": []any{"agree"},
}

// countersign selects its second step with a state no result sets: it sets
// "consented" but tests "consent".
func countersign(ctx context.Context, req *mcp.CallToolRequest, in SignIn) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState {
	case "":
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errors.New("countersigning needs a client that can ask its user")
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{"countersign_consent": &mcp.ElicitParams{
				Message:         "Countersign document " + in.DocID + "?",
				RequestedSchema: consentSchema,
			}},
			RequestState: "consented",
		}, nil, nil
	case "consent":
		res, ok := req.Params.InputResponses["countersign_consent"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"countersign_consent": &mcp.ElicitParams{
					Message:         "Countersign document " + in.DocID + "?",
					RequestedSchema: consentSchema,
				}},
				RequestState: "consented",
			}, nil, nil
		}
		switch res.Action {
		case "accept":
			if agree, _ := res.Content["agree"].(bool); !agree {
				return textResult("Not countersigned: the box was not ticked."), nil, nil
			}
			if err := recordSignature(in.DocID, userOf(req)); err != nil {
				return nil, nil, err
			}
			return textResult("Countersigned."), nil, nil
		case "decline", "cancel":
			return textResult("Not countersigned."), nil, nil
		}
		return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
	return nil, nil, errors.New("unknown countersigning step")
}

// witnessPrompt returns its question together with the prompt's messages,
// which go-sdk rejects.
func witnessPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	res, ok := req.Params.InputResponses["witness"].(*mcp.ElicitResult)
	if !ok {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return nil, errors.New("witnessing needs a client that can open a URL")
		}
		id := checks.Begin("witness", req.Session.ID())
		return &mcp.GetPromptResult{
			Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "I am about to witness a signature."}}},
			InputRequests: mcp.InputRequestMap{"witness": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "Verify your identity before witnessing",
				URL:           verifyURL(id),
				ElicitationID: id,
			}},
		}, nil
	}
	switch res.Action {
	case "accept":
		id, found := checks.Latest(req.Session.ID(), "witness")
		if st, _ := checks.Status(id); !found || st != flowstore.Done {
			return nil, errors.New("identity check still pending; try again once it is done")
		}
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Guide me through witnessing the signature."}}}}, nil
	case "decline", "cancel":
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "Explain who else can witness."}}}}, nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

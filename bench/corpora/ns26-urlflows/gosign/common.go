// Package gosign collects signatures on documents and verifies signers'
// identity through url-mode elicitation with go-sdk, carrying what the
// next round needs in RequestState.
package gosign

import (
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
	"example.com/ns26/urlflows/statecodec"
)

var (
	envelopes = flowstore.New()
	checks    = flowstore.New()
	codec     = statecodec.New([]byte(os.Getenv("URLFLOWS_STATE_KEY")))

	signedMu sync.Mutex
	signed   = map[string][]string{} // document -> signers
)

// SignIn is the input of the signing tools.
type SignIn struct {
	DocID string `json:"doc_id"`
	Phone string `json:"phone,omitempty"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func userOf(req *mcp.CallToolRequest) string { return req.Session.ID() }

// canOpenURL reports whether this request's client declared url-mode
// elicitation.
func canOpenURL(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil && caps.Elicitation.URL != nil
}

func signURL(flowID string) string {
	return "https://sign.urlflows.example/envelope?flow=" + flowID
}

func verifyURL(flowID string) string {
	return "https://verify.urlflows.example/start?flow=" + flowID
}

// recordSignature files the user's signature on a document.
func recordSignature(docID, user string) error {
	signedMu.Lock()
	defer signedMu.Unlock()
	signed[docID] = append(signed[docID], user)
	return nil
}

// Register adds the signing tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "sign"}, signContract)
	mcp.AddTool(s, &mcp.Tool{Name: "sign_v1"}, signContractSuffixCheck)
	mcp.AddTool(s, &mcp.Tool{Name: "sign_v2"}, signContractUnkeyedHash)
	mcp.AddTool(s, &mcp.Tool{Name: "sign_v3"}, signContractArgKeyedHMAC)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_identity"}, verifyIdentity)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_identity_form"}, verifyIdentitySSNForm)
	mcp.AddTool(s, &mcp.Tool{Name: "verify_identity_sms"}, verifyIdentityPhoneURL)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, summarizeBeforeSigning)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize_ok"}, summarizeBeforeSigningOK)
	mcp.AddTool(s, &mcp.Tool{Name: "cover_note"}, draftCoverNoteDirect)
	mcp.AddTool(s, &mcp.Tool{Name: "save_signed"}, pickSaveFolder)
	mcp.AddTool(s, &mcp.Tool{Name: "save_signed_v0"}, pickSaveFolderNoCaps)
	mcp.AddTool(s, &mcp.Tool{Name: "sign_as"}, signWithIDCheck)
	mcp.AddTool(s, &mcp.Tool{Name: "countersign"}, countersign)
	s.AddPrompt(&mcp.Prompt{Name: "witness"}, witnessPrompt)
}

// Package legacypin links bank accounts and stores API keys through
// url-mode elicitation on a go-sdk server pinned to protocols before
// 2026-07-28, where direct requests still work and the SDK checks the
// client's capabilities itself.
package legacypin

import (
	"context"
	"log"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/ns26/urlflows/flowstore"
)

var (
	links = flowstore.New()
	keys  = flowstore.New()

	sessionsMu     sync.Mutex
	sessionsByFlow = map[string]*mcp.ServerSession{}

	cfg = struct{ AllowUnconfirmed bool }{AllowUnconfirmed: false}

	accountsMu sync.Mutex
	accounts   = map[string][]string{} // user -> linked accounts
)

// LinkIn is the input of the bank-link tools.
type LinkIn struct {
	Bank    string `json:"bank"`
	Account string `json:"account,omitempty"`
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func linkURL(flowID string) string {
	return "https://banks.urlflows.example/link/start?flow=" + flowID
}

func rememberSession(id string, ss *mcp.ServerSession) {
	sessionsMu.Lock()
	defer sessionsMu.Unlock()
	sessionsByFlow[id] = ss
}

// unlinkAccounts removes the user's linked accounts at a bank.
func unlinkAccounts(user, bank string) {
	accountsMu.Lock()
	defer accountsMu.Unlock()
	kept := accounts[user][:0]
	for _, a := range accounts[user] {
		if a != bank {
			kept = append(kept, a)
		}
	}
	accounts[user] = kept
}

// NewServer builds the bank-link server, pinned to 2025-11-25 and
// 2025-06-18.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bank-links", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18"},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank"}, linkBank)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v1"}, linkBankConstID)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v2"}, linkBankNoID)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v3"}, linkBankAcceptOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v4"}, linkBankDiscard)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v5"}, linkBankMixedSchema)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v6"}, linkBankRelativeURL)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v7"}, linkBankMisspelled)
	mcp.AddTool(s, &mcp.Tool{Name: "nickname_account"}, nicknameContentBeforeAccept)
	mcp.AddTool(s, &mcp.Tool{Name: "link_bank_v8"}, linkBankLongMessage)
	mcp.AddTool(s, &mcp.Tool{Name: "accept_terms"}, termsFormLink)
	mcp.AddTool(s, &mcp.Tool{Name: "unlink_bank"}, unlinkBank)
	mcp.AddTool(s, &mcp.Tool{Name: "unlink_bank_ops"}, unlinkBankOperator)
	mcp.AddTool(s, &mcp.Tool{Name: "unlink_all"}, unlinkAllConfirmBox)
	mcp.AddTool(s, &mcp.Tool{Name: "store_api_key"}, apiKeyEntryURL)
	mcp.AddTool(s, &mcp.Tool{Name: "store_api_key_form"}, apiKeyForm)
	mcp.AddTool(s, &mcp.Tool{Name: "label_api_key"}, apiKeyLabelForm)
	return s
}

// Serve runs the server over stdio until ctx ends, with the bank's
// callback on addr.
func Serve(ctx context.Context, addr string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/link/callback", completeLinkCallback)
	go func() {
		if err := http.ListenAndServe(addr, mux); err != nil {
			log.Printf("callback server: %v", err)
		}
	}()
	return NewServer().Run(ctx, &mcp.StdioTransport{})
}

// Package mground holds mcp-go tools written for the 2026-07-28 round trip:
// they return their questions from the input request builder and read the
// answers with server.ElicitationResponse, through generic gates, digests
// and iterators.
package mground

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"iter"
	"os"
	"strconv"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ns22/generics/approval"
	"example.com/ns22/generics/kit"
)

var emptyForm = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	archives  = kit.NewStore[string, bool]()
	orders    = kit.NewStore[string, bool]()
	links     = kit.NewStore[string, string]()
	imports   = kit.NewStore[string, string]()
	syncs     = kit.NewStore[string, string]()
	ledger    = kit.NewStore[string, int]()
	labels    = kit.NewStore[string, string]()
	addresses = kit.NewStore[string, string]()
	posts     = kit.NewStore[string, bool]()
	themes    = kit.NewStore[string, string]()
	payments  = kit.NewStore[string, string]()
)

// NewServer builds the server and registers the tools of this package.
func NewServer() *server.MCPServer {
	hooks := &server.Hooks{}
	hooks.AddAfterInitialize(rememberCaps)
	s := server.NewMCPServer("round", "1.0.0", server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("archive"), ArchiveHandler)
	s.AddTool(mcp.NewTool("cancel_order"), CancelOrderHandler)
	s.AddTool(mcp.NewTool("refund"), RefundHandler)
	s.AddTool(mcp.NewTool("connect"), ConnectHandler)
	s.AddTool(mcp.NewTool("import"), ImportHandler)
	s.AddTool(mcp.NewTool("sync"), SyncHandler)
	s.AddTool(mcp.NewTool("spend"), SpendHandler)
	s.AddTool(mcp.NewTool("spend_sealed"), SealedSpendHandler)
	s.AddTool(mcp.NewTool("label"), LabelHandler)
	s.AddTool(mcp.NewTool("address"), FormHandler)
	s.AddTool(mcp.NewTool("publish"), PublishHandler)
	s.AddTool(mcp.NewTool("theme"), LegacyFieldHandler)
	s.AddTool(mcp.NewTool("pay_link"), PayLinkHandler)
	return s
}

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

// confirm returns the decision on key, or the result that asks for it.
func confirm[K ~string](ctx context.Context, req mcp.CallToolRequest, key K, msg string) (bool, *mcp.CallToolResult) {
	res := server.ElicitationResponse(req.Params.InputResponses, string(key))
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return false, nil
		}
		return false, server.NewInputRequestBuilder("").Elicit(string(key), mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: emptyForm,
		}).ToolResult()
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return true, nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return false, nil
	default:
		return false, nil
	}
}

type archiveKey string

const keyArchive archiveKey = "archive_project"

// ArchiveHandler archives a project once the user confirms.
func ArchiveHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project := req.GetString("project", "")
	ok, ask := confirm(ctx, req, keyArchive, "Archive "+project+"?")
	if ask != nil {
		return ask, nil
	}
	if !ok {
		return mcp.NewToolResultText("Project kept."), nil
	}
	archives.Put(project, true)
	return mcp.NewToolResultText("Archived."), nil
}

// CancelOrderHandler cancels an order once the user confirms.
func CancelOrderHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("order", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "cancel_order")
	if res == nil {
		if req.Params.RequestState == "" {
			if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("cancelling needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("asked").Elicit("cancel_order", mcp.ElicitationParams{
				Message:         "Cancel order " + id + "?",
				RequestedSchema: emptyForm,
			}).ToolResult(), nil
		}
		return mcp.NewToolResultError("the cancellation was not confirmed"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		orders.Delete(id)
		return mcp.NewToolResultText("Order cancelled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Order kept."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// ConnectHandler sends the user to connect their storage account.
func ConnectHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := req.GetString("user", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "connect_storage")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("connecting needs a client that can ask its user"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("connect_storage", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Connect your storage account",
			URL:           "https://storage.example.com/connect?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if _, ok := links.Get(user); ok {
			return mcp.NewToolResultText("Storage account ready."), nil
		}
		return mcp.NewToolResultText("Finish connecting in your browser, then call again."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Storage not connected."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var (
	capsMu        sync.Mutex
	capsBySession = map[string]mcp.ClientCapabilities{}
)

// rememberCaps keeps the capabilities each session declared at initialize.
func rememberCaps(ctx context.Context, id any, message *mcp.InitializeRequest, result *mcp.InitializeResult) {
	sess := server.ClientSessionFromContext(ctx)
	if sess == nil {
		return
	}
	capsMu.Lock()
	capsBySession[sess.SessionID()] = message.Params.Capabilities
	capsMu.Unlock()
	approval.Remember(sess.SessionID(), message.Params.Capabilities)
}

func sessionID(ctx context.Context) string {
	if sess := server.ClientSessionFromContext(ctx); sess != nil {
		return sess.SessionID()
	}
	return ""
}

var sourceSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"source": map[string]any{"type": "string", "title": "Source URL", "format": "uri"},
	},
	"required": []string{"source"},
}

// ImportHandler imports from the source the user names.
func ImportHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "import_source")
	if res == nil {
		capsMu.Lock()
		caps, known := capsBySession[sessionID(ctx)]
		capsMu.Unlock()
		if !known || caps.Elicitation == nil {
			return mcp.NewToolResultError("importing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("import_source", mcp.ElicitationParams{
			Message:         "Which source should I import from?",
			RequestedSchema: sourceSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		src, _ := data["source"].(string)
		imports.Put(sessionID(ctx), src)
		return mcp.NewToolResultText("Importing from " + src + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing imported."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var targetSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"target": map[string]any{"type": "string", "title": "Target folder"},
	},
	"required": []string{"target"},
}

// SyncHandler syncs to the folder the user names.
func SyncHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := server.ElicitationResponse(req.Params.InputResponses, "sync_target")
	if res == nil {
		caps, known := approval.Lookup(sessionID(ctx))
		if !known || caps.Elicitation == nil {
			return mcp.NewToolResultError("syncing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("sync_target", mcp.ElicitationParams{
			Message:         "Which folder should I sync to?",
			RequestedSchema: targetSchema,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		target, _ := data["target"].(string)
		syncs.Put(sessionID(ctx), target)
		return mcp.NewToolResultText("Syncing to " + target + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing synced."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// digest hashes parts into a hex string.
func digest[T any](parts ...T) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprint(h, p, "|")
	}
	return hex.EncodeToString(h.Sum(nil))
}

// SpendHandler spends from an account once the user confirms, and checks
// that the confirmation is for this spend.
func SpendHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account := req.GetString("account", "")
	amount := req.GetInt("amount", 0)
	want := digest(account, strconv.Itoa(amount))
	res := server.ElicitationResponse(req.Params.InputResponses, "spend")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("spending needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder(want).Elicit("spend", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Spend %d from %s?", amount, account),
			RequestedSchema: emptyForm,
		}).ToolResult(), nil
	}
	if req.Params.RequestState != want {
		return mcp.NewToolResultError("this confirmation is for another spend"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		ledger.Put(account, amount)
		return mcp.NewToolResultText("Spent."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing spent."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

var spendKey = []byte(os.Getenv("SPEND_KEY"))

// sign computes a MAC of parts under the server's key.
func sign[T any](parts ...T) string {
	m := hmac.New(sha256.New, spendKey)
	for _, p := range parts {
		fmt.Fprint(m, p, "|")
	}
	return hex.EncodeToString(m.Sum(nil))
}

// SealedSpendHandler is SpendHandler with the state signed under a server
// key.
func SealedSpendHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account := req.GetString("account", "")
	amount := req.GetInt("amount", 0)
	want := sign(sessionID(ctx), account, strconv.Itoa(amount))
	res := server.ElicitationResponse(req.Params.InputResponses, "spend_sealed")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("spending needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder(want).Elicit("spend_sealed", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Spend %d from %s?", amount, account),
			RequestedSchema: emptyForm,
		}).ToolResult(), nil
	}
	if !hmac.Equal([]byte(req.Params.RequestState), []byte(want)) {
		return mcp.NewToolResultError("this confirmation is for another spend"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		ledger.Put(account, amount)
		return mcp.NewToolResultText("Spent."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing spent."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// LabelHandler asks which label to put on an item.
func LabelHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	item := req.GetString("item", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "label")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("labelling needs a client that can ask its user"), nil
		}
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"label": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Message: "Which label should " + item + " get?",
				RequestedSchema: map[string]any{
					"type": "object",
					"properties": map[string]any{
						"label": map[string]any{"type": "string", "title": "Label", "minLength": 50, "maxLength": 40},
					},
					"required": []string{"label"},
				},
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		label, _ := data["label"].(string)
		labels.Put(item, label)
		return mcp.NewToolResultText("Labelled."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No label."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// answers yields each key with its answer, nil when the call carries none.
func answers(req mcp.CallToolRequest, keys ...string) iter.Seq2[string, *mcp.ElicitationResult] {
	return func(yield func(string, *mcp.ElicitationResult) bool) {
		for _, k := range keys {
			if !yield(k, server.ElicitationResponse(req.Params.InputResponses, k)) {
				return
			}
		}
	}
}

var formPrompts = map[string]string{
	"form_city":    "Which city do you live in?",
	"form_country": "Which country do you live in?",
}

var fieldSchema = map[string]any{
	"type":       "object",
	"properties": map[string]any{"value": map[string]any{"type": "string"}},
	"required":   []string{"value"},
}

// FormHandler asks for the parts of an address not answered yet.
func FormHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b := server.NewInputRequestBuilder("")
	asked := 0
	values := map[string]string{}
	for key, res := range answers(req, "form_city", "form_country") {
		if res == nil {
			b = b.Elicit(key, mcp.ElicitationParams{Message: formPrompts[key], RequestedSchema: fieldSchema})
			asked++
			continue
		}
		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			data, _ := res.Content.(map[string]any)
			v, _ := data["value"].(string)
			values[key] = v
		case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Address not saved."), nil
		default:
			return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
		}
	}
	if asked > 0 {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("the address form needs a client that can ask its user"), nil
		}
		return b.ToolResult(), nil
	}
	addresses.Put(req.GetString("user", ""), values["form_city"]+", "+values["form_country"])
	return mcp.NewToolResultText("Address saved."), nil
}

// accepted reports whether an action is an acceptance.
func accepted[A ~string](a A) bool { return string(a) == "accept" }

// PublishHandler publishes a post once the user agrees.
func PublishHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	post := req.GetString("post", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "publish_post")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("publishing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("publish_post", mcp.ElicitationParams{
			Message:         "Publish " + post + "?",
			RequestedSchema: emptyForm,
		}).ToolResult(), nil
	}
	if accepted(res.Action) {
		posts.Put(post, true)
		return mcp.NewToolResultText("Published."), nil
	}
	return mcp.NewToolResultText("Not published."), nil
}

var themeSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"theme": map[string]any{"type": "string", "title": "Theme", "enum": []string{"light", "dark"}},
	},
	"required": []string{"theme"},
}

// LegacyFieldHandler sets the user's theme.
func LegacyFieldHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	user := req.GetString("user", "")
	resp, ok := req.Params.InputResponses["theme"]
	if !ok {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("choosing a theme needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("theme", mcp.ElicitationParams{
			Message:         "Which theme do you prefer?",
			RequestedSchema: themeSchema,
		}).ToolResult(), nil
	}
	res := resp.Elicitation
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		data, _ := res.Content.(map[string]any)
		theme, _ := data["theme"].(string)
		themes.Put(user, theme)
		return mcp.NewToolResultText("Theme set."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Theme unchanged."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// PayLinkHandler sends the user to pay an invoice.
func PayLinkHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := req.GetString("invoice", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "pay_link")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil || caps.Elicitation.URL == nil {
			return mcp.NewToolResultError("paying needs a client that can open a URL"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("pay_link", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Pay invoice " + invoice,
			URL:     "https://pay.example.com/checkout?flow=" + rand.Text(),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if status, ok := payments.Get(invoice); ok {
			return mcp.NewToolResultText("Payment status: " + status), nil
		}
		return mcp.NewToolResultText("Waiting for the bank to confirm the payment."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Invoice not paid."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// RefundHandler refunds an order once the user confirms, and asks again,
// more insistently, when a retry comes without the answer.
func RefundHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("order", "")
	res := server.ElicitationResponse(req.Params.InputResponses, "refund")
	if res == nil {
		if caps := clientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("refunding needs a client that can ask its user"), nil
		}
		msg := "Refund order " + id + "?"
		if req.Params.RequestState != "" {
			msg = "Please answer: refund order " + id + "?"
		}
		return server.NewInputRequestBuilder("asked").Elicit("refund", mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: emptyForm,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		orders.Put(id+"/refunded", true)
		return mcp.NewToolResultText("Order refunded."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No refund."), nil
	default:
		return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
	}
}

// Package mgtransfer serves the upload, download and payment tools of the
// docs server with mcp-go. Files and payments go through pages of their own,
// which the tools open with url-mode elicitations.
package mgtransfer

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"sync"

	"example.com/ns24/resources/mgkit"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register adds the transfer tools to s.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("upload", mcp.WithString("name")), uploadTool)
	s.AddTool(mcp.NewTool("download", mcp.WithString("name")), downloadTool)
	s.AddTool(mcp.NewTool("pay_invoice", mcp.WithString("invoice")), paymentTool)
	s.AddTool(mcp.NewTool("import_contacts"), importTool)
	s.AddTool(mcp.NewTool("checkout", mcp.WithString("order")), checkoutTool)
	s.AddTool(mcp.NewTool("link_account", mcp.WithString("provider")), linkAccountTool)
	s.AddTool(mcp.NewTool("legacy_export", mcp.WithString("table")), legacyExportTool)
	s.AddTool(mcp.NewTool("resume_upload", mcp.WithString("name")), resumeTool)
	s.AddTool(mcp.NewTool("publish_doc", mcp.WithString("doc")), shareTool)
	s.AddTool(mcp.NewTool("revoke_link", mcp.WithString("link")), revokeTool)
	s.AddTool(mcp.NewTool("presigned_download", mcp.WithString("name")), presignTool)
	s.AddTool(mcp.NewTool("set_retention", mcp.WithString("bucket")), retentionTool)
	s.AddTool(mcp.NewTool("approve_export", mcp.WithString("table")), exportApprovalTool)
}

type transfer struct {
	id, name, url string
	done          bool
}

var (
	mu        sync.Mutex
	transfers = map[string]*transfer{}
)

func begin(id, name, pageURL string) {
	mu.Lock()
	defer mu.Unlock()
	transfers[id] = &transfer{id: id, name: name, url: pageURL}
}

// MarkDone is called by the storage service's callback when a transfer has
// finished.
func MarkDone(id string) {
	mu.Lock()
	defer mu.Unlock()
	if t := transfers[id]; t != nil {
		t.done = true
	}
}

func uploadTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	if !mgkit.CanAskURL(ctx) {
		return mcp.NewToolResultError("uploading needs a client that can open the upload page"), nil
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "upload")
	if res == nil {
		id := rand.Text()
		pageURL := "https://files.example.com/upload?flow=" + id
		begin(id, name, pageURL)
		return server.NewInputRequestBuilder(id).Elicit("upload", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Upload " + name + " on the upload page.",
			URL:           pageURL,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		t, known := transfers[request.Params.RequestState]
		done := known && t.done
		mu.Unlock()
		if !known {
			return mcp.NewToolResultError("this upload is unknown or has expired; start it again"), nil
		}
		if !done {
			return server.NewInputRequestBuilder(request.Params.RequestState).Elicit("upload", mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "The upload of " + t.name + " has not arrived yet. Finish it on the upload page.",
				URL:           t.url,
				ElicitationID: t.id,
			}).ToolResult(), nil
		}
		return mcp.NewToolResultText("Received " + t.name + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No file was uploaded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func downloadTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "download")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("downloading needs a client that can open the download page"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("download", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Download " + name + " from the download page.",
			URL:           "https://files.example.com/download?file=" + url.QueryEscape(name),
			ElicitationID: "download",
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The download page is open in your browser."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was downloaded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func paymentTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	invoice := request.GetString("invoice", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "pay")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("paying needs a client that can open the checkout page"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("pay", mcp.ElicitationParams{
			Mode:    mcp.ElicitationModeURL,
			Message: "Pay invoice " + invoice + " on the checkout page.",
			URL:     "https://pay.example.com/checkout?invoice=" + url.QueryEscape(invoice),
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The checkout page is open; the invoice is settled once the bank confirms."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The invoice stays open."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

type account struct {
	ID    string
	Email string
}

// accountOf returns the account the call is made for.
func accountOf(request mcp.CallToolRequest) account {
	return account{ID: request.GetString("account_id", ""), Email: request.GetString("account_email", "")}
}

func importTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	acct := accountOf(request)
	res := server.ElicitationResponse(request.Params.InputResponses, "import")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("importing needs a client that can open the import page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("import", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Choose the contacts to import on the import page.",
			URL:           "https://import.example.com/start?user=" + acct.Email + "&flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The import page is open; the contacts show up once the import runs."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was imported."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func checkoutTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	order := request.GetString("order", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "checkout")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("checking out needs a client that can open the checkout page"), nil
		}
		id := rand.Text()
		return &mcp.CallToolResult{MultiRoundTripResult: mcp.MultiRoundTripResult{
			InputRequests: mcp.InputRequests{"checkout": mcp.NewElicitationInputRequest(mcp.ElicitationParams{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Pay for order " + order + " on the checkout page.",
				URL:           "https://pay.example.com/checkout?flow=" + id,
				ElicitationID: id,
			})},
		}}, nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The checkout page is open; the order ships once the payment clears."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The order was not paid."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func linkAccountTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	provider := request.GetString("provider", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "link")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("linking needs a client that can open the sign-in page"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("link", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Sign in to " + provider + " to link your storage account.",
			URL:           "https://auth.example.com/link?flow=" + id,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("Account linked successfully."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("No account was linked."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func legacyExportTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	id := rand.Text()
	pageURL := "https://data.example.com/exports/approve?flow=" + id
	begin(id, table, pageURL)
	res, err := server.ServerFromContext(ctx).RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		pageURL, "Approve the export of "+table+" on the data portal.")
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		done := transfers[id].done
		mu.Unlock()
		if !done {
			return mcp.NewToolResultText("Waiting for the approval of the export of " + table + "; call the tool again to check."), nil
		}
		return mcp.NewToolResultText("Exported " + table + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The export was not approved."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// finishResume acts on the answer to the resume question for the transfer id.
func finishResume(res *mcp.ElicitationResult, id string) (*mcp.CallToolResult, error) {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		mu.Lock()
		t, known := transfers[id]
		done := known && t.done
		mu.Unlock()
		if !done {
			return mcp.NewToolResultText("The upload has not arrived yet; call the tool again to check."), nil
		}
		return mcp.NewToolResultText("Received " + t.name + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The upload stays paused."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// resumeTool asks directly on sessions of the older protocols, and through
// the round trip on 2026-07-28 ones.
func resumeTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	if !server.IsModernRequest(ctx) {
		id := rand.Text()
		pageURL := "https://files.example.com/resume?flow=" + id
		begin(id, name, pageURL)
		res, err := server.ServerFromContext(ctx).RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
			pageURL, "Resume the upload of "+name+" on the upload page.")
		if err != nil {
			return nil, err
		}
		return finishResume(res, id)
	}
	res := server.ElicitationResponse(request.Params.InputResponses, "resume")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("resuming needs a client that can open the upload page"), nil
		}
		id := rand.Text()
		pageURL := "https://files.example.com/resume?flow=" + id
		begin(id, name, pageURL)
		return server.NewInputRequestBuilder(id).Elicit("resume", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Resume the upload of " + name + " on the upload page.",
			URL:           pageURL,
			ElicitationID: id,
		}).ToolResult(), nil
	}
	return finishResume(res, request.Params.RequestState)
}

var yesNo = map[string]any{"type": "object", "properties": map[string]any{}}

var (
	publicMu sync.Mutex
	public   = map[string]bool{}
)

func publishDoc(doc string) {
	publicMu.Lock()
	defer publicMu.Unlock()
	public[doc] = true
}

func shareTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	doc := request.GetString("doc", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "publish_doc")
	if res == nil {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("publishing needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("publish_doc", mcp.ElicitationParams{
			Message:         "Make " + doc + " readable by anyone with the link?",
			RequestedSchema: yesNo,
		}).ToolResult(), nil
	}
	if res.Action == mcp.ElicitationResponseActionDecline || res.Action == mcp.ElicitationResponseActionCancel {
		return mcp.NewToolResultText(doc + " stays private."), nil
	}
	publishDoc(doc)
	return mcp.NewToolResultText(doc + " is now public."), nil
}

var (
	linksMu sync.Mutex
	links   = map[string]bool{"lnk-7": true}
)

func revokeLink(link string) {
	linksMu.Lock()
	defer linksMu.Unlock()
	delete(links, link)
}

func revokeTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	link := request.GetString("link", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "revoke")
	if res == nil {
		if request.Params.RequestState == "" {
			if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
				return mcp.NewToolResultError("revoking needs a client that can ask its user"), nil
			}
			return server.NewInputRequestBuilder("asked").Elicit("revoke", mcp.ElicitationParams{
				Message:         "Revoke the share link " + link + "? Anyone using it loses access.",
				RequestedSchema: yesNo,
			}).ToolResult(), nil
		}
		return mcp.NewToolResultError("no confirmation arrived; the link was not revoked"), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		revokeLink(link)
		return mcp.NewToolResultText("Revoked " + link + "."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("The link stays active."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// signedDownloadURL signs a link to name on the storage service.
func signedDownloadURL(name, flow string) string {
	u := url.URL{Scheme: "https", Host: "storage.example.com", Path: "/objects/" + name}
	q := u.Query()
	q.Set("X-Amz-Expires", "900")
	q.Set("X-Amz-Signature", fmt.Sprintf("%x", len(name)*104729))
	q.Set("flow", flow)
	u.RawQuery = q.Encode()
	return u.String()
}

func presignTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := request.GetString("name", "")
	res := server.ElicitationResponse(request.Params.InputResponses, "presigned")
	if res == nil {
		if !mgkit.CanAskURL(ctx) {
			return mcp.NewToolResultError("downloading needs a client that can open the download link"), nil
		}
		id := rand.Text()
		return server.NewInputRequestBuilder("").Elicit("presigned", mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Download " + name + " directly from storage.",
			URL:           signedDownloadURL(name, id),
			ElicitationID: id,
		}).ToolResult(), nil
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return mcp.NewToolResultText("The download of " + name + " is open in your browser."), nil
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return mcp.NewToolResultText("Nothing was downloaded."), nil
	}
	return nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var retentionSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"days": map[string]any{"type": "integer", "title": "Days to keep uploads", "minimum": 1, "maximum": 365},
	},
	"required": []string{"days"},
}

var (
	retentionMu sync.Mutex
	retention   = map[string]int{}
)

func setRetention(bucket string, days int) {
	retentionMu.Lock()
	defer retentionMu.Unlock()
	retention[bucket] = days
}

func retentionTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := request.GetString("bucket", "")
	res, ok := mgkit.Answer(request.Params.InputResponses, "retention")
	if !ok {
		if caps := mgkit.ClientCaps(ctx); caps == nil || caps.Elicitation == nil {
			return mcp.NewToolResultError("changing the retention needs a client that can ask its user"), nil
		}
		return server.NewInputRequestBuilder("").Elicit("retention", mcp.ElicitationParams{
			Message:         "How many days should uploads to " + bucket + " be kept?",
			RequestedSchema: retentionSchema,
		}).ToolResult(), nil
	}
	if err := mgkit.Decision(res); err != nil {
		return mcp.NewToolResultText("The retention of " + bucket + " stays as it is (" + err.Error() + ")."), nil
	}
	data, ok := res.Content.(map[string]any)
	if !ok {
		return mcp.NewToolResultError("the answer carried no form"), nil
	}
	days, ok := data["days"].(float64)
	if !ok || days < 1 || days > 365 {
		return mcp.NewToolResultError("the number of days must be between 1 and 365"), nil
	}
	setRetention(bucket, int(days))
	return mcp.NewToolResultText(fmt.Sprintf("Uploads to %s are now kept for %d days.", bucket, int(days))), nil
}

var (
	approvalsMu sync.Mutex
	approvals   = map[string]bool{}
)

// exportApprovalTool exports a table once the data owner has approved the
// export on the data portal; until then it points the client at the portal.
func exportApprovalTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	table := request.GetString("table", "")
	approvalsMu.Lock()
	ok := approvals[table]
	approvalsMu.Unlock()
	if !ok {
		id := rand.Text()
		return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
			Message:       "Ask the data owner to approve the export of " + table + " on the data portal.",
			URL:           "https://data.example.com/exports/approve?flow=" + id,
			ElicitationID: id,
		}}}
	}
	return mcp.NewToolResultText("Exported " + table + "."), nil
}

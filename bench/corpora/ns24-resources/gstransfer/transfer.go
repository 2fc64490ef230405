// Package gstransfer serves the upload and download tools of the docs
// server with go-sdk. Files move through the storage service's own pages,
// which the tools open with url-mode elicitations.
package gstransfer

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"example.com/ns24/resources/kit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type UploadIn struct {
	Name string `json:"name"`
}

type TableIn struct {
	Table string `json:"table"`
}

// Register adds the transfer tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "upload"}, uploadTool)
	mcp.AddTool(s, &mcp.Tool{Name: "import"}, importTool)
	mcp.AddTool(s, &mcp.Tool{Name: "download"}, downloadTool)
	mcp.AddTool(s, &mcp.Tool{Name: "share_link"}, shareLinkTool)
	mcp.AddTool(s, &mcp.Tool{Name: "legacy_upload"}, legacyUploadTool)
	mcp.AddTool(s, &mcp.Tool{Name: "export"}, exportTool)
	mcp.AddTool(s, &mcp.Tool{Name: "attach"}, attachTool)
	mcp.AddTool(s, &mcp.Tool{Name: "bulk_download"}, bulkDownloadTool)
	mcp.AddTool(s, &mcp.Tool{Name: "receive"}, receiveTool)
	mcp.AddTool(s, &mcp.Tool{Name: "purge_uploads"}, purgeTool)
	mcp.AddTool(s, &mcp.Tool{Name: "local_preview"}, localPreviewTool)
	mcp.AddTool(s, &mcp.Tool{Name: "cleanup"}, cleanupTool)
}

func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

type upload struct {
	id      string
	name    string
	url     string
	done    bool
	session *mcp.ServerSession
}

var (
	uploadsMu sync.Mutex
	uploads   = map[string]*upload{}
)

func beginUpload(id, name, url string, ss *mcp.ServerSession) {
	uploadsMu.Lock()
	defer uploadsMu.Unlock()
	uploads[id] = &upload{id: id, name: name, url: url, session: ss}
}

func uploadTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	if !kit.URLOK(req.ClientCapabilities()) {
		return nil, nil, errors.New("uploading needs a client that can open the upload page")
	}
	res, ok := req.Params.InputResponses["upload"].(*mcp.ElicitResult)
	if !ok {
		id := rand.Text()
		pageURL := "https://files.example.com/upload?flow=" + id
		beginUpload(id, in.Name, pageURL, nil)
		return kit.AskTool(mcp.InputRequestMap{"upload": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Upload " + in.Name + " on the upload page.",
			URL:           pageURL,
			ElicitationID: id,
		}}, id), nil, nil
	}
	switch res.Action {
	case "accept":
		uploadsMu.Lock()
		up, known := uploads[req.Params.RequestState]
		done := known && up.done
		uploadsMu.Unlock()
		if !known {
			return nil, nil, errors.New("this upload is unknown or has expired; start it again")
		}
		if !done {
			return kit.AskTool(mcp.InputRequestMap{"upload": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "The upload of " + up.name + " has not arrived yet. Finish it on the upload page.",
				URL:           up.url,
				ElicitationID: up.id,
			}}, req.Params.RequestState), nil, nil
		}
		return textResult("Received " + up.name + "."), nil, nil
	case "decline", "cancel":
		return textResult("No file was uploaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func importTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["import"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("importing needs a client that can open the import page")
		}
		id := rand.Text()
		return kit.AskTool(mcp.InputRequestMap{"import": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Choose the records to import into " + in.Name + " on the import page.",
			URL:           "https://files.example.com/import?flow=" + id,
			ElicitationID: id,
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("Import complete: the records are in " + in.Name + "."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was imported."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// presign signs a download link for object; the storage service checks the
// signature when the browser opens it.
func presign(object string) (sig, expires string) {
	return fmt.Sprintf("%x", len(object)*7919), time.Now().Add(15 * time.Minute).UTC().Format("20060102T150405Z")
}

func downloadTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["download"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("downloading needs a client that can open the download page")
		}
		id := rand.Text()
		sig, expires := presign(in.Name)
		return kit.AskTool(mcp.InputRequestMap{"download": &mcp.ElicitParams{
			Mode:    "url",
			Message: "Download " + in.Name + " from the storage service.",
			URL: fmt.Sprintf("https://storage.example.com/objects/%s?X-Amz-Expires=%s&X-Amz-Signature=%s&flow=%s",
				in.Name, expires, sig, id),
			ElicitationID: id,
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("The download page is open in your browser."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was downloaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func shareLinkTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["share"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("sharing needs a client that can open the sharing page")
		}
		return kit.AskTool(mcp.InputRequestMap{"share": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Choose who may open " + in.Name + " on the sharing page.",
			URL:           "https://files.example.com/share?file=" + in.Name,
			ElicitationID: "share-link",
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("The sharing page for " + in.Name + " is open; its settings apply once saved there."), nil, nil
	case "decline", "cancel":
		return textResult("The file was not shared."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func legacyUploadTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	pageURL := "https://files.example.com/upload?flow=" + id
	beginUpload(id, in.Name, pageURL, req.Session)
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Upload " + in.Name + " on the upload page.",
		URL:           pageURL,
		ElicitationID: id,
	})
	if err != nil {
		return nil, nil, err
	}
	switch res.Action {
	case "accept":
		uploadsMu.Lock()
		up := uploads[id]
		done := up != nil && up.done
		uploadsMu.Unlock()
		if !done {
			return textResult("Waiting for " + in.Name + " to arrive; call the tool again to check."), nil, nil
		}
		return textResult("Received " + in.Name + "."), nil, nil
	case "decline", "cancel":
		return textResult("No file was uploaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// CompletionHandler is the callback the upload page calls when a file has
// arrived. Sessions of the direct flow are told that their elicitation is
// complete.
func CompletionHandler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("flow")
		uploadsMu.Lock()
		up := uploads[id]
		if up != nil {
			up.done = true
		}
		uploadsMu.Unlock()
		if up == nil {
			http.NotFound(w, r)
			return
		}
		if up.session != nil {
			if err := up.session.NotifyElicitationComplete(r.Context(), &mcp.ElicitationCompleteParams{ElicitationID: id}); err != nil {
				http.Error(w, err.Error(), http.StatusBadGateway)
				return
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

var (
	approvedMu sync.Mutex
	approved   = map[string]bool{}
)

func exportTool(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, any, error) {
	approvedMu.Lock()
	ok := approved[in.Table]
	approvedMu.Unlock()
	if !ok {
		id := rand.Text()
		return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{{
			Message:       "Approve the export of " + in.Table + " on the data portal, then call the tool again.",
			URL:           "https://data.example.com/exports/approve?flow=" + id,
			ElicitationID: id,
		}})
	}
	return textResult("Exported " + in.Table + "."), nil, nil
}

func attachTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["attach"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("attaching needs a client that can ask its user")
		}
		id := rand.Text()
		return kit.AskTool(mcp.InputRequestMap{"attach": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Pick the file to attach to " + in.Name + " on the attachment page.",
			URL:           "https://files.example.com/attach?flow=" + id,
			ElicitationID: id,
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("The attachment page is open; the file shows up in " + in.Name + " once it is picked."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was attached."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func bulkDownloadTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["bulk"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("bulk downloads need a client that can open the download page")
		}
		id := "bulk-" + req.Session.ID()
		return kit.AskTool(mcp.InputRequestMap{"bulk": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Download the folder " + in.Name + " as one archive.",
			URL:           "https://files.example.com/bulk?flow=" + id,
			ElicitationID: id,
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("The archive of " + in.Name + " is being prepared on the download page."), nil, nil
	case "decline", "cancel":
		return textResult("Nothing was downloaded."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func receiveTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["receive"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("receiving files needs a client that can open the upload page")
		}
		id := rand.Text()
		pageURL := "https://files.example.com/upload?flow=" + id
		beginUpload(id, in.Name, pageURL, nil)
		return kit.AskTool(mcp.InputRequestMap{"receive": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Send " + in.Name + " through the upload page.",
			URL:           pageURL,
			ElicitationID: id,
		}}, id), nil, nil
	}
	switch res.Action {
	case "accept":
		uploadsMu.Lock()
		up, known := uploads[req.Params.RequestState]
		done := known && up.done
		uploadsMu.Unlock()
		if !known {
			return nil, nil, errors.New("this upload is unknown or has expired; start it again")
		}
		if !done {
			return &mcp.CallToolResult{RequestState: req.Params.RequestState}, nil, nil
		}
		return textResult("Received " + up.name + "."), nil, nil
	case "decline", "cancel":
		return textResult("No file was received."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

func purgeTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	ok, err := kit.AskDirect(ctx, req.Session, "Delete every finished upload older than a day?")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return textResult("Nothing was deleted."), nil, nil
	}
	uploadsMu.Lock()
	for id, up := range uploads {
		if up.done {
			delete(uploads, id)
		}
	}
	uploadsMu.Unlock()
	return textResult("Finished uploads deleted."), nil, nil
}

func localPreviewTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	res, ok := req.Params.InputResponses["preview"].(*mcp.ElicitResult)
	if !ok {
		if !kit.URLOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("previews need a client that can open the preview page")
		}
		id := rand.Text()
		return kit.AskTool(mcp.InputRequestMap{"preview": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Open the local preview of " + in.Name + ".",
			URL:           "http://127.0.0.1:8765/preview?flow=" + id,
			ElicitationID: id,
		}}, ""), nil, nil
	}
	switch res.Action {
	case "accept":
		return textResult("The preview of " + in.Name + " is open in your browser."), nil, nil
	case "decline", "cancel":
		return textResult("No preview was opened."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

var cleanupSchema = map[string]any{"type": "object", "properties": map[string]any{}}

func removeStaging(name string) error { return os.RemoveAll("/var/lib/docs/staging/" + name) }

// finishCleanup acts on the answer to the cleanup question.
func finishCleanup(res *mcp.ElicitResult, name string) (*mcp.CallToolResult, any, error) {
	switch res.Action {
	case "accept":
		if err := removeStaging(name); err != nil {
			return nil, nil, err
		}
		return textResult("Staging copy deleted."), nil, nil
	case "decline", "cancel":
		return textResult("The staging copy stays."), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

// cleanupTool asks directly on sessions of the older protocols and through
// the round trip on 2026-07-28 ones.
func cleanupTool(ctx context.Context, req *mcp.CallToolRequest, in UploadIn) (*mcp.CallToolResult, any, error) {
	msg := "Delete the staging copy of " + in.Name + "?"
	if req.ProtocolVersion() < "2026-07-28" {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: cleanupSchema})
		if err != nil {
			return nil, nil, err
		}
		return finishCleanup(res, in.Name)
	}
	res, ok := req.Params.InputResponses["cleanup"].(*mcp.ElicitResult)
	if !ok {
		if !kit.FormOK(req.ClientCapabilities()) {
			return nil, nil, errors.New("cleaning up needs a client that can ask its user")
		}
		return kit.AskTool(mcp.InputRequestMap{"cleanup": &mcp.ElicitParams{Message: msg, RequestedSchema: cleanupSchema}}, ""), nil, nil
	}
	return finishCleanup(res, in.Name)
}

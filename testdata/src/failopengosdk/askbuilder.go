package failopengosdk

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync"

	"example.com/asklib"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The result that asks, built by a helper of another package that
// elicits too: asking (again) is not the work, on the path without an
// answer as on an accept that waits for the upload.

type upload struct {
	id, name, url string
	done          bool
}

var (
	uploadsMu sync.Mutex
	uploads   = map[string]*upload{}
)

func beginUpload(id, name, url string) {
	uploadsMu.Lock()
	defer uploadsMu.Unlock()
	uploads[id] = &upload{id: id, name: name, url: url}
}

func uploadVia(ctx context.Context, req *mcp.CallToolRequest, in SeriesIn) (*mcp.CallToolResult, any, error) {
	if !asklib.URLOK(req.ClientCapabilities()) {
		return nil, nil, errors.New("uploading needs a client that can open the upload page")
	}
	res, ok := req.Params.InputResponses["upload"].(*mcp.ElicitResult)
	if !ok {
		id := rand.Text()
		pageURL := "https://files.example.com/upload?flow=" + id
		beginUpload(id, in.Series, pageURL)
		return asklib.AskTool(mcp.InputRequestMap{"upload": &mcp.ElicitParams{
			Mode:          "url",
			Message:       "Upload " + in.Series + " on the upload page.",
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
			return asklib.AskTool(mcp.InputRequestMap{"upload": &mcp.ElicitParams{
				Mode:          "url",
				Message:       "The upload of " + up.name + " has not arrived yet.",
				URL:           up.url,
				ElicitationID: up.id,
			}}, req.Params.RequestState), nil, nil
		}
		return text("received " + up.name), nil, nil
	case "decline", "cancel":
		return text("nothing uploaded"), nil, nil
	}
	return nil, nil, fmt.Errorf("unknown elicitation action %q", res.Action)
}

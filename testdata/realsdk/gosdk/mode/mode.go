// Package mode checks go-sdk elicitation modes: invalid Mode values, url mode
// without a URL, bad URLs, schemas in url mode, url fields in form mode and
// URLElicitationRequiredError elements. go-sdk infers "url" when Mode is
// empty and URL or ElicitationID is set, otherwise "form".
package mode

import (
	"context"
	"crypto/rand"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	errDeclined = errors.New("declined by the user")
	errCanceled = errors.New("dismissed by the user")
)

var shippingSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"street":  map[string]any{"type": "string"},
		"city":    map[string]any{"type": "string"},
		"express": map[string]any{"type": "boolean", "default": false},
	},
	"required": []string{"street", "city"},
}

func InvalidMode(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:            "Form", // want `elicitation mode "Form" is not valid.*\(mode\)`
		Message:         "Where should we ship the order?",
		RequestedSchema: shippingSchema,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func URLModeWithoutURL(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `url-mode elicitation has no URL.*\(mode\)`
		Mode:          "url",
		Message:       "Finish connecting your bank account in the browser.",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// InferredURLModeWithoutURL: Mode is empty but ElicitationID is set, so the
// SDK sends url mode, and there is no URL.
func InferredURLModeWithoutURL(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // want `url-mode elicitation has no URL.*\(mode\)`
		Message:       "Approve the payment in your banking app.",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func RelativeURL(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Sign in to GitHub to continue.",
		URL:           "/oauth/github/start", // want `is not an absolute URL.*\(mode\)`
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func PlainHTTP(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Enter your card details on the payment page.",
		URL:           "http://example.com/checkout", // want `uses http.*\(mode\)`
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func URLModeWithSchema(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:            "url",
		Message:         "Connect your calendar.",
		URL:             "https://calendar.example.com/oauth/start",
		ElicitationID:   rand.Text(),
		RequestedSchema: shippingSchema, // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// InferredURLModeWithSchema: URL set and Mode empty means url mode.
func InferredURLModeWithSchema(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Confirm the shipping address on our site.",
		URL:             "https://shop.example.com/address",
		ElicitationID:   rand.Text(),
		RequestedSchema: shippingSchema, // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func FormModeWithURL(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:            "form",
		Message:         "Where should we ship the order?",
		RequestedSchema: shippingSchema,
		URL:             "https://shop.example.com/address", // want `form-mode elicitation sets URL.*\(mode\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func FormModeWithElicitationID(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:            "form",
		Message:         "Where should we ship the order?",
		RequestedSchema: shippingSchema,
		ElicitationID:   rand.Text(), // want `form-mode elicitation sets ElicitationID.*\(mode\)`
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func UppercaseURLMode(ctx context.Context, ss *mcp.ServerSession) error {
	id := rand.Text()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "URL", // want `elicitation mode "URL" is not valid.*\(mode\)`
		Message:       "Enter your card details on the payment page.",
		URL:           "https://pay.example.com/checkout?session=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// MissingScheme reaches the session through GetSession.
func MissingScheme(ctx context.Context, req *mcp.CallToolRequest) error {
	ss := req.GetSession().(*mcp.ServerSession)
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Enter your card details on the payment page.",
		URL:           "pay.example.com/checkout", // want `is not an absolute URL.*\(mode\)`
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func PlainHTTPInRequiredError(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{
			Mode:          "url",
			Message:       "Sign in to your calendar provider to continue.",
			URL:           "http://example.com/oauth/start", // want `uses http.*\(mode\)`
			ElicitationID: rand.Text(),
		},
	})
}

// ConnectCalendar returns a -32042 error; the element relies on inference,
// which URLElicitationRequiredError does not do (it panics).
func ConnectCalendar(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{ // want `URLElicitationRequiredError element lacks Mode: "url".*\(mode\)`
			Message:       "Sign in to your calendar provider to continue.",
			URL:           "https://calendar.example.com/oauth/start?state=" + id,
			ElicitationID: id,
		},
	})
}

// The handlers below are correct and must not be reported.

func ConnectCalendarOK(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	id := rand.Text()
	return nil, nil, mcp.URLElicitationRequiredError([]*mcp.ElicitParams{
		{
			Mode:          "url",
			Message:       "Sign in to your calendar provider to continue.",
			URL:           "https://calendar.example.com/oauth/start?state=" + id,
			ElicitationID: id,
		},
	})
}

func URLModeOK(ctx context.Context, ss *mcp.ServerSession) error {
	id := rand.Text()
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Enter your card details on the payment page.",
		URL:           "https://pay.example.com/checkout?session=" + id,
		ElicitationID: id,
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// Loopback http URLs are fine for local development callbacks.
func LocalhostOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Authorize the local dev server.",
		URL:           "http://localhost:8080/cb",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func LoopbackV4OK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Authorize the local dev server.",
		URL:           "http://127.0.0.1/x",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

func LoopbackV6OK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:          "url",
		Message:       "Authorize the local dev server.",
		URL:           "http://[::1]/x",
		ElicitationID: rand.Text(),
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// FormWithoutSchemaOK: go-sdk allows a form elicitation without a schema
// (a plain confirmation).
func FormWithoutSchemaOK(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Mode:    "form",
		Message: "Archive the project?",
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case "accept":
		return nil
	case "decline":
		return errDeclined
	case "cancel":
		return errCanceled
	}
	return nil
}

// InferredFormOK: Mode empty, no URL fields, so form mode.
func InferredFormOK(ctx context.Context, ss *mcp.ServerSession) (map[string]any, error) {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{
		Message:         "Where should we ship the order?",
		RequestedSchema: shippingSchema,
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		return res.Content, nil
	case "decline":
		return nil, errDeclined
	case "cancel":
		return nil, errCanceled
	}
	return nil, nil
}

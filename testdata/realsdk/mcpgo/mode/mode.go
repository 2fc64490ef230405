// Package mode checks mcp-go elicitation modes. mcp-go defaults an empty
// Mode to "form", which needs a RequestedSchema; "url" needs both URL and
// ElicitationID.
package mode

import (
	"context"
	"crypto/rand"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
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

func InvalidMode(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:            "Form", // want `elicitation mode "Form" is not valid.*\(mode\)`
			Message:         "Where should we ship the order?",
			RequestedSchema: shippingSchema,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// FormWithoutSchema: a plain confirmation in form mode; mcp-go's Validate
// rejects it before sending.
func FormWithoutSchema(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{ // want `form-mode elicitation has no RequestedSchema.*\(mode\)`
			Message: "Archive the project?",
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func URLModeWithoutURL(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{ // want `url-mode elicitation has no URL.*\(mode\)`
			Mode:          mcp.ElicitationModeURL,
			Message:       "Finish connecting your bank account in the browser.",
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func URLModeWithoutID(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{ // want `url-mode elicitation has no ElicitationID.*\(mode\)`
			Mode:    mcp.ElicitationModeURL,
			Message: "Finish connecting your bank account in the browser.",
			URL:     "https://bank.example.com/connect",
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func RelativeURL(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          "url",
			Message:       "Sign in to GitHub to continue.",
			URL:           "/oauth/github/start", // want `is not an absolute URL.*\(mode\)`
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// PlainHTTP passes the URL positionally to RequestURLElicitation.
func PlainHTTP(ctx context.Context, s *server.MCPServer) error {
	session := server.ClientSessionFromContext(ctx)
	res, err := s.RequestURLElicitation(ctx, session, rand.Text(),
		"http://example.com/checkout", // want `uses http.*\(mode\)`
		"Enter your card details on the payment page.",
	)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func PlainHTTPParams(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Enter your card details on the payment page.",
			URL:           "http://example.com/checkout", // want `uses http.*\(mode\)`
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func URLModeWithSchema(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeURL,
			Message:         "Connect your calendar.",
			URL:             "https://calendar.example.com/oauth/start",
			ElicitationID:   rand.Text(),
			RequestedSchema: shippingSchema, // want `url-mode elicitation has a RequestedSchema.*\(mode\)`
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// FormModeWithURL: Mode is empty, which mcp-go treats as form (no inference
// from URL as in go-sdk).
func FormModeWithURL(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         "Where should we ship the order?",
			RequestedSchema: shippingSchema,
			URL:             "https://shop.example.com/address", // want `form-mode elicitation sets URL.*\(mode\)`
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func FormModeWithElicitationID(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeForm,
			Message:         "Where should we ship the order?",
			RequestedSchema: shippingSchema,
			ElicitationID:   rand.Text(), // want `form-mode elicitation sets ElicitationID.*\(mode\)`
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func UppercaseURLMode(ctx context.Context, s *server.MCPServer) error {
	id := rand.Text()
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          "URL", // want `elicitation mode "URL" is not valid.*\(mode\)`
			Message:       "Enter your card details on the payment page.",
			URL:           "https://pay.example.com/checkout?session=" + id,
			ElicitationID: id,
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func MissingScheme(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), rand.Text(),
		"pay.example.com/checkout", // want `is not an absolute URL.*\(mode\)`
		"Enter your card details on the payment page.",
	)
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func PlainHTTPInRequiredError(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, mcp.URLElicitationRequiredError{
		Elicitations: []mcp.ElicitationParams{
			{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to your calendar provider to continue.",
				URL:           "http://example.com/oauth/start", // want `uses http.*\(mode\)`
				ElicitationID: rand.Text(),
			},
		},
	}
}

// ConnectCalendar returns a URLElicitationRequiredError whose element has no
// Mode, so it is a form elicitation.
func ConnectCalendar(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, mcp.URLElicitationRequiredError{
		Elicitations: []mcp.ElicitationParams{
			{ // want `URLElicitationRequiredError element is not url mode.*\(mode\)`
				Message:         "Tell us which calendar to connect.",
				RequestedSchema: shippingSchema,
			},
		},
	}
}

// The handlers below are correct and must not be reported.

func ConnectCalendarOK(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := rand.Text()
	return nil, mcp.URLElicitationRequiredError{
		Elicitations: []mcp.ElicitationParams{
			{
				Mode:          mcp.ElicitationModeURL,
				Message:       "Sign in to your calendar provider to continue.",
				URL:           "https://calendar.example.com/oauth/start?state=" + id,
				ElicitationID: id,
			},
		},
	}
}

func URLModeOK(ctx context.Context, s *server.MCPServer) error {
	id := rand.Text()
	res, err := s.RequestURLElicitation(ctx, server.ClientSessionFromContext(ctx), id,
		"https://pay.example.com/checkout?session="+id,
		"Enter your card details on the payment page.")
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return s.SendElicitationComplete(ctx, server.ClientSessionFromContext(ctx), id)
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LocalhostOK(ctx context.Context, s *server.MCPServer) error {
	session := server.ClientSessionFromContext(ctx)
	res, err := s.RequestURLElicitation(ctx, session, rand.Text(), "http://localhost:8080/cb", "Authorize the local dev server.")
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LoopbackV4OK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Authorize the local dev server.",
			URL:           "http://127.0.0.1/x",
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

func LoopbackV6OK(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:          mcp.ElicitationModeURL,
			Message:       "Authorize the local dev server.",
			URL:           "http://[::1]/x",
			ElicitationID: rand.Text(),
		},
	})
	if err != nil {
		return err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return nil
	case mcp.ElicitationResponseActionDecline:
		return errDeclined
	case mcp.ElicitationResponseActionCancel:
		return errCanceled
	}
	return nil
}

// SessionFormOK sends through the session interface directly.
func SessionFormOK(ctx context.Context) (any, error) {
	sess, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return nil, errors.New("client cannot elicit")
	}
	res, err := sess.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeForm,
			Message:         "Where should we ship the order?",
			RequestedSchema: shippingSchema,
		},
	})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		return res.Content, nil
	case mcp.ElicitationResponseActionDecline:
		return nil, errDeclined
	case mcp.ElicitationResponseActionCancel:
		return nil, errCanceled
	}
	return nil, nil
}

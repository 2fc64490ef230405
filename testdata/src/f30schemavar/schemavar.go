// Package f30schemavar: schemas held in package-level variables and read
// later (issue 30 §2), in both SDKs.
package f30schemavar

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type Address struct {
	Street string `json:"street"`
}

type Signup struct {
	Name    string  `json:"name"`
	Address Address `json:"address"` // want `field Address \(property "address"\) is a struct, which jsonschema.For turns into a nested object.*\(nested\)`
}

type Login struct {
	User     string `json:"user"`
	Password string `json:"password"` // want `form field "password" asks for a secret.*\(sensitive\)`
}

type Flat struct {
	Name   string `json:"name"`
	Nights int    `json:"nights,omitempty"`
}

var signupSchema, _ = jsonschema.For[Signup](nil)

var (
	loginSchema, _ = jsonschema.For[Login](nil)
	flatSchema, _  = jsonschema.For[Flat](nil)
)

func signup(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Sign up", RequestedSchema: signupSchema})
}

func login(ctx context.Context, s *server.MCPServer) {
	s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "Log in", RequestedSchema: loginSchema}})
}

// Near misses: a flat schema, and a variable assigned again.
func book(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Book", RequestedSchema: flatSchema})
}

var reassigned, _ = jsonschema.For[Signup](nil)

func init() { reassigned, _ = jsonschema.For[Flat](nil) }

func signupAgain(ctx context.Context, ss *sdk.ServerSession) {
	ss.Elicit(ctx, &sdk.ElicitParams{Message: "Sign up", RequestedSchema: reassigned})
}

package schemause

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"schemalib"
)

func ask(ctx context.Context, ss *mcp.ServerSession) {
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Book", RequestedSchema: schemalib.Booking})    // want `form field "password" asks for a secret.*\(sensitive\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Where", RequestedSchema: schemalib.Address()}) // want `property "home" is an object.*\(nested\)`
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run", RequestedSchema: schemalib.Runtime})
}

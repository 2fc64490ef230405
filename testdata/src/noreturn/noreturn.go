// Package noreturn: calls that do not return end a path, for the content
// check (issue #15).
package noreturn

import (
	"context"
	"fmt"
	"log"
	"os"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

var p = &sdk.ElicitParams{Message: "Go ahead?"}

// Calls that do not return end a path.
func fatal(t *testing.T, ctx context.Context, ss *sdk.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	if res.Action == "decline" {
		t.Fatalf("declined")
	}
	if res.Action == "cancel" {
		log.Fatal("cancelled")
	}
	_ = res.Content["name"] // accept only reaches here
}

func exits(ctx context.Context, ss *sdk.ServerSession) {
	res, _ := ss.Elicit(ctx, p)
	switch res.Action {
	case "decline":
		os.Exit(1)
	case "cancel":
		die("cancelled")
	}
	_ = res.Content["name"]
}

// die never returns: its calls end a path too.
func die(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(2)
}

package ifacegosdk

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A test's fake neither shows nor disproves what the interface holds,
// and the test's own call through it is the fake's.

type fakeAsker struct{ action string }

func (f fakeAsker) Elicit(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: f.action}, nil
}

func TestDelete(t *testing.T) {
	tl := &tools{ask: fakeAsker{"decline"}}
	if _, _, err := tl.deleteAll(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	var a asker = fakeAsker{"accept"}
	if res, _ := a.Elicit(context.Background(), &mcp.ElicitParams{Message: "ok?"}); res.Action != "accept" {
		t.Fatal(res.Action)
	}
	ctx := context.WithValue(context.Background(), sessionKey, fakeAsker{"accept"})
	if err := promptForEULA(ctx); err != nil {
		t.Fatal(err)
	}
}

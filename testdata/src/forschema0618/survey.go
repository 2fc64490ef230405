// Package forschema0618 requests a schema derived with jsonschema.For,
// checked against spec 2025-06-18, which has no arrays at all.
package forschema0618

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Survey struct {
	Topics []string `json:"topics"`          // want `field Topics \(property "topics"\) is a slice, which jsonschema.For turns into an array: arrays \(multi-select enums\) need spec 2025-11-25 or later \(this check targets 2025-06-18\); declare a single value instead, or leave the field out of the form with json:"-" \(schema\)`
	Rooms  []Room   `json:"rooms"`           // want `field Rooms \(property "rooms"\) is a slice, which jsonschema.For turns into an array: arrays \(multi-select enums\) need spec 2025-11-25 .*\(schema\)`
	Score  *int     `json:"score,omitempty"` // want `field Score \(property "score"\) is a pointer, .*; declare it as int \(omitempty already makes it optional\) \(schema\)`
	Home   Room     `json:"home"`            // want `field Home \(property "home"\) is a struct, .*\(nested\)`
	Note   string   `json:"note,omitempty"`
}

type Room struct {
	Beds int `json:"beds"`
}

func survey(ctx context.Context, ss *mcp.ServerSession) {
	s, _ := jsonschema.For[Survey](nil)
	ss.Elicit(ctx, &mcp.ElicitParams{Message: "How was it?", RequestedSchema: s})
}

// Package forlib declares a struct that another package derives a
// requested schema from with jsonschema.For.
package forlib

type Order struct {
	Item  string   `json:"item"`
	Notes []string `json:"notes,omitempty"`
}

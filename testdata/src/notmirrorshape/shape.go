// Package notmirrorshape has structs that look a little like an answer but
// are not: nothing here is reported.
package notmirrorshape

import "encoding/json"

// Event has an Action and a Content, but more besides (a webhook payload):
// not the SDK result's shape.
type Event struct {
	Action  string
	Content map[string]any
	Repo    string
}

func Parse(b []byte) (Event, error) { // want Parse:`effect none`
	var e Event
	err := json.Unmarshal(b, &e)
	return e, err
}

func handle(b []byte) string {
	e, err := Parse(b)
	if err != nil {
		return ""
	}
	switch e.Action {
	case "opened":
		return "new"
	}
	s, _ := e.Content["title"].(string)
	return s
}

// step has the shape, but nothing exported returns it: the package's own
// bookkeeping, not an answer handed to others.
type step struct {
	Action  string
	Content any
}

func next() step { return step{Action: "run"} }

func run() string {
	s := next()
	if s.Action == "run" {
		return "ran"
	}
	return ""
}

// Note is returned by an exported function, but its Content is text.
type Note struct {
	Action  string
	Content string
}

func Latest() Note { return Note{Action: "edit", Content: "x"} } // want Latest:`effect none`

func show() string {
	n := Latest()
	return n.Content
}

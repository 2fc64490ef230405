// Package notmirror declares the three actions and a struct with a string
// Action field, but its Content is not an answer's (found running
// elicitlint on itself: its own fact type looks like this). Not
// result-like: nothing here is reported.
package notmirror

const (
	accept  = "accept"
	decline = "decline"
	cancel  = "cancel"
)

type fact struct {
	Action  string
	Content string
}

func newFact() *fact { return &fact{Action: accept, Content: "x"} }

func use() bool {
	f := newFact()
	return f.Action == accept
}

type summary struct{ Verdict string }

// Filled from a value of a type that is not result-like: not result-like.
func summarise() summary {
	f := newFact()
	return summary{Verdict: f.Action}
}

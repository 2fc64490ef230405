// Package textedit holds the byte edits of suggested fixes: applying them
// to a file, and telling which two cannot both be applied.
package textedit

import (
	"bytes"
	"cmp"
	"slices"
)

// An Edit replaces bytes [Start, End) of a file with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Overlaps reports whether two different edits of one file cannot both
// be applied: their ranges overlap, or both insert at the same place.
func (a Edit) Overlaps(b Edit) bool {
	switch {
	case a.Start == a.End && b.Start == b.End:
		return a.Start == b.Start
	case a.Start == a.End:
		return b.Start < a.Start && a.Start < b.End
	case b.Start == b.End:
		return a.Start < b.Start && b.Start < a.End
	}
	return a.Start < b.End && b.Start < a.End
}

// Apply makes edits, which must not overlap, to src. An insertion at the
// start of a replacement goes before it.
func Apply(src []byte, edits []Edit) []byte {
	es := slices.Clone(edits)
	slices.SortStableFunc(es, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	var out bytes.Buffer
	last := 0
	for _, e := range es {
		out.Write(src[last:e.Start])
		out.WriteString(e.Text)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes()
}

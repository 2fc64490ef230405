package schema

import "strings"

// Suggest returns the candidate that name most likely misspells, or "" when
// no candidate is close enough. It is meant for "did you mean" hints.
//
// Names are compared case-insensitively and with '_', '-' and '.' removed,
// so "first_name" suggests "firstName". Otherwise the distance is the
// optimal-string-alignment edit distance (insertions, deletions,
// substitutions and transpositions of adjacent letters each cost one), and
// the limit grows with the name: one edit up to 5 letters, two up to 9,
// three beyond. A candidate equal to name is never suggested. Ties go to the
// candidate that comes first, so callers should pass candidates in a stable
// order (source order for property names).
func Suggest(name string, candidates []string) string {
	norm := normalizeName(name)
	if norm == "" {
		return ""
	}
	limit := 1
	switch n := len([]rune(norm)); {
	case n > 9:
		limit = 3
	case n > 5:
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := osaDistance(norm, normalizeName(c), bestDist)
		if d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

func normalizeName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch r {
		case '_', '-', '.', ' ':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// osaDistance returns the optimal string alignment distance between a and b,
// or any value >= max once it is known to be at least max.
func osaDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	// Three rows: two back (for transpositions), previous, current.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin >= max {
			return max
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

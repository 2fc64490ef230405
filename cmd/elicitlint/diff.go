package main

import (
	"fmt"
	"strings"
)

// A diffOp is one line of an edit script: kept (' '), removed ('-') or
// added ('+').
type diffOp struct {
	kind byte
	line string // with its newline, if it has one
}

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// unifiedDiff returns the unified diff that turns old into new, with the
// file names from and to in its header, or "" if they are equal. The
// output is what git apply and patch -p1 read.
func unifiedDiff(from, to, old, new string) string {
	ops := diffLines(splitLines(old), splitLines(new))
	// at[n] is the (old, new) line index before ops[n].
	type index struct{ a, b int }
	at := make([]index, len(ops)+1)
	for n, op := range ops {
		next := at[n]
		if op.kind != '+' {
			next.a++
		}
		if op.kind != '-' {
			next.b++
		}
		at[n+1] = next
	}
	var out strings.Builder
	for start := 0; start < len(ops); {
		first := start
		for first < len(ops) && ops[first].kind == ' ' {
			first++
		}
		if first == len(ops) {
			break
		}
		// Extend the hunk over changes separated by at most twice the
		// context.
		end := first
		for {
			for end < len(ops) && ops[end].kind != ' ' {
				end++
			}
			next := end
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next == len(ops) || next-end > 2*diffContext {
				break
			}
			end = next
		}
		h0, h1 := max(first-diffContext, start), min(end+diffContext, len(ops))
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(at[h0].a, at[h1].a), hunkRange(at[h0].b, at[h1].b))
		for _, op := range ops[h0:h1] {
			out.WriteByte(op.kind)
			out.WriteString(op.line)
			if !strings.HasSuffix(op.line, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		start = h1
	}
	return out.String()
}

// hunkRange is "start,count" for lines [from, to) (0-based); an empty
// range names the line before it.
func hunkRange(from, to int) string {
	if from == to {
		return fmt.Sprintf("%d,0", from)
	}
	return fmt.Sprintf("%d,%d", from+1, to-from)
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// maxDiffSteps bounds the search for a shortest edit script; beyond it the
// differing middle is shown as removed and added whole (still a correct
// patch, only a longer one).
const maxDiffSteps = 2000

// diffLines returns an edit script from a to b: the common prefix and
// suffix, and between them a shortest script found with Myers' O(ND)
// algorithm.
func diffLines(a, b []string) []diffOp {
	var ops []diffOp
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		ops = append(ops, diffOp{' ', a[pre]})
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, diffOp{' ', l})
	}
	return ops
}

// myers is Myers' greedy shortest-edit-script search. trace[d] holds the
// furthest x reached on each diagonal k in [-d, d] after d steps.
func myers(a, b []string) []diffOp {
	n, m := len(a), len(b)
	whole := func() []diffOp {
		var ops []diffOp
		for _, l := range a {
			ops = append(ops, diffOp{'-', l})
		}
		for _, l := range b {
			ops = append(ops, diffOp{'+', l})
		}
		return ops
	}
	if n == 0 || m == 0 {
		return whole()
	}
	limit := min(n+m, maxDiffSteps)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int
	fromAbove := func(prev []int, d, k int) bool { // step down (an insertion) onto diagonal k?
		at := func(k int) int { return prev[k+d-1] }
		return k == -d || (k != d && at(k-1) < at(k+1))
	}
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
				// Walk back from (n, m) to (0, 0).
				var rev []diffOp
				x, y := n, m
				for d := len(trace) - 1; d > 0; d-- {
					k := x - y
					prev := trace[d-1]
					pk := k - 1
					if fromAbove(prev, d, k) {
						pk = k + 1
					}
					px := prev[pk+d-1]
					py := px - pk
					for x > px && y > py {
						rev = append(rev, diffOp{' ', a[x-1]})
						x, y = x-1, y-1
					}
					if x == px {
						rev = append(rev, diffOp{'+', b[y-1]})
						y--
					} else {
						rev = append(rev, diffOp{'-', a[x-1]})
						x--
					}
				}
				for x > 0 && y > 0 {
					rev = append(rev, diffOp{' ', a[x-1]})
					x, y = x-1, y-1
				}
				ops := make([]diffOp, len(rev))
				for i, op := range rev {
					ops[len(rev)-1-i] = op
				}
				return ops
			}
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
	}
	return whole()
}

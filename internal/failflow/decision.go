package failflow

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/elicitlint/elicitlint/internal/flow"
	"golang.org/x/tools/go/ssa"
)

// DecisionFact marks a function that makes a request (or calls another
// such function) and returns what the answer decides, with an error that
// says the question was not answered: a confirmation gate.
//
//	func confirm(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
//		res, err := ss.Elicit(ctx, params)
//		if err != nil {
//			return false, fmt.Errorf("asking: %w", err)
//		}
//		return res.Action == "accept", nil
//	}
//
// Every path on which the request failed returns a non-nil error (its
// last result), and the decision is either a bool that the refusals never
// get as Yes, or, for a function that returns only an error, the error
// itself (nil goes ahead). Its callers' paths on that error are paths
// without an answer, as after the request itself.
type DecisionFact struct {
	// Result is the bool that decides, or -1 when the error alone does.
	Result int
	// Yes is the value of Result that lets the caller go ahead: one that
	// accept may get and no refusal gets.
	Yes bool
	// NoneVal is what Result is on the paths without an answer (ValTrue,
	// ValFalse, or ValUnknown when that is not one value).
	NoneVal Val
	// Request names the request whose failure the error reports, for
	// messages ("ServerSession.Elicit").
	Request string
	// Direct is set when that request is an SDK's direct request, and
	// Always when the SDK has the round trip: on sessions that negotiate
	// protocol 2026-07-28 it always fails.
	Direct, Always bool
}

func (*DecisionFact) AFact() {}

func (d *DecisionFact) String() string {
	s := "decision(err"
	if d.Result >= 0 {
		s = fmt.Sprintf("decision(%d=%v,none=%s", d.Result, d.Yes, d.NoneVal.name())
	}
	s += "," + d.Request
	if d.Always {
		s += ",always"
	} else if d.Direct {
		s += ",direct"
	}
	return s + ")"
}

func (v Val) name() string {
	switch v {
	case ValTrue:
		return "true"
	case ValFalse:
		return "false"
	}
	return "?"
}

// Decision returns the decision fact of the function the flow runs in,
// or nil: its last result is an error that is not nil wherever the
// answer is missing, and a bool result (or, when it returns only an
// error, that error) tells accept from the refusals. request, direct and
// always describe the request whose failure the error reports.
func (f *Flow) Decision(request string, direct, always bool) *DecisionFact {
	sig := f.Fn.Signature
	n := sig.Results().Len()
	if f.errV == nil || n == 0 || !IsErrorType(sig.Results().At(n-1).Type()) {
		return nil
	}
	for i := 0; i < n; i++ {
		if HandlerResult(f.env.Package, sig.Results().At(i).Type()) {
			return nil
		}
	}
	accept, refusal, none := make([]map[Val]bool, n), make([]map[Val]bool, n), make([]map[Val]bool, n)
	for i := range n {
		accept[i], refusal[i], none[i] = map[Val]bool{}, map[Val]bool{}, map[Val]bool{}
	}
	for _, b := range f.Fn.Blocks {
		in, reached := f.In[b]
		if !reached || len(b.Instrs) == 0 {
			continue
		}
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(r.Results) != n {
			continue
		}
		ret := Return{r, f.Walk(b, in, nil)}
		// Where the error has not been tested, the answer may be missing.
		if ret.Set&(None|Unknown) != 0 {
			for i, v := range f.Values(ret, Missing) {
				none[i][v] = true
			}
		}
		for _, a := range flow.AllActions {
			if !ret.Set.Any(bit(a) | Unknown) {
				continue
			}
			for i, v := range f.Values(ret, a) {
				if a == flow.ActAccept {
					accept[i][v] = true
				} else {
					refusal[i][v] = true
				}
			}
		}
	}
	e := n - 1
	if len(none[e]) == 0 || len(none[e]) != 1 || !none[e][ValNonNil] || len(accept[e]) == 0 || len(refusal[e]) == 0 {
		return nil
	}
	d := &DecisionFact{Result: -1, Request: request, Direct: direct, Always: always, NoneVal: ValUnknown}
	for i := 0; i < e; i++ {
		if !types.Identical(sig.Results().At(i).Type().Underlying(), types.Typ[types.Bool]) || len(refusal[i]) != 1 {
			continue
		}
		no := ValUnknown
		for v := range refusal[i] {
			no = v
		}
		if no != ValTrue && no != ValFalse || len(accept[i]) == 1 && accept[i][no] {
			continue
		}
		d.Result, d.Yes = i, no == ValFalse
		if len(none[i]) == 1 {
			for v := range none[i] {
				if v == ValTrue || v == ValFalse {
					d.NoneVal = v
				}
			}
		}
		return d
	}
	// The error alone decides: nil on accept, never on a refusal, and the
	// function does nothing else a caller could use.
	if n != 1 || !accept[e][ValNil] || refusal[e][ValNil] || refusal[e][ValUnknown] || f.acceptDoesWork() {
		return nil
	}
	return d
}

// decisionTest reads cond as a test of a decision: the bool itself, its
// negation, or its comparison with a constant. yesIdx is the successor
// where it is Yes.
func (f *Flow) decisionTest(cond ssa.Value) (yesIdx int, ok bool) {
	d := f.Site.Decision
	if d == nil || d.Result < 0 || f.root == nil {
		return 0, false
	}
	val, neg := cond, false
	for {
		u, isNot := val.(*ssa.UnOp)
		if !isNot || u.Op != token.NOT {
			break
		}
		val, neg = u.X, !neg
	}
	if bin, isBin := val.(*ssa.BinOp); isBin && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			c, isConst := pair[1].(*ssa.Const)
			if isConst && c.Value != nil && c.Value.Kind() == constant.Bool && pair[0] == f.root {
				// x == true is x; x != true and x == false are !x.
				if constant.BoolVal(c.Value) == (bin.Op == token.NEQ) {
					neg = !neg
				}
				val = f.root
			}
		}
	}
	if val != f.root {
		return 0, false
	}
	// On the true edge the value is !neg.
	if (!neg) == d.Yes {
		return 0, true
	}
	return 1, true
}

// splitDecision is what holds on the two edges of a test of a decision:
// where it is Yes, accept only (and the paths without an answer when
// they get Yes); elsewhere every answer (accept may get No too), and the
// paths without an answer when they get No. Where the value on those
// paths is not known, they are not followed.
func (f *Flow) splitDecision(s Set) (yes, no Set) {
	none := s & NoneAny
	if s&Unknown != 0 {
		none |= None
	}
	if s&(Unknown<<Gated) != 0 {
		none |= None << Gated
	}
	k := f.known(s &^ NoneAny)
	yes, no = k&(Pre|Accept|Accept<<Gated), k
	switch d := f.Site.Decision; d.NoneVal {
	case boolVal(d.Yes):
		yes |= none
	case boolVal(!d.Yes):
		no |= none
	}
	return yes, no
}

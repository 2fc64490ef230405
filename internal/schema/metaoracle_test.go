package schema

// The metaschema oracle: santhosh-tekuri/jsonschema/v6 compiles the schema
// (draft 2020-12 unless $schema says otherwise, with a loader that refuses
// every URL) and its metaschema validation error is flattened into one
// message per location, as elicitlint reported it before it checked the
// metaschema natively. The differential tests in metaschema_test.go
// compare that with metaChecker.

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var errRefused = errors.New("elicitlint never loads schemas from files or the network")

// refusingLoader is the oracle compiler's only URLLoader. It refuses every
// URL and records the attempts, so tests can prove nothing was fetched.
type refusingLoader struct {
	mu       sync.Mutex
	attempts []string
}

func (l *refusingLoader) Load(url string) (any, error) {
	l.mu.Lock()
	l.attempts = append(l.attempts, url)
	l.mu.Unlock()
	return nil, errRefused
}

// oracleResult is what v6 reports about one schema.
type oracleResult struct {
	// target is the location of the reference target whose metaschema
	// check failed, nil when the failure is in the schema itself. v6 stops
	// at the first failing target it compiles.
	target []string
	// failed is true when v6 rejects the schema by its metaschema.
	failed bool
	locs   []string            // failing locations (tokens joined by "/"), first seen first
	msgs   map[string][]string // every message at each location, in order
}

func (r oracleResult) String() string {
	var b strings.Builder
	if r.target != nil {
		fmt.Fprintf(&b, "[target %q] ", r.target)
	}
	for _, l := range r.locs {
		fmt.Fprintf(&b, "%q: %q; ", l, r.msgs[l])
	}
	return b.String()
}

// fuzzyLoc stands for a location token that v6 does not report reliably.
const fuzzyLoc = "\x00?"

const oracleURL = "https://elicitlint.invalid/requested-schema.json"

var oraclePrinter = message.NewPrinter(language.English)

// v6Check runs the oracle. ok is false when the tree cannot be converted
// (unknown values).
func v6Check(root *Node, loader *refusingLoader) (res oracleResult, ok bool) {
	doc, ok := ToAny(root)
	if !ok {
		return res, false
	}
	res.msgs = map[string][]string{}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(loader)
	if err := c.AddResource(oracleURL, doc); err != nil {
		return res, true
	}
	_, err := c.Compile(oracleURL)
	var sve *jsonschema.SchemaValidationError
	if !errors.As(err, &sve) {
		return res, true // valid, or a problem the metaschema does not describe
	}
	var ve *jsonschema.ValidationError
	if !errors.As(sve.Err, &ve) {
		return res, true
	}
	var prefix []string
	base, frag, _ := strings.Cut(sve.URL, "#")
	if base != oracleURL {
		return res, true
	}
	if frag != "" {
		for _, t := range strings.Split(frag[1:], "/") {
			// The URL's fragment is percent-encoded; the pointer's tokens
			// are escaped JSON pointer tokens.
			t, err := url.PathUnescape(t)
			if err != nil {
				panic(err)
			}
			t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
			prefix = append(prefix, t)
		}
		res.target = prefix
	}
	res.failed = true
	var leaves []vleaf
	collectLeaves(ve, &leaves)
	for _, l := range leaves {
		key := strings.Join(append(append([]string(nil), prefix...), l.loc...), "/")
		if _, seen := res.msgs[key]; !seen {
			res.locs = append(res.locs, key)
		}
		res.msgs[key] = append(res.msgs[key], l.msg)
	}
	return res, true
}

type vleaf struct {
	loc []string
	msg string
}

// collectLeaves flattens the error tree into one message per failing
// keyword. An anyOf or oneOf collapses into one message at its own location,
// since its branches are alternatives rather than separate problems.
func collectLeaves(e *jsonschema.ValidationError, out *[]vleaf) {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if msg, ok := alternativesMessage(e); ok {
			*out = append(*out, vleaf{e.InstanceLocation, msg})
			return
		}
	case *kind.PropertyNames:
		// v6 gives the causes locations relative to the property name, so
		// they would land on the root: report them on the object. v6 also
		// shares the object's location slice with the validation of other
		// values, which overwrites its tokens: keep only its length (see
		// fuzzyLoc).
		var names []vleaf
		for _, c := range e.Causes {
			collectLeaves(c, &names)
		}
		if len(names) > 0 {
			loc := slices.Clone(e.InstanceLocation)
			for i := range loc {
				loc[i] = fuzzyLoc
			}
			*out = append(*out, vleaf{loc, fmt.Sprintf("has key %q, which %s", k.Property, names[0].msg)})
		}
		return
	}
	if f, ok := e.ErrorKind.(*kind.Format); ok && f.Want == "regex" {
		// Go's regexp syntax is not ECMA 262's: "(?=x)" is a valid
		// JSON Schema pattern that Go rejects. Not a reliable finding.
		return
	}
	if len(e.Causes) == 0 {
		*out = append(*out, vleaf{e.InstanceLocation, leafMessage(e.ErrorKind)})
		return
	}
	for _, c := range e.Causes {
		collectLeaves(c, out)
	}
}

// alternativesMessage describes a failed anyOf/oneOf whose branches all
// failed at the same location, preferring an enum branch ("type" is an enum
// of names or an array of them).
func alternativesMessage(e *jsonschema.ValidationError) (string, bool) {
	var leaves []vleaf
	for _, c := range e.Causes {
		collectLeaves(c, &leaves)
	}
	if len(leaves) == 0 {
		return "", false
	}
	here := strings.Join(e.InstanceLocation, "\x00")
	var msgs []string
	for _, l := range leaves {
		if strings.Join(l.loc, "\x00") != here {
			return "", false
		}
		msgs = append(msgs, l.msg)
	}
	sort.SliceStable(msgs, func(i, j int) bool {
		return strings.HasPrefix(msgs[i], "must be one of") && !strings.HasPrefix(msgs[j], "must be one of")
	})
	return msgs[0], true
}

// leafMessage words one v6 error kind the way metaChecker does.
func leafMessage(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		want := make([]string, len(k.Want))
		for i, w := range k.Want {
			want[i] = article(w)
		}
		return fmt.Sprintf("must be %s, not %s", strings.Join(want, " or "), article(k.Got))
	case *kind.Enum:
		vals := make([]string, len(k.Want))
		for i, w := range k.Want {
			vals[i] = strconv.Quote(w.(string))
		}
		return "must be one of " + strings.Join(vals, ", ")
	case *kind.Minimum:
		want, _ := k.Want.Float64()
		return "must be at least " + formatNum(want)
	case *kind.ExclusiveMinimum:
		want, _ := k.Want.Float64()
		return "must be greater than " + formatNum(want)
	case *kind.UniqueItems:
		return fmt.Sprintf("has equal items at %d and %d", k.Duplicates[0], k.Duplicates[1])
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items", k.Want)
	case *kind.Format:
		return fmt.Sprintf("is not a valid %s", k.Want)
	case *kind.Pattern:
		if k.Want == "^[^#]*#?$" {
			return `must not have a fragment; name anchors with "$anchor"`
		}
		return fmt.Sprintf("must match %q", k.Want)
	case *kind.Dependency:
		return fmt.Sprintf("has %q without %q", k.Prop, strings.Join(k.Missing, ", "))
	}
	// A kind the native checker does not produce: the comparison fails.
	return "is invalid: " + k.LocalizedString(oraclePrinter)
}

package schema

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// validateURL names the requested schema inside the compiler. The .invalid
// top-level domain never resolves, and the loader refuses every URL anyway.
const validateURL = "https://elicitlint.invalid/requested-schema.json"

var errRefused = errors.New("elicitlint never loads schemas from files or the network")

// refusingLoader is the compiler's only URLLoader. It refuses every URL and
// records the attempts, so tests can prove nothing was fetched.
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

// Validate checks that a requested schema is a valid JSON Schema: it
// compiles the tree as draft 2020-12 (or the dialect its $schema names) and
// reports what the metaschema rejects, such as "type": "strng" or
// "minimum": "5". Findings have Check "schema".
//
// Validate stays silent on trees that are not fully known (see ToAny) and on
// problems the metaschema does not cover (references that cannot be
// resolved, invalid regular expressions). It never reads a file or a URL:
// references to anything outside the schema itself are refused, and a
// schema whose compilation needs one is not reported on.
//
// Check calls Validate and drops what its own checks already report, so
// callers normally need only Check.
func Validate(root *Node) []Finding {
	var out []Finding
	for _, f := range validate(root, &refusingLoader{}) {
		out = append(out, f.Finding)
	}
	return sortFindings(out)
}

var englishPrinter = message.NewPrinter(language.English)

func validate(root *Node, loader *refusingLoader) (out []finding) {
	doc, ok := ToAny(root)
	if !ok {
		return nil
	}
	defer func() {
		// The compiler is third-party code run on arbitrary input; a crash
		// in it must not take the analyzer down.
		if recover() != nil {
			out = nil
		}
	}()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(loader)
	if err := c.AddResource(validateURL, doc); err != nil {
		return nil
	}
	_, err := c.Compile(validateURL)
	var sve *jsonschema.SchemaValidationError
	if !errors.As(err, &sve) {
		return nil // valid, or a problem the metaschema does not describe
	}
	var ve *jsonschema.ValidationError
	if !errors.As(sve.Err, &ve) {
		return nil
	}
	// The schema that failed may be a subschema reached through a fragment.
	var prefix []string
	if base, frag, ok := strings.Cut(sve.URL, "#"); ok && base == validateURL {
		prefix = pointerTokens(frag)
	} else if base != validateURL {
		return nil
	}

	var leaves []vleaf
	collectLeaves(ve, &leaves)
	seen := map[string]bool{}
	for _, l := range leaves {
		loc := append(append([]string(nil), prefix...), l.loc...)
		key := strings.Join(loc, "\x00")
		if seen[key] {
			continue
		}
		seen[key] = true
		n := walkPath(root, loc)
		f := finding{node: n}
		f.Check = CheckSchema
		f.Pos = n.At()
		f.Message = fmt.Sprintf("%s %s: the JSON Schema metaschema rejects it, so SDKs may fail to load the schema", describeLocation(loc), l.msg)
		out = append(out, f)
	}
	return out
}

type vleaf struct {
	loc []string
	msg string
}

// collectLeaves flattens the error tree into one message per failing
// keyword. An anyOf or oneOf collapses into one message at its own location,
// since its branches are alternatives rather than separate problems.
func collectLeaves(e *jsonschema.ValidationError, out *[]vleaf) {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if msg, ok := alternativesMessage(e); ok {
			*out = append(*out, vleaf{e.InstanceLocation, msg})
			return
		}
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
			vals[i] = displayAny(w)
		}
		if len(vals) == 1 {
			return "must be " + vals[0]
		}
		return "must be one of " + strings.Join(vals, ", ")
	case *kind.Const:
		return "must be " + displayAny(k.Want)
	case *kind.Minimum:
		want, _ := k.Want.Float64()
		return "must be at least " + formatNum(want)
	case *kind.Maximum:
		want, _ := k.Want.Float64()
		return "must be at most " + formatNum(want)
	case *kind.UniqueItems:
		return fmt.Sprintf("has equal items at %d and %d", k.Duplicates[0], k.Duplicates[1])
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items", k.Want)
	case *kind.Format:
		return fmt.Sprintf("is not a valid %s", k.Want)
	case *kind.Required:
		return "is missing " + strings.Join(quoteAll(k.Missing), ", ")
	}
	s := k.LocalizedString(englishPrinter)
	s = strings.ReplaceAll(s, "'", `"`)
	return "is invalid: " + s
}

func article(kind string) string {
	switch kind {
	case "array", "object", "integer":
		return "an " + kind
	case "null":
		return "null"
	}
	return "a " + kind
}

func displayAny(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case float64:
		return formatNum(v)
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(v)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// describeLocation names a location inside the requested schema for a
// message: `requested schema`, `property "age": minimum`, `required/1`.
func describeLocation(loc []string) string {
	switch {
	case len(loc) == 0:
		return "requested schema"
	case len(loc) >= 2 && loc[0] == "properties":
		if len(loc) == 2 {
			return fmt.Sprintf("property %q", loc[1])
		}
		return fmt.Sprintf("property %q: %s", loc[1], strings.Join(loc[2:], "/"))
	}
	return strings.Join(loc, "/")
}

// pointerTokens splits a JSON pointer ("/properties/a~1b") into tokens.
func pointerTokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	ptr = strings.TrimPrefix(ptr, "/")
	toks := strings.Split(ptr, "/")
	for i, t := range toks {
		t = strings.ReplaceAll(t, "~1", "/")
		toks[i] = strings.ReplaceAll(t, "~0", "~")
	}
	return toks
}

// walkPath follows an instance location from root. Objects resolve keys to
// their last member, as JSON decoders do. It returns the deepest node
// reached.
func walkPath(root *Node, loc []string) *Node {
	n := root
	for _, tok := range loc {
		var next *Node
		switch n.Kind {
		case Object:
			next = lastMember(n, tok)
		case Array:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Elems) {
				next = n.Elems[i]
			}
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

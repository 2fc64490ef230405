// Package config holds elicitlint's settings: the flags (their names are
// public interface, the same under go vet, standalone and as golangci-lint
// settings), their values, and the names of the checks they turn off, with
// the docs page of each.
//
// It uses internal/mcpsdk (the SDK names -forks accepts), internal/schema
// (spec versions) and internal/sensitive (patterns).
package config

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/elicitlint/elicitlint/internal/effect"
	"github.com/elicitlint/elicitlint/internal/mcpsdk"
	"github.com/elicitlint/elicitlint/internal/schema"
	"github.com/elicitlint/elicitlint/internal/sensitive"
)

// DocsURL is where each check's page lives; a diagnostic's URL is
// DocsURL + DocPage(check) + ".md".
const DocsURL = "https://github.com/elicitlint/elicitlint/blob/main/docs/"

// Check names. They are the diagnostics' Category, the names used by
// suppression directives, -disable and the golangci-lint settings. The
// three schema checks are named by internal/schema, which makes their
// findings.
const (
	CheckMessage       = "message"
	CheckMode          = "mode"
	CheckElicitationID = "elicitation-id"
	CheckActions       = "actions"
	CheckContent       = "content"
	CheckNested        = schema.CheckNested
	CheckSchema        = schema.CheckSchema
	CheckSensitive     = schema.CheckSensitive
	CheckContentSchema = "content-schema"
	CheckRoundTrip     = "round-trip"
	CheckFailOpen      = "fail-open"
	CheckCapabilities  = "capabilities"
	CheckRequestState  = "request-state"
	// CheckDirective is the category of findings about suppression
	// directives themselves: malformed ones and ones that suppress nothing.
	// It is not in the registry: the reporter makes these findings.
	CheckDirective = "directive"
)

// Checks lists every check name in documentation order: the order of the
// registry.
var Checks = []string{
	CheckMessage, CheckMode, CheckElicitationID, CheckActions, CheckContent,
	CheckNested, CheckSchema, CheckSensitive, CheckContentSchema,
	CheckRoundTrip, CheckFailOpen, CheckCapabilities, CheckRequestState,
}

func isCheck(name string) bool { return slices.Contains(Checks, name) }

// DocPage names the docs/ page of a check: the check's own name, except
// for directive findings, which are explained on the suppression page.
func DocPage(check string) string {
	if check == CheckDirective {
		return "suppression"
	}
	return check
}

func DocURL(check string) string { return DocsURL + DocPage(check) + ".md" }

// Flag names are public interface: golangci-lint settings and docs use the
// same names. Do not rename them.
const (
	FlagMaxMessageLength   = "max-message-length"
	FlagSpec               = "spec"
	FlagForks              = "forks"
	FlagDefaultHandlesRest = "actions-default-handles-rest"
	FlagSensitivePatterns  = "sensitive-patterns"
	FlagSensitiveAllow     = "sensitive-allow"
	FlagReplaySafe         = "replay-safe"
	FlagDisable            = "disable"
)

// Config is the settings of an analyzer made with New. The zero value of
// a field means its default.
type Config struct {
	MaxMessageLength   int      // -max-message-length (default 200)
	Spec               string   // -spec (default 2025-11-25)
	Forks              []string // -forks, module=sdk pairs
	DefaultHandlesRest bool     // -actions-default-handles-rest
	SensitivePatterns  []string // -sensitive-patterns
	SensitiveAllow     []string // -sensitive-allow
	ReplaySafe         []string // -replay-safe
	Disable            []string // -disable
}

// Flags spells c as flag settings, in a fixed order.
func (c Config) Flags() [][2]string {
	var out [][2]string
	add := func(name, v string) { out = append(out, [2]string{name, v}) }
	if c.MaxMessageLength != 0 {
		add(FlagMaxMessageLength, strconv.Itoa(c.MaxMessageLength))
	}
	if c.Spec != "" {
		add(FlagSpec, c.Spec)
	}
	if len(c.Forks) > 0 {
		add(FlagForks, strings.Join(c.Forks, ","))
	}
	if c.DefaultHandlesRest {
		add(FlagDefaultHandlesRest, "true")
	}
	if len(c.SensitivePatterns) > 0 {
		add(FlagSensitivePatterns, strings.Join(c.SensitivePatterns, ","))
	}
	if len(c.SensitiveAllow) > 0 {
		add(FlagSensitiveAllow, strings.Join(c.SensitiveAllow, ","))
	}
	if len(c.ReplaySafe) > 0 {
		add(FlagReplaySafe, strings.Join(c.ReplaySafe, ","))
	}
	if len(c.Disable) > 0 {
		add(FlagDisable, strings.Join(c.Disable, ","))
	}
	return out
}

// Settings holds one analyzer's settings. Every setting that changes results
// is a flag, so that go vet's cache key covers it.
type Settings struct {
	MaxMessageLength   positiveInt
	spec               specValue
	Forks              forkList
	DefaultHandlesRest bool
	SensitivePatterns  patternList
	SensitiveAllow     ListValue
	ReplaySafe         replaySafeList
	Disable            checkList

	// matcher is the sensitive check's matcher of these settings, made on
	// first need (see SensitiveMatcher).
	matcherOnce sync.Once
	matcher     *sensitive.Matcher
	matcherErr  error
}

// SensitiveMatcher returns the matcher of -sensitive-patterns and
// -sensitive-allow, made once: the flags are set before any package is
// analysed, and a matcher is only read once made, by every package.
func (c *Settings) SensitiveMatcher() (*sensitive.Matcher, error) {
	c.matcherOnce.Do(func() {
		c.matcher, c.matcherErr = sensitive.New(c.SensitivePatterns.ListValue, c.SensitiveAllow)
	})
	return c.matcher, c.matcherErr
}

// Default is the settings of the default analyzers (analyzer.Analyzer,
// the check packages' Analyzer), which analyzer.Analyzer's flags set.
var Default = NewSettings()

// NewSettings returns the default settings.
func NewSettings() *Settings {
	return &Settings{MaxMessageLength: 200, spec: specValue(schema.DefaultVersion)}
}

func (c *Settings) Register(fs *flag.FlagSet) {
	fs.Var(&c.MaxMessageLength, FlagMaxMessageLength, "report elicitation messages longer than this many characters (runes)")
	fs.Var(&c.spec, FlagSpec, "MCP spec version to check against: 2025-06-18, 2025-11-25 or 2026-07-28")
	fs.Var(&c.Forks, FlagForks, "comma-separated module=sdk pairs naming forks of a supported SDK, e.g. github.com/acme/mcp-go=mcp-go (sdk: "+strings.Join(mcpsdk.Names(), " or ")+")")
	fs.BoolVar(&c.DefaultHandlesRest, FlagDefaultHandlesRest, false, "count a default case, final else or the other side of a comparison with \"accept\" as handling the actions not named (like exhaustive's -default-signifies-exhaustive)")
	fs.Var(&c.SensitivePatterns, FlagSensitivePatterns, "comma-separated extra words or phrases that mark a form field as a secret, e.g. \"license key,voucher code\"")
	fs.Var(&c.SensitiveAllow, FlagSensitiveAllow, "comma-separated form field names never reported as secrets")
	fs.Var(&c.ReplaySafe, FlagReplaySafe, "comma-separated calls that only read and may run again when the round-trip migration replays a handler, e.g. \"(*store.Store).Get*,cache.Load\"")
	fs.Var(&c.Disable, FlagDisable, "comma-separated checks to turn off: "+strings.Join(Checks, ", "))
}

func (c *Settings) Version() schema.Version { return schema.Version(c.spec) }

type positiveInt int

func (v *positiveInt) String() string { return strconv.Itoa(int(*v)) }

func (v *positiveInt) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return fmt.Errorf("want a positive whole number, got %q", s)
	}
	*v = positiveInt(n)
	return nil
}

type specValue schema.Version

func (v *specValue) String() string { return string(*v) }

func (v *specValue) Set(s string) error {
	s = strings.TrimSpace(s)
	// YAML reads an unquoted 2025-11-25 as a timestamp, which golangci-lint
	// hands on as "2025-11-25T00:00:00Z": take the date.
	if d, rest, ok := strings.Cut(s, "T"); ok && (rest == "00:00:00Z" || strings.HasPrefix(rest, "00:00:00+")) {
		s = d
	}
	ver, err := schema.ParseVersion(s)
	if err != nil {
		return err
	}
	*v = specValue(ver)
	return nil
}

type ListValue []string

func (v *ListValue) String() string { return strings.Join(*v, ",") }

func (v *ListValue) Set(s string) error {
	*v = nil
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*v = append(*v, part)
		}
	}
	return nil
}

// forkList is a listValue of module=sdk pairs, checked when set.
type forkList struct{ ListValue }

func (v *forkList) Set(s string) error {
	var l ListValue
	l.Set(s)
	if _, err := mcpsdk.NewSet(l); err != nil {
		return err
	}
	v.ListValue = l
	return nil
}

// patternList is a listValue whose phrases must be usable by the matcher.
type patternList struct{ ListValue }

func (v *patternList) Set(s string) error {
	var l ListValue
	l.Set(s)
	if _, err := sensitive.New(l, nil); err != nil {
		return err
	}
	v.ListValue = l
	return nil
}

// replaySafeList is the -replay-safe patterns, checked when set.
type replaySafeList struct{ Patterns effect.Patterns }

func (v *replaySafeList) String() string {
	var names []string
	for _, p := range v.Patterns {
		names = append(names, p.String())
	}
	return strings.Join(names, ",")
}

func (v *replaySafeList) Set(s string) error {
	var l ListValue
	l.Set(s)
	ps, err := effect.ParsePatterns(l)
	if err != nil {
		return err
	}
	v.Patterns = ps
	return nil
}

type checkList map[string]bool

func (v *checkList) String() string {
	var names []string
	for _, c := range append(Checks, CheckDirective) {
		if (*v)[c] {
			names = append(names, c)
		}
	}
	return strings.Join(names, ",")
}

func (v *checkList) Set(s string) error {
	m := checkList{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !isCheck(part) && part != CheckDirective {
			return fmt.Errorf("unknown check %q (checks: %s)", part, strings.Join(Checks, ", "))
		}
		m[part] = true
	}
	*v = m
	return nil
}

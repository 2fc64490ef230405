package analyzer

import "github.com/elicitlint/elicitlint/internal/config"

// Config is the settings of an analyzer made with New. The zero value of
// a field means its default.
type Config = config.Config

// DocsURL is where each check's page lives; a diagnostic's URL is
// DocsURL + DocPage(check) + ".md".
const DocsURL = config.DocsURL

// Check names. They are the diagnostics' Category, the names used by
// suppression directives, -disable and the golangci-lint settings.
const (
	CheckMessage       = config.CheckMessage
	CheckMode          = config.CheckMode
	CheckElicitationID = config.CheckElicitationID
	CheckActions       = config.CheckActions
	CheckContent       = config.CheckContent
	CheckNested        = config.CheckNested
	CheckSchema        = config.CheckSchema
	CheckSensitive     = config.CheckSensitive
	CheckContentSchema = config.CheckContentSchema
	CheckRoundTrip     = config.CheckRoundTrip
	CheckFailOpen      = config.CheckFailOpen
	CheckCapabilities  = config.CheckCapabilities
	CheckRequestState  = config.CheckRequestState
	// CheckDirective is the category of findings about suppression
	// directives themselves.
	CheckDirective = config.CheckDirective
)

// Checks lists every check name in documentation order.
var Checks = config.Checks

// DocPage names the docs/ page of a check: the check's own name, except
// for directive findings, which are explained on the suppression page.
func DocPage(check string) string { return config.DocPage(check) }

// Flag names are public interface: golangci-lint settings and docs use the
// same names.
const (
	FlagMaxMessageLength   = config.FlagMaxMessageLength
	FlagSpec               = config.FlagSpec
	FlagForks              = config.FlagForks
	FlagDefaultHandlesRest = config.FlagDefaultHandlesRest
	FlagSensitivePatterns  = config.FlagSensitivePatterns
	FlagSensitiveAllow     = config.FlagSensitiveAllow
	FlagReplaySafe         = config.FlagReplaySafe
	FlagDisable            = config.FlagDisable
)

package analyzer

import (
	"github.com/elicitlint/elicitlint/internal/check"
	"github.com/elicitlint/elicitlint/internal/config"
)

// registry lists every check, in documentation order (config.Checks).
// -disable skips a check here and in its own analyzer, nowhere else.
var registry = []check.Check{
	{Name: config.CheckMessage, Run: checkMessage},
	{Name: config.CheckMode, Run: checkMode},
	{Name: config.CheckElicitationID, Run: checkElicitationID},
	{Name: config.CheckActions, Run: checkActions},
	{Name: config.CheckContent, Run: checkContent},
	{Name: config.CheckNested, Run: checkSchemaFindings},
	{Name: config.CheckSchema, Run: checkSchemaFindings},
	{Name: config.CheckSensitive, Run: checkSchemaFindings},
	{Name: config.CheckContentSchema, Run: checkContentSchema},
	{Name: config.CheckRoundTrip, Run: checkRoundTrip},
	{Name: config.CheckFailOpen, Run: checkFailOpen},
}

// Package plugin registers elicitlint as a golangci-lint v2 module plugin.
//
// Build golangci-lint with it from a clone of this repository (the module is
// not published yet):
//
//	(cd plugin/gcl && go build -o ../../bin/custom-gcl .)
//
// In .golangci.yml:
//
//	linters:
//	  enable: [elicitlint]
//	  settings:
//	    custom:
//	      elicitlint:
//	        type: module
//	        settings:
//	          max-message-length: 150
//	          spec: 2025-11-25
//	          disable: [elicitation-id]
//	issues:
//	  max-issues-per-linter: 0
//	  max-same-issues: 0
//	  uniq-by-line: false
//
// The issues settings stop golangci-lint from hiding repeated findings and
// second findings on a line (docs/golangci-lint.md). Settings are the
// analyzer's flags, under the same names; an unknown setting or a bad value
// is an error.
package plugin

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("elicitlint", New)
}

type plugin struct{}

// New applies the settings to the analyzer's flags.
func New(conf any) (register.LinterPlugin, error) {
	settings, err := register.DecodeSettings[map[string]any](conf)
	if err != nil {
		return nil, fmt.Errorf("elicitlint: %w", err)
	}
	if err := Apply(settings); err != nil {
		return nil, err
	}
	return plugin{}, nil
}

// Apply sets each setting as the analyzer flag of the same name.
func Apply(settings map[string]any) error {
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := analyzer.Analyzer.Flags.Lookup(k)
		if f == nil {
			return fmt.Errorf("elicitlint: unknown setting %q (settings: %s)", k, strings.Join(flagNames(), ", "))
		}
		v, err := flagText(settings[k])
		if err != nil {
			return fmt.Errorf("elicitlint: setting %q: %v", k, err)
		}
		if err := f.Value.Set(v); err != nil {
			return fmt.Errorf("elicitlint: setting %q: %v", k, err)
		}
	}
	return nil
}

// flagText renders a YAML value as flag text: lists join with commas.
func flagText(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			s, err := flagText(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("want a string, number, boolean or list, got %T", v)
}

func flagNames() []string {
	var names []string
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.Analyzer}, nil
}

// GetLoadMode: elicitlint needs type information (and builds SSA itself).
func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

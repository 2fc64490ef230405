package schema

import (
	"fmt"
	"strings"
)

// Version is an MCP specification version, written as its release date.
type Version string

// The MCP specification versions that have elicitation. 2024-11-05 and
// 2025-03-26 have none. The draft specification is the same as 2026-07-28
// for elicitation.
const (
	V20250618 Version = "2025-06-18"
	V20251125 Version = "2025-11-25"
	V20260728 Version = "2026-07-28"
)

// DefaultVersion is the version checked when none is configured.
const DefaultVersion = V20251125

// Versions lists the supported versions, oldest first.
func Versions() []Version { return []Version{V20250618, V20251125, V20260728} }

// ParseVersion validates s as one of the supported versions.
func ParseVersion(s string) (Version, error) {
	for _, v := range Versions() {
		if s == string(v) {
			return v, nil
		}
	}
	names := make([]string, 0, 3)
	for _, v := range Versions() {
		names = append(names, string(v))
	}
	return "", fmt.Errorf("unknown MCP spec version %q: valid versions are %s (versions before 2025-06-18 have no elicitation)", s, strings.Join(names, ", "))
}

// Valid reports whether v is one of the supported versions.
func (v Version) Valid() bool {
	_, err := ParseVersion(string(v))
	return err == nil
}

// AtLeast reports whether v is o or a later version. Versions are dates in
// ISO form, so they order as strings.
func (v Version) AtLeast(o Version) bool { return v >= o }

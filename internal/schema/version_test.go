package schema

import (
	"strings"
	"testing"
)

func TestParseVersion(t *testing.T) {
	for _, s := range []string{"2025-06-18", "2025-11-25", "2026-07-28"} {
		v, err := ParseVersion(s)
		if err != nil || string(v) != s || !v.Valid() {
			t.Errorf("ParseVersion(%q) = %q, %v", s, v, err)
		}
	}
	for _, s := range []string{"", "latest", "draft", "2025-03-26", "2024-11-05", "2025-11-25 ", "2025-6-18", "V20251125"} {
		v, err := ParseVersion(s)
		if err == nil {
			t.Errorf("ParseVersion(%q) = %q; want an error", s, v)
			continue
		}
		msg := err.Error()
		for _, want := range []string{"2025-06-18", "2025-11-25", "2026-07-28", "unknown MCP spec version"} {
			if !strings.Contains(msg, want) {
				t.Errorf("ParseVersion(%q) error %q does not mention %q", s, msg, want)
			}
		}
		if Version(s).Valid() {
			t.Errorf("Version(%q).Valid() = true", s)
		}
	}
	if DefaultVersion != V20251125 {
		t.Errorf("DefaultVersion = %s", DefaultVersion)
	}
}

func TestVersionAtLeast(t *testing.T) {
	tests := []struct {
		v, o Version
		want bool
	}{
		{V20250618, V20250618, true},
		{V20250618, V20251125, false},
		{V20251125, V20250618, true},
		{V20260728, V20251125, true},
		{V20251125, V20260728, false},
	}
	for _, tt := range tests {
		if got := tt.v.AtLeast(tt.o); got != tt.want {
			t.Errorf("%s.AtLeast(%s) = %v", tt.v, tt.o, got)
		}
	}
	if vs := Versions(); len(vs) != 3 || vs[0] != V20250618 || vs[2] != V20260728 {
		t.Errorf("Versions() = %v", vs)
	}
}

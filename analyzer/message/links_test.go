package message

import "testing"

func TestClickable(t *testing.T) {
	for text, want := range map[string]string{
		"Open https://example.com/pay to pay.":            "https://example.com/pay",
		"See www.acme.io, then confirm":                   "www.acme.io",
		"Your repo URL (e.g. https://github.com/o/r)":     "",
		"Enter a URL such as https://x.dev":               "",
		"Visit https://":                                  "",
		"No link here":                                    "",
		"Type www. and the rest":                          "",
		"Read (https://docs.acme.io/terms) and accept":    "https://docs.acme.io/terms",
		"mailto:x@y and xhttps://not":                     "",
		"e.g. https://a.b or see HTTPS://Docs.acme.io/x.": "HTTPS://Docs.acme.io/x",
	} {
		if got := clickable(text); got != want {
			t.Errorf("clickable(%q) = %q, want %q", text, got, want)
		}
	}
}

// Package docs holds elicitlint's user documentation: one page per check
// (<check>.md) and pages on running it. The pages are embedded so that
// `elicitlint -explain CHECK` and the SARIF rules print the same text the
// repository shows.
package docs

import (
	"embed"
	"strings"
)

//go:embed *.md
var pages embed.FS

// Page returns the Markdown page for a check, or "" if there is none.
func Page(check string) string {
	if strings.ContainsAny(check, "/\\.") {
		return ""
	}
	b, err := pages.ReadFile(check + ".md")
	if err != nil {
		return ""
	}
	return string(b)
}

// Summary returns the first paragraph after a page's title.
func Summary(page string) string {
	return strings.Join(strings.Fields(firstParagraph(page)), " ")
}

// Section returns the body of the "## name" section of a page, trimmed.
func Section(page, name string) string {
	lines := strings.Split(page, "\n")
	var out []string
	in := false
	for _, l := range lines {
		if strings.HasPrefix(l, "## ") {
			if in {
				break
			}
			in = strings.TrimSpace(l[3:]) == name
			continue
		}
		if in {
			out = append(out, l)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

func firstParagraph(page string) string {
	var para []string
	for _, l := range strings.Split(page, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "# "):
			continue
		case t == "" && len(para) > 0:
			return strings.Join(para, " ")
		case t == "":
			continue
		case strings.HasPrefix(t, "## "):
			return strings.Join(para, " ")
		default:
			para = append(para, t)
		}
	}
	return strings.Join(para, " ")
}

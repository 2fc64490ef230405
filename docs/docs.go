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

// Page returns the Markdown page for a check, or "" if there is none,
// without the marks that tell the documentation's test what each Go block
// is (see docs_test.go): a rendered page does not show them either.
func Page(check string) string {
	if strings.ContainsAny(check, "/\\.") {
		return ""
	}
	b, err := pages.ReadFile(check + ".md")
	if err != nil {
		return ""
	}
	return withoutMarks(string(b))
}

// markStart opens a mark: an HTML comment on the lines before a Go block.
const markStart = "<!-- elicitlint:"

// withoutMarks removes the lines of every mark, from markStart to the
// line that ends with "-->".
func withoutMarks(page string) string {
	if !strings.Contains(page, markStart) {
		return page
	}
	var out []string
	in := false
	for _, l := range strings.Split(page, "\n") {
		if !in && strings.HasPrefix(l, markStart) {
			in = true
		}
		if !in {
			out = append(out, l)
		}
		if in && strings.HasSuffix(strings.TrimSpace(l), "-->") {
			in = false
		}
	}
	return strings.Join(out, "\n")
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

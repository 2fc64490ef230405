package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/elicitlint/elicitlint/analyzer"
	"github.com/elicitlint/elicitlint/docs"
	"github.com/elicitlint/elicitlint/internal/schema"
)

// guides are the docs pages that are not a check's page, in the order
// -explain lists them.
var guides = []string{"suppression", "standalone", "go-vet", "go-fix", "golangci-lint", "pre-commit", "ci", "reliability"}

// topicPage maps an -explain topic to its docs page: a check, "directive"
// (explained on the suppression page) or a guide.
func topicPage(topic string) string {
	if slices.Contains(analyzer.Checks, topic) || topic == analyzer.CheckDirective {
		return analyzer.DocPage(topic)
	}
	if slices.Contains(guides, topic) {
		return topic
	}
	return ""
}

func topics() []string {
	return append(append(slices.Clone(analyzer.Checks), analyzer.CheckDirective), guides...)
}

// explain prints the page of a topic, rendered for a terminal; without a
// topic it lists them. It returns the exit status.
func explain(w, errw io.Writer, topic string) int {
	// "(actions)", as a finding ends, works too.
	topic = strings.Trim(strings.TrimSpace(topic), "()")
	if topic == "" {
		listTopics(w)
		return exitClean
	}
	name := topicPage(topic)
	page := docs.Page(name)
	if name == "" || page == "" {
		msg := fmt.Sprintf("elicitlint: no topic %q", topic)
		if s := schema.Suggest(topic, topics()); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		fmt.Fprintf(errw, "%s\nrun elicitlint -explain to list the topics\n", msg)
		return exitUsage
	}
	if topic == analyzer.CheckDirective {
		fmt.Fprintf(w, "Findings ending in (directive) are about //elicitlint: comments; they are explained\non the suppression page.\n\n")
	}
	io.WriteString(w, renderMarkdown(page))
	fmt.Fprintf(w, "\nOnline: %s%s.md\n", analyzer.DocsURL, name)
	return exitClean
}

func listTopics(w io.Writer) {
	fmt.Fprintf(w, "Checks (elicitlint -explain CHECK):\n")
	listChecks(w, "  ")
	fmt.Fprintf(w, "\nOther topics:\n")
	fmt.Fprintf(w, "  %-15s %s\n", analyzer.CheckDirective, "findings about //elicitlint: comments (shown with the suppression page)")
	for _, g := range guides {
		fmt.Fprintf(w, "  %-15s %s\n", g, firstSentence(summary(g)))
	}
}

// summary is the first paragraph of a page, without inline markup.
func summary(page string) string {
	return inline(docs.Summary(docs.Page(page)))
}

// firstSentence cuts s after its first full stop.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// tableWidth is the widest table drawn as columns; wider ones are drawn
// one row per block.
const tableWidth = 100

// renderMarkdown renders a docs page as plain text: headings underlined,
// code blocks indented, tables as aligned columns (or one block per row
// when too wide), and inline markup (backquotes, bold, links) removed.
func renderMarkdown(page string) string {
	var out strings.Builder
	lines := strings.Split(strings.TrimRight(page, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "```"):
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				code := lines[i]
				for strings.HasPrefix(code, "\t") {
					code = "    " + code[1:]
				}
				out.WriteString(strings.TrimRight("    "+code, " ") + "\n")
			}
		case strings.HasPrefix(l, "#"):
			level := len(l) - len(strings.TrimLeft(l, "#"))
			title := inline(strings.TrimSpace(l[level:]))
			switch level {
			case 1:
				out.WriteString(title + "\n" + strings.Repeat("=", utf8.RuneCountInString(title)) + "\n")
			case 2:
				out.WriteString(title + "\n" + strings.Repeat("-", utf8.RuneCountInString(title)) + "\n")
			default:
				out.WriteString(title + ":\n")
			}
		case strings.HasPrefix(l, "|"):
			var rows []string
			for ; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
				rows = append(rows, lines[i])
			}
			i--
			out.WriteString(renderTable(rows))
		default:
			out.WriteString(inline(l) + "\n")
		}
	}
	return out.String()
}

var (
	linkRE   = regexp.MustCompile(`\[([^\]]+)\]\(([^)]+)\)`)
	boldRE   = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	cellSepR = regexp.MustCompile(`^\s*:?-+:?\s*$`)
)

// inline removes inline markup: links keep their text (and an absolute
// URL in parentheses), bold and code lose their markers.
func inline(s string) string {
	s = linkRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := linkRE.FindStringSubmatch(m)
		text, url := sub[1], sub[2]
		if strings.HasPrefix(url, "http://") || strings.HasPrefix(url, "https://") {
			return text + " (" + url + ")"
		}
		return text
	})
	s = boldRE.ReplaceAllString(s, "$1")
	return strings.ReplaceAll(s, "`", "")
}

// renderTable draws Markdown table rows as aligned columns.
func renderTable(rows []string) string {
	var cells [][]string
	for _, r := range rows {
		r = strings.TrimSpace(r)
		r = strings.TrimPrefix(strings.TrimSuffix(r, "|"), "|")
		r = strings.ReplaceAll(r, `\|`, "\x00")
		parts := strings.Split(r, "|")
		if slices.IndexFunc(parts, func(p string) bool { return !cellSepR.MatchString(p) }) < 0 {
			continue // the header separator
		}
		row := make([]string, len(parts))
		for i, p := range parts {
			row[i] = inline(strings.ReplaceAll(strings.TrimSpace(p), "\x00", "|"))
		}
		cells = append(cells, row)
	}
	if len(cells) == 0 {
		return ""
	}
	ncol := 0
	for _, row := range cells {
		ncol = max(ncol, len(row))
	}
	widths := make([]int, ncol)
	for _, row := range cells {
		for i, c := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	total := 2 * (ncol - 1)
	for _, w := range widths {
		total += w
	}
	var out strings.Builder
	if total <= tableWidth {
		for r, row := range cells {
			var b strings.Builder
			for i, c := range row {
				b.WriteString(c)
				if i < len(row)-1 {
					b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
				}
			}
			out.WriteString(strings.TrimRight(b.String(), " ") + "\n")
			if r == 0 && len(cells) > 1 {
				out.WriteString(strings.Repeat("-", min(total, tableWidth)) + "\n")
			}
		}
		return out.String()
	}
	// Too wide: the first column, then each other cell under it with its
	// header.
	header := cells[0]
	for _, row := range cells[1:] {
		out.WriteString(row[0] + "\n")
		for i := 1; i < len(row); i++ {
			if row[i] == "" {
				continue
			}
			h := ""
			if i < len(header) && header[i] != "" {
				h = header[i] + ": "
			}
			out.WriteString("    " + h + row[i] + "\n")
		}
	}
	return out.String()
}

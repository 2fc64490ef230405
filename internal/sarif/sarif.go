// Package sarif writes elicitlint's findings as a SARIF 2.1.0 log, the
// format GitHub code scanning and other CI dashboards read.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Rule describes one check.
type Rule struct {
	ID, Short, Full, HelpText, HelpMarkdown, HelpURI string
}

// Finding is one diagnostic, with Go positions: byte columns, 1-based.
type Finding struct {
	RuleID  string
	Message string
	File    string // absolute path
	Line    int
	Col     int
	EndLine int
	EndCol  int
	Related []Related // the diagnostic's related positions, in order
}

// Related is a position that a finding refers to (a diagnostic's
// RelatedInformation), with what is there.
type Related struct {
	Message string
	File    string // absolute path
	Line    int
	Col     int
	EndLine int
	EndCol  int
}

// Tool names the producer.
type Tool struct {
	Name, Version, InformationURI string
}

type log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []run  `json:"runs"`
}

type run struct {
	Tool               tool                   `json:"tool"`
	OriginalURIBaseIDs map[string]artifactLoc `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                 `json:"columnKind"`
	Results            []result               `json:"results"`
}

type tool struct {
	Driver driver `json:"driver"`
}

type driver struct {
	Name           string `json:"name"`
	SemanticVer    string `json:"semanticVersion,omitempty"`
	Version        string `json:"version,omitempty"`
	InformationURI string `json:"informationUri,omitempty"`
	Rules          []rule `json:"rules"`
}

type text struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type rule struct {
	ID                   string     `json:"id"`
	Name                 string     `json:"name"`
	ShortDescription     text       `json:"shortDescription"`
	FullDescription      text       `json:"fullDescription"`
	Help                 text       `json:"help"`
	HelpURI              string     `json:"helpUri,omitempty"`
	DefaultConfiguration ruleConfig `json:"defaultConfiguration"`
	Properties           ruleProps  `json:"properties"`
}

type ruleConfig struct {
	Level string `json:"level"`
}

type ruleProps struct {
	Tags      []string `json:"tags"`
	Precision string   `json:"precision"`
}

type result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             text              `json:"message"`
	Locations           []location        `json:"locations"`
	RelatedLocations    []location        `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

// A location is a result's place (locations) or one of the places it
// refers to (relatedLocations, SARIF 2.1.0 §3.27.22), which carry an id
// unique in the result (1, 2, ...) and a message.
type location struct {
	ID               int              `json:"id,omitempty"`
	PhysicalLocation physicalLocation `json:"physicalLocation"`
	Message          *text            `json:"message,omitempty"`
}

type physicalLocation struct {
	ArtifactLocation artifactLoc `json:"artifactLocation"`
	Region           region      `json:"region"`
}

type artifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// Write writes the log, with the results in the order of findings (the
// driver sorts them by file, line, column, rule and message, as it does
// for every output format). Paths under root become relative URIs against
// %SRCROOT%; readFile supplies file contents for column conversion and
// fingerprints (nil: byte columns are used as they are).
func Write(w io.Writer, t Tool, rules []Rule, findings []Finding, root string, readFile func(string) ([]byte, error)) error {
	index := map[string]int{}
	var rs []rule
	for i, r := range rules {
		index[r.ID] = i
		rs = append(rs, rule{
			ID: r.ID, Name: r.ID,
			ShortDescription:     text{Text: nonEmpty(r.Short, r.ID)},
			FullDescription:      text{Text: nonEmpty(r.Full, r.Short, r.ID)},
			Help:                 text{Text: nonEmpty(r.HelpText, r.Short, r.ID), Markdown: r.HelpMarkdown},
			HelpURI:              r.HelpURI,
			DefaultConfiguration: ruleConfig{Level: "warning"},
			Properties:           ruleProps{Tags: []string{"mcp", "elicitation"}, Precision: "high"},
		})
	}
	files := map[string][]string{}
	lines := func(path string) []string {
		if l, ok := files[path]; ok {
			return l
		}
		var l []string
		if readFile != nil {
			if data, err := readFile(path); err == nil {
				l = strings.Split(string(data), "\n")
			}
		}
		files[path] = l
		return l
	}
	results := []result{}
	seen := map[string]int{}
	for _, f := range findings {
		idx, ok := index[f.RuleID]
		if !ok {
			continue
		}
		ls := lines(f.File)
		uri, _ := relURI(root, f.File)
		// The fingerprint ignores line numbers, so that a finding keeps its
		// identity when code above it moves: rule, file, the trimmed text of
		// the line, and which occurrence of that triple it is.
		lineText := ""
		if f.Line-1 < len(ls) && f.Line >= 1 {
			lineText = strings.TrimSpace(ls[f.Line-1])
		}
		key := f.RuleID + "\x00" + uri + "\x00" + lineText
		seen[key]++
		sum := sha256.Sum256([]byte(key + "\x00" + strconv.Itoa(seen[key])))
		var related []location
		for i, r := range f.Related {
			related = append(related, location{
				ID:               i + 1,
				PhysicalLocation: physical(root, r.File, lines(r.File), r.Line, r.Col, r.EndLine, r.EndCol),
				Message:          &text{Text: nonEmpty(r.Message)},
			})
		}
		results = append(results, result{
			RuleID: f.RuleID, RuleIndex: idx, Level: "warning",
			Message:             text{Text: f.Message},
			Locations:           []location{{PhysicalLocation: physical(root, f.File, ls, f.Line, f.Col, f.EndLine, f.EndCol)}},
			RelatedLocations:    related,
			PartialFingerprints: map[string]string{"primaryLocationLineHash": hex.EncodeToString(sum[:16])},
		})
	}
	r := run{
		Tool:       tool{Driver: driver{Name: t.Name, Version: t.Version, SemanticVer: semver(t.Version), InformationURI: t.InformationURI, Rules: rs}},
		ColumnKind: "utf16CodeUnits",
		Results:    results,
	}
	if root != "" {
		r.OriginalURIBaseIDs = map[string]artifactLoc{"%SRCROOT%": {URI: fileURI(root) + "/"}}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []run{r}})
}

// physical is the place of a position in file, whose lines are ls: byte
// columns become UTF-16 columns, and an end before the start becomes the
// start.
func physical(root, file string, ls []string, line, col, endLine, endCol int) physicalLocation {
	startCol := utf16Col(ls, line, col)
	if endLine < line || endLine == 0 {
		endLine, endCol = line, col
	}
	endC := utf16Col(ls, endLine, endCol)
	if endLine == line && endC < startCol {
		endC = startCol
	}
	uri, base := relURI(root, file)
	return physicalLocation{
		ArtifactLocation: artifactLoc{URI: uri, URIBaseID: base},
		Region:           region{StartLine: line, StartColumn: startCol, EndLine: endLine, EndColumn: endC},
	}
}

func nonEmpty(xs ...string) string {
	for _, x := range xs {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return "-"
}

// semver returns v without a leading "v" when it looks like a version.
func semver(v string) string {
	v = strings.TrimPrefix(v, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return ""
	}
	return v
}

// utf16Col converts a 1-based byte column to a 1-based UTF-16 column.
func utf16Col(lines []string, line, col int) int {
	if col < 1 {
		return 1
	}
	if line < 1 || line > len(lines) {
		return col
	}
	l := lines[line-1]
	if col-1 > len(l) {
		return col
	}
	n := 0
	for _, r := range l[:col-1] {
		if r == utf8.RuneError {
			n++
			continue
		}
		n += len(utf16.Encode([]rune{r}))
	}
	return n + 1
}

// relURI returns path relative to root as a URI with base %SRCROOT%, or an
// absolute file URI when path is outside root.
func relURI(root, path string) (string, string) {
	if root != "" {
		if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
			parts := strings.Split(filepath.ToSlash(rel), "/")
			for i, p := range parts {
				parts[i] = url.PathEscape(p)
			}
			return strings.Join(parts, "/"), "%SRCROOT%"
		}
	}
	return fileURI(path), ""
}

func fileURI(path string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	return u.String()
}

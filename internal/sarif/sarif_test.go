package sarif

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/elicitlint/elicitlint/internal/proof/prooftest"
)

func TestUTF16Columns(t *testing.T) {
	lines := []string{`x := "héllo" + "😀" + y`}
	// Byte columns: é is 2 bytes (1 UTF-16 unit), 😀 is 4 bytes (2 units).
	for _, tc := range []struct{ byteCol, want int }{
		{1, 1},
		{7, 7},   // h
		{10, 9},  // l, after the two bytes of é
		{18, 17}, // 😀
		{22, 19}, // the quote after 😀: 4 bytes became 2 units
	} {
		if got := utf16Col(lines, 1, tc.byteCol); got != tc.want {
			t.Errorf("utf16Col(%d) = %d, want %d", tc.byteCol, got, tc.want)
		}
	}
}

func TestFingerprintsStableAcrossLineMoves(t *testing.T) {
	write := func(src string, line int) string {
		var buf bytes.Buffer
		err := Write(&buf, Tool{Name: "t"}, []Rule{{ID: "message"}},
			[]Finding{{RuleID: "message", Message: "m", File: "/r/a.go", Line: line, Col: 2}}, "/r",
			func(string) ([]byte, error) { return []byte(src), nil })
		if err != nil {
			t.Fatal(err)
		}
		var l struct {
			Runs []struct {
				Results []struct {
					PartialFingerprints map[string]string
					Locations           []struct {
						PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
					}
				}
			}
		}
		if err := json.Unmarshal(buf.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if uri := l.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "a.go" {
			t.Errorf("uri %q, want a.go", uri)
		}
		return l.Runs[0].Results[0].PartialFingerprints["primaryLocationLineHash"]
	}
	a := write("package a\n\tElicit()\n", 2)
	b := write("package a\n\n\n\tElicit()\n", 4)
	if a == "" || a != b {
		t.Errorf("fingerprints %q and %q differ after the line moved", a, b)
	}
}

// A finding's related positions become relatedLocations (SARIF 2.1.0
// §3.27.22): in order, with ids 1, 2, ... unique in the result, the
// related message, UTF-16 columns, and a file URI outside the root. The
// log validates against the SARIF 2.1.0 schema; a finding without related
// positions has no relatedLocations.
func TestRelatedLocations(t *testing.T) {
	files := map[string]string{
		"/r/a.go": "package a\n\nfunc handler() { confirm() }\n",
		"/r/b.go": "package a\n\n// é é\nfunc confirm() { ask() }\n",
	}
	read := func(name string) ([]byte, error) { return []byte(files[name]), nil }
	var buf bytes.Buffer
	err := Write(&buf, Tool{Name: "t"}, []Rule{{ID: "round-trip"}}, []Finding{
		{RuleID: "round-trip", Message: "request", File: "/r/b.go", Line: 4, Col: 18, EndLine: 4, EndCol: 23, Related: []Related{
			{Message: "handler reaches this request", File: "/r/a.go", Line: 3, Col: 6},
			{Message: "after é", File: "/r/b.go", Line: 3, Col: 6, EndLine: 3, EndCol: 7},
			{Message: "outside the root", File: "/elsewhere/c.go", Line: 1, Col: 1},
		}},
		{RuleID: "round-trip", Message: "alone", File: "/r/a.go", Line: 3, Col: 18},
	}, "/r", read)
	if err != nil {
		t.Fatal(err)
	}
	validate(t, buf.Bytes())
	var l struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []struct {
					ID               *int
					Message          struct{ Text string }
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &l); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range l.Runs[0].Results[0].RelatedLocations {
		p := r.PhysicalLocation
		got = append(got, fmt.Sprintf("%d %s %s %d:%d-%d:%d %s", *r.ID, p.ArtifactLocation.URI, p.ArtifactLocation.URIBaseID,
			p.Region.StartLine, p.Region.StartColumn, p.Region.EndLine, p.Region.EndColumn, r.Message.Text))
	}
	want := []string{
		"1 a.go %SRCROOT% 3:6-3:6 handler reaches this request",
		"2 b.go %SRCROOT% 3:5-3:6 after é", // byte columns 6 and 7, after the two bytes of é
		"3 file:///elsewhere/c.go  1:1-1:1 outside the root",
	}
	if !slices.Equal(got, want) {
		t.Errorf("relatedLocations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(l.Runs[0].Results[1].RelatedLocations); n != 0 || strings.Count(buf.String(), "relatedLocations") != 1 {
		t.Errorf("a finding without related positions has %d relatedLocations", n)
	}
}

// validate checks a log against the SARIF 2.1.0 schema in testdata/sarif.
func validate(t *testing.T, log []byte) {
	t.Helper()
	if err := prooftest.ValidateSARIF(t, log); err != nil {
		t.Errorf("SARIF log does not validate: %v", err)
	}
}

package sarif

import (
	"bytes"
	"encoding/json"
	"testing"
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

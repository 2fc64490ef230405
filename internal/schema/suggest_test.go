package schema

import "testing"

func TestSuggest(t *testing.T) {
	props := []string{"email", "name", "age", "firstName", "shipping_address"}
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"emial", props, "email"},  // transposition
		{"emal", props, "email"},   // deletion
		{"emaill", props, "email"}, // insertion
		{"Email", props, "email"},  // case only
		{"first_name", props, "firstName"},
		{"FIRST-NAME", props, "firstName"},
		{"shipping_adress", props, "shipping_address"},
		{"shippingAddr", props, "shipping_address"},
		{"shipAddr", props, ""}, // too far
		{"agee", props, "age"},
		{"ag", props, "age"},
		{"nmae", props, "name"},
		{"phone", props, ""},
		{"email", props, ""}, // exact names are not suggested
		{"", props, ""},
		{"x", nil, ""},
		{"zzzzzzzz", props, ""},
		// formats
		{"datetime", allowedFormats, "date-time"},
		{"date_time", allowedFormats, "date-time"},
		{"url", allowedFormats, "uri"},
		{"e-mail", allowedFormats, "email"},
		{"uuid", allowedFormats, ""},
		{"phone", allowedFormats, ""},
		{"time", allowedFormats, ""},
		// types
		{"strng", []string{"string", "number", "integer", "boolean", "array"}, "string"},
		{"int", []string{"string", "number", "integer", "boolean", "array"}, ""},
		{"bool", []string{"string", "number", "integer", "boolean", "array"}, ""},
		{"numbr", []string{"string", "number", "integer", "boolean", "array"}, "number"},
		// ties go to the first candidate
		{"ab", []string{"ac", "ad"}, "ac"},
		{"ab", []string{"ad", "ac"}, "ad"},
		// longer names tolerate more edits
		{"descriptoin_text", []string{"description_text"}, "description_text"},
		{"abcdefghij", []string{"abcdefghxy"}, "abcdefghxy"},
		{"abcde", []string{"abcxy"}, ""},
	}
	for _, tt := range tests {
		if got := Suggest(tt.name, tt.candidates); got != tt.want {
			t.Errorf("Suggest(%q, %v) = %q; want %q", tt.name, tt.candidates, got, tt.want)
		}
	}
}

func TestOSADistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a", "", 1},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"abc", "acb", 1},
		{"ca", "abc", 3}, // OSA, not full Damerau
		{"kitten", "sitting", 3},
		{"héllo", "hello", 1},
	}
	for _, tt := range tests {
		if got := osaDistance(tt.a, tt.b, 100); got != tt.want {
			t.Errorf("osaDistance(%q, %q) = %d; want %d", tt.a, tt.b, got, tt.want)
		}
		if got := osaDistance(tt.a, tt.b, 1); tt.want >= 1 && got < 1 {
			t.Errorf("osaDistance(%q, %q, max 1) = %d", tt.a, tt.b, got)
		}
	}
}

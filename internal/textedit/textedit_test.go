package textedit

import "testing"

func TestOverlaps(t *testing.T) {
	for _, tc := range []struct {
		a, b Edit
		want bool
	}{
		{Edit{5, 5, "x"}, Edit{5, 5, "y"}, true},  // two insertions at one place
		{Edit{5, 5, "x"}, Edit{6, 6, "y"}, false}, // at different places
		{Edit{5, 5, "x"}, Edit{3, 8, "y"}, true},  // inside a replacement
		{Edit{3, 3, "x"}, Edit{3, 8, "y"}, false}, // before it
		{Edit{8, 8, "x"}, Edit{3, 8, "y"}, false}, // after it
		{Edit{1, 4, "x"}, Edit{3, 8, "y"}, true},
		{Edit{1, 3, "x"}, Edit{3, 8, "y"}, false},
	} {
		if got := tc.a.Overlaps(tc.b); got != tc.want {
			t.Errorf("%v overlaps %v = %v", tc.a, tc.b, got)
		}
		if got := tc.b.Overlaps(tc.a); got != tc.want {
			t.Errorf("%v overlaps %v = %v", tc.b, tc.a, got)
		}
	}
}

func TestApply(t *testing.T) {
	if got := string(Apply([]byte("0123456789"), []Edit{{7, 9, "x"}, {2, 2, "ab"}, {0, 1, ""}})); got != "1ab23456x9" {
		t.Errorf("Apply = %q", got)
	}
	if got := string(Apply([]byte("abc"), []Edit{{1, 2, "B"}, {1, 1, "+"}})); got != "a+Bc" {
		t.Errorf("Apply with an insertion at a replacement's start = %q", got)
	}
}

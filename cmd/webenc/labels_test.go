package main

import (
	"slices"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3}, {"sjis", "sjis", 0}, {"utf8", "utf16", 2},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSuggestLabels(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string // exactly, in order
	}{
		{"win1252", []string{"windows-1252", "cp1252", "x-cp1252"}},
		{"latin-2", []string{"latin2"}},
		{"Shift-JIS", []string{"shift_jis"}},
		{"ShiftJIS", []string{"shift_jis"}},
		{"utf16", []string{"utf-16", "utf-16be", "utf-16le"}},
		{"koi8r", []string{"koi8-r", "koi8-ru"}},
		{"eucjp", []string{"euc-jp"}},
		{"xyz", nil},
		{"", nil},
	} {
		if got := suggestLabels(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("suggestLabels(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNameOfLabel(t *testing.T) {
	for label, want := range map[string]string{
		"latin1": "windows-1252", " SJIS\n": "Shift_JIS", "utf-16": "UTF-16LE", "iso-2022-kr": "replacement", "x-user-defined": "x-user-defined",
	} {
		if got, ok := nameOfLabel(label); !ok || got != want {
			t.Errorf("nameOfLabel(%q) = %q, %v; want %q", label, got, ok, want)
		}
	}
	if _, ok := nameOfLabel("latin-1"); ok {
		t.Errorf("nameOfLabel(latin-1) found an encoding")
	}
}

package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/tables/labels"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// runLabels is "webenc labels [LABEL]".
func runLabels(c *cli, args []string) int {
	fs := c.flagSet("[LABEL]", `Without LABEL, list every encoding of the WHATWG Encoding Standard, grouped
as the Standard groups them, with all its labels. With LABEL, show the
encoding that label names and all the labels of that encoding. Labels match
ASCII case-insensitively, ignoring surrounding whitespace.`)
	ops, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	switch len(ops) {
	case 0:
		listLabels(c.stdout)
		return exitOK
	case 1:
	default:
		return c.usageError("want at most one label, got %d", len(ops))
	}
	name, ok := nameOfLabel(ops[0])
	if !ok {
		return c.usageError("%s", unknownLabel(ops[0]))
	}
	for _, e := range labels.Encodings() {
		if e.Name == name {
			fmt.Fprintf(c.stdout, "%s\n  group:  %s\n  labels: %s\n", e.Name, e.Heading, strings.Join(e.Labels, " "))
			if _, err := htmlindex.Get(name); err != nil {
				fmt.Fprintf(c.stdout, "  note:   %v\n", err)
			}
			if note := encodingNote(name); note != "" {
				fmt.Fprintf(c.stdout, "  note:   %s\n", note)
			}
		}
	}
	return exitOK
}

// listLabels prints the Standard's table of encodings and labels.
func listLabels(w io.Writer) {
	heading := ""
	for _, e := range labels.Encodings() {
		if e.Heading != heading {
			if heading != "" {
				fmt.Fprintln(w)
			}
			heading = e.Heading
			fmt.Fprintf(w, "%s:\n", heading)
		}
		fmt.Fprintf(w, "  %-15s %s\n", e.Name, strings.Join(e.Labels, " "))
	}
}

// encodingNote says what is special about an encoding for the converter.
func encodingNote(name string) string {
	switch name {
	case "replacement":
		return "decodes any non-empty input to a single U+FFFD; has no encoder"
	case "UTF-16BE", "UTF-16LE":
		return "the Standard defines no encoder for it; webenc encode writes it anyway"
	}
	return ""
}

// nameOfLabel returns the Standard's name of the encoding label names, as
// the Standard's "get an encoding" matches labels.
func nameOfLabel(label string) (string, bool) {
	key := strings.ToLower(strings.Trim(label, "\t\n\f\r "))
	return labels.Lookup(key)
}

// lookup returns the encoding label names, or an error message for the
// user: the closest known labels for an unknown label.
func lookup(label string) (encoding.Encoding, error) {
	e, err := htmlindex.Get(label)
	if err == nil {
		return e, nil
	}
	if errors.Is(err, htmlindex.ErrUnknownLabel) {
		return nil, errors.New(unknownLabel(label))
	}
	return nil, err
}

// unknownLabel is the message for a label that is none of the Standard's.
func unknownLabel(label string) string {
	msg := fmt.Sprintf("unknown encoding label %q", label)
	if s := suggestLabels(label); len(s) > 0 {
		for i, l := range s {
			name, _ := nameOfLabel(l)
			if name != l {
				s[i] = fmt.Sprintf("%s (%s)", l, name)
			}
		}
		msg += "; closest known labels: " + strings.Join(s, ", ")
	}
	msg += ". Run 'webenc labels' for the full list."
	if h := labelHint(label); h != "" {
		msg += "\n" + h
	}
	return msg
}

// labelHint says what to use instead of a label other software knows and
// the Standard does not (mail and Windows code page names); "" for others.
func labelHint(label string) string {
	key := normalize(label)
	switch key {
	case "cp932", "ms932", "ibm943", "windows932":
		return label + " is Windows's Shift_JIS: use shift_jis (or its label windows-31j)"
	case "cp936", "ms936", "windows936":
		return label + " is Windows's simplified Chinese encoding: use gbk (or gb18030)"
	case "cp949", "ms949", "uhc":
		return label + " is Windows's Korean encoding: use euc-kr (or its label windows-949)"
	case "cp950", "ms950", "windows950":
		return label + " is Windows's traditional Chinese encoding: use big5"
	case "cp20932", "eucjpms":
		return label + " is a variant of EUC-JP: use euc-jp"
	case "utf7", "unicode11utf7":
		return "UTF-7 is not in the Encoding Standard (browsers refuse it): decode it with another converter (e.g. iconv -f UTF-7)"
	case "utf32", "utf32le", "utf32be", "ucs4":
		return "UTF-32 is not in the Encoding Standard: decode it with another converter (e.g. iconv -f UTF-32)"
	case "iso2022jp2", "iso2022jp1", "iso2022jp3":
		return label + " is not in the Encoding Standard: iso-2022-jp decodes its ISO-2022-JP part"
	}
	return ""
}

// suggestLabels returns up to five of the Standard's labels closest to
// label: the labels equal to it once case and punctuation are ignored,
// then those within a small edit distance, then those sharing its number
// (e.g. "1252") or starting with it.
func suggestLabels(label string) []string {
	// The labels that are the encodings' names come first, so that they
	// win over their variants ("iso-8859-2" over "iso88592").
	var all []string
	isName := map[string]bool{}
	for _, e := range labels.Encodings() {
		isName[strings.ToLower(e.Name)] = true
		all = append(all, strings.ToLower(e.Name))
	}
	for _, l := range labels.Labels() {
		if !isName[l.Label] {
			all = append(all, l.Label)
		}
	}
	return suggest(label, all, 5)
}

// suggest returns up to max candidates close to word (see suggestLabels),
// best first, and of candidates equal but for case and punctuation only
// the first. When some candidate is such a match, only those matches and
// the candidates word is a prefix of are returned.
func suggest(word string, candidates []string, max int) []string {
	w := normalize(word)
	if w == "" {
		return nil
	}
	digits := digitRun(w)
	type scored struct {
		s      string
		score  int
		prefix bool // word is a prefix of s
	}
	var found []scored
	exact := false        // some candidate equals word but for case and punctuation
	limit := 1 + len(w)/4 // edit distance allowed
	for _, cand := range candidates {
		c := normalize(cand)
		d := editDistance(w, c)
		score := -1
		switch {
		case d <= limit:
			score = d
		case len(digits) >= 2 && digitRun(c) == digits:
			score = limit + 1
		case len(w) >= 2 && strings.HasPrefix(c, w):
			score = limit + 2
		}
		if score >= 0 {
			found = append(found, scored{cand, score, strings.HasPrefix(c, w)})
		}
		exact = exact || d == 0
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].score < found[j].score })
	var out []string
	seen := map[string]bool{}
	for _, f := range found {
		if len(out) == max {
			break
		}
		if exact && f.score > 0 && !f.prefix {
			continue // "latin-2" is latin2, not latin1
		}
		if n := normalize(f.s); !seen[n] {
			seen[n] = true
			out = append(out, f.s)
		}
	}
	return out
}

// closest returns the candidates within edit distance limit of word.
func closest(word string, candidates []string, limit int) []string {
	var out []string
	for _, c := range candidates {
		if editDistance(strings.ToLower(word), c) <= limit {
			out = append(out, c)
		}
	}
	return out
}

// normalize lowercases s and removes everything but ASCII letters and
// digits, so that "Shift-JIS", "shift_jis" and "shiftjis" compare equal.
func normalize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// digitRun returns the longest run of digits in s.
func digitRun(s string) string {
	best, start := "", -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start > len(best) {
			best = s[start:i]
		}
		start = -1
	}
	return best
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

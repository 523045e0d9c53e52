package detect

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/detecteval"
	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// filtered runs the markup filter and compaction over in, one byte at a
// time when bytewise, and returns the compacted text stream.
func filtered(in []byte, bytewise bool) []byte {
	out, _ := filteredBoth(in, bytewise)
	return out
}

// filteredBoth is filtered returning the compacted tag stream too.
func filteredBoth(in []byte, bytewise bool) (text, tag []byte) {
	var f filter
	var n, m int64
	if bytewise {
		for i := range in {
			text, tag = f.run(text, tag, in[i:i+1], &n, &m)
		}
	} else {
		text, tag = f.run(text, tag, in, &n, &m)
	}
	return f.finish(text, tag)
}

func TestFilterTags(t *testing.T) {
	for _, c := range []struct{ in, text, tag string }{
		// The bytes inside tags go to the tag stream (compacted alike),
		// a tag's end becomes a space there too.
		{"<img alt=\"Gr\xc3\xbc\xc3\x9fe\">", "", "r\xc3\xbc\xc3\x9fe\""},
		{"<b title=\"\xe9>\">x</b>\xe9", " \xe9", "\"\xe9>\""},
		{"<!-- \xe9 -->hello", "", " \xe9 -"},
		{"<a title=\"\xe9\"><b title=\"\xe9\">", "", "\"\xe9\" \"\xe9\" "},
	} {
		for _, bw := range []bool{false, true} {
			text, tag := filteredBoth([]byte(c.in), bw)
			if !bytes.Equal(text, []byte(c.text)) || !bytes.Equal(tag, []byte(c.tag)) {
				t.Errorf("filter(%q, bytewise=%v) = %q, %q; want %q, %q", c.in, bw, text, tag, c.text, c.tag)
			}
		}
	}
}

func TestFilter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// No non-ASCII byte: nothing survives compaction.
		{"<p>plain text</p>", ""},
		// Tags become a space, references a neutral 0, and only the
		// bytes near non-ASCII ones (one before, two after) are kept.
		{"ab\xe9cd", "b\xe9cd"},
		{"xyzab\xe9cdefg", "b\xe9cd"},
		{"<b title=\"\xe9>\">x</b>\xe9", " \xe9"},
		{"&eacute;\xe9&amp;", "\x00\xe9\x00"},
		{"&notref \xe9", " \xe9"},
		{"a <\xe9", "<\xe9"},
		{"\x00\xe9", "\x01\xe9"},
		{"<!-- it's -->\xe9", " \xe9"},
	} {
		for _, bw := range []bool{false, true} {
			if got := filtered([]byte(c.in), bw); !bytes.Equal(got, []byte(c.want)) {
				t.Errorf("filter(%q, bytewise=%v) = %q, want %q", c.in, bw, got, c.want)
			}
		}
	}
}

func TestNames(t *testing.T) {
	if Name(Windows1252) != "windows-1252" || Name(ShiftJIS) != "Shift_JIS" || Name(UTF8) != "UTF-8" || Name(NumCandidates) != "" {
		t.Error("candidate names")
	}
	seen := map[string]bool{}
	for i := 0; i < NumCandidates; i++ {
		if n := Name(i); n == "" || seen[n] {
			t.Errorf("candidate %d: name %q", i, n)
		}
		seen[Name(i)] = true
	}
}

// TestPlainPrefix checks the word-at-a-time scan against the byte table
// for every non-plain byte at every position of a 20-byte window.
func TestPlainPrefix(t *testing.T) {
	for _, stop := range []byte{0, '<', '&', 0x80, 0xC3, 0xFF} {
		for pos := 0; pos <= 20; pos++ {
			b := []byte("abcdefghijklmnopqrst")
			if pos < len(b) {
				b[pos] = stop
			}
			want := 0
			for want < len(b) && plain[b[want]] {
				want++
			}
			if got := plainPrefix(b); got != want || want != min(pos, len(b)) {
				t.Errorf("stop %#x at %d: plainPrefix = %d, table gives %d", stop, pos, got, want)
			}
		}
	}
	// A zero byte below '<' must not hide it, nor a borrow flag too early.
	for _, s := range []string{"a\x00<bcdefgh", "\x01\x00", "ab&\x00cdefghij", "=;<>%'\"\x7f\x01abcdefg"} {
		want := 0
		for want < len(s) && plain[s[want]] {
			want++
		}
		if got := plainPrefix([]byte(s)); got != want {
			t.Errorf("%q: plainPrefix = %d, want %d", s, got, want)
		}
	}
}

// TestWholeUTF8 checks wholeUTF8 against a Detector fed the same bytes, on
// valid UTF-8 in text, markup, character references and comments, with NUL
// bytes, cut sequences and invalid bytes, fed whole and one byte at a time
// (Detect tests Binary first: binary input is windows-1252 with confidence
// 0 to the Detector).
func TestWholeUTF8(t *testing.T) {
	parts := []string{"a", " ", "<", ">", "&", ";", "&amp;", "&#1;", "<p title=\"", "\">", "<!-- ", " -->",
		"\x00", "é", "ß", "日本", "→", "😀", "\xc3", "\xe6\x97", "\xff", "\xed\xa0\x80", "\xc0\xaf", "<\xc3\xa9", "&\xc3\xa9"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := rng.Intn(12); n > 0; n-- {
			b = append(b, parts[rng.Intn(len(parts))]...)
		}
		ok, multi := wholeUTF8(b)
		if ok != (utf8.Valid(b) && strings.ContainsFunc(string(b), func(r rune) bool { return r >= 0x80 })) {
			t.Fatalf("wholeUTF8(%q) = %v", b, ok)
		}
		if ok {
			// The reference count: the code points of the valid input
			// that are not ASCII.
			want := uint32(0)
			for _, r := range string(b) {
				if r >= 0x80 {
					want++
				}
			}
			if multi != want {
				t.Fatalf("wholeUTF8(%q): %d multi-byte sequences, want %d", b, multi, want)
			}
		}
		conf := evidence{kind: kindUTF8, level: utf8Level(multi)}.confidence()
		for _, k := range []int{len(b), 1} {
			d := New()
			for rest := b; len(rest) > 0; {
				n := min(k, len(rest))
				d.Write(rest[:n])
				rest = rest[n:]
			}
			c, dconf := d.Guess("", true)
			if Binary(b) {
				// Binary data is no evidence, UTF-8 or not.
				if c != Windows1252 || dconf != 0 {
					t.Fatalf("%q: binary, Detector %s %v", b, Name(c), dconf)
				}
				continue
			}
			if ok && (c != UTF8 || dconf != conf) {
				t.Fatalf("%q: wholeUTF8 %v %v, Detector %s %v", b, ok, conf, Name(c), dconf)
			}
			if !ok && c == UTF8 && utf8.Valid(b) {
				t.Fatalf("%q: wholeUTF8 says no, Detector says UTF-8", b)
			}
		}
	}
}

// plainWholeUTF8 is wholeUTF8 spelled out: unicode/utf8's validation and
// a count of the code points that are not ASCII.
func plainWholeUTF8(b []byte) (ok bool, multi uint32) {
	if !utf8.Valid(b) {
		return false, 0
	}
	for _, r := range string(b) {
		if r >= 0x80 {
			multi++
		}
	}
	return multi > 0, multi
}

// TestWholeUTF8Long checks wholeUTF8 against plainWholeUTF8 on inputs long
// enough for the vector validation (up to 600 bytes), with an error or a
// cut sequence at every position of some of them, and countLeads on every
// input of up to two bytes.
func TestWholeUTF8Long(t *testing.T) {
	valid := []string{"a", " text ", "é", "ß", "日本", "→", "😀", "\x00"}
	invalid := []string{"\xc3", "\xe6\x97", "\xff", "\xed\xa0\x80", "\xc0\xaf"}
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 3000; i++ {
		var b []byte
		for len(b) < 600 && (len(b) < 40 || rng.Intn(60) > 0) {
			p := valid[rng.Intn(len(valid))]
			if i%2 == 1 && rng.Intn(100) == 0 {
				p = invalid[rng.Intn(len(invalid))]
			}
			b = append(b, p...)
		}
		checkWholeUTF8(t, b)
		if i%100 == 0 {
			for k := range b {
				c := slices.Clone(b)
				c[k] = 0xFF
				checkWholeUTF8(t, c)
				checkWholeUTF8(t, b[:k])
			}
		}
	}
	for x := range 256*256 + 256 {
		b := []byte{byte(x), byte(x >> 8)}
		if x >= 256*256 {
			b = b[:1]
		}
		want := uint32(0)
		for _, c := range b {
			if c >= 0xC0 {
				want++
			}
		}
		if got := countLeads(b); got != want {
			t.Fatalf("countLeads(% x) = %d, want %d", b, got, want)
		}
	}
}

func checkWholeUTF8(t *testing.T, b []byte) {
	t.Helper()
	ok, multi := wholeUTF8(b)
	if wok, wmulti := plainWholeUTF8(b); ok != wok || multi != wmulti {
		t.Fatalf("wholeUTF8(%q) = %v %d, want %v %d", b, ok, multi, wok, wmulti)
	}
}

// FuzzWholeUTF8 checks wholeUTF8 against plainWholeUTF8 on any input.
func FuzzWholeUTF8(f *testing.F) {
	f.Add([]byte("Grüße, 日本 😀 and more text to pass the vector width of sixty-four bytes é"))
	f.Fuzz(func(t *testing.T, b []byte) { checkWholeUTF8(t, b) })
}

// TestFilterRuns compares the filter's fast paths (runs of plain text, of
// non-ASCII bytes, of plain tag bytes) with its byte-at-a-time path on
// random mixes of text, tags, quotes, references and non-ASCII runs, and
// the counts of non-ASCII bytes with a count of the input's.
func TestFilterRuns(t *testing.T) {
	parts := []string{"a", "bcdefghijk", " ", "<", ">", "&", ";", "&amp;", "<p title=\"", "\">", "'", "\"",
		"<!-- ", " -->", "\x00", "\xe9", "\xe9\xe8", "\xc0\xc1\xc2", "\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xd7\xd8\xd9\xda",
		"<a href='x y z'>", "</a>", "<\xe9", "&\xe9"}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 20000; i++ {
		var b []byte
		for n := rng.Intn(16); n > 0; n-- {
			b = append(b, parts[rng.Intn(len(parts))]...)
		}
		var f, g filter
		var n1, m1, n2, m2 int64
		t1, g1 := f.run(nil, nil, b, &n1, &m1)
		t1, g1 = f.finish(t1, g1)
		var t2, g2 []byte
		for k := range b {
			t2, g2 = g.run(t2, g2, b[k:k+1], &n2, &m2)
		}
		t2, g2 = g.finish(t2, g2)
		high := int64(0)
		for _, c := range b {
			if c >= 0x80 {
				high++
			}
		}
		if !bytes.Equal(t1, t2) || !bytes.Equal(g1, g2) || n1 != n2 || m1 != m2 || n1+m1 != high {
			t.Fatalf("%q: whole %q %q %d %d, bytewise %q %q %d %d, %d non-ASCII", b, t1, g1, n1, m1, t2, g2, n2, m2, high)
		}
	}
}

// TestRunPrefixes checks the word-at-a-time scans of runs of non-ASCII
// bytes and of plain tag bytes against their byte tests, for every stop
// byte at every position of a 20-byte window.
func TestRunPrefixes(t *testing.T) {
	for _, stop := range []byte{0, 'a', '>', '"', '\'', 0x7F} {
		for pos := 0; pos <= 20; pos++ {
			b := bytes.Repeat([]byte{0xE9}, 20)
			if pos < len(b) {
				b[pos] = stop
			}
			if got := highPrefix(b); got != min(pos, len(b)) {
				t.Errorf("stop %#x at %d: highPrefix = %d", stop, pos, got)
			}
		}
	}
	for _, stop := range []byte{0, '>', '"', '\'', 0x80, 0xFF} {
		for pos := 0; pos <= 20; pos++ {
			b := []byte("abc=def ghi-jkl/mnop")
			if pos < len(b) {
				b[pos] = stop
			}
			if got := tagPlainPrefix(b); got != min(pos, len(b)) {
				t.Errorf("stop %#x at %d: tagPlainPrefix = %d", stop, pos, got)
			}
		}
	}
}

// TestDetectOnce: Detect answers as New, Write and Guess do, on inputs
// longer than a block and in markup, and allocates nothing.
func TestDetectOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"Gr\xfc\xdfe ", "\xe8\xef\xf0 ", "<p title=\"\xe9\">", "ci\xf2 ", "\xa4 ", "\x82\xa0", "plain ", "&eacute; ", "\xd0\xb6 "}
	for n := 0; n < 200; n++ {
		var b []byte
		for size := rng.Intn(3 * blockSize); len(b) < size; {
			b = append(b, words[rng.Intn(len(words))]...)
		}
		for _, tld := range []string{"", "cz"} {
			for _, allow := range []bool{true, false} {
				d := New()
				d.Write(b)
				wc, wconf := d.Guess(tld, allow)
				if c, conf := Detect(b, tld, allow); c != wc || conf != wconf {
					t.Fatalf("Detect(%q, %q, %v) = %s %v, Detector %s %v", b, tld, allow, Name(c), conf, Name(wc), wconf)
				}
			}
		}
	}
	in := []byte(strings.Repeat("Mars est la quatri\xe8me plan\xe8te. ", 40))
	if n := testing.AllocsPerRun(10, func() { Detect(in, "", true) }); n != 0 {
		t.Errorf("Detect allocates %v times", n)
	}
}

// TestLetterPairs: the letter pairs the filter counts are those of a
// plain reference (every pair of symbols that ends within letterBefore
// bytes before a non-ASCII byte, at it or within letterAfter bytes after
// it, but a pair of two non-letters, the first maxLetterPairs in order),
// whether the text comes whole, byte by byte or in random pieces.
func TestLetterPairs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "Z", " ", ".", "1", "qwertyuiopasdfghjkl", "  the end ", "\xe9", "\xc0\xe8", "\xfe"}
	for iter := 0; iter < 2000; iter++ {
		var in []byte
		for n := rng.Intn(60); n > 0; n-- {
			in = append(in, pieces[rng.Intn(len(pieces))]...)
		}
		// The reference.
		var want []uint16
		prev := uint8(0)
		for i, b := range in {
			s := letterSym[b]
			near := false
			for j := max(0, i-letterAfter); j <= min(len(in)-1, i+letterBefore); j++ {
				near = near || in[j] >= 0x80
			}
			if near && s|prev != 0 && len(want) < maxLetterPairs {
				want = append(want, uint16(prev)*tab.NumLetter+uint16(s))
			}
			prev = s
		}
		for mode := 0; mode < 3; mode++ {
			var f filter
			var text, tag []byte
			var n, m int64
			for rest := in; len(rest) > 0; {
				k := len(rest)
				switch mode {
				case 1:
					k = 1
				case 2:
					k = min(k, 1+rng.Intn(40))
				}
				text, tag = f.run(text[:0], tag[:0], rest[:k], &n, &m)
				rest = rest[k:]
			}
			if got := f.letters.pairs[:f.letters.n]; !slices.Equal(got, want) {
				t.Fatalf("%q mode %d: pairs %v, want %v", in, mode, got, want)
			}
		}
	}
}

// TestLetterSums: letterSums adds up each component's costs of the pairs
// as a plain loop over LetterCost does, for every model with letter costs
// and up to maxLetterPairs pairs of the costliest kind.
func TestLetterSums(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const nn = tab.NumLetter * tab.NumLetter
	for mi := range tab.Models {
		m := &tab.Models[mi]
		if m.LetterCost == "" {
			continue
		}
		stride := len(m.LetterCost) / nn
		for iter := 0; iter < 200; iter++ {
			pairs := make([]uint16, rng.Intn(maxLetterPairs+1))
			for i := range pairs {
				pairs[i] = uint16(rng.Intn(nn))
				if iter%2 == 0 {
					// The costliest pair of some component.
					pairs[i] = uint16(strings.IndexByte(m.LetterCost, maxByte(m.LetterCost)) / stride)
				}
			}
			var got [maxLangs]int32
			letterSums(&got, m, pairs)
			for l := 0; l < m.Langs; l++ {
				var want int32
				for _, x := range pairs {
					want += int32(m.LetterCost[int(x)*stride+l])
				}
				if got[l] != want {
					t.Fatalf("%s component %d, %d pairs: %d, want %d", m.Name, l, len(pairs), got[l], want)
				}
			}
		}
	}
}

func maxByte(s string) byte {
	var m byte
	for i := 0; i < len(s); i++ {
		m = max(m, s[i])
	}
	return m
}

func TestTrainPercentMatchesTables(t *testing.T) {
	if tab.TrainPercent != detecteval.TrainPercent {
		t.Errorf("the tables were trained on %d%%, internal/detecteval's split is %d%%: run go run ./internal/detectgen", tab.TrainPercent, detecteval.TrainPercent)
	}
}

package mojibake

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestScanToken checks scanToken, hasC1Bytes and windows-1252's mixedC1
// against plain per-rune loops over every string of up to three of the
// pieces below (ASCII, mojibake, C1 controls, U+FFFD, invalid bytes,
// characters no decoder makes), and a few facts written by hand.
func TestScanToken(t *testing.T) {
	pieces := []string{"", "a", " ", "Ã", "©", "Ð", "¸", "â€", "\u0081", "\u0093", "\uFFFD", "\xff", "\xc2", "Ä‚", "я", "Ñ", "√", "ℹ", "😀", "漢", "\u00a0"}
	check := func(s string) {
		t.Helper()
		f := scanToken(s)
		var pairs, prevLead uint32
		c1Rune := false
		for _, r := range s {
			ms := table.lookup(r)
			pairs |= prevLead & ms.cont
			prevLead = ms.lead()
			c1Rune = c1Rune || r >= 0x80 && r < 0xA0
		}
		if f.pairs != pairs {
			t.Errorf("scanToken(%q).pairs = %b, want %b", s, f.pairs, pairs)
		}
		for i, d := range decoders {
			if got := f.encoders&(1<<i) != 0; got != d.canEncode(s) {
				t.Errorf("scanToken(%q): encodes with %s %v, canEncode says %v", s, d.name, got, !got)
			}
		}
		// windows-1252 decodes 0x81 0x8D 0x8F 0x90 0x9D to C1 controls and
		// the rest of 0x80–0x9F to characters past U+00FF.
		own := strings.IndexFunc(s, func(r rune) bool { return r >= 0x100 }) >= 0
		foreignC1 := strings.IndexFunc(s, func(r rune) bool {
			return r >= 0x80 && r < 0xA0 && !strings.ContainsRune("\u0081\u008D\u008F\u0090\u009D", r)
		}) >= 0
		if got := decoders[c1].mixedC1(s); got != (own && foreignC1) {
			t.Errorf("windows-1252 mixedC1(%q) = %v", s, got)
		}
		if f.runeError != strings.ContainsRune(s, utf8.RuneError) {
			t.Errorf("scanToken(%q).runeError = %v", s, f.runeError)
		}
		if hasC1Bytes(s) != c1Rune {
			t.Errorf("hasC1Bytes(%q) = %v, want %v", s, !c1Rune, c1Rune)
		}
	}
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				check(a + b + c)
			}
		}
	}
	if f := scanToken("Ã©"); f.pairs&(1<<c1) == 0 || f.encoders&(1<<c1) == 0 {
		t.Errorf("scanToken(\"Ã©\") = %+v: windows-1252 made it of a lead and a continuation byte", f)
	}
	if f := scanToken("abc"); f.pairs != 0 || f.encoders != ^uint32(0) || f.runeError {
		t.Errorf("scanToken(\"abc\") = %+v, want no pairs, every decoder", f)
	}
	if f := scanToken("a😀"); f.encoders != 0 {
		t.Errorf("scanToken(\"a😀\").encoders = %b, want none", f.encoders)
	}
}

// TestEncodeUTF8Shaped checks encodeUTF8Shaped against encode and
// utf8.Valid for every wrong decoder over what it makes of every string of
// one or two bytes, and of three bytes that start with a lead byte and four
// that start with F0–FF (any byte after it, then continuation or ASCII bytes): its valid
// must be what utf8.Valid says of encode's bytes, and its bytes encode's
// when the structure holds.
func TestEncodeUTF8Shaped(t *testing.T) {
	tails := []byte{0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 'a', 0xC3}
	for _, d := range decoders {
		text := func(b []byte) string {
			var s strings.Builder
			for _, c := range b {
				if c < utf8.RuneSelf {
					s.WriteByte(c)
				} else {
					s.WriteRune(d.high[c-0x80])
				}
			}
			return s.String()
		}
		check := func(b []byte) {
			s := text(b)
			got, ok, valid := d.encodeUTF8Shaped(nil, s)
			want, encodes := d.encode(nil, s)
			if wantValid := encodes && utf8.Valid(want); valid != wantValid {
				t.Fatalf("%s: encodeUTF8Shaped(% x as %q) valid = %v, want %v", d.name, b, s, valid, wantValid)
			}
			if valid && !ok {
				t.Fatalf("%s: encodeUTF8Shaped(% x) valid but not ok", d.name, b)
			}
			if ok && string(got) != string(want) {
				t.Fatalf("%s: encodeUTF8Shaped(% x) = % x, encode gives % x", d.name, b, got, want)
			}
		}
		for x := range 256 {
			check([]byte{byte(x)})
			for y := range 256 {
				check([]byte{byte(x), byte(y)})
				if x < 0xC0 {
					continue
				}
				for _, z := range tails {
					check([]byte{byte(x), byte(y), z})
					if x < 0xF0 {
						continue
					}
					for _, w := range tails {
						check([]byte{byte(x), byte(y), z, w})
					}
				}
			}
		}
	}
	if _, ok, valid := decoders[c1].encodeUTF8Shaped(nil, "í\u00a0½í¸€"); !ok || valid {
		t.Errorf("windows-1252's bytes of %q (CESU-8 surrogates): ok %v valid %v, want true false", "í\u00a0½í¸€", ok, valid)
	}
	if b, ok, valid := decoders[c1].encodeUTF8Shaped(nil, "Ã©tÃ©"); !ok || !valid || string(b) != "été" {
		t.Errorf("windows-1252's bytes of %q = %q, %v, %v; want \"été\", true, true", "Ã©tÃ©", b, ok, valid)
	}
}

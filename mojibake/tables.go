// The wrong decoders (the single-byte encodings UTF-8 gets read with)
// and the per-code-point masks of which of them make a character of a lead
// or continuation byte (docs/mojibake.md, "What it repairs" and "Speed").

package mojibake

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"golang.org/x/text/encoding"
)

// wrongDecoder is a single-byte encoding that UTF-8 text may have been
// decoded with by mistake.
type wrongDecoder struct {
	name string
	e    encoding.Encoding
	// high[b] is the code point byte 0x80+b decodes to (U+FFFD where the
	// Standard's index has no entry).
	high [128]rune
	// byteOf maps each code point of high back to its byte, for building
	// the tables below; low is the same for U+0080–U+07FF (0: none), one
	// load, and mid for the rest of the BMP, in pages of 256 code points
	// (nil where a page has none), two loads: no map on the hot path.
	byteOf map[rune]byte
	low    [0x800]byte
	mid    [256]*[256]byte
}

// unknownByte is what windows-1252 encodes U+FFFD to: a byte that was
// lost (0x1A, ASCII's substitute character, as a stand-in).
const unknownByte = 0x1A

// c1 is the index of windows-1252 in decoders: the one encoding whose
// bytes 0x80–0x9F are also accepted as C1 controls, because text decoded
// as ISO-8859-1 by software outside the Standard shows them that way.
const c1 = 0

// decoders lists the wrong decoders in order of preference: when two
// explain a span equally well, the earlier one wins. windows-1252 comes
// first because it is by far the commonest mistake; ISO-8859-15, the
// Western European update of Latin-1, before the rarer ISO-8859 parts.
var decoders = buildDecoders([]encoding.Encoding{
	singlebyte.Windows1252,
	singlebyte.Windows1251,
	singlebyte.Windows1250,
	singlebyte.Macintosh,
	singlebyte.Windows1253,
	singlebyte.Windows1254,
	singlebyte.Windows1257,
	singlebyte.Windows1255,
	singlebyte.Windows1256,
	singlebyte.Windows1258,
	singlebyte.Windows874,
	singlebyte.ISO8859_2,
	singlebyte.ISO8859_15,
	singlebyte.ISO8859_3,
	singlebyte.ISO8859_4,
	singlebyte.ISO8859_5,
	singlebyte.ISO8859_6,
	singlebyte.ISO8859_7,
	singlebyte.ISO8859_8,
	singlebyte.ISO8859_10,
	singlebyte.ISO8859_13,
	singlebyte.ISO8859_14,
	singlebyte.ISO8859_16,
	singlebyte.KOI8R,
	singlebyte.KOI8U,
	singlebyte.IBM866,
	singlebyte.XMacCyrillic,
})

// macintosh is the macintosh decoder of decoders (see badness).
var macintosh = func() *wrongDecoder {
	for _, d := range decoders {
		if d.e == singlebyte.Macintosh {
			return d
		}
	}
	return nil
}()

// buildDecoders reads each encoding's upper half through its public
// decoder; its name is the Standard's, as the encoding gives it.
func buildDecoders(list []encoding.Encoding) []*wrongDecoder {
	out := make([]*wrongDecoder, len(list))
	for i, e := range list {
		d := &wrongDecoder{name: fmt.Sprint(e), e: e, byteOf: make(map[rune]byte, 160)}
		for b := 0; b < 128; b++ {
			s, _ := whatwg.AppendDecode(nil, e, []byte{byte(0x80 + b)})
			r, _ := utf8.DecodeRune(s)
			d.high[b] = r
			if r != utf8.RuneError {
				d.byteOf[r] = byte(0x80 + b)
			}
		}
		if i == c1 {
			for b := 0x80; b < 0xA0; b++ {
				d.byteOf[rune(b)] = byte(b)
			}
			// U+FFFD stands for a byte a sloppy decoder could not map
			// ("Ä�" for "č"); restoreC1 reads it back as unknown.
			d.byteOf[utf8.RuneError] = unknownByte
		}
		for r, b := range d.byteOf {
			switch {
			case r < 0x800:
				d.low[r] = b
			default: // U+FFFD and the BMP's punctuation and symbols
				if d.mid[r>>8] == nil {
					d.mid[r>>8] = new([256]byte)
				}
				d.mid[r>>8][r&0xFF] = b
			}
		}
		out[i] = d
	}
	return out
}

// masks says, for one code point, which wrong decoders (bit i for
// decoders[i]) produce it from a UTF-8 lead byte of a 2-, 3- or 4-byte
// sequence (0xC2–0xDF, 0xE0–0xEF, 0xF0–0xF4), from a continuation byte
// (0x80–0xBF), or from any byte 0x80–0xFF; and what the prefilter's
// oddness test needs to know about it.
type masks struct {
	lead2, lead3, lead4, cont, high uint32
	cls                             class
	script                          uint8
	soft                            bool // punctuation or a digit sign that sits beside letters ("»", "،", "²")
	open                            bool // opening punctuation ("«", "“")
	latin1Cap                       bool // À–Þ, what windows-1252 makes of 2-byte leads
	w1252Letter                     bool // ƒ Š Œ Ž š œ ž Ÿ, windows-1252's letters in 0x80–0x9F
	nbsp                            bool // U+00A0
	c2c3                            bool // Â or Ã, what windows-1252 makes of the leads of U+0080–U+00FF
	w1252C1                         bool // € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ (windows-1252's 0x80–0x9F) or U+FFFD
	// latinSign says where a character is a sign of Latin-script legacy
	// text read as windows-1252 (0: nowhere; see the latin* constants).
	latinSign uint8
	// kind groups the characters the prefilter may pass in a run (see
	// runKind); 0 for the others.
	kind uint16
}

// The places where a character is a sign of Latin-script legacy text read
// as windows-1252: latinMidWord, between letters (windows-1252's
// languages seldom write it there, and that text often has it there);
// latinBeforeVowel, after a letter and before an ASCII vowel: è, which
// French writes before a consonant and "č" read as windows-1252
// ("odpoèinek") before a vowel too; latinAtEnd, after a letter and at a
// word's end: õ, which Portuguese writes before "e" and Hungarian "ő" read
// as windows-1252 at a word's end ("egyenlõ"); latinAtStart, at a word's
// start before an ASCII letter: è, È, þ, Þ, which windows-1252's languages
// seldom start a word with, and Czech, Slovene, Croatian "č", Lithuanian
// "ž" and Turkish "ş" read as windows-1252 often do ("èlanov", "þmogus").
const (
	latinMidWord = 1 << iota
	latinBeforeVowel
	latinAtEnd
	latinAtStart
)

// latinLegacyAtEnd are the latinAtEnd characters: õ, æ, ø and ì, which
// windows-1252's languages seldom end a word with, and Hungarian "ő",
// Polish, Lithuanian and Croatian "ę", "ć", "ų" and Czech "ě" read as
// windows-1252 often do ("egyenlõ", "teisæ", "teisiø", "zemì").
const latinLegacyAtEnd = "õæøì"

// latinLegacyMidWord are the latinMidWord characters: windows-1252's
// symbols at the bytes where windows-1250, ISO-8859-2 or windows-1257
// have a letter, and the letters ì ò ù ð þ æ Þ Ð (not ý, which Czech and
// Slovak write between letters).
const latinLegacyMidWord = "¡£¥¦¨©ª«¬®¯±³µ¶¸¹º»¼¾¿ìòùðþæÞÐ"

// propsOf returns masks with r's properties and no decoder bits.
func propsOf(r rune) masks {
	m := masks{cls: classOf(r), script: scriptID(r)}
	p := punctuation().get(r)
	m.open = p&punctOpen != 0
	m.soft = p&punctSoft != 0
	m.latin1Cap = r >= 0xC0 && r <= 0xDE && r != 0xD7
	m.w1252Letter = isW1252Letter(r)
	m.nbsp = r == 0xA0
	m.c2c3 = r == 0xC2 || r == 0xC3
	// A character may be a sign in more than one place (æ and ì
	// between letters and at a word's end).
	if r < 0x100 && strings.ContainsRune(latinLegacyMidWord, r) { // all of Latin-1
		m.latinSign |= latinMidWord
	}
	if r == 'è' || r == 'È' {
		m.latinSign |= latinBeforeVowel
	}
	if r >= 0x100 {
		return m // the signs below are all in Latin-1: scoring a script's text looks up none
	}
	if strings.ContainsRune(latinLegacyAtEnd, r) {
		m.latinSign |= latinAtEnd
	}
	if strings.ContainsRune("èÈþÞ", r) {
		m.latinSign |= latinAtStart
	}
	return m
}

// cachedProps is propsOf that reads the table for the code points some
// wrong decoder produces (nearly all characters of mojibake), whose
// properties it holds.
func cachedProps(r rune) masks {
	if m := table.lookup(r); m.high != 0 {
		return *m
	}
	return propsOf(r)
}

func (m masks) lead() uint32 { return m.lead2 | m.lead3 | m.lead4 }

// maskTable holds masks for every code point some wrong decoder produces,
// in pages of 256 code points (nil where a page has none): one load and
// one index for any code point.
type maskTable struct {
	pages [256]*[256]masks
}

var table = buildMasks()

func buildMasks() *maskTable {
	t := &maskTable{}
	for i, d := range decoders {
		bit := uint32(1) << i
		for r, b := range d.byteOf {
			p := t.pages[r>>8]
			if p == nil {
				p = new([256]masks)
				t.pages[r>>8] = p
			}
			m := &p[r&0xFF]
			if m.high == 0 {
				*m = propsOf(r)
			}
			m.high |= bit
			switch {
			case b >= 0xC2 && b <= 0xDF:
				m.lead2 |= bit
			case b >= 0xE0 && b <= 0xEF:
				m.lead3 |= bit
			case b >= 0xF0 && b <= 0xF4:
				m.lead4 |= bit
			}
			if b <= 0xBF {
				m.cont |= bit
			}
			if i == c1 && r >= 0x100 && b < 0xA0 {
				m.w1252C1 = true
			}
		}
	}
	for hi, p := range t.pages {
		for lo := range p {
			if p != nil && p[lo].high != 0 {
				p[lo].kind = runKind(rune(hi)<<8|rune(lo), &p[lo])
			}
		}
	}
	return t
}

// runKind returns the kind of r (whose masks are m): characters of one
// kind make no odd pair, whatever their order, but for a small letter
// before a capital, and nothing else the prefilter looks for. They are the
// cased letters of a script, or its uncased letters and marks (a mark
// makes an odd pair only after a capital or with a control). Characters of
// windows-1252's upper half (soupRun), signs of Latin-script legacy text,
// windows-1252's letters at 0x80–0x9F (after À–Þ: odd) and C1 controls
// have none.
func runKind(r rune, m *masks) uint16 {
	if r < 0xA0 || m.high&(1<<c1) != 0 || m.latinSign != 0 || m.w1252Letter {
		return 0
	}
	sc := uint16(m.script) + 1
	switch m.cls {
	case clsLower, clsUpper:
		return sc<<1 | 1
	case clsLetter, clsMark:
		return sc << 1
	}
	return 0
}

// lookup returns r's masks (noMasks for a code point no wrong decoder
// produces).
func (t *maskTable) lookup(r rune) *masks {
	if r >= 0x10000 {
		return &noMasks
	}
	if p := t.pages[r>>8]; p != nil {
		return &p[r&0xFF]
	}
	return &noMasks
}

// mixedC1 reports, for windows-1252, whether s has both a character of
// windows-1252's 0x80–0x9F and a C1 control that windows-1252 does not
// decode to (a mix no one decoder produces).
func (d *wrongDecoder) mixedC1(s string) bool {
	if d != decoders[c1] || !hasC1Bytes(s) {
		return false
	}
	own, c1 := false, false
	for _, r := range s {
		switch {
		case r >= 0x80 && r < 0xA0:
			if d.high[r-0x80] != r {
				c1 = true
			}
		case r >= 0x100:
			own = true
		}
	}
	return own && c1
}

// encodeUTF8Shaped is encode that also checks, as it goes, that the bytes
// could be valid UTF-8: it stops at the first character d cannot encode
// or the first byte that breaks UTF-8's structure, so that clean text
// fails fast. ok says the structure holds (lead bytes and continuation
// counts); valid says the bytes are also valid UTF-8 (each byte after a
// lead in its bounds: no overlong form, surrogate or code point past
// U+10FFFF), what utf8.Valid would report, so the caller need not check
// them again.
func (d *wrongDecoder) encodeUTF8Shaped(dst []byte, s string) (out []byte, ok, valid bool) {
	need := 0        // continuation bytes still expected
	inBounds := true // every byte after a lead is within utf8grammar.Second's bounds
	var lo, hi byte  // the bounds of the next byte, right after a lead
	afterLead := false
	for _, r := range s {
		var b byte
		switch {
		case r < utf8.RuneSelf:
			if need > 0 {
				return dst, false, false
			}
			dst = append(dst, byte(r))
			continue
		case r < 0x800 && d.low[r] != 0:
			b = d.low[r]
		default:
			var ok bool
			if b, ok = d.byteFor(r); !ok {
				return dst, false, false
			}
		}
		switch {
		case isCont(b):
			if need == 0 {
				return dst, false, false
			}
			if afterLead && (b < lo || b > hi) {
				inBounds = false
			}
			need--
			afterLead = false
		case need > 0:
			return dst, false, false
		default:
			if need = seqLen(b) - 1; need < 0 {
				return dst, false, false
			}
			lo, hi = utf8grammar.Second(b)
			afterLead = true
		}
		dst = append(dst, b)
	}
	return dst, need == 0, need == 0 && inBounds
}

// has reports whether d encodes r.
func (d *wrongDecoder) has(r rune) bool {
	if r < 0x80 {
		return true
	}
	_, ok := d.byteFor(r)
	return ok
}

// byteFor returns the byte d decodes to r (r not ASCII), and whether
// there is one.
func (d *wrongDecoder) byteFor(r rune) (byte, bool) {
	if r < 0x800 {
		b := d.low[r]
		return b, b != 0
	}
	if r >= 0x10000 {
		return 0, false
	}
	if p := d.mid[r>>8]; p != nil {
		b := p[r&0xFF]
		return b, b != 0
	}
	return 0, false
}

// canEncode reports whether d encodes every character of s, without
// encoding it.
func (d *wrongDecoder) canEncode(s string) bool {
	for _, r := range s {
		if !d.has(r) {
			return false
		}
	}
	return true
}

// encode appends s encoded with d to dst; ok is false when s has a code
// point d cannot encode.
func (d *wrongDecoder) encode(dst []byte, s string) (out []byte, ok bool) {
	for _, r := range s {
		if r < 0x80 {
			dst = append(dst, byte(r))
			continue
		}
		b, ok := d.byteFor(r)
		if !ok {
			return dst, false
		}
		dst = append(dst, b)
	}
	return dst, true
}

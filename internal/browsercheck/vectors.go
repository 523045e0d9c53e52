package main

import (
	"math/rand/v2"
	"strings"

	"github.com/webenc/webenc/internal/specdata"
)

// Mode of a vector: how both sides decode it.
const (
	modeRaw    = "r" // one decode with ignoreBOM, in replacement and fatal mode
	modeStream = "s" // TextDecoder with default options, chunks with {stream: true} but the last
	modeLabel  = "l" // the vector is a label: which encoding does TextDecoder pick?
)

// A vector is one test input for one encoding.
type vector struct {
	enc    string   // the Standard's name of the encoding (the label given to TextDecoder)
	mode   string   // modeRaw, modeStream or modeLabel
	cat    string   // category, for the report: "1-byte", "2-byte", "random", ...
	chunks [][]byte // modeRaw: one chunk; modeStream: one or more; modeLabel: the label's bytes
}

// multiByte are the encodings whose every two-byte sequence is checked.
var multiByte = map[string]bool{
	"UTF-8": true, "UTF-16LE": true, "UTF-16BE": true, "gb18030": true, "GBK": true,
	"Big5": true, "EUC-JP": true, "ISO-2022-JP": true, "Shift_JIS": true, "EUC-KR": true,
}

// fallbackEncodings is the Standard's list of encodings, used when
// encodings.json cannot be found.
var fallbackEncodings = []string{
	"UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
	"ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14",
	"ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874",
	"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
	"windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
	"GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR", "replacement",
	"UTF-16BE", "UTF-16LE", "x-user-defined",
}

// standardEncodings returns the Standard's encoding names and all labels
// (from encodings.json when available; ok is false when it is not).
func standardEncodings() (names, labels []string, ok bool) {
	if dir, ok := specdata.WHATWGDir(); ok {
		if groups, err := specdata.ReadEncodings(dir); err == nil {
			for _, g := range groups {
				for _, e := range g.Encodings {
					names = append(names, e.Name)
					labels = append(labels, e.Labels...)
				}
			}
			return names, labels, true
		}
	}
	for _, n := range fallbackEncodings {
		labels = append(labels, strings.ToLower(n))
	}
	return fallbackEncodings, labels, false
}

// gb18030Boundaries returns the four-byte pointers worth checking: every
// range start of index gb18030 ranges with its neighbours, and the limits
// of the BMP and astral four-byte ranges.
func gb18030Boundaries() []int {
	ps := []int{0, 1, 7456, 7457, 7458, 39418, 39419, 39420, 39421, 189000 - 1, 189000, 189001,
		1237575 - 1, 1237575, 1237576, 1237577, 125*12600 + 9*1260 + 125*10 + 9}
	if dir, ok := specdata.WHATWGDir(); ok {
		if ix, err := specdata.ReadIndex(dir, "gb18030-ranges"); err == nil {
			for _, e := range ix.Entries {
				ps = append(ps, e.Pointer-1, e.Pointer, e.Pointer+1)
			}
		}
	}
	return ps
}

// gbFourByte returns the four bytes of a gb18030 four-byte pointer.
func gbFourByte(p int) []byte {
	return []byte{byte(p/12600 + 0x81), byte(p%12600/1260 + 0x30), byte(p%1260/10 + 0x81), byte(p%10 + 0x30)}
}

// iso2022Escapes are the escape sequences the ISO-2022-JP decoder knows.
var iso2022Escapes = [][]byte{
	{0x1B, '(', 'B'}, {0x1B, '(', 'J'}, {0x1B, '(', 'I'}, {0x1B, '$', '@'}, {0x1B, '$', 'B'},
}

// cat concatenates byte slices into a new one.
func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// boundary byte sets for multi-byte sequences.
var (
	utf8Second = []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF}
	utf8Trail  = []byte{0x41, 0x80, 0xBF, 0xC0}
	gbFirst    = []byte{0x80, 0x81, 0x84, 0x85, 0x8F, 0x90, 0xE3, 0xE4, 0xFD, 0xFE, 0xFF}
	gbSecond   = []byte{0x2F, 0x30, 0x39, 0x3A, 0x7F, 0x80}
	gbThird    = []byte{0x30, 0x80, 0x81, 0xFE, 0xFF}
	gbFourth   = []byte{0x2F, 0x30, 0x39, 0x3A, 0x80}
	u16Units   = []uint16{0x0041, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFEFF, 0xFFFE}
)

// put16 appends a UTF-16 code unit in the encoding's byte order.
func put16(b []byte, u uint16, be bool) []byte {
	if be {
		return append(b, byte(u>>8), byte(u))
	}
	return append(b, byte(u), byte(u>>8))
}

// systematic returns the exhaustive and boundary vectors for enc.
func systematic(enc string) []vector {
	var vs []vector
	add := func(cat string, b []byte) {
		vs = append(vs, vector{enc: enc, mode: modeRaw, cat: cat, chunks: [][]byte{b}})
	}
	for i := 0; i < 256; i++ {
		add("1-byte", []byte{byte(i)})
	}
	if multiByte[enc] {
		for i := 0; i < 65536; i++ {
			add("2-byte", []byte{byte(i >> 8), byte(i)})
		}
	}
	switch enc {
	case "UTF-8":
		for l := 0xC0; l <= 0xFF; l++ {
			for _, b2 := range utf8Second {
				for _, b3 := range utf8Second {
					add("3-byte", []byte{byte(l), b2, b3})
				}
			}
		}
		for _, l := range []byte{0xC2, 0xE0, 0xED, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8} {
			for _, b2 := range utf8Second {
				for _, b3 := range utf8Trail {
					for _, b4 := range utf8Trail {
						add("4-byte", []byte{l, b2, b3, b4})
					}
				}
			}
		}
	case "UTF-16LE", "UTF-16BE":
		be := enc == "UTF-16BE"
		for _, u := range u16Units {
			for i := 0; i < 256; i++ {
				add("3-byte", append(put16(nil, u, be), byte(i)))
			}
			for _, u2 := range u16Units {
				add("4-byte", put16(put16(nil, u, be), u2, be))
				for _, u3 := range u16Units {
					add("6-byte", put16(put16(put16(nil, u, be), u2, be), u3, be))
				}
			}
		}
	case "gb18030", "GBK":
		for _, b1 := range gbFirst {
			for _, b2 := range gbSecond {
				for _, b3 := range gbThird {
					add("3-byte", []byte{b1, b2, b3})
					for _, b4 := range gbFourth {
						add("4-byte", []byte{b1, b2, b3, b4})
					}
				}
			}
		}
		for b1 := 0x81; b1 <= 0xFE; b1++ {
			for _, b2 := range []byte{0x30, 0x39} {
				for _, b3 := range []byte{0x81, 0xFE} {
					for _, b4 := range []byte{0x30, 0x39} {
						add("4-byte", []byte{byte(b1), b2, b3, b4})
					}
				}
			}
		}
		for _, p := range gb18030Boundaries() {
			if p >= 0 && p < 126*12600 {
				add("4-byte-range", gbFourByte(p))
				add("4-byte-range", cat(gbFourByte(p), []byte("A")))
			}
		}
	case "ISO-2022-JP":
		esc := byte(0x1B)
		prefixes := append([][]byte{nil}, iso2022Escapes...)
		for _, p := range prefixes {
			for i := 0; i < 256; i++ {
				add("esc-state", cat(p, []byte{byte(i)}))
				add("esc-state", cat(p, []byte{esc, byte(i)}))
				add("esc-state", cat(p, []byte{esc, '(', byte(i)}))
				add("esc-state", cat(p, []byte{esc, '$', byte(i)}))
				add("esc-state", cat(p, []byte{byte(i), 'A'}))
			}
			for _, e1 := range iso2022Escapes {
				for _, e2 := range iso2022Escapes {
					add("esc-flag", cat(p, e1, e2))
					add("esc-flag", cat(p, e1, e2, []byte("!")))
					add("esc-flag", cat(p, e1, []byte("!!"), e2, []byte("!!")))
					add("esc-flag", cat(p, e1, []byte{esc}, e2))
					add("esc-flag", cat(p, e1, []byte{esc, '$'}, e2))
				}
				add("esc-flag", cat(p, e1))
				add("esc-flag", cat(p, e1, []byte{esc}))
				add("esc-flag", cat(p, e1, []byte{esc, '('}))
				add("esc-flag", cat(p, e1, []byte{esc, '$'}))
				add("esc-flag", cat(p, e1, []byte("\n"), e1))
			}
		}
		for i := 0; i < 65536; i++ {
			add("2-byte-jis0208", cat(iso2022Escapes[4], []byte{byte(i >> 8), byte(i)}))
		}
	}
	// Truncated sequences at the end, after a valid character.
	if multiByte[enc] {
		for i := 0x80; i < 256; i++ {
			add("truncated", []byte{'a', byte(i)})
		}
	}
	return vs
}

// tokenGen makes one random token for an encoding.
type tokenGen func(r *rand.Rand) []byte

// rng returns a random byte in [lo, hi].
func rng(r *rand.Rand, lo, hi int) byte { return byte(lo + r.IntN(hi-lo+1)) }

// tokens returns the random token generators biased toward enc's lead and
// trail ranges.
func tokens(enc string) []tokenGen {
	ascii := func(r *rand.Rand) []byte { return []byte{rng(r, 0x00, 0x7F)} }
	any := func(r *rand.Rand) []byte { return []byte{byte(r.IntN(256))} }
	high := func(r *rand.Rand) []byte { return []byte{rng(r, 0x80, 0xFF)} }
	switch enc {
	case "UTF-8":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xC0, 0xDF), rng(r, 0x70, 0xCF)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xE0, 0xEF), rng(r, 0x70, 0xCF), rng(r, 0x70, 0xCF)} },
			func(r *rand.Rand) []byte {
				return []byte{rng(r, 0xF0, 0xF7), rng(r, 0x70, 0xCF), rng(r, 0x80, 0xBF), rng(r, 0x80, 0xBF)}
			},
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x80, 0xBF)} },
		}
	case "UTF-16LE", "UTF-16BE":
		be := enc == "UTF-16BE"
		return []tokenGen{any,
			func(r *rand.Rand) []byte { return put16(nil, uint16(r.IntN(0x10000)), be) },
			func(r *rand.Rand) []byte { return put16(nil, uint16(0xD800+r.IntN(0x400)), be) },
			func(r *rand.Rand) []byte { return put16(nil, uint16(0xDC00+r.IntN(0x400)), be) },
			func(r *rand.Rand) []byte { return put16(nil, uint16(r.IntN(0x80)), be) },
			func(r *rand.Rand) []byte { return put16(nil, 0xFEFF, be) },
		}
	case "gb18030", "GBK":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0xFE), rng(r, 0x40, 0xFE)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x80, 0xFF), rng(r, 0x2F, 0x3A)} },
			func(r *rand.Rand) []byte {
				return []byte{rng(r, 0x81, 0xFE), rng(r, 0x30, 0x39), rng(r, 0x80, 0xFF), rng(r, 0x2F, 0x3A)}
			},
			func(r *rand.Rand) []byte {
				b := gbFourByte(r.IntN(39420))
				return b
			},
			func(r *rand.Rand) []byte { return gbFourByte(189000 + r.IntN(1237576-189000+50)) },
		}
	case "Big5":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0xFE), rng(r, 0x40, 0xFE)} },
			func(r *rand.Rand) []byte { return []byte{0x88, rng(r, 0x60, 0xA5)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0xFE), rng(r, 0x00, 0x7F)} },
		}
	case "EUC-JP":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xA1, 0xFE), rng(r, 0xA1, 0xFE)} },
			func(r *rand.Rand) []byte { return []byte{0x8E, rng(r, 0x9F, 0xE0)} },
			func(r *rand.Rand) []byte { return []byte{0x8F, rng(r, 0xA0, 0xFF), rng(r, 0xA0, 0xFF)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xA1, 0xFE), rng(r, 0x00, 0x7F)} },
		}
	case "Shift_JIS":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0x9F), rng(r, 0x3F, 0xFD)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xE0, 0xFC), rng(r, 0x3F, 0xFD)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xF0, 0xF9), rng(r, 0x40, 0xFC)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0xA1, 0xDF)} },
		}
	case "EUC-KR":
		return []tokenGen{ascii, any, high,
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0xFE), rng(r, 0x41, 0xFE)} },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x81, 0xFE), rng(r, 0x00, 0x7F)} },
		}
	case "ISO-2022-JP":
		return []tokenGen{ascii, any,
			func(r *rand.Rand) []byte { return iso2022Escapes[r.IntN(len(iso2022Escapes))] },
			func(r *rand.Rand) []byte { return iso2022Escapes[r.IntN(len(iso2022Escapes))] },
			func(r *rand.Rand) []byte { return []byte{rng(r, 0x21, 0x7E), rng(r, 0x21, 0x7E)} },
			func(r *rand.Rand) []byte { return []byte{0x1B, byte(r.IntN(256))} },
			func(r *rand.Rand) []byte { return []byte{0x1B, "($"[r.IntN(2)], byte(r.IntN(256))} },
			func(r *rand.Rand) []byte { return []byte{[]byte("\n\r\x0E\x0F\x1B\x5C\x7E")[r.IntN(7)]} },
		}
	}
	return []tokenGen{ascii, any, high, high}
}

// random returns n seeded random vectors for enc, made of tokens.
func random(enc string, n int, r *rand.Rand) []vector {
	gens := tokens(enc)
	vs := make([]vector, 0, n)
	for i := 0; i < n; i++ {
		var b []byte
		for k := 1 + r.IntN(8); k > 0; k-- {
			b = append(b, gens[r.IntN(len(gens))](r)...)
		}
		vs = append(vs, vector{enc: enc, mode: modeRaw, cat: "random", chunks: [][]byte{b}})
	}
	return vs
}

// boms are the byte order marks a stream vector may start with.
var boms = [][]byte{nil, nil, {0xEF, 0xBB, 0xBF}, {0xFF, 0xFE}, {0xFE, 0xFF}, {0xEF, 0xBB}}

// streams returns n seeded streaming vectors for enc: random inputs, some
// starting with a byte order mark, split into one to four chunks.
func streams(enc string, n int, r *rand.Rand) []vector {
	gens := tokens(enc)
	vs := make([]vector, 0, n)
	for i := 0; i < n; i++ {
		b := append([]byte(nil), boms[r.IntN(len(boms))]...)
		for k := r.IntN(8); k > 0; k-- {
			b = append(b, gens[r.IntN(len(gens))](r)...)
		}
		var chunks [][]byte
		for k := r.IntN(4); k > 0 && len(b) > 0; k-- {
			at := r.IntN(len(b) + 1)
			chunks = append(chunks, b[:at])
			b = b[at:]
		}
		chunks = append(chunks, b)
		vs = append(vs, vector{enc: enc, mode: modeStream, cat: "stream", chunks: chunks})
	}
	return vs
}

// labelVectors returns the label checks: every label of the Standard, in
// upper case and with surrounding whitespace, and a few that must fail.
func labelVectors(labels []string) []vector {
	var ls []string
	for _, l := range labels {
		ls = append(ls, l, strings.ToUpper(l), " \t\n\f\r"+l+"\r\n", "\v"+l, l+"\u00A0", l+"\x00", l+" x")
	}
	ls = append(ls, "", " ", "utf-16", "UTF-16", "unicode", "x-foo", "iso-2022-kr", "replacement",
		"\u212Aoi8-r", "koi8-\u212A", "utf-8\u0130", "latin1", "ascii", "us-ascii", "utf-32", "utf-7",
		"x-mac-roman", "cp1252", "windows-949", "euc-tw", "hz-gb-2312", "iso-2022-cn", "big5-hkscs",
		"cn-big5", "x-x-big5", "gb_2312-80", "ms932", "windows-31j", "x-sjis", "ks_c_5601-1987",
		"csiso2022jp", "x-user-defined", "utf8 ", "utf-8\t", "\u3000utf-8")
	vs := make([]vector, 0, len(ls))
	for _, l := range ls {
		vs = append(vs, vector{enc: "", mode: modeLabel, cat: "label", chunks: [][]byte{[]byte(l)}})
	}
	return vs
}

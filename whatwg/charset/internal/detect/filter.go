package detect

// The markup filter and compaction: text between tags goes to the text
// stream, tag bytes to the tag stream, character references become a
// neutral mark, and ASCII bytes far from non-ASCII ones are dropped.
// docs/detection.md, "How it guesses", explains it.

import (
	"encoding/binary"
	"math/bits"

	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// Markup filter states.
const (
	fText = iota
	fLT   // after '<'
	fTag  // inside a tag
	fAmp  // inside a possible character reference
)

// maxRef bounds the length of a character reference the filter recognises.
const maxRef = 32

// filter is the markup filter and the compaction stage.
type filter struct {
	state  uint8
	quote  byte // the quote a tag's attribute value is in, or 0
	bang   bool // the tag started with "<!" (quotes not tracked)
	refLen uint8
	ref    [maxRef]byte
	text   compactor // the text between tags
	tag    compactor // the bytes inside tags
	// tagSpace: a tag ended and no text followed yet. A tag stands
	// between words, so it is one space, unless the text goes on with
	// whitespace ("word</a> word" is "word word", not "word  word").
	tagSpace bool
	// letters counts the ASCII letter pairs of the first text, for the
	// language correction.
	letters letterCounts
}

// maxLetterPairs bounds the pairs of letter symbols letterCounts counts:
// those around the first non-ASCII bytes of the text (beyond, the
// non-ASCII characters decide).
const maxLetterPairs = 64

// letterBefore and letterAfter are how many bytes before and after each
// non-ASCII byte of the text letterCounts looks at: the words around the
// non-ASCII letters, not the whole text (a page's inline script is
// English whatever language its text is in).
const (
	letterBefore = 31
	letterAfter  = 31
)

// letterRing is the size of letterCounts's ring (a power of two above
// letterBefore).
const letterRing = 32

// letterCounts counts the pairs of letter symbols (detect/tables's
// NumLetter: 0 for anything but an ASCII letter, 1 + its index in a..z)
// of the filtered text that end within letterBefore bytes before a
// non-ASCII byte, at it, or within letterAfter bytes after it, but a pair
// of two non-letters, up to maxLetterPairs pairs.
type letterCounts struct {
	ring  [letterRing]byte // the last bytes, the last at ring[(at-1)%letterRing]
	at    uint8
	fresh uint8 // the last fresh symbols of ring end a pair not counted yet
	after uint8 // the next after bytes are counted as they come
	n     uint16
	pairs [maxLetterPairs]uint16 // the pairs counted, a*NumLetter+b
}

// letterSym is the letter symbol of each byte.
var letterSym = func() (t [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		t[b] = uint8(b-'a') + 1
		t[b-0x20] = uint8(b-'a') + 1
	}
	return t
}()

// pair counts the pair of symbols a, b.
func (l *letterCounts) pair(a, b uint8) {
	if a|b == 0 || l.n >= maxLetterPairs {
		return
	}
	l.pairs[l.n] = uint16(a)*tab.NumLetter + uint16(b)
	l.n++
}

// push appends byte b to the ring.
func (l *letterCounts) push(b byte) {
	l.ring[l.at%letterRing] = b
	l.at++
}

// last returns the symbol of the byte k bytes back (0 is the last byte's).
func (l *letterCounts) last(k uint8) uint8 { return letterSym[l.ring[(l.at-1-k)%letterRing]] }

// addByte takes the next byte of the text.
func (l *letterCounts) addByte(b byte) {
	s := letterSym[b]
	switch {
	case b >= 0x80:
		// The fresh pairs before it, then its own.
		for k := l.fresh; k > 0; k-- {
			l.pair(l.last(k), l.last(k-1))
		}
		l.pair(l.last(0), 0)
		l.fresh, l.after = 0, letterAfter
	case l.after > 0:
		l.pair(l.last(0), s)
		l.after--
	default:
		l.fresh = min(l.fresh+1, letterBefore)
	}
	l.push(b)
}

// add takes the next bytes of the text, all ASCII.
func (l *letterCounts) add(p []byte) {
	for len(p) > 0 && l.after > 0 {
		l.addByte(p[0])
		p = p[1:]
	}
	// Past the bytes counted after a non-ASCII byte, an ASCII byte only
	// enters the ring and makes one more pair fresh (addByte's default
	// case); only the last letterRing bytes can matter: they fill the
	// ring, and fresh stops at letterBefore.
	l.fresh = uint8(min(int(l.fresh)+len(p), letterBefore))
	if len(p) > letterRing {
		p = p[len(p)-letterRing:]
	}
	at := l.at % letterRing
	n := copy(l.ring[at:], p)
	copy(l.ring[:], p[n:])
	l.at += uint8(len(p))
}

// emitText passes one byte of text to the text compaction, after the
// space of a tag that ended before it unless b is whitespace.
func (f *filter) emitText(dst []byte, b byte) []byte {
	if f.tagSpace {
		f.tagSpace = false
		if !isSpace(b) {
			if f.letters.n < maxLetterPairs {
				f.letters.addByte(' ')
			}
			dst = f.text.emit(dst, ' ')
		}
	}
	if f.letters.n < maxLetterPairs {
		f.letters.addByte(b)
	}
	return f.text.emit(dst, b)
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\f' }

// compactor is the compaction stage of one stream.
type compactor struct {
	pending    byte // the last byte, not yet decided on
	hasPending bool
	prevHi     bool // the byte before pending was non-ASCII
	prevHi2    bool // the byte before that was non-ASCII
}

// run filters src, appending the compacted text to dst and the compacted
// bytes from inside tags to tdst.
func (f *filter) run(dst, tdst, src []byte, nonASCII, tagNonASCII *int64) ([]byte, []byte) {
	for i := 0; i < len(src); i++ {
		b := src[i]
		switch f.state {
		case fText:
			// Fast path: a run of plain ASCII text. Only its first two
			// bytes and its last can be next to a non-ASCII byte, so
			// emitting just those leaves the compaction in the state
			// emitting them all would.
			if plain[b] {
				if j := i + plainPrefix(src[i:]); j-i >= 3 {
					dst = f.emitText(dst, src[i])
					if f.letters.n < maxLetterPairs {
						f.letters.add(src[i+1 : j])
					}
					dst = f.text.emit(dst, src[i+1])
					dst = f.text.emit(dst, src[j-1])
					i = j - 1
					continue
				}
			}
			if b >= 0x80 {
				// Fast path: a run of non-ASCII bytes, all of which
				// the compaction keeps.
				j := i + highPrefix(src[i:])
				*nonASCII += int64(j - i)
				dst = f.emitHighRun(dst, src[i:j])
				i = j - 1
				continue
			}
			switch b {
			case '<':
				f.state = fLT
				continue
			case '&':
				f.state, f.refLen = fAmp, 0
				continue
			case 0:
				b = 1 // 0 is the filter's neutral mark
			}
			dst = f.emitText(dst, b)
		case fLT:
			if isAlpha(b) || b == '/' || b == '!' || b == '?' {
				f.state, f.quote, f.bang = fTag, 0, b == '!'
				tdst = f.tag.emit(tdst, b)
				continue
			}
			dst = f.emitText(dst, '<')
			f.state = fText
			i-- // reprocess b as text
		case fTag:
			// Fast path: a run of ASCII bytes that change nothing in
			// the tag's state; as for text, its first two bytes and
			// its last are all the compaction can keep.
			if tagPlain[b] {
				if j := i + tagPlainPrefix(src[i:]); j-i >= 3 {
					tdst = f.tag.emit(tdst, src[i])
					tdst = f.tag.emit(tdst, src[i+1])
					tdst = f.tag.emit(tdst, src[j-1])
					i = j - 1
					continue
				}
			}
			// Inside a tag every byte goes to the tag stream, ending
			// with a space at '>' (so that no sequence spans two tags).
			if b >= 0x80 {
				*tagNonASCII++
			}
			if b == 0 {
				b = 1
			}
			if b == '>' && f.quote == 0 {
				tdst = f.tag.emit(tdst, ' ')
			} else {
				tdst = f.tag.emit(tdst, b)
			}
			switch {
			case f.quote != 0:
				if b == f.quote {
					f.quote = 0
				}
			case b == '>':
				f.state = fText
				f.tagSpace = true
			case (b == '"' || b == '\'') && !f.bang:
				f.quote = b
			}
		case fAmp:
			if b == ';' && f.refLen > 0 {
				f.state = fText
				dst = f.emitText(dst, 0)
				continue
			}
			if (isAlpha(b) || (b >= '0' && b <= '9') || b == '#') && f.refLen < maxRef {
				f.ref[f.refLen] = b
				f.refLen++
				continue
			}
			dst = f.flushRef(dst)
			f.state = fText
			i-- // reprocess b as text
		}
	}
	return dst, tdst
}

// flushRef emits a '&' and the bytes after it that turned out not to be a
// character reference.
func (f *filter) flushRef(dst []byte) []byte {
	dst = f.emitText(dst, '&')
	for _, c := range f.ref[:f.refLen] {
		dst = f.emitText(dst, c)
	}
	f.refLen = 0
	return dst
}

// finish emits what the filter holds at the end of the stream: the rest
// of the text to dst, of the tag stream to tdst.
func (f *filter) finish(dst, tdst []byte) ([]byte, []byte) {
	switch f.state {
	case fLT:
		dst = f.emitText(dst, '<')
	case fAmp:
		dst = f.flushRef(dst)
	}
	f.state = fText
	if f.tagSpace {
		f.tagSpace = false
		dst = f.text.emit(dst, ' ')
	}
	return f.text.finish(dst), f.tag.finish(tdst)
}

// finish emits the pending byte if it is kept.
func (f *compactor) finish(dst []byte) []byte {
	if f.hasPending && (f.pending >= 0x80 || f.prevHi || f.prevHi2) {
		dst = append(dst, f.pending)
	}
	f.hasPending = false
	return dst
}

// emit passes one filtered byte to the compaction stage: a byte is kept if
// it, the byte after it or one of the two before it is non-ASCII (two, so
// that a multi-byte candidate sees the byte that ends a sequence such as
// gb18030's 0x81 0x30 0x81 0x30 and its errors).
func (f *compactor) emit(dst []byte, b byte) []byte {
	if f.hasPending {
		p := f.pending
		if p >= 0x80 || f.prevHi || f.prevHi2 || b >= 0x80 {
			dst = append(dst, p)
		}
		f.prevHi2, f.prevHi = f.prevHi, p >= 0x80
	}
	f.pending, f.hasPending = b, true
	return dst
}

// plainPrefix returns the length of the longest prefix of b made of plain
// bytes (the text the filter passes through unchanged).
func plainPrefix(b []byte) int { return asciiRun(b, &plain, '<', '&', '&') }

// tagPlainPrefix returns the length of the longest prefix of b made of
// bytes that tagPlain marks.
func tagPlainPrefix(b []byte) int { return asciiRun(b, &tagPlain, '>', '"', '\'') }

// asciiRun returns the length of the longest prefix of b made of bytes
// that table marks: the ASCII bytes other than 0, x, y and z. It looks at
// eight bytes at a time: a word holds a byte the table does not mark if a
// byte has its high bit set, is zero, or equals x, y or z. (The zero-byte
// test can also flag bytes above a real hit, never below, so the lowest
// flagged byte is exact.)
func asciiRun(b []byte, table *[256]bool, x, y, z byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	zero := func(x uint64) uint64 { return (x - lo) &^ x & hi }
	xs, ys, zs := lo*uint64(x), lo*uint64(y), lo*uint64(z)
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		if m := w&hi | zero(w) | zero(w^xs) | zero(w^ys) | zero(w^zs); m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for j < len(b) && table[b[j]] {
		j++
	}
	return j
}

// highPrefix returns the length of the longest prefix of b made of
// non-ASCII bytes, eight at a time.
func highPrefix(b []byte) int {
	const hi = 0x8080808080808080
	j := 0
	for ; j+8 <= len(b); j += 8 {
		w := binary.LittleEndian.Uint64(b[j:])
		if m := ^w & hi; m != 0 {
			return j + bits.TrailingZeros64(m)>>3
		}
	}
	for j < len(b) && b[j] >= 0x80 {
		j++
	}
	return j
}

// emitHighRun passes the non-ASCII bytes run (not empty) to the text
// compaction, as emitText would one at a time: every byte of it is kept,
// and the last is pending.
func (f *filter) emitHighRun(dst, run []byte) []byte {
	dst = f.emitText(dst, run[0])
	if len(run) == 1 {
		return dst
	}
	c := &f.text
	prevHi := c.prevHi // the byte before run[0]'s
	dst = append(dst, run[:len(run)-1]...)
	c.pending = run[len(run)-1]
	c.prevHi2, c.prevHi = len(run) > 2 || prevHi, true
	return dst
}

// tagPlain marks the ASCII bytes that go to the tag stream unchanged and
// leave the tag's state as it is: all but '>' and the quotes.
var tagPlain = func() (t [256]bool) {
	for b := 1; b < 0x80; b++ {
		t[b] = b != '>' && b != '"' && b != '\''
	}
	return t
}()

// plain marks the ASCII bytes the filter passes through unchanged.
var plain = func() (t [256]bool) {
	for b := 1; b < 0x80; b++ {
		t[b] = b != '<' && b != '&'
	}
	return t
}()

func isAlpha(b byte) bool { return (b|0x20) >= 'a' && (b|0x20) <= 'z' }

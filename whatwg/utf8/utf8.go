// Package utf8 implements the WHATWG Encoding Standard's UTF-8 encoding as
// an encoding.Encoding from golang.org/x/text/encoding.
//
// The decoder is the Standard's "UTF-8 decoder": it emits one U+FFFD per
// maximal invalid subsequence (the Unicode "best practice"), is resumable at
// every byte boundary, and copies runs of valid input in bulk. It does not
// strip a byte order mark: the Standard handles the BOM in its decode
// algorithms, which package whatwg implements.
//
// The encoder takes UTF-8 and writes UTF-8; invalid input becomes U+FFFD
// (one per maximal subpart, as converting to a scalar value string does), so
// it never returns an error.
package utf8

import (
	"encoding/binary"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
)

// UTF8 is the Standard's UTF-8 encoding (name "UTF-8"). Its NewDecoder
// replaces errors with U+FFFD; its NewEncoder never fails.
var UTF8 encoding.Encoding = &codec.Encoding{
	Name:           "UTF-8",
	NewDecoderMode: func(fatal bool) transform.Transformer { return newDecoder(fatal) },
	NewRawEncoder:  func() transform.Transformer { return encoder{} },
}

func newDecoder(fatal bool) *decoder {
	return &decoder{DecodeErrors: codec.DecodeErrors{Name: "UTF-8", Fatal: fatal}, lower: 0x80, upper: 0xBF}
}

// decoder is the Standard's UTF-8 decoder. Its state is exactly the
// Standard's: code point, bytes seen, bytes needed, lower and upper
// boundary. The bytes of a pending sequence (reported by fatal-mode errors)
// are recomputed from the code point, which holds all their payload bits.
//
// The byte the Standard restores to the I/O queue is always the byte just
// read, so it is still in src: the decoder simply does not advance past it.
type decoder struct {
	codec.DecodeErrors
	codePoint    rune
	seen, needed uint8
	lower, upper byte
}

// Reset implements transform.Transformer.
func (d *decoder) Reset() {
	d.codePoint, d.seen, d.needed = 0, 0, 0
	d.lower, d.upper = 0x80, 0xBF
	d.Base = 0
}

// pending returns the bytes of the sequence in progress (lead byte and the
// continuation bytes seen) into buf.
func (d *decoder) pending(buf *[4]byte) []byte {
	n := int(d.seen)
	cp := d.codePoint
	for i := n; i >= 1; i-- {
		buf[i] = 0x80 | byte(cp&0x3F)
		cp >>= 6
	}
	switch d.needed {
	case 1:
		buf[0] = 0xC0 | byte(cp)
	case 2:
		buf[0] = 0xE0 | byte(cp)
	default:
		buf[0] = 0xF0 | byte(cp)
	}
	return buf[:n+1]
}

func (d *decoder) clear() {
	d.codePoint, d.seen, d.needed = 0, 0, 0
	d.lower, d.upper = 0x80, 0xBF
}

// Transform implements transform.Transformer. It consumes all of src unless
// dst is full (ErrShortDst) or, in fatal mode, an error is found. A fatal
// error counts the invalid bytes as consumed (not a restored byte), so the
// decoder is in the state the Standard leaves it in after the error.
func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if d.needed == 0 {
			// Fast path: copy the longest run of complete, valid
			// sequences that fits in dst.
			end := len(src)
			if room := len(dst) - nDst; room < end-nSrc {
				end = nSrc + room
			}
			n := validPrefix(src[nSrc:end])
			copy(dst[nDst:], src[nSrc:nSrc+n])
			nDst += n
			nSrc += n
			if nSrc == len(src) {
				break
			}
			// UTF-8 decoder step 3, one byte at a time.
			c := src[nSrc]
			switch {
			case c < 0x80:
				if nDst == len(dst) {
					err = transform.ErrShortDst
					goto done
				}
				dst[nDst] = c
				nDst++
			case c >= 0xC2 && c <= 0xDF:
				d.needed, d.codePoint = 1, rune(c&0x1F)
			case c >= 0xE0 && c <= 0xEF:
				if c == 0xE0 {
					d.lower = 0xA0
				} else if c == 0xED {
					d.upper = 0x9F
				}
				d.needed, d.codePoint = 2, rune(c&0xF)
			case c >= 0xF0 && c <= 0xF4:
				if c == 0xF0 {
					d.lower = 0x90
				} else if c == 0xF4 {
					d.upper = 0x8F
				}
				d.needed, d.codePoint = 3, rune(c&0x7)
			default:
				// Step 3, "Otherwise": error (80–BF, C0, C1, F5–FF).
				if d.Fatal {
					err = d.Err(nSrc, c)
					nSrc++
					goto done
				}
				if len(dst)-nDst < 3 {
					err = transform.ErrShortDst
					goto done
				}
				nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			}
			nSrc++
			continue
		}
		c := src[nSrc]
		if c < d.lower || c > d.upper {
			// Step 4: reset the state, restore byte (do not consume
			// it) and return error.
			if d.Fatal {
				var buf [4]byte
				err = d.Err(nSrc-int(d.seen)-1, d.pending(&buf)...)
				d.clear()
				goto done
			}
			if len(dst)-nDst < 3 {
				err = transform.ErrShortDst
				goto done
			}
			d.clear()
			nDst += copy(dst[nDst:], codec.ReplacementUTF8)
			continue
		}
		if d.seen+1 < d.needed {
			// Steps 5–8: continue.
			d.lower, d.upper = 0x80, 0xBF
			d.codePoint = d.codePoint<<6 | rune(c&0x3F)
			d.seen++
			nSrc++
			continue
		}
		// Steps 9–11: the sequence is complete.
		if len(dst)-nDst < int(d.needed)+1 {
			err = transform.ErrShortDst
			goto done
		}
		nDst += codec.PutRune(dst[nDst:], d.codePoint<<6|rune(c&0x3F))
		d.clear()
		nSrc++
	}
	if atEOF && d.needed != 0 {
		// Step 1: end-of-queue with bytes needed not 0 is one error.
		if d.Fatal {
			var buf [4]byte
			err = d.Err(nSrc-int(d.seen)-1, d.pending(&buf)...)
			d.clear()
			goto done
		}
		if len(dst)-nDst < 3 {
			err = transform.ErrShortDst
			goto done
		}
		d.clear()
		nDst += copy(dst[nDst:], codec.ReplacementUTF8)
	}
done:
	d.Advance(nSrc)
	return nDst, nSrc, err
}

// encoder is the UTF-8 encoder over UTF-8 input: valid input is copied,
// each maximal invalid subpart becomes U+FFFD. It has no state.
type encoder struct{}

// Reset implements transform.Transformer.
func (encoder) Reset() {}

// Transform implements transform.Transformer. It returns ErrShortSrc only
// for an incomplete sequence at the end of src when atEOF is false.
func (encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		end := len(src)
		if room := len(dst) - nDst; room < end-nSrc {
			end = nSrc + room
		}
		n := validPrefix(src[nSrc:end])
		copy(dst[nDst:], src[nSrc:nSrc+n])
		nDst += n
		nSrc += n
		if nSrc == len(src) {
			break
		}
		r, size := codec.NextRune(src[nSrc:], atEOF)
		if size == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if len(dst)-nDst < codec.RuneLen(r) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += codec.PutRune(dst[nDst:], r)
		nSrc += size
	}
	return nDst, nSrc, nil
}

const (
	highBits = 0x8080808080808080
	lowBits  = 0x7F7F7F7F7F7F7F7F
)

// validPrefix returns the length of the longest prefix of s made of
// complete, valid UTF-8 sequences (as the Standard's UTF-8 decoder defines
// them: no overlongs, surrogates or values above U+10FFFF).
//
// Its main loop checks eight bytes at a time with bit masks, for any mix of
// ASCII, 2-byte and 3-byte sequences; anything else (4-byte sequences,
// errors, the last bytes) goes through checkOne.
func validPrefix(s []byte) int {
	i, n := 0, len(s)
	for {
		for i+8 <= n {
			w := binary.LittleEndian.Uint64(s[i:])
			hi := w & highBits
			if hi == 0 {
				// ASCII: skip the rest of the run 32 bytes at a
				// time.
				i += 8
				for i+32 <= n {
					b := s[i : i+32]
					if (binary.LittleEndian.Uint64(b)|binary.LittleEndian.Uint64(b[8:])|
						binary.LittleEndian.Uint64(b[16:])|binary.LittleEndian.Uint64(b[24:]))&highBits != 0 {
						break
					}
					i += 32
				}
				continue
			}
			if hi == highBits {
				// No ASCII: try the loops for runs of 2-byte and of
				// 3-byte sequences, which are faster on long runs.
				if j := run2(s, i); j > i {
					i = j
					continue
				}
				if j := run3(s, i); j > i+3 {
					i = j
					continue
				}
			}
			// Bits 6, 5 and 4 of every byte, moved to bit 7.
			b6 := w << 1 & highBits
			b5 := w << 2 & highBits
			b4 := w << 3 & highBits
			cont := hi &^ b6            // 10xxxxxx
			lead2 := hi & b6 &^ b5      // 110xxxxx
			lead3 := hi & b6 & b5 &^ b4 // 1110xxxx
			if hi&b6&b5&b4 != 0 {       // 11110xxx and above
				break
			}
			// Every continuation byte, and only those, must follow
			// its lead (in little-endian order the next byte is 8
			// bits up; bytes past the window drop out).
			if cont != lead2<<8|lead3<<8|lead3<<16 {
				break
			}
			// C0 and C1 (overlong): 110xxxxx with xxxx0 zero.
			if lead2&^((w&0x1E1E1E1E1E1E1E1E+lowBits)&highBits) != 0 {
				break
			}
			if lead3 != 0 {
				// E0 must be followed by A0–BF (bit 5 set), ED by
				// 80–9F (bit 5 clear): no overlong, no surrogate.
				nib := w & 0x0F0F0F0F0F0F0F0F
				isE0 := lead3 &^ (nib + lowBits)
				isED := lead3 &^ (nib ^ 0x0D0D0D0D0D0D0D0D + lowBits)
				if isE0<<8&^b5|isED<<8&b5 != 0 {
					break
				}
			}
			// Stop before a sequence cut by the window's end: a lead
			// in byte 7, or a 3-byte lead in byte 6.
			i += 8 - int((lead2|lead3)>>63) - int(lead3>>54&2)
		}
		if i >= n {
			return n
		}
		k := checkOne(s[i:])
		if k == 0 {
			return i
		}
		i += k
	}
}

// checkOne returns the length of the valid, complete sequence at the start
// of s (not empty), or 0 if it is invalid or incomplete.
func checkOne(s []byte) int {
	c := s[0]
	switch {
	case c < 0x80:
		return 1
	case c < 0xC2:
		return 0
	case c < 0xE0:
		if len(s) < 2 || s[1]&0xC0 != 0x80 {
			return 0
		}
		return 2
	case c < 0xF0:
		if len(s) < 3 {
			return 0
		}
		b1, b2 := s[1], s[2]
		if (uint16(b1)<<8|uint16(b2))&0xC0C0 != 0x8080 {
			return 0
		}
		// Not overlong (< U+0800) and not a surrogate.
		if cp := uint32(c&0xF)<<12 | uint32(b1&0x3F)<<6; cp < 0x800 || cp-0xD800 < 0x800 {
			return 0
		}
		return 3
	case c < 0xF5:
		if len(s) < 4 {
			return 0
		}
		b1, b2, b3 := s[1], s[2], s[3]
		if (uint32(b1)<<16|uint32(b2)<<8|uint32(b3))&0xC0C0C0 != 0x808080 {
			return 0
		}
		// U+10000 to U+10FFFF.
		if cp := uint32(c&0x7)<<18 | uint32(b1&0x3F)<<12; cp < 0x10000 || cp > 0x10FFFF {
			return 0
		}
		return 4
	}
	return 0
}

// run2 returns the end of the run of 2-byte sequences at s[i:], checked
// four at a time: each lead must be 110xxxxx with xxxx0 nonzero (C2–DF) and
// each trail 10xxxxxx. It may stop before the end of the run.
func run2(s []byte, i int) int {
	for i+8 <= len(s) {
		w := binary.LittleEndian.Uint64(s[i:])
		if w&0xC0E0C0E0C0E0C0E0 != 0x80C080C080C080C0 ||
			(w&0x001E001E001E001E+0x7FFF7FFF7FFF7FFF)&0x8000800080008000 != 0x8000800080008000 {
			break
		}
		i += 8
	}
	return i
}

// run3 returns the end of the run of 3-byte sequences at s[i:], with one
// 4-byte load each: 1110xxxx 10xxxxxx 10xxxxxx, the top ten bits of the
// value (t) neither below U+0800 nor a surrogate (t in 0x360–0x37F). It may
// stop before the end of the run.
func run3(s []byte, i int) int {
	for i+4 <= len(s) {
		w := binary.LittleEndian.Uint32(s[i:])
		if w&0xC0C0F0 != 0x8080E0 {
			break
		}
		if t := (w&0xF)<<6 | (w>>8)&0x3F; t < 0x20 || t-0x360 < 0x20 {
			break
		}
		i += 3
	}
	return i
}

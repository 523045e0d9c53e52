package singlebyte

import (
	"encoding/binary"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/simd"
)

// oneShot is the codec.Codec.Shared of a single-byte encoding: the
// transformer of every Decoder its NewDecoder returns, a replacement-mode
// decoder's loop called directly; its decodeAll is the codec's DecodeAll.
// The decoder has no state (every byte is a whole unit, and it writes to
// its DecodeErrors only in fatal mode), so one value serves every call at
// once, and decode stops early only between two bytes. Being one pointer, it goes into the
// Decoder's interface without an allocation of its own; being the table
// itself, its Transform reaches the entries with no load.
type oneShot struct{ k *simd.SBCSTable }

// Transform decodes a short string (at most shortString bytes) byte by
// byte with the room for each form checked, and anything longer with
// decode. x/text's Bytes decodes a short string in three calls (into
// len(src) bytes, into what they left, into a grown dst), and there the
// cost of each call counts most: decode's set-up and levels of calls, and
// looking up ASCII in the table (measured with x/text's Bytes on 16 bytes
// of Czech, French and Russian: 10-15% faster than decode, 2-3% from the
// loop being here and not in a function of its own).
func (o oneShot) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if len(src) > shortString {
		return o.decode(dst, src)
	}
	t := o.k.Decode()
	for ; nSrc < len(src); nSrc++ {
		c := src[nSrc]
		if c < 0x80 {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst++
			continue
		}
		// Steps 3-4: the index's code point, or U+FFFD.
		e := t[c]
		if e == 0 {
			e = replacementEntry
		}
		n := int(e >> 24)
		switch room := len(dst) - nDst; {
		case room >= 4:
			binary.LittleEndian.PutUint32(dst[nDst:], e) // only n bytes count
		case room >= n:
			for i := range n {
				dst[nDst+i] = byte(e >> (8 * i))
			}
		default:
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += n
	}
	return nDst, nSrc, nil
}

// decode is Transform for more than shortString bytes: decoder.decode in
// replacement mode.
func (o oneShot) decode(dst, src []byte) (nDst, nSrc int, err error) {
	if len(dst) < 3 {
		// dst may not take even the first byte's form (U+FFFD, 3 bytes,
		// for an unmapped one): say so at once. x/text's Bytes makes this
		// call, with what its first one left, before it grows dst.
		if e := o.k.Decode()[src[0]]; e == 0 || int(e>>24) > len(dst) {
			return 0, 0, transform.ErrShortDst
		}
	}
	nDst, nSrc, _, err = o.decodeAll(dst, src)
	return nDst, nSrc, err
}

// decodeAll is the codec.Codec.DecodeAll: decoder.decode in replacement
// mode, on a decoder on the stack.
func (o oneShot) decodeAll(dst, src []byte) (nDst, nSrc int, hadErrors bool, err error) {
	d := decoder{k: o.k}
	return d.decode(dst, src)
}

func (oneShot) Reset() {}

// shortString is the longest src oneShot decodes byte by byte.
const shortString = 16

package whatwg

import (
	"bytes"
	"math"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf8"
)

// AppendDecode decodes all of src, bytes in encoding e, appends the UTF-8
// output to dst and returns the extended slice. It decodes as
// e.NewDecoder() does: in Replacement mode (every error becomes U+FFFD) and
// without byte order mark handling (see Decode for that). hadErrors
// reports whether the decoder met at least one error, as encoding_rs's
// had_errors does; a U+FFFD that src encodes validly is not an error.
//
// AppendDecode keeps the contract of Go's append: when the output fits in
// dst's spare capacity it allocates nothing (reuse the returned slice as
// the next dst, emptied), and it never writes past the returned length.
// When it must grow dst it sizes it for the likely output, not the worst
// case: from a nil dst the capacity is at most 1.5 times the output plus
// 64 bytes. Use MaxDecodedLen for a dst that always has room. It works for
// every webenc encoding, UTF-16 and replacement included.
//
// A nil e means UTF-8. An encoding that is not a webenc encoding is
// decoded with its NewDecoder, growing dst as needed; hadErrors then
// reports whether the output holds U+FFFD, which is how x/text's decoders
// report errors.
func AppendDecode(dst []byte, e encoding.Encoding, src []byte) (out []byte, hadErrors bool) {
	if e == nil {
		e = utf8.UTF8
	}
	if ce := webenc(e); ce != nil {
		return ce.AppendDecode(dst, src)
	}
	return appendForeign(dst, e.NewDecoder(), src, isReplacementChar)
}

// AppendEncode encodes src, UTF-8 text, in encoding e in HTML mode (a code
// point e cannot represent becomes "&#N;"), appends the bytes to dst and
// returns the extended slice. hadUnmappables reports whether that
// happened. Invalid UTF-8 in src counts as U+FFFD, one per maximal
// subpart, as in Encode. e is not mapped: pass the result of
// GetOutputEncoding for form submission and URLs (AppendEncode with
// UTF-16BE, UTF-16LE or replacement uses the encoder their package
// provides, as NewEncoder does).
//
// AppendEncode keeps the append contract as AppendDecode does (see
// there); MaxEncodedLen is the room that always suffices.
//
// A nil e means UTF-8. An encoding that is not a webenc encoding is
// encoded with its NewEncoder wrapped in x/text's
// encoding.HTMLEscapeUnsupported (as Encode does), growing dst as needed;
// hadUnmappables then reports whether the output holds "&#".
func AppendEncode(dst []byte, e encoding.Encoding, src []byte) (out []byte, hadUnmappables bool) {
	if e == nil {
		e = utf8.UTF8
	}
	if ce := webenc(e); ce != nil {
		return ce.AppendEncode(dst, src)
	}
	return appendForeign(dst, htmlEncoderOf(e), src, isEscape)
}

// MaxDecodedLen returns the largest number of bytes AppendDecode (or any
// decoder of e in Replacement mode) can produce from n bytes of input in
// encoding e, or -1 if n is negative or the number overflows int.
//
// Every decoder of the Standard writes at most 3 bytes of UTF-8 per input
// byte: an erroneous byte becomes U+FFFD (3 bytes); single-byte encodings,
// Shift_JIS's and ISO-2022-JP's katakana and gb18030's 0x80 turn one byte
// into a 3-byte character; supplementary characters take 4 input bytes
// (UTF-16 surrogate pairs, gb18030) or 2 (Big5, 4 bytes of UTF-8); Big5's
// four pointers that decode to two code points write at most 4 bytes for
// 2. UTF-16 writes at most 3 bytes per 2-byte code unit and 3 for a final
// odd byte; replacement writes one U+FFFD for any non-empty input.
//
// A nil e means UTF-8. For an encoding that is not a webenc encoding the
// result (3n) is an estimate, true of x/text's decoders but not
// guaranteed.
func MaxDecodedLen(e encoding.Encoding, n int) int {
	if n < 0 {
		return -1
	}
	if e == nil {
		e = utf8.UTF8
	}
	switch name(e) {
	case "replacement":
		return min(n, 1) * 3
	case "UTF-16BE", "UTF-16LE":
		return mulAdd(n/2+n%2, 3, 0)
	}
	return mulAdd(n, 3, 0)
}

// MaxEncodedLen returns the largest number of bytes AppendEncode (e's
// encoder in HTML mode) can produce from n bytes of input, or -1 if n is
// negative or the number overflows int.
//
// The largest expansion is an invalid input byte, which counts as U+FFFD:
// encodings that lack U+FFFD write "&#65533;", 8 bytes, for it; gb18030
// writes 4 bytes, UTF-8 (and replacement, whose encoder is UTF-8's) 3 and
// UTF-16 2. Every valid character writes no more per input byte ("&#N;" is
// at most 7 bytes for a 2-byte character, 8 for 3 bytes, 10 for 4), and
// ISO-2022-JP's escape sequences fit too: entering the jis0208 or Roman
// state takes a character of at least 2 input bytes that writes 3 + 2
// bytes, which with the escape back to ASCII that may follow is 8 bytes
// for 2 or more input bytes.
//
// A nil e means UTF-8. For an encoding that is not a webenc encoding the
// result (10n) is an estimate, not guaranteed.
func MaxEncodedLen(e encoding.Encoding, n int) int {
	if n < 0 {
		return -1
	}
	if e == nil {
		e = utf8.UTF8
	}
	if webenc(e) == nil {
		return mulAdd(n, 10, 0)
	}
	switch name(e) {
	case "UTF-8", "replacement":
		return mulAdd(n, 3, 0)
	case "UTF-16BE", "UTF-16LE":
		return mulAdd(n, 2, 0)
	case "gb18030":
		return mulAdd(n, 4, 0)
	}
	return mulAdd(n, 8, 0)
}

// name is e's Standard name, "" if e is not a webenc encoding.
func name(e encoding.Encoding) string {
	if ce := webenc(e); ce != nil {
		return ce.Name
	}
	return ""
}

// mulAdd returns n*k + c, or -1 if it overflows int (n, k, c ≥ 0).
func mulAdd(n, k, c int) int {
	if n > (math.MaxInt-c)/k {
		return -1
	}
	return n*k + c
}

// appendForeign runs t over src with appendTransform and reports whether
// flag finds an error mark in the output. On a failure of t it keeps the
// output so far and reports an error.
func appendForeign(dst []byte, t transform.Transformer, src []byte, flag func([]byte) bool) ([]byte, bool) {
	start := len(dst)
	out, _, err := appendTransform(dst, t, src, true)
	return out, err != nil || flag(out[start:])
}

// isReplacementChar reports whether b, UTF-8, holds U+FFFD.
func isReplacementChar(b []byte) bool { return bytes.Contains(b, []byte(codec.ReplacementUTF8)) }

// isEscape reports whether b holds "&#", as x/text's HTMLEscapeUnsupported
// writes for an unencodable rune.
func isEscape(b []byte) bool { return bytes.Contains(b, []byte("&#")) }

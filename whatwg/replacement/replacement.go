// Package replacement implements the WHATWG Encoding Standard's replacement
// encoding, which the Standard maps dangerous labels (such as
// "iso-2022-kr" and "hz-gb-2312") to so that content in them is not
// misinterpreted.
package replacement

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/utf8"
)

// Encoding is the replacement encoding. Its decoder turns non-empty input
// into a single U+FFFD (an error) and empty input into nothing. The Standard
// defines no encoder; like x/text's, this one writes UTF-8 (what "get an
// output encoding" would pick).
//
// Labels: csiso2022kr, hz-gb-2312, iso-2022-cn, iso-2022-cn-ext,
// iso-2022-kr, replacement.
var Encoding encoding.Encoding = replacementCodec

// replacementCodec is Encoding, built from its decoders and encoders.
var replacementCodec = codec.New(codec.Codec{
	Name:       "replacement",
	NewDecoder: func() *encoding.Decoder { return codec.DecoderOf(initial(false)) },
	NewDecoderMode: func(fatal bool) transform.Transformer {
		d := initial(fatal)
		return &d
	},
	NewRawEncoder: func() transform.Transformer {
		enc, _ := utf8.UTF8.(*codec.Encoding).Encoder(codec.Fatal)
		return enc
	},
	AppendDecode: appendDecode,
	AppendEncode: utf8.UTF8.(*codec.Encoding).AppendEncode,
})

// initial returns a decoder in its initial state.
func initial(fatal bool) decoder {
	return decoder{DecodeErrors: codec.DecodeErrors{Name: "replacement", Fatal: fatal}}
}

// appendDecode is the codec.Codec.AppendDecode. Its output has no lower
// bound per input byte (one U+FFFD for any input).
func appendDecode(dst, src []byte) ([]byte, bool) {
	d := initial(false)
	dst = codec.AppendDecoded(dst, src, 0, codec.Weights{}, func(dst, src []byte, atEOF bool) (int, int, error) { return d.Transform(dst, src, atEOF) })
	return dst, d.Replaced
}

// decoder is the Standard's replacement decoder.
type decoder struct {
	codec.DecodeErrors
	// errorReturned is the Standard's "replacement error returned" flag.
	errorReturned bool
}

func (d *decoder) Reset() { *d = initial(d.Fatal) }

func (d *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	// Step 2: the first byte is an error; step 3: every byte is consumed
	// and nothing else is emitted.
	if len(src) > 0 && !d.errorReturned {
		if d.Fatal {
			d.errorReturned = true
			d.Advance(1)
			return 0, 1, d.Err(-1, src[0])
		}
		if len(dst) < len(codec.ReplacementUTF8) {
			return 0, 0, transform.ErrShortDst
		}
		nDst = copy(dst, codec.ReplacementUTF8)
		d.errorReturned, d.Replaced = true, true
	}
	d.Advance(len(src))
	return nDst, len(src), nil
}

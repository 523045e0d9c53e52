// Package whatwg is the public surface of webenc's implementation of the
// WHATWG Encoding Standard (https://encoding.spec.whatwg.org/).
//
// The encodings themselves live in the codec packages (utf8, utf16,
// singlebyte, cjk, replacement) and are found by label with
// htmlindex.Get. They are golang.org/x/text/encoding values: their
// NewDecoder decodes in the Standard's replacement mode and their
// NewEncoder stops at unencodable input with an *EncodeError. This package
// adds:
//
//   - the error modes: NewDecoder(e, Fatal) stops at the first error with a
//     *DecodeError (encoding, stream offset, bytes); NewEncoder(e, HTML)
//     writes "&#N;" for unencodable code points;
//   - the Standard's hooks for other standards: BOMSniff, Decode,
//     UTF8Decode, UTF8DecodeWithoutBOM, UTF8DecodeWithoutBOMOrFail, Encode,
//     GetOutputEncoding, GetEncoder with EncodeOrFail, and their io.Reader /
//     io.Writer forms (NewDecodeReader, NewUTF8DecodeReader,
//     NewEncodeReader, NewEncodeWriter);
//   - the semantics of the Standard's JavaScript API: TextDecoder (streaming
//     decode with the Standard's BOM handling), TextEncoder (Encode,
//     EncodeInto) and their stream forms (TextDecoderReader,
//     NewTextEncoderReader, NewTextEncoderWriter).
//
// Input to encoders is UTF-8. Go strings and byte slices may hold invalid
// UTF-8 but no lone surrogates; every encoder treats an invalid sequence as
// U+FFFD, one per maximal subpart (as the Standard's UTF-8 decoder does),
// which is what converting a JavaScript string to a scalar value string
// does to lone surrogates.
package whatwg

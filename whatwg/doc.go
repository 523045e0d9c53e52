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
//     GetOutputEncoding, GetEncoder with EncoderInstance.EncodeOrFail, and
//     their io.Reader / io.Writer forms (NewDecodeReader,
//     NewUTF8DecodeReader, NewEncodeReader, NewEncodeWriter);
//   - AppendDecode and AppendEncode, which decode and encode whole inputs
//     straight into a caller's slice (short strings, database columns);
//   - the semantics of the Standard's JavaScript API: TextDecoder (streaming
//     decode with the Standard's BOM handling), TextEncoder (Encode,
//     EncodeInto; its zero value is ready) and their stream forms
//     (TextDecoderReader, NewTextEncoderReader, NewTextEncoderWriter).
//
// # Argument order
//
// Every function here takes its arguments in one order: the destination
// first if there is one (a slice to append to, an io.Writer), then the
// encoding (or its label), then the input, then options. So
// AppendDecode(dst, e, src), Decode(fallback, src), Encode(e, src),
// NewDecodeReader(fallback, r), NewEncodeWriter(w, e) and
// NewTextDecoderReader(label, r, opts). Destination before source is the
// order of the append builtin, copy and x/text's Transform(dst, src);
// encoding before input is the order of x/text's e.NewDecoder().Bytes(src)
// and of x/net's NewReaderLabel(label, r); options last is Go's habit.
// Package charset
// keeps golang.org/x/net/html/charset's signatures instead, so that
// switching from x/net is an import change.
//
// Input to encoders is UTF-8. Go strings and byte slices may hold invalid
// UTF-8 but no lone surrogates; every encoder treats an invalid sequence as
// U+FFFD, one per maximal subpart (as the Standard's UTF-8 decoder does),
// which is what converting a JavaScript string to a scalar value string
// does to lone surrogates.
package whatwg

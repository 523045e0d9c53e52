// Package cjk implements the WHATWG Encoding Standard's multi-byte legacy
// encodings: gb18030, GBK, Big5, EUC-JP, ISO-2022-JP, Shift_JIS and EUC-KR.
//
// Each is an encoding.Encoding from golang.org/x/text/encoding. Decoders
// are resumable at every byte boundary and emit U+FFFD exactly where the
// Standard does; encoders take UTF-8 and stop with a *whatwg.EncodeError
// before a code point they cannot represent. Use package whatwg for fatal
// and html error modes.
package cjk

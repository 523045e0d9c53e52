// Package mojibake undoes mojibake: text that someone decoded with the
// wrong encoding and stored again as UTF-8, such as "CrÃ¨me brÃ»lÃ©e"
// (UTF-8 read as windows-1252), "ÃƒÂ©" (the same done twice), "Ïðèâåò"
// (windows-1251 read as windows-1252) or "“ú–{Œê" (Shift_JIS read as
// windows-1252).
//
// It uses webenc's exact codecs for the WHATWG Encoding Standard's
// encodings to get the original bytes back, and repairs a span only when
// the result is valid UTF-8 (or, for legacy-encoded text, what the
// detector of package charset names with confidence) and far less odd
// than the span: letters of one script, no symbols inside words, no
// controls. Clean text in any language is returned as it is, and text
// with no mojibake signature costs one fast scan.
//
// This package is not part of the Standard; docs/mojibake.md in the
// repository says what it repairs, what it never touches, and how well.
package mojibake

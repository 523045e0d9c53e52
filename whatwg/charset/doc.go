// Package charset determines the character encoding of an HTML document
// exactly as the HTML Standard's "determining the character encoding"
// (encoding sniffing) algorithm does, and converts the document to UTF-8.
//
// It has the API of golang.org/x/net/html/charset, so switching is a
// one-line import change:
//
//	import "github.com/webenc/webenc/whatwg/charset"
//
// The encodings it returns are webenc's WHATWG Encoding Standard codecs
// (the values package htmlindex returns), and decoders replace invalid
// input with U+FFFD as the Standard says, for UTF-8 too.
//
// The decision is made in the Standard's order:
//
//  1. a byte order mark (certain; NewReader drops it);
//  2. the charset parameter of the Content-Type, parsed by the MIME
//     Sniffing Standard's rules (certain);
//  3. the prescan of the first 1024 bytes: UTF-16 XML declaration byte
//     patterns, <meta charset>, <meta http-equiv=content-type content=...>,
//     and, when the prescan runs out of bytes, an ASCII XML declaration
//     (tentative);
//  4. otherwise windows-1252 (tentative).
//
// Sniff reports which of these steps decided. SniffOptions,
// DetermineEncodingOptions and NewReaderResult can replace the last step
// with content-based detection over the first 64 KiB (Options.Detect;
// Source Detected), check a declaration against those bytes and override
// it when its decoder fails where another encoding succeeds
// (Options.CheckDeclared; Source Overridden), and say what the decision
// is worth (Result.Confidence) and whether the content is binary data
// (Result.Binary); outside the web, Options.DetectUTF16 also detects UTF-16
// text that has no byte order mark. The prescan works on bytes,
// not tokens, as the Standard's does: a <meta> inside <script> counts,
// character references are not decoded, and comments end only at "-->".
//
// FindDeclaration and RewriteDeclaration tell where the prescan found a
// page's declaration and rewrite its label, for programs that convert
// pages to another encoding.
//
// The differences from x/net's package are listed, each checked by a
// test, in the module's docs/differences.md.
package charset

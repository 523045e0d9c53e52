package singlebyte

import (
	"golang.org/x/text/encoding"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

// The Standard's legacy single-byte encodings, by the Go form of their names.
var (
	// IBM866 is the Standard's IBM866 encoding.
	IBM866 encoding.Encoding = newEncoding(tables.IBM866())
	// ISO8859_2 is the Standard's ISO-8859-2 encoding.
	ISO8859_2 encoding.Encoding = newEncoding(tables.ISO8859_2())
	// ISO8859_3 is the Standard's ISO-8859-3 encoding.
	ISO8859_3 encoding.Encoding = newEncoding(tables.ISO8859_3())
	// ISO8859_4 is the Standard's ISO-8859-4 encoding.
	ISO8859_4 encoding.Encoding = newEncoding(tables.ISO8859_4())
	// ISO8859_5 is the Standard's ISO-8859-5 encoding.
	ISO8859_5 encoding.Encoding = newEncoding(tables.ISO8859_5())
	// ISO8859_6 is the Standard's ISO-8859-6 encoding.
	ISO8859_6 encoding.Encoding = newEncoding(tables.ISO8859_6())
	// ISO8859_7 is the Standard's ISO-8859-7 encoding.
	ISO8859_7 encoding.Encoding = newEncoding(tables.ISO8859_7())
	// ISO8859_8 is the Standard's ISO-8859-8 encoding.
	ISO8859_8 encoding.Encoding = newEncoding(tables.ISO8859_8())
	// ISO8859_8I is the Standard's ISO-8859-8-I encoding: ISO-8859-8's index, a different name
	// (logical rather than visual order is a property of the document, not of the bytes).
	ISO8859_8I encoding.Encoding = newEncoding(tables.ISO8859_8I())
	// ISO8859_10 is the Standard's ISO-8859-10 encoding.
	ISO8859_10 encoding.Encoding = newEncoding(tables.ISO8859_10())
	// ISO8859_13 is the Standard's ISO-8859-13 encoding.
	ISO8859_13 encoding.Encoding = newEncoding(tables.ISO8859_13())
	// ISO8859_14 is the Standard's ISO-8859-14 encoding.
	ISO8859_14 encoding.Encoding = newEncoding(tables.ISO8859_14())
	// ISO8859_15 is the Standard's ISO-8859-15 encoding.
	ISO8859_15 encoding.Encoding = newEncoding(tables.ISO8859_15())
	// ISO8859_16 is the Standard's ISO-8859-16 encoding.
	ISO8859_16 encoding.Encoding = newEncoding(tables.ISO8859_16())
	// KOI8R is the Standard's KOI8-R encoding.
	KOI8R encoding.Encoding = newEncoding(tables.KOI8R())
	// KOI8U is the Standard's KOI8-U encoding.
	KOI8U encoding.Encoding = newEncoding(tables.KOI8U())
	// Macintosh is the Standard's macintosh encoding.
	Macintosh encoding.Encoding = newEncoding(tables.Macintosh())
	// Windows874 is the Standard's windows-874 encoding.
	Windows874 encoding.Encoding = newEncoding(tables.Windows874())
	// Windows1250 is the Standard's windows-1250 encoding.
	Windows1250 encoding.Encoding = newEncoding(tables.Windows1250())
	// Windows1251 is the Standard's windows-1251 encoding.
	Windows1251 encoding.Encoding = newEncoding(tables.Windows1251())
	// Windows1252 is the Standard's windows-1252 encoding.
	Windows1252 encoding.Encoding = newEncoding(tables.Windows1252())
	// Windows1253 is the Standard's windows-1253 encoding.
	Windows1253 encoding.Encoding = newEncoding(tables.Windows1253())
	// Windows1254 is the Standard's windows-1254 encoding.
	Windows1254 encoding.Encoding = newEncoding(tables.Windows1254())
	// Windows1255 is the Standard's windows-1255 encoding.
	Windows1255 encoding.Encoding = newEncoding(tables.Windows1255())
	// Windows1256 is the Standard's windows-1256 encoding.
	Windows1256 encoding.Encoding = newEncoding(tables.Windows1256())
	// Windows1257 is the Standard's windows-1257 encoding.
	Windows1257 encoding.Encoding = newEncoding(tables.Windows1257())
	// Windows1258 is the Standard's windows-1258 encoding.
	Windows1258 encoding.Encoding = newEncoding(tables.Windows1258())
	// XMacCyrillic is the Standard's x-mac-cyrillic encoding.
	XMacCyrillic encoding.Encoding = newEncoding(tables.XMacCyrillic())

	// XUserDefined is the Standard's x-user-defined encoding: ASCII, and byte
	// 0x80+i for code point U+F780+i.
	XUserDefined encoding.Encoding = newEncoding(tables.XUserDefined())
)

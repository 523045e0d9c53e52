package htmlindex

import (
	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/replacement"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// byName returns the encoding with the Standard's name, or nil if webenc
// does not provide it.
func byName(name string) encoding.Encoding {
	switch name {
	case "UTF-8":
		return utf8.UTF8
	case "UTF-16BE":
		return utf16.BE
	case "UTF-16LE":
		return utf16.LE
	case "replacement":
		return replacement.Encoding
	case "x-user-defined":
		return singlebyte.XUserDefined
	case "IBM866":
		return singlebyte.IBM866
	case "ISO-8859-2":
		return singlebyte.ISO8859_2
	case "ISO-8859-3":
		return singlebyte.ISO8859_3
	case "ISO-8859-4":
		return singlebyte.ISO8859_4
	case "ISO-8859-5":
		return singlebyte.ISO8859_5
	case "ISO-8859-6":
		return singlebyte.ISO8859_6
	case "ISO-8859-7":
		return singlebyte.ISO8859_7
	case "ISO-8859-8":
		return singlebyte.ISO8859_8
	case "ISO-8859-8-I":
		return singlebyte.ISO8859_8I
	case "ISO-8859-10":
		return singlebyte.ISO8859_10
	case "ISO-8859-13":
		return singlebyte.ISO8859_13
	case "ISO-8859-14":
		return singlebyte.ISO8859_14
	case "ISO-8859-15":
		return singlebyte.ISO8859_15
	case "ISO-8859-16":
		return singlebyte.ISO8859_16
	case "KOI8-R":
		return singlebyte.KOI8R
	case "KOI8-U":
		return singlebyte.KOI8U
	case "macintosh":
		return singlebyte.Macintosh
	case "windows-874":
		return singlebyte.Windows874
	case "windows-1250":
		return singlebyte.Windows1250
	case "windows-1251":
		return singlebyte.Windows1251
	case "windows-1252":
		return singlebyte.Windows1252
	case "windows-1253":
		return singlebyte.Windows1253
	case "windows-1254":
		return singlebyte.Windows1254
	case "windows-1255":
		return singlebyte.Windows1255
	case "windows-1256":
		return singlebyte.Windows1256
	case "windows-1257":
		return singlebyte.Windows1257
	case "windows-1258":
		return singlebyte.Windows1258
	case "x-mac-cyrillic":
		return singlebyte.XMacCyrillic
	case "GBK":
		return cjk.GBK
	case "gb18030":
		return cjk.GB18030
	case "Big5":
		return cjk.Big5
	case "EUC-JP":
		return cjk.EUCJP
	case "ISO-2022-JP":
		return cjk.ISO2022JP
	case "Shift_JIS":
		return cjk.ShiftJIS
	case "EUC-KR":
		return cjk.EUCKR
	}
	return nil // not reached: TestEveryLabel resolves every name of the table
}

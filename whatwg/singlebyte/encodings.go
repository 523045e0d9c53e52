package singlebyte

import (
	"golang.org/x/text/encoding"

	tables "github.com/webenc/webenc/tables/singlebyte"
)

// In every encoding below, bytes 0x00–0x7F are ASCII; the prose describes
// bytes 0x80–0xFF. The label lists are the Standard's, in its order;
// htmlindex's TestEncodingVarDocs checks them against encodings.json and Get.

// IBM866 is IBM866, the DOS code page for Russian: А–п at 0x80–0xAF,
// box drawing at 0xB0–0xDF, р–я at 0xE0–0xEF and Ё ё Є є Ї ї Ў ў at
// 0xF0–0xF7.
//
// Labels: 866, cp866, csibm866, ibm866.
var IBM866 encoding.Encoding = ibm866

// ISO8859_2 is ISO-8859-2 (Latin-2), for Central European languages such as
// Polish, Czech, Slovak, Hungarian and Slovenian. Bytes 0x80–0x9F decode to
// the C1 controls U+0080–U+009F, as in every ISO-8859 encoding here.
//
// Labels: csisolatin2, iso-8859-2, iso-ir-101, iso8859-2, iso88592,
// iso_8859-2, iso_8859-2:1987, l2, latin2.
var ISO8859_2 encoding.Encoding = iso8859_2

// ISO8859_3 is ISO-8859-3 (Latin-3), for Maltese and Esperanto. Seven bytes
// (0xA5, 0xAE, 0xBE, 0xC3, 0xD0, 0xE3, 0xF0) are unassigned and decode to
// U+FFFD.
//
// Labels: csisolatin3, iso-8859-3, iso-ir-109, iso8859-3, iso88593,
// iso_8859-3, iso_8859-3:1988, l3, latin3.
var ISO8859_3 encoding.Encoding = iso8859_3

// ISO8859_4 is ISO-8859-4 (Latin-4), for Estonian, Latvian, Lithuanian,
// Greenlandic and Sámi; ISO-8859-13 and windows-1257 replaced it for the
// Baltic languages.
//
// Labels: csisolatin4, iso-8859-4, iso-ir-110, iso8859-4, iso88594,
// iso_8859-4, iso_8859-4:1988, l4, latin4.
var ISO8859_4 encoding.Encoding = iso8859_4

// ISO8859_5 is ISO-8859-5, Latin/Cyrillic: the Russian alphabet at
// 0xB0–0xEF and around it the other letters of Serbian, Macedonian and
// Belarusian (Ukrainian's too, except Ґ ґ). On the web, windows-1251 and KOI8-R are far more common.
//
// Labels: csisolatincyrillic, cyrillic, iso-8859-5, iso-ir-144, iso8859-5,
// iso88595, iso_8859-5, iso_8859-5:1988.
var ISO8859_5 encoding.Encoding = iso8859_5

// ISO8859_6 is ISO-8859-6, Latin/Arabic: the basic Arabic letters and
// punctuation only (no Persian or Urdu letters; windows-1256 has them); 45 of
// the bytes 0xA0–0xFF are unassigned and decode to U+FFFD. The Standard
// folds the -e and -i (explicit and implicit direction) labels into it.
//
// Labels: arabic, asmo-708, csiso88596e, csiso88596i, csisolatinarabic,
// ecma-114, iso-8859-6, iso-8859-6-e, iso-8859-6-i, iso-ir-127, iso8859-6,
// iso88596, iso_8859-6, iso_8859-6:1987.
var ISO8859_6 encoding.Encoding = iso8859_6

// ISO8859_7 is ISO-8859-7, Latin/Greek, in its 2003 form with € (0xA4),
// ₯ (0xA5) and ͺ (0xAA); 0xAE, 0xD2 and 0xFF are unassigned.
//
// Labels: csisolatingreek, ecma-118, elot_928, greek, greek8, iso-8859-7,
// iso-ir-126, iso8859-7, iso88597, iso_8859-7, iso_8859-7:1987,
// sun_eu_greek.
var ISO8859_7 encoding.Encoding = iso8859_7

// ISO8859_8 is ISO-8859-8, Latin/Hebrew, the Hebrew letters at 0xE0–0xFA
// without vowel points. Its labels name visual order (text stored in display
// order), an HTML rendering matter: the bytes decode exactly as ISO8859_8I's.
//
// Labels: csiso88598e, csisolatinhebrew, hebrew, iso-8859-8, iso-8859-8-e,
// iso-ir-138, iso8859-8, iso88598, iso_8859-8, iso_8859-8:1988, visual.
var ISO8859_8 encoding.Encoding = iso8859_8

// ISO8859_8I is ISO-8859-8-I: ISO-8859-8's bytes under a different name,
// whose labels declare logical order (text stored in reading order, as
// Unicode is).
//
// Labels: csiso88598i, iso-8859-8-i, logical.
var ISO8859_8I encoding.Encoding = iso8859_8i

// ISO8859_10 is ISO-8859-10 (Latin-6), for the Nordic languages: Sámi,
// Icelandic, Faroese and Greenlandic as well as the Scandinavian ones.
//
// Labels: csisolatin6, iso-8859-10, iso-ir-157, iso8859-10, iso885910, l6,
// latin6.
var ISO8859_10 encoding.Encoding = iso8859_10

// ISO8859_13 is ISO-8859-13 (Latin-7, "Baltic Rim"), for Lithuanian,
// Latvian, Estonian and Polish.
//
// Labels: iso-8859-13, iso8859-13, iso885913.
var ISO8859_13 encoding.Encoding = iso8859_13

// ISO8859_14 is ISO-8859-14 (Latin-8), for the Celtic languages: Welsh
// (Ŵ ŵ Ŷ ŷ), Irish and Breton, with dotted consonants such as Ḃ and Ṡ.
//
// Labels: iso-8859-14, iso8859-14, iso885914.
var ISO8859_14 encoding.Encoding = iso8859_14

// ISO8859_15 is ISO-8859-15 (Latin-9): ISO-8859-1 with € at 0xA4 and
// Š š Ž ž Œ œ Ÿ in place of seven other symbols. Unlike the iso-8859-1 label
// (windows-1252), its labels name an encoding of their own.
//
// Labels: csisolatin9, iso-8859-15, iso8859-15, iso885915, iso_8859-15, l9.
var ISO8859_15 encoding.Encoding = iso8859_15

// ISO8859_16 is ISO-8859-16 (Latin-10), for South-Eastern Europe: Romanian
// with comma-below Ș ș Ț ț, and Albanian, Croatian, Hungarian, Polish and
// Slovenian, with €.
//
// Labels: iso-8859-16.
var ISO8859_16 encoding.Encoding = iso8859_16

// KOI8R is KOI8-R, the Russian encoding of Unix and e-mail: Cyrillic letters
// at 0xC0–0xFF in the order of their Latin transliterations (so text with
// the high bit stripped stays readable), lower case first; box drawing, a
// few symbols and Ё ё at 0x80–0xBF.
//
// Labels: cskoi8r, koi, koi8, koi8-r, koi8_r.
var KOI8R encoding.Encoding = koi8r

// KOI8U is KOI8-U as browsers implement it (KOI8-RU): KOI8-R with the
// Ukrainian letters Ґ ґ Є є І і Ї ї and the Belarusian Ў ў in ten of its
// box-drawing positions.
//
// Labels: koi8-ru, koi8-u.
var KOI8U encoding.Encoding = koi8u

// Macintosh is macintosh (Mac OS Roman), the Western European encoding of
// classic Mac OS: accented Latin letters, typographic punctuation, some
// mathematical symbols (≠ ∞ ∑ π), the ligatures ﬁ ﬂ and € at 0xDB.
//
// Labels: csmacintosh, mac, macintosh, x-mac-roman.
var Macintosh encoding.Encoding = macintosh

// Windows874 is windows-874, Thai: TIS-620's Thai letters, vowels, tone
// marks and digits at 0xA1–0xFB with Windows punctuation (€ … ‘ ’ “ ” • – —)
// at 0x80–0x9F; the Standard gives it the tis-620 and iso-8859-11 labels too.
//
// Labels: dos-874, iso-8859-11, iso8859-11, iso885911, tis-620,
// windows-874.
var Windows874 encoding.Encoding = windows874

// Windows1250 is windows-1250, the Windows code page for Central European
// languages (Polish, Czech, Slovak, Hungarian, Slovenian, Croatian,
// Romanian), close to ISO-8859-2 at 0xA0–0xFF with punctuation and € at
// 0x80–0x9F.
//
// Labels: cp1250, windows-1250, x-cp1250.
var Windows1250 encoding.Encoding = windows1250

// Windows1251 is windows-1251, the Windows code page for Cyrillic (Russian,
// Ukrainian, Belarusian, Bulgarian, Serbian, Macedonian) and the most common
// Cyrillic encoding on the web: А–я at 0xC0–0xFF in alphabetical order.
//
// Labels: cp1251, windows-1251, x-cp1251.
var Windows1251 encoding.Encoding = windows1251

// Windows1252 is windows-1252, Western European, and the encoding the
// Standard gives the labels iso-8859-1, latin1, ascii and us-ascii, as
// browsers do: there is no separate ISO-8859-1 or ASCII codec. Bytes
// 0xA0–0xFF are ISO-8859-1's (U+00A0–U+00FF); 27 of 0x80–0x9F are
// punctuation and letters (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž
// Ÿ) and the other five (0x81, 0x8D, 0x8F, 0x90, 0x9D) the C1 controls of
// the same number. To carry arbitrary bytes through text, use XUserDefined.
//
// Labels: ansi_x3.4-1968, ascii, cp1252, cp819, csisolatin1, ibm819,
// iso-8859-1, iso-ir-100, iso8859-1, iso88591, iso_8859-1,
// iso_8859-1:1987, l1, latin1, us-ascii, windows-1252, x-cp1252.
var Windows1252 encoding.Encoding = windows1252

// Windows1253 is windows-1253, the Windows code page for Greek, close to
// ISO-8859-7 (but with Ά at 0xA2); 0xAA, 0xD2 and 0xFF are unassigned.
//
// Labels: cp1253, windows-1253, x-cp1253.
var Windows1253 encoding.Encoding = windows1253

// Windows1254 is windows-1254, the Windows code page for Turkish, and the
// encoding the Standard gives the iso-8859-9 and latin5 labels:
// windows-1252 with Ğ İ Ş ğ ı ş in place of Ð Ý Þ ð ý þ (as ISO-8859-9 is
// ISO-8859-1 so changed), and 0x8E and 0x9E C1 controls instead of Ž ž.
//
// Labels: cp1254, csisolatin5, iso-8859-9, iso-ir-148, iso8859-9, iso88599,
// iso_8859-9, iso_8859-9:1989, l5, latin5, windows-1254, x-cp1254.
var Windows1254 encoding.Encoding = windows1254

// Windows1255 is windows-1255, the Windows code page for Hebrew: the letters
// at 0xE0–0xFA, and the vowel points (niqqud) and other marks
// U+05B0–U+05C3 at 0xC0–0xD3 as separate combining characters; ten bytes
// are unassigned.
//
// Labels: cp1255, windows-1255, x-cp1255.
var Windows1255 encoding.Encoding = windows1255

// Windows1256 is windows-1256, the Windows code page for Arabic, with the
// Persian and Urdu letters (پ چ ژ گ ک ں …) that ISO-8859-6 lacks; every byte
// is assigned.
//
// Labels: cp1256, windows-1256, x-cp1256.
var Windows1256 encoding.Encoding = windows1256

// Windows1257 is windows-1257, the Windows code page for the Baltic
// languages (Estonian, Latvian, Lithuanian): ISO-8859-13 at 0xA0–0xFF but
// for four bytes, two of them (0xA1, 0xA5) unassigned.
//
// Labels: cp1257, windows-1257, x-cp1257.
var Windows1257 encoding.Encoding = windows1257

// Windows1258 is windows-1258, the Windows code page for Vietnamese. It has
// only some of the precomposed letters (Ă Â Ê Ô Ơ Ư Đ …); the tones come as
// combining marks (U+0300, U+0301, U+0303, U+0309, U+0323), which decoding
// leaves as they are (it does not normalize).
//
// Labels: cp1258, windows-1258, x-cp1258.
var Windows1258 encoding.Encoding = windows1258

// XMacCyrillic is x-mac-cyrillic, the Cyrillic encoding of classic Mac OS
// (Mac OS Cyrillic, with its Ukrainian form): А–Я at 0x80–0x9F, а–ю at
// 0xE0–0xFE and € at 0xFF.
//
// Labels: x-mac-cyrillic, x-mac-ukrainian.
var XMacCyrillic encoding.Encoding = xmaccyrillic

// XUserDefined is x-user-defined: ASCII, and byte 0x80+i decoded to the
// Private Use code point U+F780+i, so that any bytes survive a round trip
// through text and back. In an HTML <meta> the label means windows-1252 (the
// HTML Standard's rule, which package charset follows); htmlindex.Get
// returns this encoding.
//
// Labels: x-user-defined.
var XUserDefined encoding.Encoding = xuserdefined

// The codecs, built once from the generated tables behind the documented
// variables above (so that go doc shows prose, not construction).
var (
	ibm866       = newEncoding(tables.IBM866())
	iso8859_2    = newEncoding(tables.ISO8859_2())
	iso8859_3    = newEncoding(tables.ISO8859_3())
	iso8859_4    = newEncoding(tables.ISO8859_4())
	iso8859_5    = newEncoding(tables.ISO8859_5())
	iso8859_6    = newEncoding(tables.ISO8859_6())
	iso8859_7    = newEncoding(tables.ISO8859_7())
	iso8859_8    = newEncoding(tables.ISO8859_8())
	iso8859_8i   = newEncoding(tables.ISO8859_8I())
	iso8859_10   = newEncoding(tables.ISO8859_10())
	iso8859_13   = newEncoding(tables.ISO8859_13())
	iso8859_14   = newEncoding(tables.ISO8859_14())
	iso8859_15   = newEncoding(tables.ISO8859_15())
	iso8859_16   = newEncoding(tables.ISO8859_16())
	koi8r        = newEncoding(tables.KOI8R())
	koi8u        = newEncoding(tables.KOI8U())
	macintosh    = newEncoding(tables.Macintosh())
	windows874   = newEncoding(tables.Windows874())
	windows1250  = newEncoding(tables.Windows1250())
	windows1251  = newEncoding(tables.Windows1251())
	windows1252  = newEncoding(tables.Windows1252())
	windows1253  = newEncoding(tables.Windows1253())
	windows1254  = newEncoding(tables.Windows1254())
	windows1255  = newEncoding(tables.Windows1255())
	windows1256  = newEncoding(tables.Windows1256())
	windows1257  = newEncoding(tables.Windows1257())
	windows1258  = newEncoding(tables.Windows1258())
	xmaccyrillic = newEncoding(tables.XMacCyrillic())
	xuserdefined = newEncoding(tables.XUserDefined())
)

package singlebyte

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/webenc/webenc/internal/benchdata"
)

// xtextOf gives x/text's codec for the benchmarked encodings.
var xtextOf = map[string]encoding.Encoding{
	"windows-1250": charmap.Windows1250, "windows-1251": charmap.Windows1251,
	"windows-1252": charmap.Windows1252, "windows-1253": charmap.Windows1253,
	"windows-1254": charmap.Windows1254, "windows-1255": charmap.Windows1255,
	"windows-1256": charmap.Windows1256, "windows-1258": charmap.Windows1258,
	"windows-874": charmap.Windows874, "ISO-8859-2": charmap.ISO8859_2,
	"ISO-8859-7": charmap.ISO8859_7, "KOI8-R": charmap.KOI8R,
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range all {
		x, ok := xtextOf[name(c.e)]
		if !ok {
			continue
		}
		for _, s := range benchdata.Load(b, c.e) {
			prefix := "enc=" + name(c.e) + "/lang=" + s.Lang + "/impl="
			b.Run(prefix+"webenc", func(b *testing.B) {
				benchdata.Transform(b, c.e.NewDecoder(), s.Decode, len(s.Decode))
			})
			b.Run(prefix+"xtext", func(b *testing.B) {
				benchdata.Transform(b, x.NewDecoder(), s.Decode, len(s.Decode))
			})
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range all {
		x, ok := xtextOf[name(c.e)]
		if !ok {
			continue
		}
		for _, s := range benchdata.Load(b, c.e) {
			prefix := "enc=" + name(c.e) + "/lang=" + s.Lang + "/impl="
			size := len(s.Encode) // legacy size ≈ measured below
			out, _ := c.e.NewEncoder().Bytes(s.Encode)
			size = len(out)
			b.Run(prefix+"webenc", func(b *testing.B) {
				benchdata.Transform(b, c.e.NewEncoder(), s.Encode, size)
			})
			b.Run(prefix+"xtext", func(b *testing.B) {
				benchdata.Transform(b, x.NewEncoder(), s.Encode, size)
			})
		}
	}
}

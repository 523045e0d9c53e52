package whatwg

import (
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/utf8"
)

// BenchmarkUTF8Decode compares the "UTF-8 decode" hook (BOM removal and
// replacement-mode decoding into a new slice) with x/text's closest
// equivalent, the UTF8BOM decoder's Bytes.
func BenchmarkUTF8Decode(b *testing.B) {
	xdec := unicode.UTF8BOM.NewDecoder()
	for _, s := range benchdata.Load(b, utf8.UTF8) {
		src := append([]byte(bomUTF8), s.Decode...)
		b.Run("enc=UTF-8/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				UTF8Decode(src)
			}
		})
		b.Run("enc=UTF-8/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := xdec.Bytes(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTextDecoder measures TextDecoder.Decode to a string against
// x/text's UTF8BOM decoder's String (which also removes a BOM).
func BenchmarkTextDecoder(b *testing.B) {
	xdec := unicode.UTF8BOM.NewDecoder()
	for _, s := range benchdata.Load(b, utf8.UTF8) {
		str := string(s.Decode)
		b.Run("enc=UTF-8/lang="+s.Lang+"/impl=webenc", func(b *testing.B) {
			d := mustTextDecoder(b, "utf-8", TextDecoderOptions{})
			b.SetBytes(int64(len(s.Decode)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.Decode(s.Decode, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("enc=UTF-8/lang="+s.Lang+"/impl=xtext", func(b *testing.B) {
			b.SetBytes(int64(len(s.Decode)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := xdec.String(str); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package whatwg

import (
	"fmt"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"github.com/webenc/webenc/whatwg/utf16"
	"github.com/webenc/webenc/whatwg/utf8"
)

// BenchmarkAppend compares AppendDecode and AppendEncode into a reused dst
// with a reused Transformer over the same input into a reused buffer (the
// target: the append functions at least 0.95× of Transform). Compare
// impl=append with impl=transform in benchstat, or read impl=append's
// x/transform: its speed over Transform's from alternating rounds in one
// process, the fastest of each (a shared machine only ever adds time).
func BenchmarkAppend(b *testing.B) {
	for _, e := range []encoding.Encoding{utf8.UTF8, singlebyte.Windows1252, singlebyte.Windows1251, utf16.LE, utf16.BE, cjk.ShiftJIS, cjk.GB18030, cjk.Big5, cjk.EUCKR, cjk.ISO2022JP} {
		for _, s := range benchdata.Load(b, e) {
			dst := make([]byte, 0, MaxDecodedLen(e, len(s.Decode))+MaxEncodedLen(e, len(s.Encode)))
			prefix := "enc=" + e.(interface{ String() string }).String() + "/lang=" + s.Lang
			for _, c := range []struct {
				dir    string
				src    []byte
				t      transform.Transformer
				append func()
			}{
				{"decode", s.Decode, NewDecoder(e, Replacement), func() { AppendDecode(dst, e, s.Decode) }},
				{"encode", s.Encode, NewEncoder(e, Fatal), func() { AppendEncode(dst, e, s.Encode) }},
			} {
				b.Run(prefix+"/dir="+c.dir+"/impl=transform", func(b *testing.B) {
					b.SetBytes(int64(len(c.src)))
					for b.Loop() {
						c.t.Reset()
						c.t.Transform(dst[:cap(dst)], c.src, true)
					}
				})
				b.Run(prefix+"/dir="+c.dir+"/impl=append", func(b *testing.B) {
					b.SetBytes(int64(len(c.src)))
					b.ReportAllocs()
					for b.Loop() {
						c.append()
					}
					transform := func() { c.t.Reset(); c.t.Transform(dst[:cap(dst)], c.src, true) }
					b.ReportMetric(benchdata.FastestRatio(c.append, transform, 5), "x/transform")
				})
			}
		}
	}
}

// BenchmarkShort times decoding short strings (16, 64 and 256 bytes cut
// from the corpus text at a character boundary) with e.NewDecoder().Bytes
// and AppendDecode against x/text's e.NewDecoder().Bytes (the targets:
// Bytes ≥ 1.0× and AppendDecode ≥ 2× x/text's Bytes).
func BenchmarkShort(b *testing.B) {
	for _, c := range []struct {
		web, xt encoding.Encoding
	}{
		{utf8.UTF8, xunicode.UTF8},
		{singlebyte.Windows1252, charmap.Windows1252},
		{singlebyte.Windows1251, charmap.Windows1251},
		{cjk.ShiftJIS, japanese.ShiftJIS},
		{cjk.GB18030, simplifiedchinese.GB18030},
		{utf16.LE, xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)},
	} {
		s := benchdata.Load(b, c.web)[0]
		text, _ := NewDecoder(c.web, Replacement).Bytes(s.Encode)
		for _, size := range []int{16, 64, 256} {
			src, _ := AppendEncode(nil, c.web, text[:min(len(text), size)])
			for len(src) > size {
				text = text[:len(text)-1]
				src, _ = AppendEncode(nil, c.web, text[:min(len(text), size)])
			}
			src, _ = AppendEncode(nil, c.web, []byte(string([]rune(string(text[:min(len(text), size)])))))
			src = src[:min(len(src), size)]
			prefix := fmt.Sprintf("enc=%v/size=%d", c.web, size)
			dst := make([]byte, 0, MaxDecodedLen(c.web, len(src)))
			b.Run(prefix+"/impl=xtext-bytes", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.xt.NewDecoder().Bytes(src)
				}
			})
			b.Run(prefix+"/impl=bytes", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					c.web.NewDecoder().Bytes(src)
				}
			})
			b.Run(prefix+"/impl=append", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					AppendDecode(dst, c.web, src)
				}
			})
		}
	}
}

// BenchmarkAppendNil times AppendDecode and AppendEncode from a nil dst,
// with their allocations (the target: one allocation of about the
// output's size; out/op is the output's length, to compare with B/op).
func BenchmarkAppendNil(b *testing.B) {
	for _, e := range []encoding.Encoding{utf8.UTF8, singlebyte.Windows1252, singlebyte.Windows1251, utf16.LE, cjk.ShiftJIS, cjk.GB18030, cjk.EUCKR} {
		for _, s := range benchdata.Load(b, e) {
			prefix := "enc=" + e.(interface{ String() string }).String() + "/lang=" + s.Lang
			for _, c := range []struct {
				dir string
				run func() []byte
			}{
				{"decode", func() []byte { out, _ := AppendDecode(nil, e, s.Decode); return out }},
				{"encode", func() []byte { out, _ := AppendEncode(nil, e, s.Encode); return out }},
			} {
				b.Run(prefix+"/dir="+c.dir, func(b *testing.B) {
					b.ReportAllocs()
					n := len(c.run())
					b.SetBytes(int64(n))
					for b.Loop() {
						c.run()
					}
					b.ReportMetric(float64(n), "out/op")
				})
			}
		}
	}
}

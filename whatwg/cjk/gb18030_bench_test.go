package cjk_test

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/whatwg/cjk"
)

// gbBenchEncodings pairs each of our encodings with x/text's.
var gbBenchEncodings = []struct {
	ours, xtext encoding.Encoding
}{
	{cjk.GB18030, simplifiedchinese.GB18030},
	{cjk.GBK, simplifiedchinese.GBK},
}

// BenchmarkGBDecode compares the gb18030 and GBK decoders with x/text's
// over the corpus (compare with benchstat -col /impl).
func BenchmarkGBDecode(b *testing.B) {
	for _, e := range gbBenchEncodings {
		for _, s := range benchdata.Load(b, e.ours) {
			name := "enc=" + e.ours.(interface{ String() string }).String() + "/lang=" + s.Lang
			b.Run(name+"/impl=webenc", func(b *testing.B) {
				benchdata.Transform(b, e.ours.NewDecoder(), s.Decode, len(s.Decode))
			})
			b.Run(name+"/impl=xtext", func(b *testing.B) {
				benchdata.Transform(b, e.xtext.NewDecoder(), s.Decode, len(s.Decode))
			})
		}
	}
}

// BenchmarkGBEncode compares the gb18030 and GBK encoders with x/text's.
func BenchmarkGBEncode(b *testing.B) {
	for _, e := range gbBenchEncodings {
		for _, s := range benchdata.Load(b, e.ours) {
			name := "enc=" + e.ours.(interface{ String() string }).String() + "/lang=" + s.Lang
			b.Run(name+"/impl=webenc", func(b *testing.B) {
				benchdata.Transform(b, e.ours.NewEncoder(), s.Encode, len(s.Encode))
			})
			b.Run(name+"/impl=xtext", func(b *testing.B) {
				benchdata.Transform(b, e.xtext.NewEncoder(), s.Encode, len(s.Encode))
			})
		}
	}
}

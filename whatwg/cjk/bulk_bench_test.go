package cjk_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/cjk"
)

// bulkBenchEncodings pairs every CJK encoding with x/text's, for the
// benchmarks below (compare with benchstat -col /impl).
var bulkBenchEncodings = []struct {
	ours, xtext encoding.Encoding
}{
	{cjk.GB18030, simplifiedchinese.GB18030},
	{cjk.GBK, simplifiedchinese.GBK},
	{cjk.Big5, traditionalchinese.Big5},
	{cjk.EUCJP, japanese.EUCJP},
	{cjk.ISO2022JP, japanese.ISO2022JP},
	{cjk.ShiftJIS, japanese.ShiftJIS},
	{cjk.EUCKR, korean.EUCKR},
}

// bulkBench runs one sub-benchmark per encoding, language and
// implementation, named enc=NAME/lang=LANG/impl=webenc|xtext, over the
// input that in picks.
func bulkBench(b *testing.B, in func(b *testing.B, e encoding.Encoding) []benchdata.Sample, decode bool) {
	for _, c := range bulkBenchEncodings {
		for _, s := range in(b, c.ours) {
			for _, impl := range []struct {
				name string
				enc  encoding.Encoding
			}{{"webenc", c.ours}, {"xtext", c.xtext}} {
				b.Run("enc="+c.ours.(interface{ String() string }).String()+"/lang="+s.Lang+"/impl="+impl.name, func(b *testing.B) {
					if decode {
						benchdata.Transform(b, impl.enc.NewDecoder(), s.Decode, len(s.Decode))
					} else {
						benchdata.Transform(b, impl.enc.NewEncoder(), s.Encode, len(s.Encode))
					}
				})
			}
		}
	}
}

func bulkCorpus(b *testing.B, e encoding.Encoding) []benchdata.Sample { return benchdata.Load(b, e) }

// BenchmarkBulkDecode decodes each CJK encoding's corpus pages (LANG.html
// encoded in html mode), against x/text.
func BenchmarkBulkDecode(b *testing.B) { bulkBench(b, bulkCorpus, true) }

// BenchmarkBulkEncode encodes each CJK encoding's corpus text, against
// x/text.
func BenchmarkBulkEncode(b *testing.B) { bulkBench(b, bulkCorpus, false) }

// BenchmarkBulkMislabeled decodes each language's UTF-8 text (LANG.txt as
// it is) with its legacy decoders: a page mislabeled with a CJK encoding,
// where nearly every byte pair is an error. The decoders must keep their
// bulk loop running through the errors.
func BenchmarkBulkMislabeled(b *testing.B) {
	bulkBench(b, func(b *testing.B, e encoding.Encoding) []benchdata.Sample {
		dir := specdata.Corpus(b)
		var out []benchdata.Sample
		for _, lang := range specdata.LanguagesFor(e.(interface{ String() string }).String()) {
			txt, err := os.ReadFile(filepath.Join(dir, lang+".txt"))
			if err != nil {
				b.Skipf("corpus file for %s missing", lang)
			}
			out = append(out, benchdata.Sample{Lang: lang, Decode: txt})
		}
		return out
	}, true)
}

package utf8

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/internal/specdata"
)

// BenchmarkDecode compares the decoder with x/text's unicode.UTF8 decoder
// on the corpus (compare with benchstat -col /impl).
func BenchmarkDecode(b *testing.B) {
	for _, s := range benchdata.Load(b, UTF8) {
		for _, impl := range []struct {
			name string
			t    transform.Transformer
		}{{"webenc", UTF8.NewDecoder()}, {"xtext", unicode.UTF8.NewDecoder()}} {
			b.Run("enc=UTF-8/lang="+s.Lang+"/impl="+impl.name, func(b *testing.B) {
				benchdata.Transform(b, impl.t, s.Decode, len(s.Decode))
			})
		}
	}
}

// BenchmarkEncode compares the encoder (UTF-8 to UTF-8 with U+FFFD for
// invalid input) with x/text's unicode.UTF8 encoder.
func BenchmarkEncode(b *testing.B) {
	for _, s := range benchdata.Load(b, UTF8) {
		for _, impl := range []struct {
			name string
			t    transform.Transformer
		}{{"webenc", UTF8.NewEncoder()}, {"xtext", unicode.UTF8.NewEncoder()}} {
			b.Run("enc=UTF-8/lang="+s.Lang+"/impl="+impl.name, func(b *testing.B) {
				benchdata.Transform(b, impl.t, s.Encode, len(s.Encode))
			})
		}
	}
}

// mislabeled is, per corpus language, a legacy encoding of its text: such
// pages are often served as UTF-8, so decoding them as UTF-8 (one error
// every byte or two) must be fast too.
var mislabeled = []struct {
	lang string
	enc  encoding.Encoding
}{
	{"ar", charmap.Windows1256}, {"cs", charmap.Windows1250}, {"de", charmap.Windows1252},
	{"el", charmap.Windows1253}, {"en", charmap.Windows1252}, {"fr", charmap.Windows1252},
	{"he", charmap.Windows1255}, {"ja", japanese.ShiftJIS}, {"ko", korean.EUCKR},
	{"pt", charmap.Windows1252}, {"ru", charmap.Windows1251}, {"th", charmap.Windows874},
	{"tr", charmap.Windows1254}, {"vi", charmap.Windows1258}, {"zh_cn", simplifiedchinese.GBK},
	{"zh_tw", traditionalchinese.Big5},
}

// mislabeledInputs returns each language's LANG.txt and LANG.html encoded
// in its legacy encoding (x/text's encoders, html escapes for the rest),
// named doc=txt|html/lang=LANG/enc=ENCODING, or skips b when the corpus is
// absent.
func mislabeledInputs(b *testing.B) (names []string, inputs [][]byte) {
	dir := specdata.Corpus(b)
	for _, doc := range []string{"txt", "html"} {
		for _, m := range mislabeled {
			txt, err := os.ReadFile(filepath.Join(dir, m.lang+"."+doc))
			if err != nil {
				b.Skip(err)
			}
			src, _, err := transform.Bytes(encoding.HTMLEscapeUnsupported(m.enc.NewEncoder()), txt)
			if err != nil {
				b.Fatal(err)
			}
			names = append(names, "doc="+doc+"/lang="+m.lang+"/enc="+fmt.Sprint(m.enc))
			inputs = append(inputs, src)
		}
	}
	return names, inputs
}

// BenchmarkDecodeMislabeled decodes the mislabeled inputs with the UTF-8
// decoder, beside x/text's UTF-8 decoder.
func BenchmarkDecodeMislabeled(b *testing.B) {
	names, inputs := mislabeledInputs(b)
	for i, src := range inputs {
		for _, impl := range []struct {
			name string
			t    transform.Transformer
		}{{"webenc", UTF8.NewDecoder()}, {"xtext", unicode.UTF8.NewDecoder()}} {
			b.Run(names[i]+"/impl="+impl.name, func(b *testing.B) {
				benchdata.Transform(b, impl.t, src, len(src))
			})
		}
	}
}

// BenchmarkMislabeledRatio reports webenc's speed over x/text's on the
// mislabeled inputs as the metric x/xtext, timed in alternating rounds
// (best of each) so that load from other processes hits both alike. Run
// it with -benchtime=1x.
func BenchmarkMislabeledRatio(b *testing.B) {
	names, inputs := mislabeledInputs(b)
	for i, src := range inputs {
		b.Run(names[i], func(b *testing.B) {
			reportRatio(b, UTF8.NewDecoder(), unicode.UTF8.NewDecoder(), src)
		})
	}
}

// reportRatio times t and ref on src in alternating rounds and reports
// the ratio of their best speeds as x/xtext.
func reportRatio(b *testing.B, t, ref transform.Transformer, src []byte) {
	dst := make([]byte, 4*len(src)+64)
	once := func(t transform.Transformer) {
		t.Reset()
		if _, _, err := t.Transform(dst, src, true); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		once(t)
	}
	round := func(t transform.Transformer) time.Duration {
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			for range 10 {
				once(t)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	bt, br := time.Duration(1<<62), time.Duration(1<<62)
	for range 10 {
		bt = min(bt, round(t))
		br = min(br, round(ref))
	}
	b.ReportMetric(float64(br)/float64(bt), "x/xtext")
}

// BenchmarkRatio reports the decoder's and the encoder's speed over x/text's
// on the corpus as x/xtext (alternating rounds, as
// BenchmarkMislabeledRatio). Run it with -benchtime=1x.
func BenchmarkRatio(b *testing.B) {
	for _, s := range benchdata.Load(b, UTF8) {
		b.Run("op=decode/lang="+s.Lang, func(b *testing.B) {
			reportRatio(b, UTF8.NewDecoder(), unicode.UTF8.NewDecoder(), s.Decode)
		})
		b.Run("op=encode/lang="+s.Lang, func(b *testing.B) {
			reportRatio(b, UTF8.NewEncoder(), unicode.UTF8.NewEncoder(), s.Encode)
		})
	}
}

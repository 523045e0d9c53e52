package utf16

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
)

var benchPairs = []struct {
	name   string
	webenc encoding.Encoding
	xtext  encoding.Encoding
}{
	{"UTF-16LE", LE, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"UTF-16BE", BE, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
}

// BenchmarkDecode compares the decoders with x/text's UTF-16 decoders
// (IgnoreBOM) on the corpus (compare with benchstat -col /impl).
func BenchmarkDecode(b *testing.B) {
	for _, p := range benchPairs {
		for _, s := range benchdata.Load(b, p.webenc) {
			for _, impl := range []struct {
				name string
				t    transform.Transformer
			}{{"webenc", p.webenc.NewDecoder()}, {"xtext", p.xtext.NewDecoder()}} {
				b.Run("enc="+p.name+"/lang="+s.Lang+"/impl="+impl.name, func(b *testing.B) {
					benchdata.Transform(b, impl.t, s.Decode, len(s.Decode))
				})
			}
		}
	}
}

// BenchmarkEncode compares the encoders with x/text's UTF-16 encoders.
func BenchmarkEncode(b *testing.B) {
	for _, p := range benchPairs {
		for _, s := range benchdata.Load(b, p.webenc) {
			for _, impl := range []struct {
				name string
				t    transform.Transformer
			}{{"webenc", p.webenc.NewEncoder()}, {"xtext", p.xtext.NewEncoder()}} {
				b.Run("enc="+p.name+"/lang="+s.Lang+"/impl="+impl.name, func(b *testing.B) {
					benchdata.Transform(b, impl.t, s.Encode, len(s.Encode))
				})
			}
		}
	}
}

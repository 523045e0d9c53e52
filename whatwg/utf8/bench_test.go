package utf8

import (
	"testing"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
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

package cjk_test

import (
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/fuzzbench"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// fuzzSample is text in the scripts the CJK encodings cover, from which
// BenchmarkFuzzBodies makes its valid inputs.
const fuzzSample = "日本語のテキスト、ｶﾀｶﾅ。¥‾ 中文繁體字 한국어 위키백과 € abc 123\n"

// fuzzEncoded is fuzzSample in e, each character e cannot encode written
// as an HTML character reference (ASCII).
func fuzzEncoded(e encoding.Encoding) []byte {
	html, _ := e.(*codec.Encoding).Encoder(codec.HTML)
	return codectest.OneShot(html, []byte(fuzzSample)).Out
}

// BenchmarkFuzzBodies measures one execution of each fuzz target's body
// on 1 KB inputs (issue 9's budget: 10,000 executions/s, 100 µs).
func BenchmarkFuzzBodies(b *testing.B) {
	dec := func(name string, e encoding.Encoding, body func(testing.TB, []byte, uint8)) {
		b.Run(name, func(b *testing.B) {
			fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, fuzzEncoded(e)), body)
		})
	}
	enc := func(name string, body func(testing.TB, string, uint8)) {
		b.Run(name, func(b *testing.B) {
			fuzzbench.Run(b, fuzzbench.Inputs(fuzzbench.Size, []byte(fuzzSample)),
				func(tb testing.TB, in []byte, k uint8) { body(tb, string(in), k) })
		})
	}
	dec("FuzzBig5Decode", cjk.Big5, big5.fuzzDecodeBody(b))
	enc("FuzzBig5Encode", big5.fuzzEncodeBody(b))
	dec("FuzzEUCKRDecode", cjk.EUCKR, euckr.fuzzDecodeBody(b))
	enc("FuzzEUCKREncode", euckr.fuzzEncodeBody(b))
	for _, j := range []struct {
		name string
		enc  *codec.Encoding
		dec  func(*jisRef) func() codectest.Handler
		encH func(*jisRef) func() codectest.EncHandler
		al   func(*jisRef) map[rune]rune
	}{
		{"SJIS", sjisEnc, func(r *jisRef) func() codectest.Handler { return r.sjisDecoder }, func(r *jisRef) func() codectest.EncHandler { return r.sjisEncoder }, jisAlias},
		{"EUCJP", eucjpEnc, func(r *jisRef) func() codectest.Handler { return r.eucjpDecoder }, func(r *jisRef) func() codectest.EncHandler { return r.eucjpEncoder }, jisAlias},
		{"ISO2022JP", iso2022jpEnc, func(r *jisRef) func() codectest.Handler { return r.iso2022jpDecoder }, func(r *jisRef) func() codectest.EncHandler { return r.iso2022jpEncoder }, iso2022jpAlias},
	} {
		dec("Fuzz"+j.name+"Decode", j.enc, jisFuzzDecodeBody(b, j.enc, j.dec))
		enc("Fuzz"+j.name+"Encode", jisFuzzEncodeBody(b, j.enc, j.encH, j.al))
	}
	gbDec := gbFuzzDecodeBody(b)
	dec("FuzzGB18030Decode", cjk.GB18030, func(tb testing.TB, in []byte, k uint8) { gbDec(tb, in, k, k&1 == 1) })
	enc("FuzzGB18030Encode", gbFuzzEncodeBody(b, cjk.GB18030))
	enc("FuzzGBKEncode", gbFuzzEncodeBody(b, cjk.GBK))
}

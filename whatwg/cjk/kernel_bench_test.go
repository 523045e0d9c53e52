package cjk

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/internal/specdata"
)

// BenchmarkDBCSKernel decodes each corpus page (LANG.html in html mode),
// its text (LANG.txt made encodable) and each language's UTF-8 text
// mislabeled as the encoding with dbcsRun, as
// the decoders call it, and reports x/scalar: its speed over dbcsRunScalar
// alone (the loop before the kernel), from alternating rounds in one
// process, the fastest of each (a shared machine only ever adds time).
func BenchmarkDBCSKernel(b *testing.B) {
	dir := specdata.Corpus(b)
	for _, c := range []struct {
		enc  encoding.Encoding
		form *lazyForm
	}{{euckrCodec, euckrForm}, {gbkCodec, gbForm}, {big5Codec, big5Form}, {shiftjisCodec, sjisForm}, {eucjpCodec, eucjpForm}} {
		f := c.form.get()
		for _, s := range benchdata.Load(b, c.enc) {
			txt, err := os.ReadFile(filepath.Join(dir, s.Lang+".txt"))
			if err != nil {
				specdata.Missing(b, "the corpus file "+s.Lang+".txt", dir, "WEBENC_CORPUS")
			}
			for _, in := range []struct {
				name string
				src  []byte
			}{{"page", s.Decode}, {"text", encodeText(b, c.enc, s.Encode)}, {"mislabeled", txt}} {
				dst := make([]byte, 4*len(in.src)+64)
				kernel := func() { dbcsRunAll(dst, in.src, f, dbcsRun) }
				scalar := func() { dbcsRunAll(dst, in.src, f, dbcsRunScalarTight) }
				b.Run(c.enc.(interface{ String() string }).String()+"/"+s.Lang+"/"+in.name, func(b *testing.B) {
					b.SetBytes(int64(len(in.src)))
					for b.Loop() {
						kernel()
					}
					b.ReportMetric(benchdata.FastestRatio(kernel, scalar, 20), "x/scalar")
				})
			}
		}
	}
}

// encodeText returns the UTF-8 text txt in e (every character encodable).
func encodeText(b *testing.B, e encoding.Encoding, txt []byte) []byte {
	out, err := e.NewEncoder().Bytes(txt)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// dbcsRunScalarTight is dbcsRun without the kernel.
func dbcsRunScalarTight(dst, src []byte, f *dbcsForm, stop bool) (int, int) {
	nDst, nSrc, _ := dbcsRunScalar(dst, src, f, stop)
	return dbcsRunTight(dst, src, nDst, nSrc, f)
}

// dbcsRunAll runs run over the whole of src as the decoders do, stepping
// over each byte it leaves (their byte-at-a-time steps, not timed here).
func dbcsRunAll(dst, src []byte, f *dbcsForm, run func(dst, src []byte, f *dbcsForm, stop bool) (int, int)) {
	nDst, nSrc := 0, 0
	for nSrc < len(src)-1 {
		n, m := run(dst[nDst:], src[nSrc:], f, false)
		nDst += n
		nSrc += m + 1
	}
}

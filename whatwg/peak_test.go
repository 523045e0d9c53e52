package whatwg

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// TestPeakMemory measures what AppendDecode and AppendEncode allocate on
// a 100 MB input made by repeating a corpus text, from a nil dst. It runs
// only with WEBENC_PEAK set to cases "LABEL:LANG" separated by commas
// (e.g. "windows-1252:fr,shift_jis:ja,utf-8:ru"); see docs/performance.md.
// The heap at its peak is at most what is live before the call (the
// input) plus what the call allocates, which it reports as a multiple of
// input + output.
func TestPeakMemory(t *testing.T) {
	if os.Getenv("WEBENC_PEAK") == "" {
		t.Skip("WEBENC_PEAK not set")
	}
	const size = 100 << 20
	dir := specdata.Corpus(t)
	for _, c := range strings.Split(os.Getenv("WEBENC_PEAK"), ",") {
		label, lang, _ := strings.Cut(c, ":")
		e, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(filepath.Join(dir, lang+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		// Encodable text: the corpus text through the encoder and back.
		legacy, _ := AppendEncode(nil, e, text)
		text, _ = AppendDecode(nil, e, legacy)
		utf8In := bytes.Repeat(text, size/len(text)+1)[:0]
		for len(utf8In)+len(text) <= size {
			utf8In = append(utf8In, text...)
		}
		measure := func(what string, in []byte, f func() []byte) {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			out := f()
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			peak := float64(uint64(len(in))+alloc) / float64(len(in)+len(out))
			t.Logf("%s %s/%s: input %.1f MB, output %.1f MB (cap %.2fx), allocated %.1f MB; peak heap <= %.2fx input+output",
				what, label, lang, mb(len(in)), mb(len(out)), float64(cap(out))/float64(len(out)), float64(alloc)/1e6, peak)
			if peak > 2.5 {
				t.Errorf("%s %s/%s: peak heap bound %.2fx input+output, want at most 2.5x", what, label, lang, peak)
			}
		}
		var encoded []byte
		measure("AppendEncode", utf8In, func() []byte { encoded, _ = AppendEncode(nil, e, utf8In); return encoded })
		utf8In = nil
		measure("AppendDecode", encoded, func() []byte { out, _ := AppendDecode(nil, e, encoded); return out })
	}
}

func mb(n int) float64 { return float64(n) / 1e6 }

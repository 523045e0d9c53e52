package mojibake_test

import (
	"testing"

	"github.com/webenc/webenc/internal/fixeval"
	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/mojibake"
)

// BenchmarkFixCorrupted measures Fix on the evaluation's corrupted lines
// (every chain, tuned and held back: what `go run ./bench -fix` calls
// "corrupted lines"), MB/s of broken input.
func BenchmarkFixCorrupted(b *testing.B) {
	samples, err := fixeval.Samples(specdata.Corpus(b))
	if err != nil {
		b.Fatal(err)
	}
	var lines []string
	size := 0
	for _, c := range fixeval.Cases(samples) {
		lines = append(lines, c.Corrupted)
		size += len(c.Corrupted)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range lines {
			mojibake.Fix(s)
		}
	}
}

// Package fuzzbench measures fuzz targets without the fuzzer: issue 9
// asks that every target sustain 10,000 executions per second for inputs
// up to 1 KB, and the fuzzer's own figure depends on the sizes of the
// inputs it happens to generate. Each fuzz target's body is a function
// that both the target and its package's BenchmarkFuzzBodies call, on the
// fixed inputs Inputs returns. It imports nothing of the module, so every
// package's tests can use it (internal/simd's included).
package fuzzbench

import (
	"io"
	"math/rand/v2"
	"testing"
)

// Size is the input size the fuzz budget is stated for.
const Size = 1024

// Input is a fixed input a fuzz body is measured on.
type Input struct {
	Name string
	Data []byte
}

// Inputs returns the fixed inputs of size bytes a fuzz body is
// measured on: random bytes, valid (the valid text of the encoding under
// test, repeated and cut to size, so its last character may be cut), and
// mixed (that text with a random byte every 8 to 64 bytes). The inputs
// are the same on every call.
func Inputs(size int, valid []byte) []Input {
	rng := rand.New(rand.NewPCG(9, 9))
	random := make([]byte, size)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	text := make([]byte, 0, size+len(valid))
	for len(valid) > 0 && len(text) < size {
		text = append(text, valid...)
	}
	text = text[:min(size, len(text))]
	mixed := append([]byte(nil), text...)
	for i := rng.IntN(8); i < len(mixed); i += 8 + rng.IntN(57) {
		mixed[i] = byte(rng.Uint32())
	}
	return []Input{{"random", random}, {"valid", text}, {"mixed", mixed}}
}

// Run runs body, a fuzz target's body, over each input as a
// sub-benchmark: ns/op is the wall time of one execution, and cpu-ns/op
// the CPU time the process used per execution (garbage collection
// included), which other work on the machine does not inflate; the
// budget of 10,000 executions/s is 100,000 ns of either. Execution i
// gets the value k = uint8(i) for the target's other arguments (split
// points, modes), so every value of them is measured.
func Run(b *testing.B, inputs []Input, body func(tb testing.TB, in []byte, k uint8)) {
	for _, in := range inputs {
		b.Run(in.Name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			start, ok := cpuTime()
			for b.Loop() {
				body(b, in.Data, uint8(i))
				i++
			}
			if end, _ := cpuTime(); ok && i > 0 {
				b.ReportMetric(float64(end-start)/float64(i), "cpu-ns/op")
			}
		})
	}
}

// PieceReader returns a reader of r's bytes that returns at most 1, 2, …,
// max, 1, 2, … bytes per Read: streaming code meets a cut at every kind
// of point (max 1 is one byte per Read, as iotest.OneByteReader) with a
// Read call per few bytes rather than per byte. Fuzz targets take max
// from their input.
func PieceReader(r io.Reader, max int) io.Reader { return &pieceReader{r: r, max: max} }

type pieceReader struct {
	r      io.Reader
	max, n int
}

func (p *pieceReader) Read(b []byte) (int, error) {
	p.n = p.n%p.max + 1
	return p.r.Read(b[:min(len(b), p.n)])
}

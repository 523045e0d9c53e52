package utf8

import (
	"bufio"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/internal/benchdata"
)

// BenchmarkERSRatio reports webenc's UTF-8 decode and encode speed over
// encoding_rs's (the peer of ../shared/peers/encoding_rs, path in
// $WEBENC_ERS) on the corpus as x/ers, timed in alternating rounds in one
// run: webenc in this process, encoding_rs through its batch T op. Run it
// with -benchtime=1x; it skips without $WEBENC_ERS.
func BenchmarkERSRatio(b *testing.B) {
	path := os.Getenv("WEBENC_ERS")
	if path == "" {
		b.Skip("WEBENC_ERS not set")
	}
	cmd := exec.Command(path, "batch")
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	out := bufio.NewReader(outPipe)
	// ers times iters iterations of op ('D' or 'E') on src and returns
	// the elapsed time.
	ers := func(op byte, src []byte, iters int) time.Duration {
		req := []byte{'T', op, 5}
		req = append(req, "UTF-8"...)
		req = binary.LittleEndian.AppendUint32(req, uint32(iters))
		req = binary.LittleEndian.AppendUint32(req, 1)
		req = binary.LittleEndian.AppendUint32(req, uint32(len(src)))
		req = append(req, src...)
		if _, err := in.Write(req); err != nil {
			b.Fatal(err)
		}
		var hdr [5 + 5 + 8]byte
		if _, err := io.ReadFull(out, hdr[:]); err != nil || hdr[0] != 0 || hdr[5] != 0 {
			b.Fatalf("ers batch: %v % x", err, hdr)
		}
		return time.Duration(binary.LittleEndian.Uint64(hdr[10:]))
	}
	for _, s := range benchdata.Load(b, UTF8) {
		for _, c := range []struct {
			op  byte
			t   transform.Transformer
			src []byte
		}{{'D', UTF8.NewDecoder(), s.Decode}, {'E', UTF8.NewEncoder(), s.Encode}} {
			name := map[byte]string{'D': "decode", 'E': "encode"}[c.op]
			b.Run("op="+name+"/lang="+s.Lang, func(b *testing.B) {
				dst := make([]byte, 4*len(c.src)+64)
				once := func() {
					c.t.Reset()
					if _, _, err := c.t.Transform(dst, c.src, true); err != nil {
						b.Fatal(err)
					}
				}
				for b.Loop() {
					once()
				}
				const iters = 20
				bw, be := time.Duration(1<<62), time.Duration(1<<62)
				for range 15 {
					start := time.Now()
					for range iters {
						once()
					}
					bw = min(bw, time.Since(start))
					be = min(be, ers(c.op, c.src, iters))
				}
				b.ReportMetric(float64(be)/float64(bw), "x/ers")
				b.ReportMetric(float64(len(c.src)*iters)/bw.Seconds()/1e6, "webenc-MB/s")
				b.ReportMetric(float64(len(c.src)*iters)/be.Seconds()/1e6, "ers-MB/s")
			})
		}
	}
}

package detect

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/internal/specdata"
)

// midCharCases are the multi-byte encodings of TestMidCharacterWindows,
// with the Wikipedia text each is tried on.
var midCharCases = []struct{ file, enc string }{
	{"ja.txt", "EUC-JP"},
	{"ja.txt", "Shift_JIS"},
	{"ja.txt", "UTF-8"},
	{"zh_cn.txt", "GBK"},
	{"zh_cn.txt", "UTF-8"},
	{"zh_tw.txt", "Big5"},
	{"ko.txt", "EUC-KR"},
}

// midCharPieces is how many pieces of each encoded text the test cuts.
const midCharPieces = 60

// TestMidCharacterWindows: a window that starts inside a multi-byte
// character (a chunk of a stream, like `split -b 4096` makes) is detected
// as its encoding, as one that starts between characters is: for each of
// midCharPieces places spread over the whole encoded text, the windows of
// 64, 1024 and 4096 bytes starting at the first byte of the character
// there and at each of its later bytes (offsets 0..3 into it). Right = the
// answer decodes the window exactly as its encoding does; a wrong answer
// must not be given with confidence 0.99 or more.
func TestMidCharacterWindows(t *testing.T) {
	dir := specdata.Corpus(t)
	for _, c := range midCharCases {
		text, err := os.ReadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		e := detecteval.Encoding(c.enc)
		for _, n := range []int{64, 1024, 4096} {
			var right, total, start, startRight, sure int
			for _, off := range charOffsets(string(text), midCharPieces) {
				one, rest := encodeFrom(e, string(text[off:]), n+4)
				if one == 0 {
					continue
				}
				for k := 0; k < one && k < 4; k++ {
					w := rest[k:min(len(rest), k+n)]
					cand, conf := Detect(w, "", true)
					good := detecteval.Decode(detecteval.Encoding(Name(cand)), w) == detecteval.Decode(e, w)
					total++
					if good {
						right++
					} else if conf >= 0.99 {
						sure++
						if sure <= 3 {
							t.Logf("%s %s %d B, %d bytes into a character: %s at %.4f", c.file, c.enc, n, k, Name(cand), conf)
						}
					}
					if k == 0 {
						start++
						if good {
							startRight++
						}
					}
				}
			}
			t.Logf("%-9s %-9s %4d B: %5.1f%% right of %d windows (%5.1f%% of the %d starting between characters); wrong at ≥ 0.99: %d",
				c.file, c.enc, n, pct(right, total), total, pct(startRight, start), start, sure)
			if min := midCharFloor(n); pct(right, total) < min || sure > 0 {
				t.Errorf("%s in %s, %d B windows: %.1f%% right (at least %.0f%%), %d wrong at confidence ≥ 0.99 (none)", c.file, c.enc, n, pct(right, total), min, sure)
			}
		}
	}
}

// midCharFloor is the least share of right answers, in percent, on
// windows of n bytes.
func midCharFloor(n int) float64 {
	if n < 1024 {
		return 95
	}
	return 99
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// charOffsets returns n offsets spread evenly over text, each moved
// forward to the start of a character that is not ASCII (so that the
// windows start inside a multi-byte character once encoded).
func charOffsets(text string, n int) []int {
	var out []int
	for i := 0; i < n; i++ {
		off := len(text) * i / n
		for off < len(text) && (text[off] < 0xC0) {
			off++
		}
		if off < len(text) {
			out = append(out, off)
		}
	}
	return out
}

// encodeFrom encodes the characters of text in e, leaving out those e
// lacks, until the encoding holds at least n bytes; one is the length of
// the first character's encoding (0 if e lacks it or it is ASCII).
func encodeFrom(e encoding.Encoding, text string, n int) (one int, b []byte) {
	enc := e.NewEncoder()
	for i, r := range text {
		c, err := enc.Bytes([]byte(string(r)))
		if err != nil {
			if i == 0 {
				return 0, nil
			}
			continue
		}
		if i == 0 {
			one = len(c)
		}
		b = append(b, c...)
		if len(b) >= n {
			break
		}
	}
	if one < 2 {
		return 0, nil
	}
	return one, b
}

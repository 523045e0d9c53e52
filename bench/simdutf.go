package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
)

// simdutf is the speed peer for UTF-8 and UTF-16 (-simdutf PATH): its
// helper, built by ../shared/peers/simdutf/build.sh, speaks encoding_rs's
// batch protocol (batchPeer) for the few encodings simdutf covers. It is
// not an implementation of the Standard, so it is timed only where its work
// equals webenc's, and on windows-1252 as a bound.

// simdutfWork reports whether simdutf's helper covers encoding name and,
// if so, whether its work is only a bound on webenc's: UTF-8 (validation
// and a copy) and UTF-16LE/BE (transcoding) do the same work as webenc's
// decoders and encoders on valid input; windows-1252 is timed as Latin-1
// (ISO-8859-1), whose mapping differs at 0x80–0x9F, so it bounds the work
// rather than equals it.
func simdutfWork(name string) (covered, bound bool) {
	switch name {
	case "UTF-8", "UTF-16LE", "UTF-16BE":
		return true, false
	case "windows-1252":
		return true, true
	}
	return false, false
}

// startSimdutf starts simdutf's helper at path and returns it with its
// version line (simdutf's version and the kernels it chose, e.g.
// "simdutf 9.1.0 (icelake kernels)").
func startSimdutf(path string) (*batchPeer, string, error) {
	out, err := exec.Command(path, "version").Output()
	version := strings.TrimSpace(string(out))
	if err != nil || !strings.HasPrefix(version, "simdutf ") {
		return nil, "", fmt.Errorf("-simdutf %s: not simdutf's helper: version answered %q (%v)", path, version, err)
	}
	p, err := startBatch("simdutf", path)
	if err != nil {
		return nil, "", err
	}
	// A UTF-8 decode (validate and copy) checks that the other end speaks
	// the protocol.
	probe := []byte("h\u00e9")
	if got, st, err := p.call('D', 0, "UTF-8", 0, probe); err != nil || st != 0 || !bytes.Equal(got, probe) {
		p.close()
		if err == nil {
			err = fmt.Errorf("UTF-8 decode of %q answered %q, status %d", probe, got, st)
		}
		return nil, "", fmt.Errorf("-simdutf %s: not simdutf's batch helper: %v", path, err)
	}
	return p, version, nil
}

// checkSimdutf checks that simdutf's helper converts src (encoding name,
// direction dir) to want, webenc's output: it returns "" if so, or the
// reason why simdutf is not timed on it. A bound (windows-1252) needs only
// to accept src: its output differs by design.
func checkSimdutf(p *batchPeer, name, dir string, src, want []byte) (string, error) {
	op := byte('D')
	if dir == "encode" {
		op = 'E'
	}
	got, st, err := p.call(op, 0, name, 0, src)
	if err != nil {
		return "", err
	}
	if st != 0 {
		return "simdutf rejects the input", nil
	}
	if _, bound := simdutfWork(name); !bound && !bytes.Equal(got, want) {
		return fmt.Sprintf("simdutf's output differs from webenc's (%d vs %d bytes)", len(got), len(want)), nil
	}
	return "", nil
}

// simdutfNote is the note of a row timed against simdutf as a bound.
const simdutfNote = "simdutf: Latin-1, a bound"

// simdutfTimer returns a timer of simdutf converting src (r's encoding, in
// direction dir) if -simdutf is on, simdutf covers the encoding and
// checkSimdutf passes (want is webenc's output), else nil with the reason
// in r's note. It marks a bound in r.
func (m *measurer) simdutfTimer(r *result, dir string, src, want []byte) (timer, error) {
	covered, bound := simdutfWork(r.Encoding)
	if m.simdutf == nil || !covered {
		return nil, nil
	}
	note, err := checkSimdutf(m.simdutf, r.Encoding, dir, src, want)
	if err != nil || note != "" {
		r.Note = join(r.Note, note)
		return nil, err
	}
	if bound {
		r.SimdBound = true
		r.Note = join(r.Note, simdutfNote)
	}
	return m.simdutf.timer(r.Encoding, dir, src), nil
}

// simdutfRows returns the simdutf throughputs and webenc/simdutf ratios of
// rows in direction dir ("" for all): those of the rows where the work is
// the same if there are any, else the bounds (then bound is true), so that
// an encoding's own line gives its bound and the overall lines leave
// bounds out.
func simdutfRows(rows []result, dir string) (speeds, ratios []float64, bound bool) {
	var bMBps, bRatios []float64
	for _, r := range rows {
		if r.Simdutf <= 0 || (dir != "" && r.Direction != dir) {
			continue
		}
		if r.SimdBound {
			bMBps, bRatios = append(bMBps, r.Simdutf), append(bRatios, r.SimdRatio)
		} else {
			speeds, ratios = append(speeds, r.Simdutf), append(ratios, r.SimdRatio)
		}
	}
	if len(speeds) == 0 && len(bMBps) > 0 {
		return bMBps, bRatios, true
	}
	return speeds, ratios, false
}

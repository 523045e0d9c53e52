package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os/exec"
)

// batchPeer talks to a peer's batch helper over its stdin and stdout:
// encoding_rs's (`ers batch`, built by ../shared/peers/encoding_rs/build.sh)
// or simdutf's (simdutf.go), which speaks the same protocol. The protocol is
// documented at the top of encoding_rs's helper's src/main.rs: a request
// is op:u8 mode:u8 label_len:u8 label arg:u32 count:u32 and count items of
// len:u32 bytes; a response is status:u8 count:u32 and count items of
// status:u8 len:u32 bytes (integers little-endian).
//
// The bench uses two ops: 'T' times arg iterations of encoding_rs's own
// benchmark loop in the helper's process (the same loop as `ers bench`:
// decode with a fresh decoder into a pre-sized String, encode with a fresh
// encoder after str::from_utf8 of the input), and 'E'/'D' convert once, to
// check that the inputs are the ones `ers bench` prepares.
type batchPeer struct {
	name string // the peer, for errors: "ers" or "simdutf"
	cmd  *exec.Cmd
	in   io.WriteCloser
	w    *bufio.Writer
	r    *bufio.Reader
}

// startErs starts encoding_rs's `path batch`.
func startErs(path string) (*batchPeer, error) {
	p, err := startBatch("ers", path)
	if err != nil {
		return nil, err
	}
	// A label lookup checks that the other end speaks the protocol.
	if got, _, err := p.call('L', 0, "", 0, []byte("latin1")); err != nil || string(got) != "windows-1252" {
		p.close()
		if err == nil {
			err = fmt.Errorf("label lookup answered %q", got)
		}
		return nil, fmt.Errorf("-ers %s: not encoding_rs's batch helper: %v", path, err)
	}
	return p, nil
}

// startBatch starts `path batch`, the helper of peer name.
func startBatch(name, path string) (*batchPeer, error) {
	cmd := exec.Command(path, "batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("-%s: %v", name, err)
	}
	return &batchPeer{name: name, cmd: cmd, in: in, w: bufio.NewWriterSize(in, 1<<16), r: bufio.NewReaderSize(out, 1<<16)}, nil
}

// close ends the helper ('Q', then EOF) and waits for it.
func (p *batchPeer) close() error {
	p.w.WriteByte('Q')
	p.w.Flush()
	p.in.Close()
	return p.cmd.Wait()
}

// call sends one request with one item and returns the item's bytes and
// status.
func (p *batchPeer) call(op, mode byte, label string, arg uint32, item []byte) ([]byte, byte, error) {
	if len(label) > 255 || uint64(len(item)) > 1<<32-1 {
		return nil, 0, fmt.Errorf("%s: request too large", p.name)
	}
	var hdr []byte
	hdr = append(hdr, op, mode, byte(len(label)))
	hdr = append(hdr, label...)
	hdr = binary.LittleEndian.AppendUint32(hdr, arg)
	hdr = binary.LittleEndian.AppendUint32(hdr, 1)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(item)))
	p.w.Write(hdr)
	p.w.Write(item)
	if err := p.w.Flush(); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", p.name, err)
	}
	var rh [5]byte
	if _, err := io.ReadFull(p.r, rh[:]); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", p.name, err)
	}
	if rh[0] != 0 || binary.LittleEndian.Uint32(rh[1:]) != 1 {
		return nil, 0, fmt.Errorf("%s: %c%c %q: status %d", p.name, op, mode, label, rh[0])
	}
	if _, err := io.ReadFull(p.r, rh[:]); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", p.name, err)
	}
	out := make([]byte, binary.LittleEndian.Uint32(rh[1:]))
	if _, err := io.ReadFull(p.r, out); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", p.name, err)
	}
	return out, rh[0], nil
}

// timer returns a timer of the peer decoding (dir "decode", src legacy
// bytes) or encoding (dir "encode", src UTF-8) src in encoding name.
func (p *batchPeer) timer(name, dir string, src []byte) timer {
	mode := byte('D')
	if dir == "encode" {
		mode = 'E'
	}
	return func(n int) (float64, error) {
		out, _, err := p.call('T', mode, name, uint32(n), src)
		if err != nil {
			return 0, err
		}
		if len(out) != 8 {
			return 0, fmt.Errorf("%s: T answered %d bytes", p.name, len(out))
		}
		return float64(binary.LittleEndian.Uint64(out)) / float64(n), nil
	}
}

// checkInputs verifies that s holds the inputs `ers bench` measures for
// encoding name: the decode input is encoding_rs's html-mode encoding of
// LANG.html, and the encode input is encoding_rs's decoding of its html-mode
// encoding of LANG.txt (the helper's 'E' op with mode 'H' and 'D' with 'R').
func (p *batchPeer) checkInputs(c *corpus, name string, s sample) error {
	html, err := c.read(s.lang + ".html")
	if err != nil {
		return err
	}
	txt, err := c.read(s.lang + ".txt")
	if err != nil {
		return err
	}
	dec, _, err := p.call('E', 'H', name, 0, html)
	if err != nil {
		return err
	}
	if !bytes.Equal(dec, s.decode) {
		return fmt.Errorf("encoding_rs's html-mode %s.html differs from webenc's (%d vs %d bytes)", s.lang, len(dec), len(s.decode))
	}
	legacy, _, err := p.call('E', 'H', name, 0, txt)
	if err != nil {
		return err
	}
	enc, _, err := p.call('D', 'R', name, 0, legacy)
	if err != nil {
		return err
	}
	if len(legacy) != s.encSize || !bytes.Equal(enc, s.encode) {
		return fmt.Errorf("encoding_rs's encode input from %s.txt differs from webenc's", s.lang)
	}
	return nil
}

package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// Results of both sides are lines in one format, produced identically by
// the Go code here and by the page's script:
//
//	modeRaw:    F CPS        F is "T" if the fatal decoder failed, else "-";
//	                         CPS the replacement output's code points in hex, joined by "."
//	modeStream: R1/R2/... ; F1/F2/...   per chunk: replacement output; fatal output or "!"
//	modeLabel:  NAME or "RangeError"

// cps formats s's code points.
func cps(s string) string {
	var b strings.Builder
	for i, r := range []rune(s) {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatInt(int64(r), 16))
	}
	return b.String()
}

// parseCPS is the inverse of cps.
func parseCPS(s string) []rune {
	if s == "" {
		return nil
	}
	var rs []rune
	for _, f := range strings.Split(s, ".") {
		v, err := strconv.ParseInt(f, 16, 32)
		if err != nil {
			v = -1
		}
		rs = append(rs, rune(v))
	}
	return rs
}

// webencSide computes webenc's result lines.
type webencSide struct {
	repl, fatal map[string]*encoding.Decoder
	// reused are TextDecoders (ignoreBOM, replacement and fatal) kept for
	// all raw vectors of an encoding: a non-stream Decode must leave
	// nothing behind, so they must agree with the fresh decoders.
	reused map[string][2]*whatwg.TextDecoder
	// inconsistent lists vectors whose fatal decode succeeded with an
	// output different from the replacement decode's.
	inconsistent []string
}

func newWebencSide() *webencSide {
	return &webencSide{repl: map[string]*encoding.Decoder{}, fatal: map[string]*encoding.Decoder{},
		reused: map[string][2]*whatwg.TextDecoder{}}
}

// result returns webenc's line for v.
func (w *webencSide) result(v *vector) string {
	switch v.mode {
	case modeLabel:
		d, err := whatwg.NewTextDecoder(string(v.chunks[0]), whatwg.TextDecoderOptions{})
		if err != nil {
			return "RangeError"
		}
		return d.Encoding()
	case modeStream:
		var r, f []string
		dr, err1 := whatwg.NewTextDecoder(v.enc, whatwg.TextDecoderOptions{})
		df, err2 := whatwg.NewTextDecoder(v.enc, whatwg.TextDecoderOptions{Fatal: true})
		if err1 != nil || err2 != nil {
			return "ERR"
		}
		for i, c := range v.chunks {
			stream := i < len(v.chunks)-1
			s, err := dr.Decode(c, stream)
			if err != nil {
				s = "ERR"
			}
			r = append(r, cps(s))
			s, err = df.Decode(c, stream)
			if err != nil {
				f = append(f, "!")
			} else {
				f = append(f, cps(s))
			}
		}
		return strings.Join(r, "/") + " ; " + strings.Join(f, "/")
	}
	dr, ok := w.repl[v.enc]
	if !ok {
		e, err := htmlindex.Get(v.enc)
		if err != nil {
			return "ERR"
		}
		dr = e.NewDecoder()
		w.repl[v.enc] = dr
		w.fatal[v.enc] = whatwg.NewDecoder(e, whatwg.Fatal)
		r, err1 := whatwg.NewTextDecoder(v.enc, whatwg.TextDecoderOptions{IgnoreBOM: true})
		f, err2 := whatwg.NewTextDecoder(v.enc, whatwg.TextDecoderOptions{IgnoreBOM: true, Fatal: true})
		if err1 != nil || err2 != nil {
			return "ERR"
		}
		w.reused[v.enc] = [2]*whatwg.TextDecoder{r, f}
	}
	out, err := dr.Bytes(v.chunks[0])
	if err != nil {
		return "ERR " + err.Error()
	}
	fout, ferr := w.fatal[v.enc].Bytes(v.chunks[0])
	flag := "-"
	if ferr != nil {
		flag = "T"
		var de *whatwg.DecodeError
		if !errors.As(ferr, &de) {
			w.inconsistent = append(w.inconsistent, fmt.Sprintf("%s %x: fatal error is not a *DecodeError: %v", v.enc, v.chunks[0], ferr))
		}
	} else if string(fout) != string(out) {
		w.inconsistent = append(w.inconsistent, fmt.Sprintf("%s %x: fatal output %q differs from replacement output %q", v.enc, v.chunks[0], fout, out))
	}
	td := w.reused[v.enc]
	if s, err := td[0].Decode(v.chunks[0], false); err != nil || s != string(out) {
		w.inconsistent = append(w.inconsistent, fmt.Sprintf("%s %x: reused TextDecoder gives %q (%v), decoder %q", v.enc, v.chunks[0], s, err, out))
	}
	if _, err := td[1].Decode(v.chunks[0], false); (err != nil) != (ferr != nil) {
		w.inconsistent = append(w.inconsistent, fmt.Sprintf("%s %x: reused fatal TextDecoder error %v, decoder error %v", v.enc, v.chunks[0], err, ferr))
	}
	return flag + " " + cps(string(out))
}

package utf8

import (
	"fmt"
	"unicode/utf8"
)

// This file holds a reference implementation of the Standard's UTF-8
// decoder (encoding.bs, "UTF-8 decoder"), written literally from its steps
// over an explicit I/O queue with "restore", to check the optimised decoder
// against. It also records what a fatal-mode error reports: the offset of
// the first byte of the failing sequence and the bytes read for it (the
// restored byte excluded).

type refItem struct {
	b   byte
	off int
}

type refDecoder struct {
	codePoint         rune
	bytesSeen         int
	bytesNeeded       int
	lowerBoundary     byte
	upperBoundary     byte
	seq               []byte // bytes read for the sequence in progress
	seqOff            int    // stream offset of seq[0]
	errBytes          []byte // set when the handler returns error
	errOff            int
	endOfQueueReached bool
}

const (
	refContinue = iota
	refFinished
	refError
	refCodePoint
)

// handler runs the UTF-8 decoder's handler steps for item (nil is
// end-of-queue). queue is the I/O queue, for restore.
func (d *refDecoder) handler(queue *[]refItem, item *refItem) (int, rune) {
	// 1. If byte is end-of-queue and bytes needed is not 0, set bytes
	// needed to 0 and return error.
	if item == nil && d.bytesNeeded != 0 {
		d.bytesNeeded = 0
		d.errBytes, d.errOff = d.seq, d.seqOff
		d.seq = nil
		return refError, 0
	}
	// 2. If byte is end-of-queue, return finished.
	if item == nil {
		return refFinished, 0
	}
	byte_ := item.b
	// 3. If bytes needed is 0, based on byte:
	if d.bytesNeeded == 0 {
		switch {
		case byte_ <= 0x7F:
			return refCodePoint, rune(byte_)
		case byte_ >= 0xC2 && byte_ <= 0xDF:
			d.bytesNeeded = 1
			d.codePoint = rune(byte_ & 0x1F)
		case byte_ >= 0xE0 && byte_ <= 0xEF:
			if byte_ == 0xE0 {
				d.lowerBoundary = 0xA0
			}
			if byte_ == 0xED {
				d.upperBoundary = 0x9F
			}
			d.bytesNeeded = 2
			d.codePoint = rune(byte_ & 0xF)
		case byte_ >= 0xF0 && byte_ <= 0xF4:
			if byte_ == 0xF0 {
				d.lowerBoundary = 0x90
			}
			if byte_ == 0xF4 {
				d.upperBoundary = 0x8F
			}
			d.bytesNeeded = 3
			d.codePoint = rune(byte_ & 0x7)
		default:
			d.errBytes, d.errOff = []byte{byte_}, item.off
			return refError, 0
		}
		d.seq, d.seqOff = []byte{byte_}, item.off
		return refContinue, 0
	}
	// 4. If byte is not in the range lower boundary to upper boundary:
	if byte_ < d.lowerBoundary || byte_ > d.upperBoundary {
		d.codePoint, d.bytesNeeded, d.bytesSeen = 0, 0, 0
		d.lowerBoundary, d.upperBoundary = 0x80, 0xBF
		// Restore byte to ioQueue.
		*queue = append([]refItem{*item}, *queue...)
		d.errBytes, d.errOff = d.seq, d.seqOff
		d.seq = nil
		return refError, 0
	}
	d.seq = append(d.seq, byte_)
	// 5.
	d.lowerBoundary, d.upperBoundary = 0x80, 0xBF
	// 6.
	d.codePoint = d.codePoint<<6 | rune(byte_&0x3F)
	// 7.
	d.bytesSeen++
	// 8.
	if d.bytesSeen != d.bytesNeeded {
		return refContinue, 0
	}
	// 9.–11.
	cp := d.codePoint
	d.codePoint, d.bytesNeeded, d.bytesSeen = 0, 0, 0
	d.seq = nil
	return refCodePoint, cp
}

// refDecode runs the Standard's "decode" processing loop (without BOM
// sniffing) over src. In replacement mode every error is U+FFFD; in fatal
// mode it stops at the first error and returns its description in the
// format of codec.DecodeError.
func refDecode(src []byte, fatal bool) (out []byte, errText string) {
	queue := make([]refItem, len(src))
	for i, b := range src {
		queue[i] = refItem{b, i}
	}
	d := &refDecoder{lowerBoundary: 0x80, upperBoundary: 0xBF}
	for {
		var item *refItem
		if len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			item = &it
		}
		res, cp := d.handler(&queue, item)
		switch res {
		case refFinished:
			return out, "<nil>"
		case refCodePoint:
			out = utf8.AppendRune(out, cp)
		case refError:
			if fatal {
				return out, fmt.Sprintf("webenc: UTF-8: invalid byte sequence [% X] at byte offset %d", d.errBytes, d.errOff)
			}
			out = utf8.AppendRune(out, 0xFFFD)
		}
	}
}

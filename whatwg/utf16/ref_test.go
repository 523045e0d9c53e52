package utf16

import (
	"fmt"
	"unicode/utf8"
)

// This file holds a reference implementation of the Standard's shared UTF-16
// decoder (encoding.bs, "shared UTF-16 decoder"), written literally from its
// steps over an explicit I/O queue with "restore", to check the optimised
// decoder against. It also records what a fatal-mode error reports: the
// offset of the first byte the failing read consumed and those bytes (the
// restored ones excluded).

type refItem struct {
	b   byte
	off int
}

type refDecoder struct {
	leadingByte       *refItem
	leadingSurrogate  uint16 // 0 = null
	leadingSurrOff    int    // offset of the leading surrogate's first byte
	leadingSurrBytes  []byte // its two bytes in stream order
	isUTF16BEDecoder  bool
	errBytes          []byte
	errOff            int
	endOfQueueReached bool
}

const (
	refContinue = iota
	refFinished
	refError
	refCodePoint
)

func isLeading(u uint16) bool  { return u >= 0xD800 && u <= 0xDBFF }
func isTrailing(u uint16) bool { return u >= 0xDC00 && u <= 0xDFFF }

func (d *refDecoder) handler(queue *[]refItem, item *refItem) (int, rune) {
	// 1. End-of-queue with leading byte or leading surrogate non-null:
	// set both to null and return error.
	if item == nil && (d.leadingByte != nil || d.leadingSurrogate != 0) {
		d.errBytes, d.errOff = nil, -1
		if d.leadingSurrogate != 0 {
			d.errBytes, d.errOff = append(d.errBytes, d.leadingSurrBytes...), d.leadingSurrOff
		}
		if d.leadingByte != nil {
			if d.errOff < 0 {
				d.errOff = d.leadingByte.off
			}
			d.errBytes = append(d.errBytes, d.leadingByte.b)
		}
		d.leadingByte, d.leadingSurrogate = nil, 0
		return refError, 0
	}
	// 2.
	if item == nil {
		return refFinished, 0
	}
	// 3.
	if d.leadingByte == nil {
		it := *item
		d.leadingByte = &it
		return refContinue, 0
	}
	// 4.
	var codeUnit uint16
	if d.isUTF16BEDecoder {
		codeUnit = uint16(d.leadingByte.b)<<8 + uint16(item.b)
	} else {
		codeUnit = uint16(item.b)<<8 + uint16(d.leadingByte.b)
	}
	unitOff, unitBytes := d.leadingByte.off, []byte{d.leadingByte.b, item.b}
	leadItem := *d.leadingByte
	// 5.
	d.leadingByte = nil
	// 6.
	if d.leadingSurrogate != 0 {
		leadingSurrogate := d.leadingSurrogate
		d.leadingSurrogate = 0
		if isTrailing(codeUnit) {
			return refCodePoint, 0x10000 + (rune(leadingSurrogate)-0xD800)<<10 + (rune(codeUnit) - 0xDC00)
		}
		byte1, byte2 := byte(codeUnit>>8), byte(codeUnit&0x00FF)
		var bytes []refItem
		if d.isUTF16BEDecoder {
			bytes = []refItem{{byte1, leadItem.off}, {byte2, item.off}}
		} else {
			bytes = []refItem{{byte2, leadItem.off}, {byte1, item.off}}
		}
		*queue = append(bytes, *queue...)
		d.errBytes, d.errOff = d.leadingSurrBytes, d.leadingSurrOff
		return refError, 0
	}
	// 7.
	if isLeading(codeUnit) {
		d.leadingSurrogate = codeUnit
		d.leadingSurrOff, d.leadingSurrBytes = unitOff, unitBytes
		return refContinue, 0
	}
	// 8.
	if isTrailing(codeUnit) {
		d.errBytes, d.errOff = unitBytes, unitOff
		return refError, 0
	}
	// 9.
	return refCodePoint, rune(codeUnit)
}

// refDecode runs the Standard's decode processing loop (without BOM
// sniffing) over src. In replacement mode every error is U+FFFD; in fatal
// mode it stops at the first error and returns its description in the
// format of codec.DecodeError.
func refDecode(src []byte, be, fatal bool) (out []byte, errText string) {
	name := "UTF-16LE"
	if be {
		name = "UTF-16BE"
	}
	queue := make([]refItem, len(src))
	for i, b := range src {
		queue[i] = refItem{b, i}
	}
	d := &refDecoder{isUTF16BEDecoder: be}
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
				return out, fmt.Sprintf("webenc: %s: invalid byte sequence [% X] at byte offset %d", name, d.errBytes, d.errOff)
			}
			out = utf8.AppendRune(out, 0xFFFD)
		}
	}
}

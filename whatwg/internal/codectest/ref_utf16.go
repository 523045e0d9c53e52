package codectest

// UTF16 returns a new shared UTF-16 decoder's handler (encoding.bs, "shared
// UTF-16 decoder"; be selects UTF-16BE), written literally from its steps.
func UTF16(be bool) Handler {
	leadingByte, leadingSurrogate := -1, -1 // -1 is null
	return func(q *Queue, b int) Step {
		// 1. End-of-queue with leading byte or leading surrogate non-null:
		// set both to null and return error.
		if b == EOQ && (leadingByte != -1 || leadingSurrogate != -1) {
			leadingByte, leadingSurrogate = -1, -1
			return Fail
		}
		// 2.
		if b == EOQ {
			return Done
		}
		// 3.
		if leadingByte == -1 {
			leadingByte = b
			return Cont
		}
		// 4.
		var codeUnit int
		if be {
			codeUnit = leadingByte<<8 + b
		} else {
			codeUnit = b<<8 + leadingByte
		}
		// 5.
		leadingByte = -1
		// 6. A leading surrogate is pending.
		if leadingSurrogate != -1 {
			lead := leadingSurrogate
			leadingSurrogate = -1
			if codeUnit >= 0xDC00 && codeUnit <= 0xDFFF {
				return Emit(rune(0x10000 + (lead-0xD800)<<10 + (codeUnit - 0xDC00)))
			}
			byte1, byte2 := codeUnit>>8, codeUnit&0x00FF
			if be {
				q.Restore(byte1, byte2)
			} else {
				q.Restore(byte2, byte1)
			}
			return Fail
		}
		// 7.
		if codeUnit >= 0xD800 && codeUnit <= 0xDBFF {
			leadingSurrogate = codeUnit
			return Cont
		}
		// 8.
		if codeUnit >= 0xDC00 && codeUnit <= 0xDFFF {
			return Fail
		}
		// 9.
		return Emit(rune(codeUnit))
	}
}

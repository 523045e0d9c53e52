package utf16

import "github.com/webenc/webenc/whatwg/internal/codectest"

// refDecode runs the Standard's shared UTF-16 decoder, written literally
// from its steps over an I/O queue with restore (codectest.UTF16, shared by
// every package's tests), over src: the replacement-mode output, or in
// fatal mode the output before the first error and its text (the offset of
// the first byte the failing read consumed and those bytes, the restored
// ones excluded), "<nil>" for none.
func refDecode(src []byte, be, fatal bool) (out []byte, errText string) {
	d := refDecoded(src, be)
	return d.Mode(fatal)
}

// refDecodeBoth runs the reference once for both modes: the
// replacement-mode output, and the fatal-mode output and error text.
func refDecodeBoth(src []byte, be bool) (repl, fatal []byte, errText string) {
	d := refDecoded(src, be)
	fatal, errText = d.Mode(true)
	return d.Repl, fatal, errText
}

// refDecoded runs the reference over src.
func refDecoded(src []byte, be bool) codectest.Decoded {
	name := "UTF-16LE"
	if be {
		name = "UTF-16BE"
	}
	return codectest.Decode(name, codectest.UTF16(be), src)
}

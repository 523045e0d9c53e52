package utf8

import "github.com/webenc/webenc/whatwg/internal/codectest"

// refDecode runs the Standard's UTF-8 decoder, written literally from its
// steps over an I/O queue with restore (codectest.UTF8, shared by every
// package's tests), over src: the replacement-mode output, or in fatal
// mode the output before the first error and its text (the offset of the
// failing sequence's first byte and the bytes read for it, the restored
// byte excluded), "<nil>" for none.
func refDecode(src []byte, fatal bool) (out []byte, errText string) {
	d := codectest.Decode("UTF-8", codectest.UTF8(), src)
	return d.Mode(fatal)
}

// refDecodeBoth runs the reference once for both modes: the
// replacement-mode output, and the fatal-mode output and error text.
func refDecodeBoth(src []byte) (repl, fatal []byte, errText string) {
	d := codectest.Decode("UTF-8", codectest.UTF8(), src)
	fatal, errText = d.Mode(true)
	return d.Repl, fatal, errText
}

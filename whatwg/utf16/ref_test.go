package utf16

import "github.com/webenc/webenc/whatwg/internal/codectest"

// refDecode runs the Standard's shared UTF-16 decoder, written literally
// from its steps over an I/O queue with restore (codectest.UTF16, shared by
// every package's tests), over src: the replacement-mode output, or in
// fatal mode the output before the first error and its text (the offset of
// the first byte the failing read consumed and those bytes, the restored
// ones excluded), "<nil>" for none.
func refDecode(src []byte, be, fatal bool) (out []byte, errText string) {
	name := "UTF-16LE"
	if be {
		name = "UTF-16BE"
	}
	d := codectest.Decode(name, codectest.UTF16(be), src)
	return d.Mode(fatal)
}

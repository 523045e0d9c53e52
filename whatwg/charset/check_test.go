package charset

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/replacement"
	"github.com/webenc/webenc/whatwg/utf8"
)

// TestDecodesCleanly: CheckDeclared's test of a decoder on the window. A
// character cut by the end of the window is no error unless the window is
// the whole content; an invalid sequence is one anywhere, also past the
// decoder's 4 KiB of output at a time.
func TestDecodesCleanly(t *testing.T) {
	long := bytes.Repeat([]byte("\xE6\x97\xA5"), 3000) // 日, 9000 bytes
	for _, c := range []struct {
		name  string
		e     encoding.Encoding
		in    string
		atEOF bool
		want  bool
	}{
		{"UTF-8 whole", utf8.UTF8, "caf\xC3\xA9", true, true},
		{"UTF-8 cut, window", utf8.UTF8, "caf\xC3", false, true},
		{"UTF-8 cut, whole content", utf8.UTF8, "caf\xC3", true, false},
		{"UTF-8 invalid byte", utf8.UTF8, "caf\xE9 au lait", false, false},
		{"UTF-8 long", utf8.UTF8, string(long), true, true},
		{"UTF-8 invalid after 9000 bytes", utf8.UTF8, string(long) + "\xFF", false, false},
		{"Shift_JIS cut, window", cjk.ShiftJIS, "\x82\xA0\x82", false, true},
		{"Shift_JIS cut, whole content", cjk.ShiftJIS, "\x82\xA0\x82", true, false},
		{"EUC-KR invalid trail", cjk.EUCKR, "\xB0\x20", false, false},
		{"replacement, any byte", replacement.Encoding, "a", true, false},
		{"empty", utf8.UTF8, "", true, true},
	} {
		if got := decodesCleanly(c.e, []byte(c.in), c.atEOF); got != c.want {
			t.Errorf("%s: decodesCleanly = %v, want %v", c.name, got, c.want)
		}
	}
}

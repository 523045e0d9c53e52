package whatwg

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/webenc/webenc/whatwg/cjk"
)

// NewDecodeReader's reader and TextDecoderReader implement io.WriterTo,
// and io.Copy through it gives what reading does.
func TestDecodeReadersWriteTo(t *testing.T) {
	for _, page := range []string{
		strings.Repeat("\x82\xa0\x82\xa2 <p>", 30000) + "\x82",
		"\xFE\xFF\x00a\xD8\x00",
		"\xEF\xBB\xBF\xEF\xBB\xBFa",
		"",
	} {
		for _, src := range []func() io.Reader{
			func() io.Reader { return strings.NewReader(page) },
			func() io.Reader { return iotest.OneByteReader(strings.NewReader(page)) },
		} {
			r, _, _ := NewDecodeReader(cjk.ShiftJIS, src())
			want, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			r, _, _ = NewDecodeReader(cjk.ShiftJIS, src())
			var buf bytes.Buffer
			if _, err := r.(io.WriterTo).WriteTo(&buf); err != nil || !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("NewDecodeReader(%.20q): WriteTo %d bytes, %v; Read gave %d", page, buf.Len(), err, len(want))
			}
			for _, opts := range []TextDecoderOptions{{}, {Fatal: true}, {IgnoreBOM: true}} {
				for _, label := range []string{"shift_jis", "utf-8", "utf-16be"} {
					d, err := NewTextDecoderReader(label, src(), opts)
					if err != nil {
						t.Fatal(err)
					}
					want, wantErr := io.ReadAll(d)
					d, _ = NewTextDecoderReader(label, src(), opts)
					buf.Reset()
					_, err = io.Copy(&buf, d)
					if !bytes.Equal(buf.Bytes(), want) || (err == nil) != (wantErr == nil) {
						t.Errorf("TextDecoderReader(%s, %+v, %.20q): Copy %d bytes, %v; Read gave %d, %v", label, opts, page, buf.Len(), err, len(want), wantErr)
					}
				}
			}
		}
	}
	var zero TextDecoderReader
	if _, err := zero.WriteTo(io.Discard); err == nil {
		t.Error("zero TextDecoderReader's WriteTo did not fail")
	}
}

// NewDecodeReader moves an in-memory source back over the bytes it read
// (to just after a BOM), also when the source did not start at its first
// byte: the output is what any other source gives.
func TestDecodeReaderInMemorySources(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\xEF\xBB\xBFcaf\xC3\xA9", "café"},
		{"\xFF\xFEa\x00\xE9\x00", "aé"},
		{"\xFE\xFF\x00a", "a"},
		{"\x82\xa0a", "あa"},
		{"\xEF\xBB", "\uFFFD"}, // Shift_JIS: EF BB is one unmapped pair
		{"a", "a"},
		{"", ""},
	} {
		const before = "\xFF\xFEjunk"
		for name, src := range map[string]func() io.Reader{
			"one byte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(c.in)) },
			"strings":  func() io.Reader { return strings.NewReader(c.in) },
			"bytes after a read": func() io.Reader {
				r := bytes.NewReader([]byte(before + c.in))
				io.ReadFull(r, make([]byte, len(before)))
				return r
			},
		} {
			r, _, err := NewDecodeReader(cjk.ShiftJIS, src())
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if _, err := io.Copy(&buf, r); err != nil || buf.String() != c.want {
				t.Errorf("%q/%s: copied %q, %v; want %q", c.in, name, buf.String(), err, c.want)
			}
		}
	}
}

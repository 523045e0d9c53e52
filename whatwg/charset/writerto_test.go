package charset

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// The readers implement io.WriterTo, and io.Copy through it gives what
// reading does, whatever the source.
func TestReadersWriteTo(t *testing.T) {
	pages := []struct{ contentType, page string }{
		{"", "<meta charset=shift_jis>\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd" + strings.Repeat("\x82\xa0 a", 20000)},
		{"text/html; charset=windows-1251", strings.Repeat("\xcf\xf0\xe8\xe2\xe5\xf2 ", 30000)},
		{"", "\xEF\xBB\xBFcaf\xC3\xA9 \xFF"},
		{"", "\xFF\xFEa\x00\x00\xD8"},
		{"", ""},
	}
	for _, p := range pages {
		for _, src := range []func() io.Reader{
			func() io.Reader { return strings.NewReader(p.page) },
			func() io.Reader { return iotest.HalfReader(strings.NewReader(p.page)) },
		} {
			r, err := NewReader(src(), p.contentType)
			if err != nil {
				t.Fatal(err)
			}
			want, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			r, _ = NewReader(src(), p.contentType)
			wt, ok := r.(io.WriterTo)
			if !ok {
				t.Fatal("NewReader's reader is not an io.WriterTo")
			}
			var buf bytes.Buffer
			if n, err := wt.WriteTo(&buf); err != nil || n != int64(len(want)) || !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("NewReader(%.20q): WriteTo wrote %d bytes (%d counted), %v; Read gave %d", p.page, buf.Len(), n, err, len(want))
			}
			for _, label := range []string{"shift_jis", "utf-8", "latin1"} {
				lr, _ := NewReaderLabel(label, src())
				want, err := io.ReadAll(lr)
				if err != nil {
					t.Fatal(err)
				}
				lr, _ = NewReaderLabel(label, src())
				buf.Reset()
				if _, err := io.Copy(&buf, lr.(io.WriterTo).(io.Reader)); err != nil || !bytes.Equal(buf.Bytes(), want) {
					t.Errorf("NewReaderLabel(%s, %.20q): Copy %d bytes, %v; Read gave %d", label, p.page, buf.Len(), err, len(want))
				}
			}
		}
	}
}

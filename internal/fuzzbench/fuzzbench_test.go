package fuzzbench

import (
	"bytes"
	"io"
	"testing"
)

// TestInputs checks the inputs' names and sizes, and that they are the
// same on every call.
func TestInputs(t *testing.T) {
	a, b := Inputs(Size, []byte("abc")), Inputs(Size, []byte("abc"))
	if len(a) != 3 || a[0].Name != "random" || a[1].Name != "valid" || a[2].Name != "mixed" {
		t.Fatalf("inputs %v", a)
	}
	for i := range a {
		if len(a[i].Data) != Size || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s: %d bytes, same: %v", a[i].Name, len(a[i].Data), bytes.Equal(a[i].Data, b[i].Data))
		}
	}
	if !bytes.HasPrefix(a[1].Data, []byte("abcabc")) || bytes.Equal(a[1].Data, a[2].Data) {
		t.Error("valid is not the text repeated, or mixed is the same")
	}
}

// TestPieceReader checks the read sizes 1, 2, …, max, 1, … and that every
// byte comes through.
func TestPieceReader(t *testing.T) {
	src := bytes.Repeat([]byte("0123456789"), 5)
	r := PieceReader(bytes.NewReader(src), 3)
	var got []byte
	buf := make([]byte, 64)
	for i := 0; ; i++ {
		n, err := r.Read(buf)
		if err == io.EOF {
			break
		}
		if want := min(i%3+1, len(src)-len(got)); n != want {
			t.Fatalf("read %d: %d bytes, want %d", i, n, want)
		}
		got = append(got, buf[:n]...)
	}
	if !bytes.Equal(got, src) {
		t.Fatalf("got %q", got)
	}
}

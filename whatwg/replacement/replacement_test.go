package replacement

import (
	"errors"
	"testing"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codec"
	"github.com/webenc/webenc/whatwg/internal/codectest"
)

func newDec(fatal bool) transform.Transformer {
	return Encoding.(*codec.Encoding).NewDecoderMode(fatal)
}

// TestDecoder pins the replacement decoder: step 1, end-of-queue gives
// nothing (so empty input decodes to nothing); step 2, the first byte is an
// error (one U+FFFD); step 3, every later byte is consumed silently.
func TestDecoder(t *testing.T) {
	for in, want := range map[string]string{
		"":                    "",
		"a":                   "\uFFFD",
		"\x00":                "\uFFFD",
		"hello, world":        "\uFFFD",
		"\x1b$)C\x0e!!\x0fab": "\uFFFD",
	} {
		got := codectest.CheckStreaming(t, func() transform.Transformer { return newDec(false) }, []byte(in))
		if got.Err != nil || string(got.Out) != want {
			t.Errorf("%q: got %v, want %q", in, got, want)
		}
	}
}

func TestDecoderFatal(t *testing.T) {
	got := codectest.CheckStreaming(t, func() transform.Transformer { return newDec(true) }, []byte("abc"))
	var de *codec.DecodeError
	if !errors.As(got.Err, &de) || de.Offset != 0 || de.Encoding != "replacement" || len(got.Out) != 0 {
		t.Fatalf("got %v, want a DecodeError at offset 0", got)
	}
	if got := codectest.OneShot(newDec(true), nil); got.Err != nil || len(got.Out) != 0 {
		t.Fatalf("empty input in fatal mode: %v", got)
	}
}

// TestEncoder: like x/text's, the encoder writes UTF-8 (the output encoding
// "get an output encoding" picks), with invalid input as U+FFFD.
func TestEncoder(t *testing.T) {
	got, err := Encoding.NewEncoder().String("a\u00E9\U0001F600\xff")
	if err != nil || got != "a\u00E9\U0001F600\uFFFD" {
		t.Fatalf("got %q, %v", got, err)
	}
	if s := Encoding.(*codec.Encoding).String(); s != "replacement" {
		t.Fatalf("String() = %q", s)
	}
}

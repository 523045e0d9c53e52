package charset_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/webenc/webenc/whatwg/charset"
)

// utf16Bytes encodes s in UTF-16 without a BOM with the standard library.
func utf16Bytes(s string, le bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if le {
			b = binary.LittleEndian.AppendUint16(b, u)
		} else {
			b = binary.BigEndian.AppendUint16(b, u)
		}
	}
	return b
}

// utf16Texts are texts as Windows tools save them, without a BOM.
var utf16Texts = []struct{ lang, text string }{
	{"English", "Hello, world.\r\nThis file was saved by Notepad as Unicode.\r\n"},
	{"Russian", "Привет, мир! Этот файл сохранён в кодировке UTF-16.\r\n"},
	{"Japanese", "日本語のテキストです。改行の前に句点があります。\r\n"},
	{"Chinese", "中华人民共和国是一个位于东亚的国家，首都北京。"},
	{"Korean", "대한민국의 수도는 서울입니다. 한국어 텍스트입니다."},
	{"Greek", "Γειά σου Κόσμε! Αυτό είναι ελληνικό κείμενο."},
	{"Arabic", "مرحبا بالعالم. هذا نص عربي محفوظ بترميز يونيكود."},
	{"Hindi", "नमस्ते दुनिया। यह हिंदी पाठ है।"},
	{"emoji and symbols", "Done ✓ — 100 € 😀 (2024)\r\n"},
	{"short ASCII", "OK\r\n"},
}

// TestDetectUTF16 reads texts in UTF-16LE and UTF-16BE without a BOM as
// that encoding with DetectUTF16, and as binary without it (the web path).
func TestDetectUTF16(t *testing.T) {
	for _, c := range utf16Texts {
		for _, le := range []bool{true, false} {
			want := "utf-16be"
			if le {
				want = "utf-16le"
			}
			b := utf16Bytes(c.text, le)
			r := charset.SniffOptions(b, "", charset.Options{Detect: true, DetectUTF16: true})
			if r.Name != want || r.Source != charset.Detected || r.Binary || r.Confidence != 0.99 {
				t.Errorf("%s in %s: %s %v binary %v confidence %v", c.lang, want, r.Name, r.Source, r.Binary, r.Confidence)
			}
			r = charset.SniffOptions(b, "", charset.Options{Detect: true})
			if r.Name == want {
				t.Errorf("%s in %s without DetectUTF16: detected %s", c.lang, want, r.Name)
			}
		}
	}
}

// TestDetectUTF16Reader: the reader decodes what SniffOptions detects.
func TestDetectUTF16Reader(t *testing.T) {
	text := "Привет, мир!\r\nHello.\r\n"
	r, res, err := charset.NewReaderResult(bytes.NewReader(utf16Bytes(text, false)), "", charset.Options{Detect: true, DetectUTF16: true})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	if res.Name != "utf-16be" || out.String() != text {
		t.Errorf("reader: %s, %q; want utf-16be, %q", res.Name, out.String(), text)
	}
}

// TestDetectUTF16Binaries: data that is not text stays binary with
// DetectUTF16.
func TestDetectUTF16Binaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	var zipped bytes.Buffer
	za := zip.NewWriter(&zipped)
	f, _ := za.Create("a.txt")
	f.Write([]byte(strings.Repeat("Zipped text, then a directory. ", 100)))
	za.Close()
	// Those of TestBinary (random, gzip, PNG, JPEG, the test executable),
	// and more.
	binaries := binaries(t)
	for name, b := range map[string][]byte{
		// The signature, IHDR (16x16, 8-bit RGBA) and the start of IDAT.
		"PNG header": []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00\x1f\xf3\xffa\x00\x00\x00\x19IDATx\x9cc\xfc\xff\xff?\x03%\x80\x89\x81\x81\x81\x01\x00\x2c\x0c\x03\x01"),
		// The ELF header of an x86-64 executable.
		"ELF header":       []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00\x01\x00\x00\x00\x40\x10\x40\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00\x00\x00"),
		"zip":              zipped.Bytes(),
		"random 16 bytes":  random(16),
		"random 64 bytes":  random(64),
		"UTF-32LE English": []byte("H\x00\x00\x00e\x00\x00\x00l\x00\x00\x00l\x00\x00\x00o\x00\x00\x00 \x00\x00\x00w\x00\x00\x00"),
		"NUL bytes":        make([]byte, 100),
	} {
		binaries[name] = b
	}
	for name, b := range binaries {
		for _, n := range []int{16, 64, 256, 1024, 4096, len(b)} {
			r := charset.SniffOptions(b[:min(n, len(b))], "", charset.Options{Detect: true, DetectUTF16: true})
			if strings.HasPrefix(r.Name, "utf-16") {
				t.Errorf("%s, %d bytes: detected as %s", name, min(n, len(b)), r.Name)
			}
		}
	}
	// Many random inputs of a few lengths: none may read as UTF-16.
	for _, n := range []int{32, 64, 256, 4096} {
		for i := 0; i < 2000; i++ {
			b := random(n)
			// (A BOM decides, not the detection.)
			if r := charset.SniffOptions(b, "", charset.Options{Detect: true, DetectUTF16: true}); r.Source == charset.Detected && strings.HasPrefix(r.Name, "utf-16") {
				t.Errorf("random %d bytes % X: detected as %s", n, b[:min(n, 32)], r.Name)
			}
		}
	}
}

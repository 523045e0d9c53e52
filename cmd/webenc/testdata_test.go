package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// update regenerates the repository's testdata/ files and this package's
// golden files: go test ./cmd/webenc -update
var update = flag.Bool("update", false, "rewrite testdata/ and the golden files")

// repoTestdata is the repository's testdata folder, which the README's
// commands use.
const repoTestdata = "../../testdata"

// The known texts the sample files are made from.
const (
	// frText is French text in windows-1252, with characters that
	// windows-1252 has and ISO-8859-1 lacks (’ œ — €).
	frText = "Crème brûlée, naïve façade : « déjà vu ».\nL’œuf coûte 20 € — pas cher !\n"

	// jaPage is a Japanese page declaring Shift_JIS in a <meta>.
	jaPage = `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="shift_jis">
<title>文字コードの例</title>
</head>
<body>
<p>こんにちは、世界！このページは Shift_JIS で書かれています。</p>
</body>
</html>
`

	// jaUndeclaredPage is a Japanese page that declares no encoding: the
	// sniffing algorithm says windows-1252, the detector (sniff -detect)
	// recognises Shift_JIS from the content.
	jaUndeclaredPage = `<!DOCTYPE html>
<html lang="ja">
<head>
<title>文字コードの推測</title>
</head>
<body>
<p>こんにちは、世界！このページは文字コードを宣言していません。ブラウザは内容から推測します。</p>
</body>
</html>
`

	// undeclaredPage declares no encoding: sniffing falls back to
	// windows-1252.
	undeclaredPage = `<!DOCTYPE html>
<html lang="fr">
<head><title>Café</title></head>
<body><p>Crème brûlée — 20 €</p></body>
</html>
`

	// bomPage starts with a UTF-8 byte order mark, which wins over its
	// <meta> (written in UTF-8 after the BOM).
	bomPage = "\uFEFF" + `<!DOCTYPE html>
<html>
<head><meta charset="windows-1252"><title>BOM</title></head>
<body><p>Ünïcødé ✓</p></body>
</html>
`

	// bomUTF16Page, in the UTF-16 files, starts with a byte order mark
	// that disagrees with its <meta>, and has a character outside the BMP
	// (a surrogate pair in UTF-16).
	bomUTF16Page = "\uFEFF" + `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>BOM</title></head>
<body><p>Ünïcødé ✓ 𝄞</p></body>
</html>
`
)

// sampleFile is one file of the repository's testdata/.
type sampleFile struct {
	name  string            // file name in testdata/
	label string            // its encoding
	text  string            // the known text it encodes
	xtext encoding.Encoding // x/text's codec, which must agree on text
}

var sampleFiles = []sampleFile{
	{"windows-1252.txt", "windows-1252", frText, charmap.Windows1252},
	{"shift_jis.html", "shift_jis", jaPage, japanese.ShiftJIS},
	{"undeclared.html", "windows-1252", undeclaredPage, charmap.Windows1252},
	{"undeclared-shift_jis.html", "shift_jis", jaUndeclaredPage, japanese.ShiftJIS},
	{"bom-utf-8.html", "utf-8", bomPage, nil},
	{"bom-utf-16le.html", "utf-16le", bomUTF16Page, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"bom-utf-16be.html", "utf-16be", bomUTF16Page, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
}

// sampleBytes returns f's contents: f.text encoded by webenc. For the
// files x/text can also encode, it checks that x/text, an independent
// implementation, produces the same bytes (the texts use only characters on
// which the two agree).
func sampleBytes(t *testing.T, f sampleFile) []byte {
	t.Helper()
	e, err := htmlindex.Get(f.label)
	if err != nil {
		t.Fatalf("%s: %v", f.name, err)
	}
	b, err := whatwg.NewEncoder(e, whatwg.Fatal).Bytes([]byte(f.text))
	if err != nil {
		t.Fatalf("%s: encoding the known text: %v", f.name, err)
	}
	if f.xtext != nil {
		want, err := f.xtext.NewEncoder().Bytes([]byte(f.text))
		if err != nil {
			t.Fatalf("%s: x/text: %v", f.name, err)
		}
		if !bytes.Equal(b, want) {
			t.Fatalf("%s: webenc and x/text disagree:\nwebenc % X\nx/text % X", f.name, b, want)
		}
	} else if f.label == "utf-8" && !bytes.Equal(b, []byte(f.text)) {
		t.Fatalf("%s: UTF-8 encoding changed the text", f.name)
	}
	return b
}

// TestTestdata checks that the repository's testdata/ files are the known
// texts encoded, and rewrites them with -update.
func TestTestdata(t *testing.T) {
	for _, f := range sampleFiles {
		want := sampleBytes(t, f)
		path := filepath.Join(repoTestdata, f.name)
		if *update {
			if err := os.MkdirAll(repoTestdata, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run: go test ./cmd/webenc -run TestTestdata -update)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not the known text encoded in %s (run: go test ./cmd/webenc -run TestTestdata -update)", path, f.label)
		}
	}
}

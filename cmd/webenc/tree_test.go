package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"

	"github.com/webenc/webenc/internal/fuzzbench"
)

// treeText is a text and the encodings (with a label for <meta>) it is
// written in in the generated trees. The encodings are x/text's, so that
// the files do not come from the code under test.
type treeText struct {
	lang string
	text string
	encs []treeEncoding
}

type treeEncoding struct {
	label string // in the page's <meta charset>
	enc   encoding.Encoding
	bom   []byte // written first (the UTF-16 files)
	// undeclared: the encoding is also used for text files that declare
	// nothing, which the detector must read back to the same text.
	undeclared bool
}

// treeTexts are sentences of the Universal Declaration of Human Rights'
// first article, repeated so that the detector has a few hundred bytes.
var treeTexts = []treeText{
	{"ja", "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。", []treeEncoding{
		{"shift_jis", japanese.ShiftJIS, nil, true}, {"x-sjis", japanese.ShiftJIS, nil, false},
		{"euc-jp", japanese.EUCJP, nil, true}, {"csiso2022jp", japanese.ISO2022JP, nil, true}}},
	{"ru", "Все люди рождаются свободными и равными в своем достоинстве и правах. Они наделены разумом и совестью и должны поступать в отношении друг друга в духе братства.", []treeEncoding{
		{"windows-1251", charmap.Windows1251, nil, true}, {"koi8-r", charmap.KOI8R, nil, true}, {"ibm866", charmap.CodePage866, nil, false}}},
	{"zh", "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。", []treeEncoding{
		{"gbk", simplifiedchinese.GBK, nil, true}, {"gb18030", simplifiedchinese.GB18030, nil, false}}},
	{"zh-tw", "人人生而自由，在尊嚴和權利上一律平等。他們賦有理性和良心，並應以兄弟關係的精神相對待。", []treeEncoding{
		{"big5", traditionalchinese.Big5, nil, true}}},
	{"ko", "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다.", []treeEncoding{
		{"euc-kr", korean.EUCKR, nil, true}}},
	{"el", "Όλοι οι άνθρωποι γεννιούνται ελεύθεροι και ίσοι στην αξιοπρέπεια και τα δικαιώματα. Είναι προικισμένοι με λογική και συνείδηση, και οφείλουν να συμπεριφέρονται μεταξύ τους με πνεύμα αδελφοσύνης.", []treeEncoding{
		{"windows-1253", charmap.Windows1253, nil, true}, {"iso-8859-7", charmap.ISO8859_7, nil, false}}},
	{"fr", "Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils sont doués de raison et de conscience et doivent agir les uns envers les autres dans un esprit de fraternité.", []treeEncoding{
		{"latin1", charmap.Windows1252, nil, true}, {"utf-8", unicode.UTF8, nil, true},
		{"utf-8", unicode.UTF8, []byte{0xEF, 0xBB, 0xBF}, false},
		{"utf-16le", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), []byte{0xFF, 0xFE}, true},
		{"utf-16be", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), []byte{0xFE, 0xFF}, true}}},
	{"pl", "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. Są oni obdarzeni rozumem i sumieniem i powinni postępować wobec innych w duchu braterstwa.", []treeEncoding{
		{"iso-8859-2", charmap.ISO8859_2, nil, false}, {"windows-1250", charmap.Windows1250, nil, false}}},
	{"tr", "Bütün insanlar hür, haysiyet ve haklar bakımından eşit doğarlar. Akıl ve vicdana sahiptirler ve birbirlerine karşı kardeşlik zihniyeti ile hareket etmelidirler.", []treeEncoding{
		{"windows-1254", charmap.Windows1254, nil, false}}},
	{"he", "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה.", []treeEncoding{
		{"windows-1255", charmap.Windows1255, nil, false}}},
}

// treeFile is a file of a generated tree and the UTF-8 text that
// converting it must give.
type treeFile struct {
	rel  string
	want string
}

// page is an HTML page declaring label, with text as its paragraph.
func page(label, text string) string {
	return fmt.Sprintf("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"%s\">\n<title>%d</title>\n</head>\n<body>\n<p>%s</p>\n</body>\n</html>\n", label, len(text), text)
}

// makeTree writes n text files into dir, nested up to three levels, in the
// encodings of treeTexts: pages that declare their encoding and, for the
// encodings marked undeclared, text files that declare nothing. It
// returns what each file must convert to in UTF-8.
func makeTree(t *testing.T, dir string, n int) []treeFile {
	t.Helper()
	type combo struct {
		tt treeText
		te treeEncoding
	}
	var combos []combo
	for _, tt := range treeTexts {
		for _, te := range tt.encs {
			combos = append(combos, combo{tt, te})
		}
	}
	var files []treeFile
	for i := 0; i < n; i++ {
		cb := combos[i%len(combos)]
		sub := filepath.Join(fmt.Sprintf("d%d", i%5), fmt.Sprintf("e%d", i%3))
		if i%4 == 0 {
			sub = filepath.Join(sub, "f")
		}
		text := strings.Repeat(cb.tt.text+"\n", 1+i%3)
		var content, want string
		var rel string
		if cb.te.undeclared && i%2 == 1 {
			rel = filepath.Join(sub, fmt.Sprintf("%03d-%s-%s.txt", i, cb.tt.lang, cb.te.label))
			content, want = text, text
		} else {
			rel = filepath.Join(sub, fmt.Sprintf("%03d-%s-%s.html", i, cb.tt.lang, cb.te.label))
			// A label that names UTF-8 already is left as it is.
			out := "UTF-8"
			if cb.te.label == "utf-8" {
				out = cb.te.label
			}
			content, want = page(cb.te.label, text), page(out, text)
		}
		b := append([]byte(nil), cb.te.bom...)
		b = append(b, xenc(t, cb.te.enc, content)...)
		writeFile(t, filepath.Join(dir, rel), b, 0o644)
		files = append(files, treeFile{rel, want})
	}
	return files
}

func writeFile(t *testing.T, path string, b []byte, mode fs.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, mode); err != nil {
		t.Fatal(err)
	}
}

// TestConvertTree converts a generated tree of hundreds of files in many
// encodings, with binaries, symbolic links (dangling, out of the tree,
// to a directory, to a file of the tree) and unreadable files, into an
// output directory, and checks every output, what was skipped and failed,
// and that no temporary file is left.
func TestConvertTree(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "site")
	files := makeTree(t, src, 300)

	// Binaries: a PNG header, random bytes, and text with many controls.
	rnd := rand.New(rand.NewSource(1))
	random := make([]byte, 5000)
	rnd.Read(random)
	random[100] = 0 // random bytes with a NUL, whatever the seed
	writeFile(t, filepath.Join(src, "img", "logo.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
	writeFile(t, filepath.Join(src, "img", "noise.bin"), random, 0o644)
	writeFile(t, filepath.Join(src, "controls.dat"), bytes.Repeat([]byte("ab\x01\x02\x03\x04cd"), 100), 0o644)
	binaries := []string{"img/logo.png", "img/noise.bin", "controls.dat"}

	// Symbolic links.
	outside := filepath.Join(tmp, "outside.txt")
	writeFile(t, outside, []byte("secret"), 0o644)
	symlink(t, outside, filepath.Join(src, "d0", "to-outside.txt"))
	symlink(t, filepath.Join(src, "nowhere.txt"), filepath.Join(src, "d1", "dangling.txt"))
	symlink(t, filepath.Join(src, "d2"), filepath.Join(src, "d3", "to-dir"))
	symlink(t, filepath.Join("..", files[0].rel), filepath.Join(src, "d4", "to-file.html"))
	files = append(files, treeFile{filepath.Join("d4", "to-file.html"), files[0].want})
	skippedLinks := []string{"d0/to-outside.txt", "d1/dangling.txt", "d3/to-dir"}

	// An unreadable file, unless running as root (who reads it anyway).
	unreadable := 0
	if os.Geteuid() == 0 {
		t.Log("running as root: chmod 000 does not stop reads, so the unreadable-file case is skipped; the unreadable operand below stands in for it")
	} else {
		writeFile(t, filepath.Join(src, "d0", "locked.txt"), []byte("x"), 0o000)
		unreadable = 1
	}
	// An operand that cannot be opened: a path through a regular file.
	bad := filepath.Join(src, files[1].rel, "x")

	out := filepath.Join(tmp, "out")
	var stdout, stderr bytes.Buffer
	st := run([]string{"convert", "-t", "utf-8", "-o", out, src, bad}, strings.NewReader(""), &stdout, &stderr)
	if st != exitError {
		t.Errorf("exit %d, want %d (one operand fails)", st, exitError)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout: %q", stdout.Bytes())
	}
	msgs := stderr.String()
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(out, f.rel))
		if err != nil {
			t.Errorf("%s: %v", f.rel, err)
			continue
		}
		if string(got) != f.want {
			t.Errorf("%s: got\n%.300q\nwant\n%.300q", f.rel, got, f.want)
		}
	}
	for _, rel := range append(binaries, skippedLinks...) {
		if _, err := os.Lstat(filepath.Join(out, rel)); err == nil {
			t.Errorf("%s was written; it should be skipped", rel)
		}
		if !strings.Contains(msgs, filepath.Join(src, rel)+": ") {
			t.Errorf("no message about %s:\n%s", rel, msgs)
		}
	}
	for _, want := range []string{
		filepath.Join(src, "img", "logo.png") + ": binary (a NUL byte at offset 8): skipped\n",
		filepath.Join(src, "controls.dat") + ": binary (control bytes make more than 1% of the first 800): skipped\n",
		filepath.Join(src, "d0", "to-outside.txt") + ": symbolic link to " + outside + ", outside the tree: skipped\n",
		filepath.Join(src, "d1", "dangling.txt") + ": dangling symbolic link to ",
		filepath.Join(src, "d3", "to-dir") + ": symbolic link to a directory: not followed\n",
		bad + ": not a directory\n",
		fmt.Sprintf(": %d converted, %d skipped, %d failed; encodings: ", len(files), len(binaries)+len(skippedLinks), 1+unreadable),
	} {
		if !strings.Contains(msgs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msgs)
		}
	}
	// Nothing else is in the output: no temporary files, no skipped ones.
	n := 0
	filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
			if strings.Contains(d.Name(), ".webenc-") {
				t.Errorf("temporary file left: %s", path)
			}
		}
		return nil
	})
	if n != len(files) {
		t.Errorf("%d files in the output, want %d", n, len(files))
	}

	// Sniffing the output tree: every file is UTF-8 now (pages by their
	// <meta>, texts by detection).
	stdout.Reset()
	stderr.Reset()
	if st := run([]string{"detect", filepath.Join(out, "d0")}, strings.NewReader(""), &stdout, &stderr); st != 0 {
		t.Errorf("sniff: exit %d: %s", st, stderr.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		if strings.HasSuffix(line, ".html: UTF-8 (tentative, from meta)") || strings.Contains(line, ".txt: UTF-8 (tentative, detected, confidence ") {
			continue
		}
		t.Errorf("sniff of the output: %s", line)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// TestConvertOutputAtomic checks that a conversion that fails leaves no
// output, not even a temporary file, and does not touch an output from
// an earlier run; and that the files that succeed are written.
func TestConvertOutputAtomic(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join(tmp, "src")
	// 200 KB of text, then a character windows-1252 lacks: the failure
	// comes after several buffers of output were written.
	long := strings.Repeat("Crème brûlée\n", 16000) + "日本\n"
	writeFile(t, filepath.Join(src, "a-long.txt"), []byte(long), 0o644)
	writeFile(t, filepath.Join(src, "b-ok.txt"), []byte("Crème\n"), 0o640)
	out := filepath.Join(tmp, "out")
	writeFile(t, filepath.Join(out, "a-long.txt"), []byte("earlier run"), 0o644)
	var stdout, stderr bytes.Buffer
	st := run([]string{"convert", "-f", "utf-8", "-t", "windows-1252", "-o", out, src}, strings.NewReader(""), &stdout, &stderr)
	if st != exitError {
		t.Errorf("exit %d, want %d", st, exitError)
	}
	if want := "windows-1252 cannot encode U+65E5 '日' at line 16001, column 1;"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}
	if got, _ := os.ReadFile(filepath.Join(out, "a-long.txt")); string(got) != "earlier run" {
		t.Errorf("the failed conversion changed the earlier output: %.40q", got)
	}
	got, err := os.ReadFile(filepath.Join(out, "b-ok.txt"))
	if err != nil || string(got) != "Cr\xE8me\n" {
		t.Errorf("b-ok.txt: %q, %v", got, err)
	}
	if info, err := os.Stat(filepath.Join(out, "b-ok.txt")); err == nil && info.Mode().Perm() != 0o640 {
		t.Errorf("b-ok.txt has mode %v, want the input's 0640", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 2 {
		t.Errorf("output directory holds %d entries, want 2 (no temporary file)", len(entries))
	}
}

// TestConvertOutputPaths checks what -o names: the output file for one
// file operand, a directory otherwise; the input tree itself (in place);
// and a second input that would overwrite the output of a first.
func TestConvertOutputPaths(t *testing.T) {
	tmp := t.TempDir()
	in := filepath.Join(tmp, "in.html")
	writeFile(t, in, xenc(t, charmap.KOI8R, `<meta charset="koi8-r">Привет`), 0o644)
	runOK := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if st := run(args, strings.NewReader("Привет"), &stdout, &stderr); st != 0 {
			t.Fatalf("%v: exit %d: %s", args, st, stderr.String())
		}
		return stderr.String()
	}
	want := xenc(t, charmap.Windows1251, `<meta charset="windows-1251">Привет`)
	check := func(path string) {
		t.Helper()
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %q, %v; want %q", path, got, err, want)
		}
	}
	// One file: -o names the output file.
	runOK("convert", "-t", "windows-1251", "-o", filepath.Join(tmp, "new", "out.html"), in)
	check(filepath.Join(tmp, "new", "out.html"))
	// Standard input to a file.
	runOK("convert", "-f", "utf-8", "-t", "windows-1251", "-o", filepath.Join(tmp, "stdin.txt"))
	if got, _ := os.ReadFile(filepath.Join(tmp, "stdin.txt")); !bytes.Equal(got, xenc(t, charmap.Windows1251, "Привет")) {
		t.Errorf("stdin.txt: %q", got)
	}
	// An existing directory: the file goes in it.
	dir := filepath.Join(tmp, "dir")
	os.Mkdir(dir, 0o755)
	msgs := runOK("convert", "-t", "windows-1251", "-o", dir, in)
	check(filepath.Join(dir, "in.html"))
	if msgs != "" {
		t.Errorf("one file converted, yet messages: %s", msgs)
	}
	// In place: the tree converts into itself.
	tree := filepath.Join(tmp, "tree")
	writeFile(t, filepath.Join(tree, "x", "in.html"), xenc(t, charmap.KOI8R, `<meta charset="koi8-r">Привет`), 0o644)
	runOK("convert", "-t", "windows-1251", "-o", tree, tree)
	check(filepath.Join(tree, "x", "in.html"))
	// An output directory inside the tree is not converted again.
	for range 2 {
		runOK("convert", "-t", "windows-1251", "-o", filepath.Join(tree, "out"), tree)
	}
	check(filepath.Join(tree, "out", "x", "in.html"))
	if _, err := os.Stat(filepath.Join(tree, "out", "out")); err == nil {
		t.Errorf("the second run converted the first run's output into %s", filepath.Join(tree, "out", "out"))
	}
	// A name of 250 bytes: the temporary file's name must stay under
	// the file system's limit.
	long := filepath.Join(tmp, strings.Repeat("n", 245)+".html")
	writeFile(t, long, xenc(t, charmap.KOI8R, `<meta charset="koi8-r">Привет`), 0o644)
	os.Mkdir(filepath.Join(tmp, "long"), 0o755)
	runOK("convert", "-t", "windows-1251", "-o", filepath.Join(tmp, "long"), long)
	check(filepath.Join(tmp, "long", filepath.Base(long)))
	// Two inputs with the same name: the second is refused.
	other := filepath.Join(tmp, "other", "in.html")
	writeFile(t, other, []byte("x"), 0o644)
	var stdout, stderr bytes.Buffer
	if st := run([]string{"convert", "-t", "utf-8", "-o", filepath.Join(tmp, "two"), in, other}, strings.NewReader(""), &stdout, &stderr); st != exitError {
		t.Errorf("two inputs to one output: exit %d, want 1", st)
	}
	if !strings.Contains(stderr.String(), "would overwrite the output of "+in) {
		t.Errorf("stderr: %s", stderr.String())
	}
}

// TestProgress checks the progress line a terminal shows, and that a
// message takes its place instead of running on from it.
func TestProgress(t *testing.T) {
	tmp := t.TempDir()
	for i := range 3 {
		writeFile(t, filepath.Join(tmp, fmt.Sprintf("%d.txt", i)), []byte("abc"), 0o644)
	}
	var stdout, stderr bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: &outputTracker{w: &stdout}, stderr: &stderr, cmd: "sniff", terminal: true}
	if st := runSniff(c, []string{tmp, filepath.Join(tmp, "missing")}); st != exitError {
		t.Errorf("exit %d, want 1", st)
	}
	got := stderr.String()
	for _, want := range []string{
		"\r\033[Kwebenc sniff: 1/4 files, 3 bytes",
		// At most ten lines a second: those between may not show.
		" bytes\r\033[Kwebenc sniff: " + filepath.Join(tmp, "missing") + ": no such file",
		"\r\033[Kwebenc sniff: 4/4 files, 9 bytes\r\033[Kwebenc sniff: 4 files, 9 bytes: 3 sniffed, 0 skipped, 1 failed",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stderr lacks %q:\n%q", want, got)
		}
	}
}

// TestInterruptLeavesNoTemporaryFile interrupts the real command while it
// writes an output (its input, a pipe, is still open) and checks that the
// temporary file is removed and the exit status is 130, as for Ctrl-C.
func TestInterruptLeavesNoTemporaryFile(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "convert", "-f", "utf-8", "-t", "utf-16le", "-o", filepath.Join(dir, "out.txt"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// More than the 64 KiB read first and the 1088 bytes held back for
	// the declaration: the temporary file gets written.
	stdin.Write(bytes.Repeat([]byte("abcdefgh"), 32<<10))
	deadline := time.Now().Add(20 * time.Second)
	for {
		entries, _ := os.ReadDir(dir)
		if len(entries) == 1 && strings.Contains(entries[0].Name(), ".webenc-") {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no temporary file appeared: %v; stderr: %s", entries, stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	stdin.Close()
	if got := exitCode(t, err); got != 130 {
		t.Errorf("exit %d, want 130; stderr: %s", got, stderr.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// FuzzDecodeAuto: decode without -f reports on -v the encoding it decoded
// with, and its output is what decoding with that encoding named by -f
// gives; a file it leaves alone as binary gives no output and exit 1. The decision does not
// depend on how the input arrives.
func FuzzDecodeAuto(f *testing.F) {
	f.Add([]byte(`<meta charset="koi8-r"><p>\xF0\xD2\xC9</p>`), uint8(0))
	f.Add([]byte("\xFF\xFEa\x00b\x00"), uint8(3))
	f.Add([]byte("\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd"), uint8(1))
	f.Add([]byte("GIF89a\x00\x01"), uint8(2))
	f.Fuzz(func(t *testing.T, page []byte, reads uint8) { fuzzDecodeAutoBody(t, page, reads) })
}

// fuzzDecodeAutoBody is FuzzDecodeAuto's body (also run by
// BenchmarkFuzzBodies). The decision reads the page in reads of 1, 2, …
// up to 1–8 bytes (from reads).
func fuzzDecodeAutoBody(t testing.TB, page []byte, reads uint8) {
	var out, errb bytes.Buffer
	args := []string{"decode", "-v", "-keep-declaration"}
	st := run(args, fuzzbench.PieceReader(bytes.NewReader(page), 1+int(reads%8)), &out, &errb)
	msg := errb.String()
	if strings.Contains(msg, "stdin: binary (") {
		// Left alone, which decoding to standard output reports as a
		// failure.
		if st != 1 || out.Len() != 0 {
			t.Errorf("binary: exit %d, output %q", st, out.Bytes())
		}
		return
	}
	if st != 0 {
		t.Fatalf("exit %d: %s", st, msg)
	}
	_, rest, ok := strings.Cut(msg, "webenc decode: stdin: decoding as ")
	name, _, _ := strings.Cut(rest, " (")
	if !ok || name == "" {
		t.Fatalf("-v does not say the encoding: %q", msg)
	}
	var want, errw bytes.Buffer
	if st := run([]string{"decode", "-keep-declaration", "-f", name}, bytes.NewReader(page), &want, &errw); st != 0 {
		t.Fatalf("decode -f %s: exit %d: %s", name, st, errw.String())
	}
	if !bytes.Equal(out.Bytes(), want.Bytes()) {
		t.Errorf("page %q: decoded as %s\n got %q\nwant %q", page, name, out.Bytes(), want.Bytes())
	}
}

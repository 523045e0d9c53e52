// Command utf16eval measures charset.Options.DetectUTF16: how often UTF-16
// text without a byte order mark is detected, in the right byte order, and
// how often other files are taken for it. docs/cli.md quotes its figures.
//
//	go run ./whatwg/charset/internal/utf16eval [-corpus DIR] [-locale DIR] [FILE...]
//
// Text: slices of the corpus's texts (Wikipedia, UDHR; looked at while the
// rules were written) and of the translations in the gettext catalogs
// under -locale (software interface strings; held out), 20 per text and
// length, in UTF-16LE and UTF-16BE. Not text: random bytes of several
// lengths, and the first 64 KiB of each FILE (say, the binaries of a
// system: a list of paths is read from standard input when FILE is "-").
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg/charset"
)

var detectUTF16 = charset.Options{Detect: true, DetectUTF16: true}

func main() {
	corpus := flag.String("corpus", "/work/shared/corpus", "the corpus directory (wikipedia/, udhr/)")
	locale := flag.String("locale", "/usr/share/locale", "the directory of gettext catalogs (LANG/LC_MESSAGES/*.mo)")
	flag.Parse()
	rng := rand.New(rand.NewPCG(7, 9))
	for _, set := range []string{"wikipedia", "udhr"} {
		files, _ := filepath.Glob(filepath.Join(*corpus, set, "*.txt"))
		texts := map[string][]rune{}
		for _, f := range files {
			if b, err := os.ReadFile(f); err == nil && utf8.Valid(b) {
				texts[filepath.Base(f)] = []rune(string(b))
			}
		}
		measureText(set+" (tuned on)", texts, rng)
	}
	measureText("gettext translations (held out)", catalogs(*locale), rng)
	measureRandom(rng)
	measureFiles(flag.Args())
}

// measureText prints, per slice length, the share of slices of texts
// detected as UTF-16 in the byte order they were written in.
func measureText(set string, texts map[string][]rune, rng *rand.Rand) {
	names := make([]string, 0, len(texts))
	for n := range texts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range []int{8, 16, 32, 128, 1024} {
		var total, right, wrongOrder, notBinary int
		for _, name := range names {
			rs := texts[name]
			if len(rs) < 4*n {
				continue
			}
			for k := 0; k < 20; k++ {
				i := rng.IntN(len(rs) - n)
				for _, le := range []bool{true, false} {
					b := encode(rs[i:i+n], le)
					want := "utf-16be"
					if le {
						want = "utf-16le"
					}
					r := charset.SniffOptions(b, "", detectUTF16)
					total++
					switch {
					case r.Name == want:
						right++
					case strings.HasPrefix(r.Name, "utf-16"):
						wrongOrder++
					case !charset.SniffOptions(b, "", charset.Options{Detect: true}).Binary:
						notBinary++
					}
				}
			}
		}
		if total > 0 {
			fmt.Printf("%s, %d texts, %4d characters: %5d samples, %.2f%% detected, %d in the wrong byte order, %d not binary (not tried)\n",
				set, len(names), n, total, 100*float64(right)/float64(total), wrongOrder, notBinary)
		}
	}
}

// measureRandom prints how many random inputs are taken for UTF-16.
func measureRandom(rng *rand.Rand) {
	const tries = 20000
	for _, n := range []int{8, 16, 32, 64, 256, 4096} {
		found := 0
		for k := 0; k < tries; k++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			if r := charset.SniffOptions(b, "", detectUTF16); r.Source == charset.Detected && strings.HasPrefix(r.Name, "utf-16") {
				found++
			}
		}
		fmt.Printf("random %4d bytes: %d of %d taken for UTF-16\n", n, found, tries)
	}
}

// measureFiles prints how many of the files (the first 64 KiB of each)
// are taken for UTF-16.
func measureFiles(paths []string) {
	if len(paths) == 1 && paths[0] == "-" {
		paths = nil
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			paths = append(paths, sc.Text())
		}
	}
	if len(paths) == 0 {
		return
	}
	buf := make([]byte, charset.DefaultDetectWindow)
	read, found, binaries := 0, 0, 0
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		n, _ := f.Read(buf)
		f.Close()
		if n == 0 {
			continue
		}
		read++
		if charset.SniffOptions(buf[:n], "", charset.Options{Detect: true}).Binary {
			binaries++
		}
		if r := charset.SniffOptions(buf[:n], "", detectUTF16); r.Source == charset.Detected && strings.HasPrefix(r.Name, "utf-16") {
			found++
			fmt.Println("taken for UTF-16:", p)
		}
	}
	fmt.Printf("files: %d of %d taken for UTF-16 (%d binary by the byte test)\n", found, read, binaries)
}

// encode writes rs in UTF-16 without a byte order mark.
func encode(rs []rune, le bool) []byte {
	var b []byte
	for _, u := range utf16.Encode(rs) {
		if le {
			b = binary.LittleEndian.AppendUint16(b, u)
		} else {
			b = binary.BigEndian.AppendUint16(b, u)
		}
	}
	return b
}

// catalogs returns the translations of the gettext catalogs under dir, by
// language (English left out).
func catalogs(dir string) map[string][]rune {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "LC_MESSAGES", "*.mo"))
	texts := map[string][]rune{}
	for _, f := range files {
		lang := filepath.Base(filepath.Dir(filepath.Dir(f)))
		if strings.HasPrefix(lang, "en") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if s := translations(b); utf8.ValidString(s) {
			texts[lang] = append(texts[lang], []rune(s)...)
		}
	}
	return texts
}

// translations returns the translated strings of a .mo file (its header
// left out), one a line.
func translations(b []byte) string {
	const magic = 0x950412de
	if len(b) < 28 {
		return ""
	}
	var o binary.ByteOrder = binary.LittleEndian
	if o.Uint32(b) != magic {
		if o = binary.BigEndian; o.Uint32(b) != magic {
			return ""
		}
	}
	n, table := int(o.Uint32(b[8:])), int(o.Uint32(b[16:]))
	var s strings.Builder
	for i := 1; i < n; i++ {
		p := table + 8*i
		if p < 0 || p+8 > len(b) {
			break
		}
		l, off := int(o.Uint32(b[p:])), int(o.Uint32(b[p+4:]))
		if off < 0 || l < 0 || off+l > len(b) {
			break
		}
		s.WriteString(strings.ReplaceAll(string(b[off:off+l]), "\x00", "\n"))
		s.WriteByte('\n')
	}
	return s.String()
}

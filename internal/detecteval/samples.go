package detecteval

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/webenc/webenc/internal/utf8grammar"
	"github.com/webenc/webenc/whatwg/singlebyte"
)

// Sample is one evaluation input.
type Sample struct {
	Lang, Enc string // the Language's ID and the encoding's name
	HTML      bool   // wrapped in synthetic markup
	Length    int    // the length it was cut to (Data may be shorter)
	Data      []byte // the encoded text
	// Claimed is true when the detector claims the (language, encoding)
	// cell (Language.Encodings, not Language.Unclaimed or another
	// family's encoding).
	Claimed bool
	// Part names the part of the second evaluation set the sample belongs
	// to: PartTranslations, PartNoLocale, PartOtherFamilies or
	// PartBalticWestern ("" in the first set).
	Part string
}

// The parts of the second evaluation set.
const (
	PartTranslations  = "other translations"
	PartNoLocale      = "other translations, no ISO 639-1"
	PartOtherFamilies = "other families' encodings"
	PartBalticWestern = "Baltic and Western crossed"
)

// crossedTags are the languages whose held-back UDHR text PartBalticWestern
// evaluates in the encodings of the other of the Baltic and Western
// families that write it whole: the Baltic languages, and Finnish, whose
// letters windows-1257 writes as it writes Estonian's (õ ä ö ü are the
// same bytes there and in ISO-8859-15; š ž are not).
var crossedTags = map[string]bool{"et": true, "lt": true, "lv": true, "fi": true}

// MidCharacter returns, for each plain sample of samples in a multi-byte
// encoding (UTF-8, Shift_JIS, EUC-JP, GBK, gb18030, Big5, EUC-KR) that
// begins with a multi-byte character, the windows of it that begin inside
// that character: one byte in, and for a UTF-8 character of three or four
// bytes also two and three bytes in. They stand for a stream's chunks (a
// file cut every 4096 bytes); the decoding of such a window by its
// encoding begins with U+FFFD, and an answer is right when it decodes the
// window alike. Lang, Enc, Length, Claimed and Part are the sample's.
func MidCharacter(samples []Sample) []Sample {
	var out []Sample
	for _, s := range samples {
		if s.HTML || len(s.Data) < 2 || s.Data[0] < 0x80 {
			continue
		}
		n := 2
		switch s.Enc {
		case "UTF-8":
			n = utf8grammar.Size(s.Data[0]) // the sample is valid: a lead byte
		case "Shift_JIS":
			if s.Data[0] >= 0xA1 && s.Data[0] <= 0xDF {
				n = 1 // a halfwidth katakana: one byte
			}
		case "EUC-JP", "GBK", "gb18030", "Big5", "EUC-KR":
		default:
			continue
		}
		for k := 1; k < n && k < len(s.Data); k++ {
			m := s
			m.Data = s.Data[k:]
			out = append(out, m)
		}
	}
	return out
}

// UDHRDir is the UDHR corpus beside the Wikipedia corpus folder wikiDir:
// wikiDir/../udhr.
func UDHRDir(wikiDir string) string {
	return filepath.Join(wikiDir, "..", "udhr")
}

// BuildSamples returns the first evaluation set: perCell samples per
// claimed or unclaimed (language, encoding) cell of Inventory(wikiDir,
// UDHRDir(wikiDir)) for the languages that were trained on, per length and
// per form (plain, then in markup), from the held-back part of each text
// (after TrainSplit).
//
// How samples are drawn: for length n, windows(len, n, perCell) windows
// of 3n+64 bytes of the held-back text start at offsets spread evenly over
// its first len−n bytes (one every n/4 bytes, between perCell and
// 8×perCell of them; moved to a character boundary; a window that would
// repeat the previous start is dropped, so a held-back text shorter than
// n — most UDHR texts at 4096 bytes — gives one sample); each window is put in the
// encoding's Form, wrapped in markup for the HTML form, and encoded in
// html mode, cut to n bytes at a character boundary.
func BuildSamples(wikiDir string, perCell int) ([]Sample, error) {
	langs, err := Inventory(wikiDir, UDHRDir(wikiDir))
	if err != nil {
		return nil, err
	}
	var out []Sample
	for _, l := range langs {
		if !l.Train {
			continue
		}
		data, err := ReadText(l.Path)
		if err != nil {
			return nil, err
		}
		text := string(data[TrainSplit(data):])
		for _, e := range l.Encodings {
			out, err = appendSamples(out, l.ID, e, text, perCell, true)
			if err != nil {
				return nil, err
			}
		}
		for _, e := range l.Unclaimed {
			out, err = appendSamples(out, l.ID, e, text, perCell, false)
			if err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// BuildSecondSet returns the second evaluation set, text the statistics
// were not built from or encodings outside a language's family:
//
//   - every UDHR text that was held out of training (Language.Train
//     false: the UDHR translations of the Wikipedia corpus's languages
//     and the second translations of other languages; PartNoLocale for
//     the languages without an ISO 639-1 code), whole, in the encodings
//     of Encodings (Claimed true);
//   - the held-back part of each Wikipedia text in every single-byte
//     encoding of another family that writes it (Coverage ≥ MinCoverage),
//     e.g. German in windows-1250 or French in windows-1256 (Claimed
//     false: an answer is right when it decodes the text alike);
//   - PartBalticWestern: the held-back part of the UDHR texts of the
//     languages of crossedTags in every encoding of the other of the
//     Baltic and Western families that writes it (Estonian in
//     ISO-8859-15 and windows-1252, Finnish in windows-1257; Claimed
//     false), which the Wikipedia corpus, without these languages, does
//     not give.
func BuildSecondSet(wikiDir string, perCell int) ([]Sample, error) {
	langs, err := Inventory(wikiDir, UDHRDir(wikiDir))
	if err != nil {
		return nil, err
	}
	var out []Sample
	for _, l := range langs {
		data, err := ReadText(l.Path)
		if err != nil {
			return nil, err
		}
		if !l.Train {
			if !l.Locale && !l.Default {
				// A language without a locale that no encoding of its
				// default family writes (Hawaiian in ISO-8859-4): not
				// a page anyone wrote.
				continue
			}
			part := PartTranslations
			if !l.Locale {
				part = PartNoLocale
			}
			for _, e := range l.Encodings {
				if out, err = appendSamples(out, l.ID, e, string(data), perCell, true); err != nil {
					return nil, err
				}
				setPart(out, part)
			}
			continue
		}
		if crossedTags[l.Tag] && strings.HasPrefix(l.ID, "udhr/") {
			text := string(data[TrainSplit(data):])
			other := map[string]string{"baltic": "western", "western": "baltic"}[l.Family]
			for _, f := range Families {
				if f.Name != other {
					continue
				}
				if out, err = appendCovered(out, l.ID, f, text, perCell, PartBalticWestern); err != nil {
					return nil, err
				}
			}
		}
		if len(l.ID) < 5 || l.ID[:5] != "wiki/" {
			continue
		}
		text := string(data[TrainSplit(data):])
		for _, f := range Families {
			if f.CJK || f.Name == l.Family {
				continue
			}
			if out, err = appendCovered(out, l.ID, f, text, perCell, PartOtherFamilies); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// setPart sets the Part of the samples at the end of out that have none.
func setPart(out []Sample, part string) {
	for i := len(out) - 1; i >= 0 && out[i].Part == ""; i-- {
		out[i].Part = part
	}
}

// appendSamples appends the samples of text in encoding enc.
func appendSamples(out []Sample, id, enc, text string, perCell int, claimed bool) ([]Sample, error) {
	e := Encoding(enc)
	if e == nil {
		return nil, fmt.Errorf("unknown encoding %s", enc)
	}
	c := &cutter{enc: e}
	text = Form(enc, text)
	for _, html := range []bool{false, true} {
		for _, n := range Lengths {
			span := n*3 + 64
			last := -1
			count := windows(len(text), n, perCell)
			for j := 0; j < count; j++ {
				start := 0
				if len(text) > n {
					start = j * (len(text) - n) / count
				}
				for start < len(text) && !utf8.RuneStart(text[start]) {
					start++
				}
				if start == last {
					continue
				}
				last = start
				src := text[start:min(len(text), start+span)]
				for len(src) > 0 && !utf8.ValidString(src) {
					src = src[:len(src)-1]
				}
				if html {
					src = HTMLWrap(src, j)
				}
				b, err := c.cut(src, n)
				if err != nil {
					return nil, fmt.Errorf("%s in %s: %v", id, enc, err)
				}
				out = append(out, Sample{Lang: id, Enc: enc, HTML: html, Length: n, Data: b, Claimed: claimed})
			}
		}
	}
	return out, nil
}

// windows returns how many windows of n bytes appendSamples takes from a
// text of size bytes: one every n/4 bytes, so that each byte of the text
// is in about four windows of each length and a short text (a UDHR
// declaration's held-back part is 2–5 KB) is evaluated on every sentence,
// not on a few; at least perCell (spread evenly over a text of any size,
// overlapping when it is short) and at most 8×perCell (a long Wikipedia
// text is sampled, not covered).
func windows(size, n, perCell int) int {
	return min(MaxWindows*perCell, max(perCell, (size-n)/max(1, n/4)))
}

// MaxWindows is how many times perCell windows appendSamples takes at most
// from one text at one length (a cell has twice that: plain and in markup).
const MaxWindows = 8

// BuildLanguageSamples returns perCell samples per claimed encoding,
// length and form of the whole text with ID id (for a leave-one-out run,
// where the statistics were built without that text).
func BuildLanguageSamples(wikiDir, id string, perCell int) ([]Sample, error) {
	langs, err := Inventory(wikiDir, UDHRDir(wikiDir))
	if err != nil {
		return nil, err
	}
	for _, l := range langs {
		if l.ID != id {
			continue
		}
		data, err := ReadText(l.Path)
		if err != nil {
			return nil, err
		}
		var out []Sample
		for _, e := range l.Encodings {
			if out, err = appendSamples(out, l.ID, e, string(data), perCell, true); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no text %s", id)
}

// ReadText reads a corpus text. A C1 control character (U+0080–U+009F)
// in it is mojibake, a windows-1252 byte stored as the control with its
// number (the UDHR corpus's Kabuverdianu has U+0092 for ’): it is read as
// the windows-1252 character, as no text has C1 controls.
func ReadText(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, []byte{0xC2}) {
		return data, err
	}
	var out []byte
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r >= 0x80 && r < 0xA0 && n == 2 {
			if s := Decode(singlebyte.Windows1252, []byte{byte(r)}); s != "\uFFFD" {
				out = append(out, s...)
				i += n
				continue
			}
		}
		out = append(out, data[i:i+n]...)
		i += n
	}
	return out, nil
}

// appendCovered appends the samples of text (language id) in each of
// family f's encodings that writes it (Coverage at least MinCoverage),
// marked as part of the second set.
func appendCovered(out []Sample, id string, f Family, text string, perCell int, part string) ([]Sample, error) {
	for _, e := range f.Encodings {
		if cov, _ := Coverage(e, text); cov < MinCoverage {
			continue
		}
		var err error
		if out, err = appendSamples(out, id, e, text, perCell, false); err != nil {
			return nil, err
		}
		setPart(out, part)
	}
	return out, nil
}

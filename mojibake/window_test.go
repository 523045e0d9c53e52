package mojibake

import (
	"strings"
	"testing"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/cjk"
	"github.com/webenc/webenc/whatwg/singlebyte"
	"golang.org/x/text/encoding"
)

// Hand-written lines of legacy text read as windows-1252: Czech in
// windows-1250, Russian in windows-1251 (the windows-1252 readings are
// written out; the clean texts beside them).
var (
	csBroken = []string{"Vèera veèer jsme šli do divadla a potom na veèeøi s pøáteli.", "Dobrý veèer.", "Dìti si hrály na zahradì až do tmy, protože bylo teplo."}
	csClean  = []string{"Včera večer jsme šli do divadla a potom na večeři s přáteli.", "Dobrý večer.", "Děti si hrály na zahradě až do tmy, protože bylo teplo."}
	ruBroken = []string{"Â÷åðà âå÷åðîì ìû õîäèëè â òåàòð ñ äðóçüÿìè.", "Ìèð.", "Ñåãîäíÿ õîëîäíî, íî ñîëíå÷íî è òèõî."}
	ruClean  = []string{"Вчера вечером мы ходили в театр с друзьями.", "Мир.", "Сегодня холодно, но солнечно и тихо."}
)

// TestWindowHistory checks one decision per window: a short line that
// its own evidence leaves broken is repaired beside lines of the same
// history, and clean lines beside them, in windows-1252's languages too,
// stay as they are.
func TestWindowHistory(t *testing.T) {
	// Alone, the short lines give too little evidence.
	for _, s := range []string{csBroken[1], ruBroken[1]} {
		if got := Fix(s); got != s {
			t.Errorf("Fix(%q) alone = %q, want it unchanged", s, got)
		}
	}
	clean := []string{"Vrátím se zítra ráno.", "Il était très élevé, où est-il?", "Það er gott veður í dag, sagði hún.", "Très élevé, voilà.", "Příliš žluťoučký kůň úpěl ďábelské ódy."}
	for _, c := range []struct{ in, want string }{
		{strings.Join(csBroken, "\n"), strings.Join(csClean, "\n")},
		{strings.Join(ruBroken, "\n") + "\n", strings.Join(ruClean, "\n") + "\n"},
		{strings.Join(append(csBroken, clean...), "\n"), strings.Join(append(csClean, clean...), "\n")},
		{strings.Join(append(ruBroken, clean...), "\n"), strings.Join(append(ruClean, clean...), "\n")},
		// A line with its own history keeps it.
		{csBroken[0] + "\ncafÃ© crÃ¨me\n" + csBroken[1], csClean[0] + "\ncafé crème\n" + csClean[1]},
	} {
		if got := Fix(c.in); got != c.want {
			t.Errorf("Fix(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestWindowCJK checks the history of double-byte legacy text: a short
// line is read as its neighbours, also over a word read as UTF-8 by
// chance (GBK's "好的" is "ºÃµÄ", with UTF-8's "õ"), and clean French
// lines beside it stay.
func TestWindowCJK(t *testing.T) {
	clean := "Il était très élevé, où est-il? Très bien, voilà.\nçà et là\nÀ bientôt, Noël!\n"
	for _, c := range []struct {
		e     encoding.Encoding
		lines string
	}{
		{cjk.GBK, "今天天气很好，我们去公园散步吧。\n好的\n"},
		{cjk.Big5, "今天天氣很好，我們去公園散步吧。\n好的\n"},
		{cjk.ShiftJIS, "今日はとても良い天気なので、公園を散歩しました。\nバックアップ\n"},
		{cjk.EUCJP, "今日はとても良い天気なので、公園を散歩しました。\nバックアップ\n"},
		{cjk.EUCKR, "오늘은 날씨가 좋아서 공원에 산책하러 갔습니다.\n좋아요\n"},
	} {
		b, unmappable := whatwg.AppendEncode(nil, c.e, []byte(c.lines))
		broken, _ := whatwg.AppendDecode(nil, singlebyte.Windows1252, b)
		if unmappable {
			t.Fatalf("%v cannot encode %q", c.e, c.lines)
		}
		in := string(broken) + clean
		if got := Fix(in); got != c.lines+clean {
			t.Errorf("%v: Fix(%q)\n = %q\nwant %q", c.e, in, got, c.lines+clean)
		}
	}
}

// TestWindowBounds checks that a history holds in its window only: the
// short line after WindowSize bytes of clean text is in the next window,
// which has no history.
func TestWindowBounds(t *testing.T) {
	filler := strings.Repeat("A clean line of ASCII text, nothing to repair here.\n", WindowSize/50)
	in := csBroken[0] + "\n" + filler + csBroken[1] + "\n"
	want := csClean[0] + "\n" + filler + csBroken[1] + "\n"
	if got := Fix(in); got != want {
		t.Errorf("Fix: the short line after the window: %q", got[len(got)-40:])
	}
	if got := streamed(t, in, []int{1000}, 4096); got != want {
		t.Errorf("Fixer: the short line after the window: %q", got[len(got)-40:])
	}
}

// FuzzWindowClean puts clean text between lines of a legacy history
// (Czech in windows-1250, Russian in windows-1251, read as windows-1252)
// and checks that the history repairs its lines and leaves the clean line
// alone. Its Latin-script text is windowCleanText's real words: a window's
// history may rightly re-read a string of random letters that its own
// readings explain ("èayè" beside Czech lines read as windows-1252 is
// "čayč" in a text with one history), but never the words of a
// windows-1252 language. When the input is longer than a window, the lines
// after the clean one may fall in the next window, without the first's
// evidence: then only the clean line is checked.
func FuzzWindowClean(f *testing.F) {
	f.Add([]byte("hello world"))
	f.Add([]byte{0, 200, 201, 202, 10, 203, 204, 205, 206})
	f.Add([]byte{1, 150, 151, 152, 153, 10, 154, 155})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		s := windowCleanText(data)
		in := csBroken[0] + "\n" + s + "\n" + ruBroken[0] + "\n" + csBroken[1]
		want := csClean[0] + "\n" + s + "\n" + ruClean[0] + "\n" + csClean[1]
		got := Fix(in)
		if len(in) > WindowSize {
			// The last lines are another window's, with only its own
			// evidence: the clean line must still stay.
			if lines := strings.Split(got, "\n"); len(lines) != 4 || lines[1] != s {
				t.Fatalf("Fix(%q)\n changed the clean line: %q", in, got)
			}
			return
		}
		if got != want {
			t.Fatalf("Fix(%q)\n = %q\nwant %q", in, got, want)
		}
	})
}

// windowCleanWords are words of windows-1252 languages, written by hand,
// many with the letters Czech and Russian legacy text read as
// windows-1252 is made of (è ø ì à é ò ù õ ...).
var windowCleanWords = strings.Fields(`crème père très après élève été où ça déjà voilà
garçon français fenêtre forêt naïve Noël caffè cioè perché così lunedì più città
però Niccolò señor año niño mañana corazón canción ação não coração irmã avó
über Grüße schön Mädchen Straße fünf höher søster før brød dør øl blåbær år även
björn þú eða è à the of and world hello`)

// windowCleanText is FuzzWindowClean's clean text: for the Latin
// alphabets of cleanText, words of windowCleanWords, optionally
// capitalised, the input picks; for other scripts cleanText's letters.
func windowCleanText(data []byte) string {
	if int(data[0])%len(cleanAlphabets) >= 2 {
		return cleanText(data)
	}
	var b strings.Builder
	for i, c := range data[1:] {
		switch {
		case c < 30:
			b.WriteString(" ")
		case c < 36:
			b.WriteString(", ")
		default:
			w := windowCleanWords[int(c)%len(windowCleanWords)]
			if c%7 == 0 {
				r := []rune(w)
				w = strings.ToUpper(string(r[0])) + string(r[1:])
			}
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(w)
		}
	}
	return b.String()
}

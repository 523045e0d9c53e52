package mojibake

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// The expected repairs are the clean texts written by hand; the broken
// forms were made from them by the chain named (windows-1252's bytes as
// the Standard's index maps them).
var repaired = []struct{ in, want string }{
	{"CrÃ¨me brÃ»lÃ©e", "Crème brûlée"},
	{"donâ€™t", "don’t"},
	{"ÃƒÂ©tÃƒÂ©", "été"},                                  // twice
	{"ÃƒÆ’Ã‚Â©", "é"},                                     // three times
	{"ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет"},                            // Russian as windows-1252
	{"РџСЂРёРІРµС‚", "Привет"},                            // Russian as windows-1251
	{"Ð\u009fÑ\u0080Ð¸Ð²ÐµÑ\u0082", "Привет"},             // as ISO-8859-1 (C1 controls)
	{"Ïðèâåò, ìèð", "Привет, мир"},                        // windows-1251 read as windows-1252
	{"“ú–{Œê‚Ì•¶Žš", "日本語の文字"},                            // Shift_JIS read as windows-1252
	{"JosÃ© said hello", "José said hello"},               // a span
	{"He said â€œhelloâ€ to me", "He said “hello” to me"}, // 0x9D dropped
	{"ï»¿BOM", "\uFEFFBOM"},
	{"Î•Î»Î»Î·Î½Î¹ÎºÎ¬", "Ελληνικά"},
	{"Ã¼ber", "über"},
	{"voilÃ  le travail", "voilà le travail"},                        // the no-break space of à became a space
	{"the replacement ï¿½ character", "the replacement � character"}, // U+FFFD as windows-1252
	{"í\u00a0½í¸€ smile", "😀 smile"},                                 // CESU-8 (surrogates as UTF-8) read as windows-1252
	{"Všichni lidé rodí se svobodní a sobì rovní co do dùstojnosti a práv", "Všichni lidé rodí se svobodní a sobě rovní co do důstojnosti a práv"}, // Czech in windows-1250 read as windows-1252
	{"Mrtvým zavíráme oèi a odpoèinek", "Mrtvým zavíráme oči a odpočinek"},                                                                         // Czech in windows-1250: two changed words the dictionary knows
	{"Ka¿dy cz³owiek ma prawo do ¿ycia", "Każdy człowiek ma prawo do życia"},                                                                       // Polish in windows-1250
	{"Herkesin yaþamaya, özgürlüðe ve kiþi güvenliðine hakký vardýr", "Herkesin yaşamaya, özgürlüğe ve kişi güvenliğine hakkı vardır"},             // Turkish in windows-1254
	{"ðŸ˜€ smile", "😀 smile"},
}

// clean texts must come back as they are.
var clean = []string{
	"NÃO", "São Paulo", "déjà vu", "Ça va? À bientôt!", "Tiếng Việt có dấu",
	"∑ x² ≤ ∞, 20 € £ ¥", "🙂👍🏽", "Привет, мир", "Ελληνικά", "日本語の文字", "её", "фитыныгъэ иІ зы хэтрэ",
	"«В наше время»", "Œuvre, cœur", "ÀÉÎÕÜ", "ÀÉÎÕÜ ÅÆØ", "IRMÃ  E", "A MAÇÃ  VERDE", "Dziękuję", "Þetta er íslenska, með ð og þ", "più così, lunedì", "Il a dû être sûr", "İstanbul'da", "ß", "©®™",
	"» Über «", "1 × 2 ÷ 3", "façade—naïve", "¿Qué? ¡Olé!", "Ã", "vozítkem",
	"awahawawaèèeaèèe", // FuzzFixClean's: windows-1250 makes "ččeačče" of it
}

func TestFix(t *testing.T) {
	for _, c := range repaired {
		if got := Fix(c.in); got != c.want {
			t.Errorf("Fix(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, s := range clean {
		if got := Fix(s); got != s {
			t.Errorf("Fix(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestExplainSteps(t *testing.T) {
	// The segment is repaired as a whole; the step covers what changed.
	in := "a JosÃ© b cafÃ©"
	fixed, steps := Explain(in)
	if fixed != "a José b café" || len(steps) != 1 {
		t.Fatalf("Explain(%q) = %q, %v", in, fixed, steps)
	}
	if got, want := steps[0].String(), "bytes 5–19: encoded as windows-1252, decoded as UTF-8"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestNoAllocs checks that clean text costs no allocation.
func TestNoAllocs(t *testing.T) {
	s := strings.Repeat("Crème brûlée, naïve façade — 日本語 Привет ", 50) + "\ntrung bình, hòa bình\nÞetta er íslenska með ð og þ\n"
	if n := testing.AllocsPerRun(10, func() { Fix(s) }); n != 0 {
		t.Errorf("Fix of clean text: %v allocations", n)
	}
	// Clean text the prefilter flags ("ПрОП" is a valid UTF-8 sequence
	// read as x-mac-cyrillic) takes the full check, still without one.
	flagged := "The abbreviation ПрОП stands for it. (Русский язык)\n"
	if Fix(flagged) != flagged || !suspicious(flagged) {
		t.Fatalf("%q: want a flagged clean line", flagged)
	}
	if n := testing.AllocsPerRun(10, func() { Fix(flagged) }); n != 0 {
		t.Errorf("Fix of flagged clean text: %v allocations", n)
	}
}

func TestIdempotent(t *testing.T) {
	for _, c := range repaired {
		if f := Fix(c.in); Fix(f) != f {
			t.Errorf("Fix(Fix(%q)) = %q, Fix = %q", c.in, Fix(f), f)
		}
	}
}

// streamed runs the Fixer over in, fed in the given chunk sizes (cycled)
// with dst of dstLen bytes.
func streamed(t testing.TB, in string, chunks []int, dstLen int) string {
	t.Helper()
	f := NewFixer()
	var out bytes.Buffer
	dst := make([]byte, dstLen)
	src := []byte(in)
	pos, k := 0, 0
	for {
		end := len(src)
		if len(chunks) > 0 {
			end = min(len(src), pos+chunks[k%len(chunks)])
			k++
		}
		atEOF := end == len(src)
		for {
			nDst, nSrc, err := f.Transform(dst, src[pos:end], atEOF)
			out.Write(dst[:nDst])
			pos += nSrc
			if err == transform.ErrShortDst {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			break
		}
		if pos != end {
			t.Fatalf("consumed %d of %d", pos, end)
		}
		if atEOF {
			return out.String()
		}
	}
}

// TestFixerEverySplit checks the streaming rule: the Fixer's output is
// Fix of the whole input for every split point and tiny dst.
func TestFixerEverySplit(t *testing.T) {
	ins := []struct{ in, fixed string }{
		{"line one cafÃ©\nÏðèâåò, ìèð\nclean line\nHe said â€œhelloâ€ to me\n", "line one café\nПривет, мир\nclean line\nHe said “hello” to me\n"},
		{"no newline at the end: JosÃƒÂ©", "no newline at the end: José"},
		// One history for the window: the short line is repaired as
		// its neighbours are (see TestWindowHistory).
		{"Vèera veèer jsme šli do divadla.\nDobrý veèer.\nDìti si hrály na zahradì až do tmy, protože bylo teplo.\nÏðèâåò, ìèð\n", "Včera večer jsme šli do divadla.\nDobrý večer.\nDěti si hrály na zahradě až do tmy, protože bylo teplo.\nПривет, мир\n"},
		{"", ""},
	}
	for _, c := range ins {
		in, want := c.in, Fix(c.in)
		if want != c.fixed {
			t.Errorf("Fix(%q) = %q, want %q", in, want, c.fixed)
		}
		for i := 0; i <= len(in); i++ {
			for _, d := range []int{1, 3, 64} {
				if got := streamed(t, in, []int{i, len(in)}, d); got != want {
					t.Fatalf("split at %d, dst %d: %q, want %q", i, d, got, want)
				}
			}
		}
		if got := streamed(t, in, []int{1}, 2); got != want {
			t.Errorf("byte by byte: %q, want %q", got, want)
		}
	}
}

// TestLongLines checks segments cut inside lines longer than MaxSegment,
// with and without ASCII spaces, through the Fixer and transform.String.
func TestLongLines(t *testing.T) {
	ins := []string{
		strings.Repeat("cafÃ© ", 3*MaxSegment/7) + "\nend",
		strings.Repeat("Ã©", MaxSegment) + "\n",
		strings.Repeat("日本語", MaxSegment/4),
	}
	// The clean texts, whole.
	fixed := []string{
		strings.Repeat("café ", 3*MaxSegment/7) + "\nend",
		strings.Repeat("é", MaxSegment) + "\n",
		ins[2],
	}
	for i, in := range ins {
		want := Fix(in)
		if want != fixed[i] {
			t.Errorf("Fix of long line %d differs from the clean text (len %d vs %d)", i, len(want), len(fixed[i]))
		}
		for _, chunks := range [][]int{nil, {1000}, {4096, 1}, {MaxSegment + 1}} {
			if got := streamed(t, in, chunks, 4096); got != want {
				t.Errorf("chunks %v: streamed output differs from Fix (len %d vs %d)", chunks, len(got), len(want))
			}
		}
		r, err := io.ReadAll(transform.NewReader(strings.NewReader(in), NewFixer()))
		if err != nil || string(r) != want {
			t.Errorf("transform.NewReader: %v, equal %v", err, string(r) == want)
		}
	}
	if got := Fix(ins[0]); !strings.HasPrefix(got, "café café") || strings.Contains(got, "Ã") {
		t.Errorf("long line not repaired: %.40q", got)
	}
}

// FuzzFix checks, on any input: no panic; valid UTF-8 stays valid;
// Fix is idempotent on valid UTF-8; the Fixer with chunks of a size taken
// from the input gives Fix's output. Work per input is linear.
func FuzzFix(f *testing.F) {
	for _, c := range repaired {
		f.Add(c.in)
	}
	for _, s := range clean {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { fuzzFixBody(t, s) })
}

func fuzzFixBody(t testing.TB, s string) {
	got := Fix(s)
	if utf8.ValidString(s) {
		if !utf8.ValidString(got) {
			t.Fatalf("Fix(%q) = %q: invalid UTF-8", s, got)
		}
		if again := Fix(got); again != got {
			t.Fatalf("not idempotent: Fix(%q) = %q, Fix of that = %q", s, got, again)
		}
	}
	chunk := 1
	if len(s) > 0 {
		chunk = 1 + int(s[0])%17
	}
	if st := streamed(t, s, []int{chunk}, 1+chunk%5); st != got {
		t.Fatalf("streamed %q, Fix %q", st, got)
	}
}

// cleanAlphabets are letters clean text of one script is written with.
var cleanAlphabets = []string{
	"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzéèàçùâêîôûëïü",
	"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzäöüß",
	"абвгдежзийклмнопрстуфхцчшщъыьэюяё",
	"αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ",
	"אבגדהוזחטיכלמנסעפצקרשת",
	"ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
	"日本語の文字を書くことができますか",
	"한국어로쓴글입니다",
}

// FuzzFixClean builds clean text of one script from the input (words of
// lowercase letters, optionally capitalised, spaces and punctuation; in
// Latin script at most two accented letters in a row, as natural text
// has: six in a row are windows-1255's Hebrew to the detector) and checks
// that Fix leaves it alone.
func FuzzFixClean(f *testing.F) {
	f.Add([]byte("hello world"))
	f.Add([]byte{0, 1, 2, 3, 200, 100, 50})
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFixCleanBody(t, data) })
}

func fuzzFixCleanBody(t testing.TB, data []byte) {
	if len(data) == 0 {
		return
	}
	s := cleanText(data)
	if got := Fix(s); got != s {
		t.Fatalf("Fix(%q) = %q", s, got)
	}
}

// cleanText is FuzzFixClean's clean text of the script data[0] picks,
// written with the rest of data.
func cleanText(data []byte) string {
	which := int(data[0]) % len(cleanAlphabets)
	alpha := []rune(cleanAlphabets[which])
	var b strings.Builder
	start, accents := true, 0
	for _, c := range data[1:] {
		switch {
		case c < 30:
			b.WriteString(" ")
			start = true
		case c < 36:
			b.WriteString(", ")
			start = true
		default:
			r := alpha[int(c)%len(alpha)]
			if which < 2 { // Latin: no more than two accented letters in a row, as in "ção"
				if r >= utf8.RuneSelf {
					accents++
				} else {
					accents = 0
				}
				if accents > 2 {
					r, accents = 'a'+rune(c%26), 0
				}
			}
			if start && c%2 == 0 {
				r = []rune(strings.ToUpper(string(r)))[0]
			}
			b.WriteRune(r)
			start = false
		}
	}
	return b.String()
}

// TestLegacyLayer checks the layer a legacy repair reports: the
// Standard's names of the encodings, written out here.
func TestLegacyLayer(t *testing.T) {
	for _, c := range []struct{ in, want, decoding string }{
		{"Ïðèâåò, ìèð", "Привет, мир", "windows-1251"},
		{"“ú–{Œê‚Ì•¶Žš", "日本語の文字", "Shift_JIS"},
		// The detector names windows-1251 for these bytes; its reading
		// would begin "Љаждый" (cheapestReading).
		{"Šàæäûé ÷åëîâåê èìååò ïðàâî íà æèçíü, íà ñâîáîäó è íà ëè÷íóþ íåïðèêîñíîâåííîñòü.", "Каждый человек имеет право на жизнь, на свободу и на личную неприкосновенность.", "x-mac-cyrillic"},
		// Mostly symbols as windows-1252: plausible tells its pairs apart.
		{"Š\u00a0¦¤ë© ç¥«®¢¥ª ¨¬¥¥â ¯à\u00a0¢® \u00ad\u00a0 ¦¨§\u00adì, \u00ad\u00a0 á¢®¡®¤ã ¨ \u00ad\u00a0 «¨ç\u00adãî \u00ad¥¯à¨ª®á\u00ad®¢¥\u00ad\u00ad®áâì.", "Каждый человек имеет право на жизнь, на свободу и на личную неприкосновенность.", "IBM866"},
	} {
		fixed, steps := Explain(c.in)
		want := []Step{{Start: 0, End: len(c.in), Layers: []Layer{{Encoding: "windows-1252", Decoding: c.decoding}}}}
		if fixed != c.want || !reflect.DeepEqual(steps, want) {
			t.Errorf("Explain(%q) = %q, %v; want %q, %v", c.in, fixed, steps, c.want, want)
		}
	}
}

// The repair itself: a segment whole, else word by word, undoing up to
// maxDepth wrong decodings by each wrong decoder and keeping the least odd
// result when it is odd enough less (docs/mojibake.md, "How it decides").

package mojibake

import (
	"bytes"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webenc/webenc/whatwg/singlebyte"
)

// minGain is how much less odd (by badness) a repaired word must be: a
// single oddity, such as "иІ" in Adyghe or "«В" in Russian, is how clean
// text looks now and then; mojibake has about two per character. A whole
// segment that turns into valid UTF-8 needs a gain of 1.
const minGain = 2

// maxDepth is how many wrong decodings of the same span Fix undoes.
const maxDepth = 3

// maxPasses bounds how often fixSegment repairs a segment again.
const maxPasses = 4

// fixSegment returns the repairs of seg: those of repairs, and, while the
// result has more (a word broken once more than its line, "JosÃƒÂ©"; a
// word that C1 controls hid), one repair of the whole changed part with
// every layer undone. Repeating until nothing changes is what makes Fix
// idempotent.
func fixSegment(seg string) []repair {
	reps, whole := repairs(seg)
	if len(reps) == 0 {
		return nil
	}
	fixed, layers := apply(seg, reps), []Layer(nil)
	if whole && suspiciousAt(fixed) < 0 {
		// Repaired as one token, and the result has no evidence for
		// the prefilter, not even a sign of Latin-script legacy text:
		// Fix would leave it alone. Another pass would only ask the
		// detector whether it is legacy text read as windows-1252,
		// which repaired French, full of "é", looks like to repairs.
		return reps
	}
	for pass := 1; pass < maxPasses; pass++ {
		more, _ := repairs(fixed)
		if len(more) == 0 {
			break
		}
		if layers == nil {
			layers = passLayers(nil, reps)
		}
		layers = passLayers(layers, more)
		fixed = apply(fixed, more)
	}
	if layers == nil {
		return reps
	}
	return []repair{changed(seg, fixed, layers)}
}

// passLayers appends to layers the chains of one pass's repairs, each
// distinct chain once.
func passLayers(layers []Layer, reps []repair) []Layer {
	var seen [][]Layer
	for _, r := range reps {
		if !slices.ContainsFunc(seen, func(c []Layer) bool { return slices.Equal(c, r.layers) }) {
			seen = append(seen, r.layers)
			layers = append(layers, r.layers...)
		}
	}
	return layers
}

// repairs returns the repairs of one segment, in order, and whether seg
// was repaired as one token (then the one repair is all of it).
func repairs(seg string) ([]repair, bool) {
	if !suspicious(seg) {
		// At most a sign of Latin-script legacy text read as
		// windows-1252: only that repair is tried, on text that
		// windows-1252 encodes.
		if !decoders[c1].canEncode(seg) || !latinReadable(seg) {
			return nil, false
		}
		var buf [512]byte // most segments: no allocation when nothing changes
		b, _ := decoders[c1].encode(buf[:0], seg)
		if utf8.Valid(b) {
			return nil, false
		}
		if r, ok := latinLegacy(seg, b); ok {
			return []repair{r}, false
		}
		return nil, false
	}
	// Mojibake usually covers a whole segment: then the segment, taken
	// whole, is valid UTF-8 once encoded and the evidence adds up.
	// The segment's windows-1252 bytes, encoded once for both checks
	// that need them (nil when it has a character windows-1252 lacks).
	var buf [512]byte // most segments: no allocation when nothing changes
	b1252, ok := decoders[c1].encode(buf[:0], seg)
	if !ok {
		b1252 = nil
	}
	restore := b1252 != nil && restoreAllowed(b1252, hasRuneError(seg))
	if fixed, layers, ok := repairTokenFrom(seg, b1252, restore, 1); ok {
		return []repair{changed(seg, fixed, layers)}, true
	}
	var reps []repair
	var stray []int // starts of tokens left with windows-1252 lead characters
	// Words repaired sequence by sequence: weaker evidence than a word
	// repaired whole, they yield to a legacy repair of the segment.
	var seqs []repair
	for a, e := word(seg, 0); a < len(seg); a, e = word(seg, e) {
		tok := seg[a:e]
		// "voilÃ  le": the no-break space of "à" became a space before
		// the next one.
		// Not after a capital: "IRMÃ  " is Portuguese in capitals.
		if strings.HasSuffix(tok, "Ã") && strings.HasPrefix(seg[e:], "  ") && !endsUpper(tok[:len(tok)-len("Ã")]) {
			if fixed, layers, ok := repairToken(tok+"\u00a0", false, minGain); ok {
				reps = append(reps, repair{a, e + 1, fixed, layers})
				e++
				continue
			}
		}
		if suspicious(tok) {
			if fixed, layers, ok := repairToken(tok, false, minGain); ok {
				reps = append(reps, repair{a, e, fixed, layers})
				continue
			}
			if fixed, layers, ok := repairKnown(seg, a, e); ok {
				reps = append(reps, repair{a, e, fixed, layers})
				continue
			}
			// A clean apostrophe can keep a word from being UTF-8:
			// "l’Ã©valuation".
			if i := strings.LastIndexAny(tok, "’'"); i >= 0 {
				_, size := utf8.DecodeRuneInString(tok[i:])
				if fixed, layers, ok := repairToken(tok[i+size:], false, minGain); ok {
					reps = append(reps, repair{a + i + size, e, fixed, layers})
					continue
				}
			}
			// A span broken inside a word, beside clean characters
			// windows-1252 lacks ("개인ì¡´ì—„ê³¼", "kısÄ±tlanma"): each run
			// of characters it has is tried alone.
			if more := repairRuns(tok, a); len(more) > 0 {
				reps = append(reps, more...)
				continue
			}
			if fixed, ok := repairSequences(tok); ok {
				seqs = append(seqs, repair{a, e, fixed, []Layer{{Encoding: decoders[c1].name, Decoding: "UTF-8"}}})
				continue
			}
		}
		if hasLead1252(tok) {
			stray = append(stray, a)
		}
	}
	if len(stray) > 0 && restore {
		for _, a := range stray {
			a, e := word(seg, a)
			// The segment is mostly mojibake: a word that only lost a
			// byte ("ÆFA" for "ƐFA") needs no oddity of its own.
			if fixed, layers, ok := repairToken(seg[a:e], true, 0); ok {
				reps = append(reps, repair{a, e, fixed, layers})
			}
		}
		sort.Slice(reps, func(i, j int) bool { return reps[i].start < reps[j].start })
	}
	if fewRepairs(seg, reps) {
		// A copy, as legacy lets its bytes escape: so buf stays on
		// the stack, and a segment windows-1252 cannot encode costs
		// no allocation.
		if r, ok := legacy(seg, bytes.Clone(b1252)); ok {
			return []repair{r}, false
		}
	}
	return c1Words(seg, besideRepairs(seg, addRepairs(reps, seqs))), false
}

// endsUpper reports whether the last character of s is a capital.
func endsUpper(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsUpper(r)
}

// fromCESU8 returns b with each pair of UTF-16 surrogates encoded as
// UTF-8 (CESU-8, "\xed\xa0\xbd\xed\xb8\x80" for U+1F600) made one
// character, and whether the result is valid UTF-8.
func fromCESU8(b []byte) ([]byte, bool) {
	if !bytes.Contains(b, []byte{0xED}) {
		return nil, false
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		if i+6 <= len(b) && b[i] == 0xED && b[i+1]&0xF0 == 0xA0 && isCont(b[i+2]) &&
			b[i+3] == 0xED && b[i+4]&0xF0 == 0xB0 && isCont(b[i+5]) {
			hi := rune(b[i+1]&0x0F)<<6 | rune(b[i+2]&0x3F)
			lo := rune(b[i+4]&0x0F)<<6 | rune(b[i+5]&0x3F)
			out = utf8.AppendRune(out, 0x10000+hi<<10+lo)
			i += 6
			continue
		}
		out = append(out, b[i])
		i++
	}
	return out, utf8.Valid(out)
}

// hasLead1252 reports whether tok has a character windows-1252 makes of a
// UTF-8 lead byte.
func hasLead1252(tok string) bool {
	for _, r := range tok {
		if table.lookup(r).lead()&(1<<c1) != 0 {
			return true
		}
	}
	return false
}

// repairToken undoes up to maxDepth wrong decodings of tok; restore
// allows putting back lost C1 bytes in the outermost one; each layer must
// make tok at least gain less odd.
func repairToken(tok string, restore bool, gain int) (string, []Layer, bool) {
	return repairTokenFrom(tok, nil, restore, gain)
}

// repairTokenFrom is repairToken given tok's windows-1252 bytes when the
// caller has them, else nil: the outermost layer need not encode tok again.
func repairTokenFrom(tok string, tok1252 []byte, restore bool, gain int) (string, []Layer, bool) {
	var layers []Layer
	cur, curBad := tok, -1
	for len(layers) < maxDepth {
		g := gain
		if len(layers) > 0 {
			g = 1 // tok is mojibake: a layer under it needs less evidence
		}
		next, more, nextBad, ok := repairScored(cur, curBad, tok1252, restore && len(layers) == 0, g, len(layers) > 0)
		tok1252 = nil
		if !ok {
			break
		}
		cur, curBad = next, nextBad
		layers = append(layers, more...)
	}
	return cur, layers, len(layers) > 0
}

// repairOnce undoes the wrong decodings of tok as UTF-8 by one decoder:
// it encodes tok with each wrong decoder that could have produced it, as
// many times (up to maxDepth) as the result stays valid UTF-8 (after
// restoring lost bytes the first time, when restore is set), and keeps
// the first result of acceptable characters: intermediate ones may hold
// C1 controls, which is what a decoder makes of windows-1252's undefined
// bytes. It returns the least odd result if it is at least gain less odd
// than tok (a gain of 0 is only enough where lost bytes were put back; one
// repaired character needs minGain unless it mends a word broken in two
// or tok was itself repaired, nested).
func repairOnce(tok string, restore bool, gain int, nested bool) (string, []Layer, bool) {
	fixed, layers, _, ok := repairScored(tok, -1, nil, restore, gain, nested)
	return fixed, layers, ok
}

// repairScored is repairOnce given badness(tok) when known (else -1) and
// tok's windows-1252 bytes when known (else nil), which also returns the
// badness of its result: repairToken's next layer starts from it.
func repairScored(tok string, tokBad int, tok1252 []byte, restore bool, gain int, nested bool) (string, []Layer, int, bool) {
	facts := scanToken(tok)
	cands := facts.pairs
	if restore {
		cands |= 1 << c1
	}
	// A decoder that cannot encode a character of tok fails at once:
	// it is not tried.
	if cands &= facts.encoders; cands == 0 {
		return "", nil, 0, false
	}
	best, bestBad, bestRaw := "", 0, 0
	var bestLayers []Layer
	hasFFFD := facts.runeError // only windows-1252 asks
	tokScore := lazyBadness{s: tok}
	if tokBad >= 0 {
		tokScore.count, tokScore.exact = tokBad, true
	}
	var stack [256]byte
	buf := stack[:0] // the encoded bytes, reused (on the stack for most tokens)
	var bestDec *wrongDecoder
	var memo candidateMemo
	for i, d := range decoders {
		if cands&(1<<i) == 0 {
			continue
		}
		cur := tok
		firstRestored := 0 // the layers so far: depth, d each time, firstRestored in the first
		// lossy: tok has U+FFFD for bytes lost on the way (not with a
		// literal U+001A, which would be taken for one).
		lossy := i == c1 && hasFFFD && !strings.ContainsRune(tok, unknownByte)
		for depth := 0; depth < maxDepth; depth++ {
			if i == c1 && !lossy && (depth == 0 && hasFFFD || depth > 0 && hasRuneError(cur)) {
				break
			}
			var b []byte
			var ok, valid bool
			switch {
			case restore && i == c1 && depth == 0 && tok1252 != nil:
				b, ok = append(buf[:0], tok1252...), true
				valid = utf8.Valid(b)
			case restore && i == c1 && depth == 0:
				b, ok = d.encode(buf[:0], cur) // lost bytes may break the structure
				valid = ok && utf8.Valid(b)
			default:
				b, ok, valid = d.encodeUTF8Shaped(buf[:0], cur) // clean text fails here, early
			}
			buf = b
			if !ok {
				break
			}
			encoded := cur
			restored := 0
			if !valid {
				if c, ok := fromCESU8(b); ok {
					b = c // an emoji encoded as two surrogates: "í ½í¸€"
				} else if !restore || i != c1 || depth > 0 {
					break
				} else if b, restored, ok = restoreC1(b, lossy); !ok {
					break
				}
			}
			cur = memo.text(b)
			if lossy {
				cur = strings.ReplaceAll(cur, string(rune(unknownByte)), "\uFFFD")
			}
			if depth == 0 {
				firstRestored = restored
			}
			// Valid UTF-8 holds U+FFFD only where its bytes were
			// ("ï¿½"); with lossy, also for lost bytes.
			if memo.acceptable(cur) {
				// A text mixing windows-1252's own characters with the C1
				// controls it never produces was more likely decoded by
				// another encoding: it only wins ties against those.
				mixed := 0
				if d.mixedC1(encoded) {
					mixed = 1
				}
				need := gain
				if need == 0 && restored == 0 {
					need = minGain // only putting lost bytes back needs no oddity
				}
				if need == 1 && nonASCII(cur) < 2 && !letterOdd(tok) && !nested {
					// One repaired character needs a word's evidence,
					// or a word broken in two ("weiĂźen"): clean
					// "NESTLÉ®", "QUEM É¿" have one oddity too.
					need = minGain
				}
				// One character, and a rare one: "lá´´" is not "lᴴ" (a
				// gain above tok's whole badness, which none reaches).
				if !nested && nonASCII(cur) < 2 && strings.IndexFunc(cur, rare) >= 0 {
					break
				}
				// Only a candidate no odder than the best so far, and
				// need less odd than tok when that is known, can win:
				// the count stops where it could not.
				limit := math.MaxInt
				if best != "" {
					limit = bestBad - mixed + 1
				}
				if tokScore.exact {
					limit = min(limit, tokScore.count-mixed-need+1)
				}
				raw := memo.badnessUpTo(cur, limit)
				if raw >= limit {
					break
				}
				bad := raw + mixed
				better := best == "" || bad < bestBad || bad == bestBad && siblings(bestDec, d) && cur != best && lonely(cur) < lonely(best)
				if better && tokScore.atLeast(bad+need) {
					best, bestBad, bestRaw, bestDec = cur, bad, raw, d
					bestLayers = make([]Layer, depth+1)
					for l := range bestLayers {
						bestLayers[l] = Layer{Encoding: d.name, Decoding: "UTF-8"}
					}
					bestLayers[0].Restored = firstRestored
				}
				break
			}
		}
	}
	return best, bestLayers, bestRaw, best != ""
}

// hasRuneError reports whether ranging over s yields utf8.RuneError: s
// has U+FFFD or invalid UTF-8 (what strings.ContainsRune(s,
// utf8.RuneError) reports, without decoding s).
func hasRuneError(s string) bool {
	return strings.Contains(s, "\uFFFD") || !utf8.ValidString(s)
}

// allAcceptable reports whether every character of s is acceptable
// (U+FFFD too with lossy).
func allAcceptable(s string, lossy bool) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && !acceptable(r) && !(lossy && r == utf8.RuneError) {
			return false
		}
	}
	return true
}

// nonASCII counts the non-ASCII characters of s, up to 2.
func nonASCII(s string) int {
	n := 0
	for _, r := range s {
		if r >= utf8.RuneSelf {
			if n++; n == 2 {
				break
			}
		}
	}
	return n
}

// c1Words adds to reps (sorted) the repairs of the words of seg that
// reps leaves alone and that hold C1 controls windows-1252 decodes as
// characters: text decoded as ISO-8859-1 outside the Standard where it
// was windows-1252 ("\u0093quoted\u0094"). Such a word, read again as
// windows-1252, may then be mojibake ("pressureâ\u0080\u0099\u0085").
func c1Words(seg string, reps []repair) []repair {
	var out []repair
	next := 0 // the index in reps of the first repair at or after a
	for a, e := word(seg, 0); a < len(seg); a, e = word(seg, e) {
		for next < len(reps) && reps[next].end <= a {
			next++
		}
		tok := seg[a:e]
		if (next == len(reps) || reps[next].start >= e) && hasC1(tok) {
			w := strings.Map(func(r rune) rune {
				if r >= 0x80 && r < 0xA0 && decoders[c1].high[r-0x80] != r {
					return decoders[c1].high[r-0x80]
				}
				return r
			}, tok)
			layers := []Layer{{Encoding: "ISO-8859-1", Decoding: "windows-1252"}}
			if fixed, more, ok := repairToken(w, false, minGain); ok {
				w, layers = fixed, append(layers, more...)
			}
			out = append(out, repair{a, e, w, layers})
		}
	}
	return addRepairs(reps, out)
}

// addRepairs returns reps (sorted) with more, sorted by start.
func addRepairs(reps, more []repair) []repair {
	if len(more) == 0 {
		return reps
	}
	reps = append(reps, more...)
	sort.Slice(reps, func(i, j int) bool { return reps[i].start < reps[j].start })
	return reps
}

// hasC1 reports whether s has a C1 control windows-1252 decodes as a
// character (not U+0081, U+008D, U+008F, U+0090, U+009D).
func hasC1(s string) bool {
	for _, r := range s {
		if r >= 0x80 && r < 0xA0 && decoders[c1].high[r-0x80] != r {
			return true
		}
	}
	return false
}

// siblings reports whether b is the ISO-8859 sibling of the Windows
// encoding a: ISO-8859-2 of windows-1250, ISO-8859-15 of windows-1252.
func siblings(a, b *wrongDecoder) bool {
	return a != nil && (a.e == singlebyte.Windows1250 && b.e == singlebyte.ISO8859_2 || a.e == singlebyte.Windows1252 && b.e == singlebyte.ISO8859_15)
}

// lonely counts the letters of s that the languages using them never
// write without a companion s lacks: ß without ä, ö or ü (German), å
// without ä, ö, ø or æ (Nordic), þ without ð or æ (Icelandic), ù without
// à, è, é or ç (French, Italian). Between two decoders that explain a
// span equally well (windows-1250 and ISO-8859-2 give "aßin" or "aüin"),
// the one with fewer wins.
func lonely(s string) int {
	n := 0
	for _, c := range [...]struct{ letter, companions string }{
		{"ßẞ", "äöüÄÖÜ"}, {"åÅ", "äöøæÄÖØÆ"}, {"þÞ", "ðæÐÆ"}, {"ùÙ", "àèéçÀÈÉÇ"},
	} {
		if strings.ContainsAny(s, c.letter) && !strings.ContainsAny(s, c.companions) {
			n++
		}
	}
	return n
}

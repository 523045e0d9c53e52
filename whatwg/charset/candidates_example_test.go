package charset_test

import (
	"fmt"

	"github.com/webenc/webenc/whatwg/charset"
)

func ExampleDetectCandidates() {
	// Romanian, "Toate ființele umane se nasc libere și egale", in bytes
	// that ISO-8859-16 reads with ș ț and windows-1250 and ISO-8859-2
	// with ş ţ: the statistics cannot tell these apart, so the answer is
	// the most common encoding, and its confidence says so.
	page := []byte("<p>Toate fiin\xfeele umane se nasc libere \xbai egale \xeen demnitate \xbai \xeen drepturi.</p>")
	var room [8]charset.Candidate
	for _, c := range charset.DetectCandidates(page, charset.Hint{}, room[:0]) {
		fmt.Printf("%s %v\n", c.Name, c.Confidence < 0.9)
	}
	// Output:
	// windows-1250 true
	// iso-8859-16 true
}

package detecteval_test

import (
	"fmt"
	"testing"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/internal/detecteval"
	"github.com/webenc/webenc/internal/specdata"
	"github.com/webenc/webenc/whatwg/charset"
)

// The first evaluation set (BuildSamples) is whatwg/charset's
// TestDetectAccuracy, which checks it against the targets.

// secondSetFloor is the floor of the second evaluation set's accuracy
// over all its samples (the target is 95%).
const secondSetFloor = 95

// TestSecondSet is the second evaluation set (BuildSecondSet): texts the
// statistics were not built from (the UDHR translations of the Wikipedia
// corpus's languages and second translations, of languages with an ISO
// 639-1 code and without) and Wikipedia text in the encodings of other
// families. Run with -v for the table.
func TestSecondSet(t *testing.T) {
	dir := specdata.Corpus(t)
	samples, err := detecteval.BuildSecondSet(dir, detecteval.PerCell)
	if err != nil {
		t.Fatal(err)
	}
	sc := detecteval.Score(samples, func(s detecteval.Sample) (encoding.Encoding, string) {
		e, name, _ := charset.DetectEncoding(s.Data, charset.Hint{})
		return e, name
	})
	t.Logf("second evaluation set, %d samples:\n%s", len(samples), sc.Table())
	for _, part := range []string{detecteval.PartTranslations, detecteval.PartNoLocale, detecteval.PartOtherFamilies, detecteval.PartBalticWestern} {
		var sub []detecteval.Sample
		for _, s := range samples {
			if s.Part == part {
				sub = append(sub, s)
			}
		}
		p := detecteval.Score(sub, func(s detecteval.Sample) (encoding.Encoding, string) {
			e, name, _ := charset.DetectEncoding(s.Data, charset.Hint{})
			return e, name
		})
		all, _ := p.AtLeast(0)
		line := fmt.Sprintf("%-33s %6.2f%% (%d of %d);", part, all.Accuracy, all.Correct, all.Total)
		for _, c := range p.PerLength {
			line += fmt.Sprintf(" %d B %.2f%%", c.Length, c.Accuracy)
		}
		t.Log(line)
	}
	all, _ := sc.AtLeast(0)
	t.Logf("all samples: %.2f%% (%d of %d)", all.Accuracy, all.Correct, all.Total)
	if all.Accuracy < secondSetFloor {
		t.Errorf("second set: %.2f%% < %d%%", all.Accuracy, secondSetFloor)
	}
}

package cjk_test

import (
	"sync"
	"testing"

	"github.com/webenc/webenc/internal/specdata"
)

// This file loads the Standard's index files, once per test binary, for
// the literal reference decoders and encoders of every encoding's test.
// Nothing here uses the generated tables. Without the data (third_party/whatwg
// in a clone, or $WEBENC_WHATWG) the tests that need it skip, or fail when
// WEBENC_REQUIRE_DATA=1.

// readIndexes reads the named index files from the Standard's data.
func readIndexes(names ...string) ([]*specdata.Index, error) {
	dir, ok := specdata.WHATWGDir()
	if !ok {
		return nil, nil
	}
	var ixs []*specdata.Index
	for _, name := range names {
		ix, err := specdata.ReadIndex(dir, name)
		if err != nil {
			return nil, err
		}
		ixs = append(ixs, ix)
	}
	return ixs, nil
}

// loadOnce returns a loader of what build makes from the named index
// files, read once; the loader skips tb (or fails it, see
// specdata.Missing) when the data is absent.
func loadOnce[T any](build func(ixs []*specdata.Index) T, names ...string) func(tb testing.TB) T {
	load := sync.OnceValues(func() (*T, error) {
		ixs, err := readIndexes(names...)
		if ixs == nil || err != nil {
			return nil, err
		}
		v := build(ixs)
		return &v, nil
	})
	return func(tb testing.TB) T {
		tb.Helper()
		v, err := load()
		if err != nil {
			tb.Fatal(err)
		}
		if v == nil {
			specdata.WHATWG(tb) // skips or fails
		}
		return *v
	}
}

// indexMap returns a loader of index name as pointer → code point.
func indexMap(name string) func(testing.TB) map[int]rune {
	return loadOnce(func(ixs []*specdata.Index) map[int]rune { return ixs[0].Map() }, name)
}

// jisRef is the Standard's data for the Japanese encodings.
type jisRef struct {
	j208 map[int]rune // index jis0208: pointer → code point
	j212 map[int]rune // index jis0212
	kata map[int]rune // index ISO-2022-JP katakana
	// first is the index pointer of each code point of index jis0208 (its
	// first pointer); sjis the index Shift_JIS pointer (the first pointer
	// outside 8272 to 8835), when it has one.
	first, sjis map[rune]int
}

// jisLoadRef returns the Japanese encodings' data.
var jisLoadRef = loadOnce(func(ixs []*specdata.Index) *jisRef {
	ref := &jisRef{j208: ixs[0].Map(), j212: ixs[1].Map(), kata: ixs[2].Map(), first: map[rune]int{}, sjis: map[rune]int{}}
	for _, e := range ixs[0].Entries {
		if p, ok := ref.first[e.CodePoint]; !ok || e.Pointer < p {
			ref.first[e.CodePoint] = e.Pointer
		}
		if e.Pointer >= 8272 && e.Pointer <= 8835 {
			continue
		}
		if p, ok := ref.sjis[e.CodePoint]; !ok || e.Pointer < p {
			ref.sjis[e.CodePoint] = e.Pointer
		}
	}
	return ref
}, "jis0208", "jis0212", "iso-2022-jp-katakana")

// gbSpec holds index gb18030 and index gb18030 ranges.
type gbSpec struct {
	index  map[int]rune // pointer → code point
	first  map[rune]int // code point → first pointer
	ranges []specdata.Entry
}

// gbLoadSpec returns the gb18030 data.
var gbLoadSpec = loadOnce(func(ixs []*specdata.Index) *gbSpec {
	s := &gbSpec{index: ixs[0].Map(), first: map[rune]int{}, ranges: ixs[1].Entries}
	for _, e := range ixs[0].Entries {
		if _, ok := s.first[e.CodePoint]; !ok {
			s.first[e.CodePoint] = e.Pointer
		}
	}
	return s
}, "gb18030", "gb18030-ranges")

// hasIndexData reports whether the Standard's data is present, failing tb
// when it is absent and WEBENC_REQUIRE_DATA=1: for checks (fuzz targets)
// that run without the data and compare with a reference when it is there.
func hasIndexData(tb testing.TB) bool {
	tb.Helper()
	return specdata.CheckOptional(tb)
}

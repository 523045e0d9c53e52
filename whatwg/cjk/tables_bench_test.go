package cjk_test

import (
	"encoding/binary"
	"testing"

	"github.com/webenc/webenc/internal/benchdata"
	"github.com/webenc/webenc/tables/gb18030"
	"github.com/webenc/webenc/whatwg/cjk"
)

// BenchmarkTableAccess justifies why the tables/ packages give their
// arrays by address (a function returning it, docs/tables.md) instead of
// through element accessors. The encoders share one loop for five tables,
// so the loop takes the table as a parameter: by address (what the codecs
// do) it is one load per character; through an element accessor per table
// (passed to the shared loop as a function value, short of a copy of the
// loop per encoding) it is an indirect call per character.
// Keys are the encoders' keys of the zh_cn corpus text's three-byte
// characters.
func BenchmarkTableAccess(b *testing.B) {
	var keys []uint16
	for _, s := range benchdata.Load(b, cjk.GB18030) {
		t := s.Encode
		for i := 0; i+3 <= len(t); {
			if t[i]&0xF0 != 0xE0 {
				i++
				continue
			}
			var w [8]byte
			copy(w[:], t[i:i+3])
			keys = append(keys, cjk.Key3(binary.LittleEndian.Uint64(w[:])))
			i += 3
		}
	}
	var sink uint16
	b.Run("address", func(b *testing.B) {
		b.SetBytes(int64(len(keys)))
		for b.Loop() {
			sink += sumByAddress(gb18030.Encode3(), keys)
		}
	})
	b.Run("accessor", func(b *testing.B) {
		b.SetBytes(int64(len(keys)))
		for b.Loop() {
			sink += sumByAccessor(gbEncode3At, keys)
		}
	})
	_ = sink
}

// gbEncode3At stands for an element accessor of a tables package.
func gbEncode3At(k uint16) uint16 { return gb18030.Encode3()[k] }

//go:noinline
func sumByAddress(tab *[0x10000]uint16, keys []uint16) (s uint16) {
	for _, k := range keys {
		s += tab[k]
	}
	return s
}

//go:noinline
func sumByAccessor(at func(uint16) uint16, keys []uint16) (s uint16) {
	for _, k := range keys {
		s += at(k)
	}
	return s
}

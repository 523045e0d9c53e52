package detect

// The decoders' grammars: a validity state machine per multi-byte
// encoding (Shift_JIS, EUC-JP, GBK, Big5, EUC-KR, UTF-8, ISO-2022-JP),
// with the cost of each decoded character. docs/detection.md, "How it
// guesses".

import (
	"github.com/webenc/webenc/internal/utf8grammar"
	tab "github.com/webenc/webenc/whatwg/charset/internal/detect/tables"
)

// sjisState is the Shift_JIS decoder's state.
type sjisState struct {
	mbScore
	lead byte
}

func (s *sjisState) feed(b []byte) {
	m := &tab.Models[tab.JIS0208.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			if (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFC) {
				off, lo := 0x40, 0x81
				if c >= 0x7F {
					off = 0x41
				}
				if l >= 0xA0 {
					lo = 0xC1
				}
				if s.pointer(m, &tab.JIS0208, (int(l)-lo)*188+int(c)-off) || c >= 0x80 {
					continue
				}
			} else {
				s.err(m)
				if c >= 0x80 {
					continue
				}
			}
			// The Standard restores an ASCII trail byte.
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c == 0x80:
			s.char(m, tab.ClassJunk, 0, true)
		case c >= 0xA1 && c <= 0xDF:
			s.pointer(m, &tab.JIS0208, 11280+int(c)-0xA1)
		case c <= 0x9F || (c >= 0xE0 && c <= 0xFC):
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// eucjpState is the EUC-JP decoder's state.
type eucjpState struct {
	mbScore
	lead   byte
	jis212 bool
}

func (s *eucjpState) feed(b []byte) {
	m := &tab.Models[tab.JIS0208.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead == 0x8E && c >= 0xA1 && c <= 0xDF {
			s.lead = 0
			s.pointer(m, &tab.JIS0208, 11280+int(c)-0xA1)
			continue
		}
		if s.lead == 0x8F && c >= 0xA1 && c <= 0xFE {
			s.jis212, s.lead = true, c
			continue
		}
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			j := s.jis212
			s.jis212 = false
			if l >= 0xA1 && l <= 0xFE && c >= 0xA1 && c <= 0xFE {
				t := &tab.JIS0208
				if j {
					t = &tab.JIS0212
				}
				s.pointer(m, t, (int(l)-0xA1)*94+int(c)-0xA1)
				continue
			}
			s.err(m)
			if c >= 0x80 {
				continue
			}
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c == 0x8E || c == 0x8F || (c >= 0xA1 && c <= 0xFE):
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// gbkState is the gb18030 decoder's state (GBK uses the same decoder).
type gbkState struct {
	mbScore
	first, second, third byte
}

func (s *gbkState) feed(b []byte) {
	m := &tab.Models[tab.GBK.Model]
	for _, c := range b {
		s.byte(m, c)
	}
}

func (s *gbkState) byte(m *tab.Model, c byte) {
	switch {
	case s.third != 0:
		if c < 0x30 || c > 0x39 {
			second, third := s.second, s.third
			s.first, s.second, s.third = 0, 0, 0
			s.err(m)
			s.byte(m, second)
			s.byte(m, third)
			s.byte(m, c)
			return
		}
		p := (int(s.first)-0x81)*12600 + (int(s.second)-0x30)*1260 + (int(s.third)-0x81)*10 + int(c) - 0x30
		s.first, s.second, s.third = 0, 0, 0
		if (p > 39419 && p < 189000) || p > 1237575 {
			s.err(m)
			return
		}
		s.char(m, tab.ClassSymbol, fourByteCost, true)
	case s.second != 0:
		if c >= 0x81 && c <= 0xFE {
			s.third = c
			return
		}
		second := s.second
		s.first, s.second = 0, 0
		s.err(m)
		s.byte(m, second)
		s.byte(m, c)
	case s.first != 0:
		if c >= 0x30 && c <= 0x39 {
			s.second = c
			return
		}
		l := s.first
		s.first = 0
		if (c >= 0x40 && c <= 0x7E) || (c >= 0x80 && c <= 0xFE) {
			off := 0x40
			if c >= 0x7F {
				off = 0x41
			}
			if s.pointer(m, &tab.GBK, (int(l)-0x81)*190+int(c)-off) || c >= 0x80 {
				return
			}
		} else {
			s.err(m)
			if c >= 0x80 {
				return
			}
		}
		s.byte(m, c)
	case c < 0x80:
		s.ascii(m, c)
	case c == 0x80:
		s.pointer(m, &tab.GBK, 23940)
	case c == 0xFF:
		s.err(m)
	default:
		s.first = c
	}
}

// dbcsForm is the part of the Big5 and EUC-KR decoders that differs: step
// 3's pointer rule. A trail byte in [lo1, hi1] has column byte − lo1, one
// in [lo2, hi2] column byte − off2 (an empty range when lo2 > hi2); the
// pointer is (lead − 0x81) × row + column.
type dbcsForm struct {
	row                int
	lo1, hi1, lo2, hi2 byte
	off2               byte
	ptrs               *tab.Pointers
}

// big5Form: trail 0x40–0x7E (offset 0x40) or 0xA1–0xFE (offset 0x62),
// 157 columns.
var big5Form = dbcsForm{row: 157, lo1: 0x40, hi1: 0x7E, lo2: 0xA1, hi2: 0xFE, off2: 0x62, ptrs: &tab.Big5}

// euckrForm: trail 0x41–0xFE (offset 0x41), 190 columns.
var euckrForm = dbcsForm{row: 190, lo1: 0x41, hi1: 0xFE, lo2: 1, hi2: 0, ptrs: &tab.EUCKR}

// dbcsState is the state of the Big5 or EUC-KR decoder: a lead byte.
type dbcsState struct {
	mbScore
	lead byte
	form *dbcsForm
}

func (s *dbcsState) feed(b []byte) {
	f := s.form
	m := &tab.Models[f.ptrs.Model]
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.lead != 0 {
			l := s.lead
			s.lead = 0
			col := -1
			switch {
			case c >= f.lo1 && c <= f.hi1:
				col = int(c - f.lo1)
			case c >= f.lo2 && c <= f.hi2:
				col = int(c - f.off2)
			}
			if col >= 0 {
				if s.pointer(m, f.ptrs, (int(l)-0x81)*f.row+col) || c >= 0x80 {
					continue
				}
			} else {
				// An error; an ASCII byte is restored (decoded below).
				s.err(m)
				if c >= 0x80 {
					continue
				}
			}
		}
		switch {
		case c < 0x80:
			s.ascii(m, c)
		case c >= 0x81 && c <= 0xFE:
			s.lead = c
		default:
			s.err(m)
		}
	}
}

// utf8State is the UTF-8 decoder's state (validity only).
type utf8State struct {
	errs        uint32
	multi       uint32 // multi-byte sequences decoded
	needed      uint8
	lower, uppr byte
}

func (s *utf8State) feed(b []byte) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if s.needed == 0 {
			switch n := utf8grammar.Size(c); n {
			case 1:
			case 0:
				s.errs++
			default:
				s.needed = uint8(n - 1)
				s.lower, s.uppr = utf8grammar.Second(c)
			}
			continue
		}
		if c < s.lower || c > s.uppr {
			s.needed = 0
			s.errs++
			i-- // the Standard restores the byte
			continue
		}
		s.lower, s.uppr = 0x80, 0xBF
		s.needed--
		if s.needed == 0 {
			s.multi++
		}
	}
}

// ISO-2022-JP decoder states.
const (
	isoASCII = iota
	isoRoman
	isoKatakana
	isoLead
	isoTrail
	isoEscStart
	isoEscape
)

// isoState is the ISO-2022-JP decoder's state, on the raw stream.
type isoState struct {
	errs       uint32
	chars      uint32 // characters decoded in katakana or JIS X 0208 mode
	state, out uint8
	lead       byte
	outFlag    bool
}

func (s *isoState) feed(b []byte) {
	if s.errs > 0 {
		return // eliminated
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch s.state {
		case isoASCII, isoRoman:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c < 0x80 && c != 0x0E && c != 0x0F:
				s.outFlag = false
			default:
				s.errs++
				return
			}
		case isoKatakana:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c >= 0x21 && c <= 0x5F:
				s.outFlag = false
				s.chars++
			default:
				s.errs++
				return
			}
		case isoLead:
			switch {
			case c == 0x1B:
				s.state = isoEscStart
			case c >= 0x21 && c <= 0x7E:
				s.outFlag, s.lead, s.state = false, c, isoTrail
			default:
				s.errs++
				return
			}
		case isoTrail:
			if c >= 0x21 && c <= 0x7E {
				s.state = isoLead
				e := tab.JIS0208.Index[(int(s.lead)-0x21)*94+int(c)-0x21]
				if tab.JIS0208.Class[e] == tab.ClassErr {
					s.errs++
					return
				}
				s.chars++
				continue
			}
			s.errs++
			return
		case isoEscStart:
			if c == 0x24 || c == 0x28 {
				s.lead, s.state = c, isoEscape
				continue
			}
			s.errs++
			return
		case isoEscape:
			next := uint8(255)
			switch {
			case s.lead == 0x28 && c == 0x42:
				next = isoASCII
			case s.lead == 0x28 && c == 0x4A:
				next = isoRoman
			case s.lead == 0x28 && c == 0x49:
				next = isoKatakana
			case s.lead == 0x24 && (c == 0x40 || c == 0x42):
				next = isoLead
			}
			if next == 255 || s.outFlag {
				s.errs++
				return
			}
			s.lead, s.state, s.out, s.outFlag = 0, next, next, true
		}
	}
}

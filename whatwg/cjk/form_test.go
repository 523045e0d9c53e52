package cjk

import "testing"

// TestFormRowMarks checks that every form's row values agree with its
// kinds, as the bulk loop (dbcsRun) reads a byte's kind from its row: a
// leading byte's row is a row start (below dbcsNoPointer), a kindASCII
// byte's is dbcsASCIIRow, and every other byte's is dbcsNoPointer.
func TestFormRowMarks(t *testing.T) {
	forms := map[string]*dbcsForm{
		"gb18030": gbForm(), "Big5": big5Form(), "EUC-JP": eucjpForm(),
		"Shift_JIS": sjisForm(), "EUC-KR": euckrForm(), "ISO-2022-JP": iso2022jpForm(),
	}
	for name, f := range forms {
		for b := range 256 {
			r, k := f.row[b], f.kind[b]
			var ok bool
			switch k {
			case kindLead:
				ok = r < dbcsNoPointer
			case kindASCII:
				ok = r == dbcsASCIIRow && b < 0x80
			default:
				ok = r == dbcsNoPointer
			}
			if !ok {
				t.Errorf("%s: byte %#02x of kind %d has row %#x", name, b, k, r)
			}
		}
	}
}

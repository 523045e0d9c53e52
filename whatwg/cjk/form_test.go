package cjk

import "testing"

// TestFormRowMarks checks that every form's row values agree with its
// kinds, as the bulk loop (dbcsRun) reads a byte's kind from its row: a
// leading byte's row is a row start (below dbcsNoPointer), a kindASCII
// byte's is dbcsASCIIRow, and every other byte's is dbcsNoPointer.
func TestFormRowMarks(t *testing.T) {
	forms := map[string]*dbcsForm{
		"gb18030": gbForm.get(), "Big5": big5Form.get(), "EUC-JP": eucjpForm.get(),
		"Shift_JIS": sjisForm.get(), "EUC-KR": euckrForm.get(), "ISO-2022-JP": iso2022jpForm.get(),
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

package gen

import "testing"

// TestRegistryValue checks the naming rule of the generated registry, and
// that an encoding under an unknown heading fails generation.
func TestRegistryValue(t *testing.T) {
	for _, c := range []struct{ heading, name, want string }{
		{"Legacy single-byte encodings", "ISO-8859-8-I", "singlebyte.ISO8859_8I"},
		{"Legacy single-byte encodings", "KOI8-R", "singlebyte.KOI8R"},
		{"Legacy single-byte encodings", "x-mac-cyrillic", "singlebyte.XMacCyrillic"},
		{"Legacy single-byte encodings", "windows-1252", "singlebyte.Windows1252"},
		{"Legacy multi-byte Japanese encodings", "ISO-2022-JP", "cjk.ISO2022JP"},
		{"Legacy multi-byte Japanese encodings", "Shift_JIS", "cjk.ShiftJIS"},
		{"Legacy miscellaneous encodings", "UTF-16LE", "utf16.LE"},
	} {
		if got, err := registryValue(c.heading, c.name); err != nil || got != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if v, err := registryValue("Legacy miscellaneous encodings", "x-new"); err == nil {
		t.Errorf("unknown encoding gave %q", v)
	}
}

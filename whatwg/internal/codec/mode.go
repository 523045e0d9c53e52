package codec

// Mode is the Standard's error mode.
type Mode uint8

const (
	// Replacement makes a decoder emit U+FFFD for every error. It is the
	// default of every decoder.
	Replacement Mode = iota
	// Fatal makes a decoder or encoder stop at the first error and return a
	// *DecodeError or *EncodeError.
	Fatal
	// HTML makes an encoder write an unencodable code point as "&#N;" (N in
	// shortest decimal) and continue. It is meaningless for decoders.
	HTML
)

// String returns the Standard's name of the mode.
func (m Mode) String() string {
	switch m {
	case Replacement:
		return "replacement"
	case Fatal:
		return "fatal"
	case HTML:
		return "html"
	}
	return "Mode(" + itoa(int64(m)) + ")"
}

func itoa(n int64) string {
	var b [20]byte
	return string(AppendDecimal(b[:0], n))
}

// AppendDecimal appends the shortest decimal form of n to b.
func AppendDecimal(b []byte, n int64) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, tmp[i:]...)
}

package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/webenc/webenc/whatwg/charset"
)

// sniffLen is how much of a file the sniffing algorithm examines.
const sniffLen = 1024

// detectLen is how much of a file the detector examines with -detect.
const detectLen = 64 << 10

// runSniff is "webenc sniff [-content-type VALUE] [-detect] [-tld TLD] [FILE...]".
func runSniff(c *cli, args []string) int {
	fs := c.flagSet("[-content-type VALUE] [-detect] [-tld TLD] [FILE...]", `Tell which encoding each FILE (standard input if none), an HTML page, is in,
following the HTML Standard's encoding sniffing algorithm, and why. For each
file it prints one line:

  FILE: ENCODING (CONFIDENCE, from SOURCE)

CONFIDENCE is "certain" (a byte order mark or the Content-Type decided) or
"tentative"; SOURCE is one of:

  bom              the file starts with a UTF-8 or UTF-16 byte order mark
  content-type     the charset parameter of -content-type
  meta             a <meta charset> or <meta http-equiv> in the first 1024 bytes
  xml-declaration  an <?xml encoding=...?> declaration or a UTF-16 "<?x" pattern
  default          nothing declared an encoding: windows-1252

With -detect, when nothing declares the encoding, the content of the first
64 KiB decides instead, as browsers guess for unlabelled pages:

  FILE: ENCODING (tentative, detected, confidence 0.97)

A confidence near 0 means the guess is weak; a file with no non-ASCII text
gives no evidence and keeps the default ("from default; -detect found no
evidence"). -tld tells the detector the top-level domain the page came from
("jp" favours the Japanese encodings, "ru" the Cyrillic ones, ...).

Only the first 1024 bytes of each file are read (64 KiB with -detect). To
decode the page, run 'webenc decode -f ENCODING FILE'.`)
	ctype := fs.String("content-type", "", "the HTTP Content-Type header `VALUE` the page was served with, e.g. 'text/html; charset=utf-8'")
	detect := fs.Bool("detect", false, "guess the encoding from the content when nothing declares it")
	tld := fs.String("tld", "", "the top-level domain `TLD` the page came from, a hint for -detect (implies -detect), e.g. jp")
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	hint := charset.Hint{TLD: *tld}
	detecting := *detect || *tld != ""
	n := sniffLen
	if detecting {
		n = detectLen
	}
	head := make([]byte, n)
	return c.each(files, func(in *input) error {
		n, err := io.ReadFull(in.r, head)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return err
		}
		fmt.Fprintf(c.stdout, "%s: %s\n", in.name, sniffLine(head[:n], *ctype, detecting, hint))
		return nil
	})
}

// sniffLine describes the encoding of a page that starts with head, as
// webenc sniff prints it.
func sniffLine(head []byte, contentType string, detect bool, hint charset.Hint) string {
	res := charset.Sniff(head, contentType)
	conf := "tentative"
	if res.Certain {
		conf = "certain"
	}
	line := fmt.Sprintf("%s (%s, from %s)", res.Encoding, conf, res.Source)
	if !detect || res.Source != charset.Defaulted {
		return line
	}
	d := charset.NewDetector()
	d.Write(head)
	e, _, confidence := d.Guess(hint)
	if confidence == 0 && fmt.Sprint(e) == fmt.Sprint(res.Encoding) {
		// The detector's "no evidence" answer (no non-ASCII text): the
		// default stands.
		return fmt.Sprintf("%s (tentative, from default; -detect found no evidence)", res.Encoding)
	}
	return fmt.Sprintf("%s (tentative, detected, confidence %.2f)", e, confidence)
}

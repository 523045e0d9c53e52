package main

import (
	"fmt"
	"io"

	"github.com/webenc/webenc/whatwg/charset"
)

// runDetect is "webenc detect [-content-type VALUE] [-tld TLD] [FILE...]":
// "webenc sniff -detect".
func runDetect(c *cli, args []string) int {
	return runSniff(c, append([]string{"-detect"}, args...))
}

// runSniff is "webenc sniff [-content-type VALUE] [-detect] [-tld TLD] [PATH...]".
func runSniff(c *cli, args []string) int {
	synopsis := "[-content-type VALUE] [-detect] [-check-declared] [-tld TLD] [PATH...]"
	if c.cmd == "detect" {
		synopsis = "[-content-type VALUE] [-check-declared] [-tld TLD] [PATH...]"
	}
	fs := c.flagSet(synopsis, `Tell which encoding each FILE (standard input if none), an HTML page, is in,
following the HTML Standard's encoding sniffing algorithm, and why. A
directory stands for the files of its tree (symbolic links to directories
are not followed). For each file it prints one line:

  FILE: ENCODING (CONFIDENCE, from SOURCE)

CONFIDENCE is "certain" (a byte order mark or the Content-Type decided) or
"tentative"; SOURCE is one of:

  bom              the file starts with a UTF-8 or UTF-16 byte order mark
  content-type     the charset parameter of -content-type
  meta             a <meta charset> or <meta http-equiv> in the first 1024 bytes
  xml-declaration  an <?xml encoding=...?> declaration or a UTF-16 "<?x" pattern
  default          nothing declared an encoding: windows-1252

With -detect ('webenc detect' is 'webenc sniff -detect'), when nothing
declares the encoding, the content of the first 64 KiB decides instead, as
browsers guess for unlabelled pages:

  FILE: ENCODING (tentative, detected, confidence 0.97)

A confidence near 0 means the guess is weak; a file with no non-ASCII text
gives no evidence and keeps the default ("from default; -detect found no
evidence"), and so does a file that looks binary (control bytes other than
tab, line breaks, form feed and escape make more than 1% of its bytes, as
in images, archives and executables): "from default; -detect: looks
binary, a NUL byte at offset 8". UTF-16 text without a byte order mark, as
Windows tools write it, is detected as UTF-16LE or UTF-16BE (browsers do
not: the Standard recognises UTF-16 by its byte order mark only). -tld
tells the detector the top-level domain the page came from ("jp" favours
the Japanese encodings, "ru" the Cyrillic ones, ...).

With -check-declared, an encoding the Content-Type or the page declares is
checked against the first 64 KiB, as a crawler that distrusts servers
does: when its decoder meets invalid bytes there and the detector is sure
(confidence 0.9 or more) of another encoding that decodes them without
error, that one is used:

  FILE: Shift_JIS (tentative, detected, confidence 0.99, overriding the declared UTF-8, which the content is not in)

A byte order mark is never overridden.

Only the first 1024 bytes of each file are read (64 KiB with -detect or
-check-declared). To
decode the page, run 'webenc decode FILE' (which decides the same way, with
-detect) or 'webenc decode -f ENCODING FILE'.
`+batchNote)
	ctype := fs.String("content-type", "", "the HTTP Content-Type header `VALUE` the page was served with, e.g. 'text/html; charset=utf-8'")
	detect := fs.Bool("detect", false, "guess the encoding from the content when nothing declares it")
	tld := fs.String("tld", "", "the top-level domain `TLD` the page came from, a hint for -detect (implies -detect), e.g. jp")
	check := fs.Bool("check-declared", false, "check a declared encoding against the content: the detector overrides it when its decoder fails and another encoding decodes cleanly")
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	hint := charset.Hint{TLD: *tld}
	detecting := *detect || *tld != ""
	n := sniffLen
	if detecting || *check {
		n = detectWindow
	}
	sopts := charset.Options{Detect: detecting, CheckDeclared: *check, Hint: hint}
	opts := batchOptions{walk: true, verb: "sniffed"}
	buf := make([]byte, n)
	return c.runBatch(files, opts, func(in *input, w io.Writer) (fileResult, error) {
		head, err := readHead(in, buf)
		if err != nil {
			return fileResult{}, err
		}
		f := evidence(head, *ctype, sopts)
		_, err = fmt.Fprintf(w, "%s: %s\n", in.name, sniffLine(f, detecting))
		return fileResult{encoding: fmt.Sprint(f.enc)}, err
	})
}

// sniffLine describes what evidence found, as webenc sniff prints it.
func sniffLine(f found, detect bool) string {
	conf := "tentative"
	if f.certain {
		conf = "certain"
	}
	switch {
	case f.binary != "":
		return fmt.Sprintf("%s (tentative, from default; -detect: looks binary, %s)", f.enc, f.binary)
	case detect && f.source == charset.Defaulted.String():
		return fmt.Sprintf("%s (tentative, from default; -detect found no evidence)", f.enc)
	}
	return fmt.Sprintf("%s (%s, %s)", f.enc, conf, f.describe())
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// conversion describes one of the converting subcommands: decode, encode
// and convert share their flags, checks and streaming.
type conversion struct {
	synopsis    string
	description string
	from, to    bool   // whether the subcommand takes -f, -t
	fatalUsage  string // what -fatal means for it
	fromUsage   string
	toUsage     string
}

var (
	decodeCmd = conversion{
		synopsis: "-f LABEL [-fatal] [FILE...]",
		description: `Decode each FILE (standard input if none) from the encoding LABEL and write
it to standard output as UTF-8. Invalid input becomes U+FFFD (the Standard's
replacement mode) unless -fatal is given. To find out what a page declares,
use 'webenc sniff'.
` + bomNote + pageNote,
		from:       true,
		fromUsage:  "decode from the encoding `LABEL` (required), e.g. windows-1252, sjis",
		fatalUsage: "stop at the first invalid byte sequence, reporting its offset and bytes (exit 1)",
	}
	encodeCmd = conversion{
		synopsis: "-t LABEL [-html|-fatal] [FILE...]",
		description: `Encode each FILE (standard input if none), UTF-8 text, to the encoding LABEL
and write it to standard output. A character the encoding cannot represent
stops the conversion with an error giving the character and its position
(the Standard's fatal mode, the default), unless -html is given, which
writes it as an HTML character reference "&#N;" as browsers do in form
submissions. Invalid UTF-8 in the input counts as U+FFFD.
` + bomNote + pageNote,
		to:         true,
		toUsage:    "encode to the encoding `LABEL` (required), e.g. windows-1252, sjis",
		fatalUsage: "stop at the first character the encoding lacks (the default)",
	}
	convertCmd = conversion{
		synopsis: "-f LABEL -t LABEL [-html|-fatal] [FILE...]",
		description: `Convert each FILE (standard input if none) from the encoding -f to the
encoding -t and write it to standard output. By default invalid input
becomes U+FFFD and a character the target encoding cannot represent stops
the conversion with an error. -html writes such characters as "&#N;"
instead; -fatal also stops at invalid input.
` + bomNote + pageNote,
		from:       true,
		to:         true,
		fromUsage:  "convert from the encoding `LABEL` (required)",
		toUsage:    "convert to the encoding `LABEL` (required)",
		fatalUsage: "also stop at the first invalid byte sequence of the input",
	}
)

// bomNote tells what the converting commands do with a byte order mark:
// the Standard's decode, whose BOM sniff overrides the label.
const bomNote = `
A byte order mark at the start of a file (EF BB BF, FF FE or FE FF) decides
its encoding (UTF-8, UTF-16LE or UTF-16BE) in place of -f's (encode's UTF-8)
and is dropped, as browsers do (the Standard's decode); -v tells when.
`

// pageNote tells what the converting commands do to web pages.
const pageNote = `
Web pages stay truthful: the encoding declaration that the HTML prescan
finds in the first 1024 bytes of the output (<meta charset>, the charset=
of <meta http-equiv="Content-Type">, or <?xml ... encoding="...">) is
rewritten to name the output encoding; nothing else changes. A page (one
that declares its encoding, or starts with "<") converted to UTF-16 gets a
byte order mark first, which is how browsers recognise UTF-16.
-keep-declaration leaves the bytes as they are; -v tells on standard error
what was done to each file.`

// runDecode is "webenc decode -f LABEL [-fatal] [FILE...]".
func runDecode(c *cli, args []string) int { return c.convert(decodeCmd, args) }

// runEncode is "webenc encode -t LABEL [-html|-fatal] [FILE...]".
func runEncode(c *cli, args []string) int { return c.convert(encodeCmd, args) }

// runConvert is "webenc convert -f LABEL -t LABEL [-html|-fatal] [FILE...]".
func runConvert(c *cli, args []string) int { return c.convert(convertCmd, args) }

// convert runs the subcommand cv: it parses args, resolves the labels and
// converts every file in turn.
func (c *cli) convert(cv conversion, args []string) int {
	fs := c.flagSet(cv.synopsis, cv.description)
	var from, to string
	if cv.from {
		fs.StringVar(&from, "f", "", cv.fromUsage)
	}
	if cv.to {
		fs.StringVar(&to, "t", "", cv.toUsage)
	}
	var html bool
	if cv.to {
		fs.BoolVar(&html, "html", false, `write characters the target encoding lacks as "&#N;" instead of failing`)
	}
	fatal := fs.Bool("fatal", false, cv.fatalUsage)
	keep := fs.Bool("keep-declaration", false, "leave the page's encoding declaration as it is, add no byte order mark, and write the output from its first byte on (none is held back)")
	verbose := fs.Bool("v", false, "tell on standard error what was done to each page's encoding declaration")
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	if html && *fatal {
		return c.usageError("-html and -fatal exclude each other")
	}
	var dec, enc encoding.Encoding
	if cv.from {
		if dec, st = c.encodingFlag("-f", from); st >= 0 {
			return st
		}
	}
	out := utf8Encoding // the output encoding
	if cv.to {
		if enc, st = c.encoderFlag("-t", to); st >= 0 {
			return st
		}
		out = enc
	}
	dmode, emode := whatwg.Replacement, whatwg.Fatal
	if *fatal && cv.from { // encode's -fatal is about the encoder only
		dmode = whatwg.Fatal
	}
	if html {
		emode = whatwg.HTML
	}
	return c.each(files, func(in *input) error {
		// The Standard's decode: a byte order mark decides the input's
		// encoding, whatever -f says, and is dropped.
		bom, err := sniffBOM(in)
		if err != nil {
			return err
		}
		from := dec
		if bom.enc != nil {
			if *verbose {
				c.message("webenc %s: %s: %s", c.cmd, in.name, bom.note(dec))
			}
			from = bom.enc
			if dec == nil && from == utf8Encoding {
				from = nil // encode's input is UTF-8 already
			}
		}
		// A fresh decoder and encoder per file: each is a stream of its own.
		var d, e transform.Transformer
		if from != nil {
			d = whatwg.NewDecoder(from, dmode)
		}
		if enc != nil {
			e = whatwg.NewEncoder(enc, emode)
		}
		if *keep {
			return c.convertStream(in, c.stdout, d, e, html, bom.size)
		}
		rec := &headRecorder{r: in.r}
		in.r = rec
		hw := newHeadWriter(c.stdout, out, rec)
		err = c.convertStream(in, hw, d, e, html, bom.size)
		if ferr := hw.flush(); err == nil {
			err = ferr
		}
		if *verbose {
			for _, n := range hw.notes {
				c.message("webenc %s: %s: %s", c.cmd, in.name, n)
			}
		}
		return err
	})
}

// byteOrderMark is the byte order mark an input starts with.
type byteOrderMark struct {
	enc  encoding.Encoding // the encoding it names; nil: no BOM
	size int               // its length in bytes, dropped from the input
}

// sniffBOM runs the Standard's "BOM sniff" on in: it reads up to three
// bytes and, when they start with a byte order mark, drops the mark from
// in and returns it. The bytes read after it stay in in.
func sniffBOM(in *input) (byteOrderMark, error) {
	var buf [3]byte
	n, err := io.ReadFull(in.r, buf[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return byteOrderMark{}, err
	}
	head := buf[:n]
	var bom byteOrderMark
	if bom.enc = whatwg.BOMSniff(head); bom.enc != nil {
		bom.size = bomSize(bom.enc)
	}
	in.r = io.MultiReader(bytes.NewReader(head[bom.size:]), in.r)
	return bom, nil
}

// bomSize returns the length of the byte order mark of e, UTF-8 or UTF-16.
func bomSize(e encoding.Encoding) int {
	if e == utf8Encoding {
		return 3
	}
	return 2
}

// note tells, for -v, what the byte order mark did; label is the encoding
// -f named (nil for encode, whose input is UTF-8).
func (b byteOrderMark) note(label encoding.Encoding) string {
	if label == nil {
		label = utf8Encoding
	}
	if b.enc == label {
		return fmt.Sprintf("starts with a %s byte order mark: dropped", b.enc)
	}
	return fmt.Sprintf("starts with a %s byte order mark: decoded as %s, not %s (a byte order mark overrides the label, as in browsers), the mark dropped",
		b.enc, b.enc, label)
}

// utf8Encoding is the output encoding of decode.
var utf8Encoding, _ = htmlindex.Get("utf-8")

// encodingFlag resolves the label given with flag name, or reports a usage
// error (st >= 0).
func (c *cli) encodingFlag(name, label string) (e encoding.Encoding, st int) {
	if label == "" {
		return nil, c.usageError("%s LABEL is required (e.g. %s windows-1252; 'webenc labels' lists them)", name, name)
	}
	e, err := lookup(label)
	if err != nil {
		return nil, c.usageError("%s: %v", name, err)
	}
	return e, -1
}

// encoderFlag is encodingFlag for an encoding to encode to.
func (c *cli) encoderFlag(name, label string) (e encoding.Encoding, st int) {
	e, st = c.encodingFlag(name, label)
	if st < 0 {
		if n, _ := htmlindex.Name(e); n == "replacement" {
			return nil, c.usageError("%s %s: the replacement encoding has no encoder (it only protects readers from dangerous encodings); use utf-8", name, label)
		}
	}
	return e, st
}

// each runs conv on every input file in turn and stops at the first error.
func (c *cli) each(files []string, conv func(in *input) error) int {
	for _, name := range operandsOrStdin(files) {
		in, err := c.open(name)
		if err != nil {
			return c.fail("%v", err)
		}
		err = conv(in)
		in.close()
		if err != nil {
			return c.fail("%s: %v", in.name, err)
		}
	}
	return exitOK
}

// convertStream decodes in with dec (nil: the input is UTF-8) and encodes
// the result with enc (nil: UTF-8 out; html: enc is in html mode), writing
// to w in constant memory. Errors are turned into messages for the user,
// with byte offsets in the file, whose first skipped bytes (a byte order
// mark) were dropped before in.
func (c *cli) convertStream(in *input, w io.Writer, dec, enc transform.Transformer, html bool, skipped int) error {
	if enc == nil {
		_, err := pump(w, in.r, dec, nil)
		return describeError(err, &errorContext{skipped: int64(skipped)})
	}
	r := in.r
	if dec != nil {
		r = transform.NewReader(r, dec)
	}
	var pos textPos
	track := &pos
	if html {
		track = nil // html mode never fails: no position needed
	}
	at, err := pump(w, r, enc, track)
	return describeError(err, &errorContext{pos: pos, at: at, converting: dec != nil, skipped: int64(skipped)})
}

// errorContext is what pump knew when the conversion failed.
type errorContext struct {
	pos        textPos // position of the first input byte not consumed by the encoder
	at         []byte  // the encoder's unconsumed input in the buffer
	converting bool    // the encoder's input is the output of a decoder
	skipped    int64   // the input bytes dropped before the first transformer (a BOM)
}

// describeError turns a conversion error into a message telling what went
// wrong, where, and what to do about it.
func describeError(err error, ec *errorContext) error {
	if err == nil {
		return nil
	}
	var de *whatwg.DecodeError
	if errors.As(err, &de) {
		at := ec.skipped + de.Offset
		if len(de.Bytes) == 0 {
			return fmt.Errorf("invalid %s input at byte offset %d (without -fatal it decodes as U+FFFD)", de.Encoding, at)
		}
		return fmt.Errorf("invalid %s input: byte sequence [% X] at byte offset %d (without -fatal it decodes as U+FFFD)", de.Encoding, de.Bytes, at)
	}
	var ee *whatwg.EncodeError
	if errors.As(err, &ee) {
		where := fmt.Sprintf("line %d, column %d", ec.pos.line+1, ec.pos.col+1)
		if !ec.converting {
			where += fmt.Sprintf(" (byte offset %d)", ec.skipped+ee.Offset)
		}
		hint := fmt.Sprintf(`use -html to write it as "&#%d;"`, ee.Rune)
		size := min(max(ee.Size, 1), len(ec.at))
		in := ec.at[:size]
		r, n := utf8.DecodeRune(in)
		if r == utf8.RuneError && n <= 1 && len(in) > 0 {
			return fmt.Errorf("input is not valid UTF-8: bytes [% X] at %s; is it in another encoding? Use 'webenc convert -f LABEL', or -html to write U+FFFD as \"&#65533;\"", in, where)
		}
		if n == 0 {
			r = ee.Rune
		}
		return fmt.Errorf("%s cannot encode U+%04X %q at %s; %s", ee.Encoding, r, r, where, hint)
	}
	return err
}

// textPos is a position in UTF-8 text: line and column (runes since the
// last newline), both 0-based.
type textPos struct {
	line, col int64
}

// advance moves p past b.
func (p *textPos) advance(b []byte) {
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		p.line += int64(bytes.Count(b[:i+1], newline))
		p.col = runeCount(b[i+1:])
		return
	}
	p.col += runeCount(b)
}

var newline = []byte{'\n'}

// runeCount counts the bytes of b that are not UTF-8 continuation bytes:
// the runes of valid UTF-8.
func runeCount(b []byte) int64 {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return int64(n)
}

// bufSize is the size of pump's input and output buffers.
const bufSize = 64 << 10

// pump copies r to w through t (nil: unchanged) with fixed-size buffers.
// If pos is not nil it tracks the position of the input consumed by t. At
// a transformer error it returns the unconsumed input in the buffer (which
// starts with what the error is about) and the error.
func pump(w io.Writer, r io.Reader, t transform.Transformer, pos *textPos) (rest []byte, err error) {
	if t == nil {
		_, err := io.CopyBuffer(w, r, make([]byte, bufSize))
		return nil, err
	}
	src := make([]byte, bufSize)
	dst := make([]byte, bufSize)
	n0, n1 := 0, 0 // src[n0:n1] is read but not yet consumed
	eof := false
	var rerr error // a read error, returned once the data before it is done
	for {
		if !eof && rerr == nil {
			if n0 == n1 {
				n0, n1 = 0, 0
			} else if n0 > 0 {
				n1 = copy(src, src[n0:n1])
				n0 = 0
			}
			n, err := r.Read(src[n1:])
			n1 += n
			if err == io.EOF {
				eof = true
			} else if err != nil {
				rerr = err
			}
		}
		nDst, nSrc, terr := t.Transform(dst, src[n0:n1], eof)
		if pos != nil {
			pos.advance(src[n0 : n0+nSrc])
		}
		n0 += nSrc
		if nDst > 0 {
			if _, err := w.Write(dst[:nDst]); err != nil {
				return nil, err
			}
		}
		switch terr {
		case nil:
			if n0 < n1 {
				return src[n0:n1], io.ErrNoProgress
			}
			if eof {
				return nil, nil
			}
			if rerr != nil {
				return nil, rerr
			}
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				return src[n0:n1], io.ErrShortBuffer
			}
		case transform.ErrShortSrc:
			switch {
			case eof:
				return src[n0:n1], io.ErrUnexpectedEOF
			case rerr != nil:
				return src[n0:n1], rerr
			case n0 == 0 && n1 == len(src):
				return src[n0:n1], io.ErrNoProgress
			}
		default:
			return src[n0:n1], terr
		}
	}
}

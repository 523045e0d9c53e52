package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg"
	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// conversion describes one of the converting subcommands: decode, encode
// and convert share their flags, checks and streaming.
type conversion struct {
	synopsis    string
	description string
	from, to    bool   // whether the subcommand takes -f, -t
	tree        bool   // whether it takes -o, and converts trees
	verb        string // what it does to a file, for the summary
	fatalUsage  string // what -fatal means for it
	fromUsage   string
	toUsage     string
}

var (
	decodeCmd = conversion{
		synopsis: "[-f LABEL|auto] [-fatal] [FILE...]",
		description: `Decode each FILE (standard input if none) from the encoding LABEL and write
it to standard output as UTF-8. Invalid input becomes U+FFFD (the Standard's
replacement mode) unless -fatal is given.
` + autoNote + bomNote + pageNote + batchNote,
		from:       true,
		verb:       "decoded",
		fromUsage:  "decode from the encoding `LABEL`, e.g. windows-1252, sjis; auto: each file's own evidence decides",
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
` + bomNote + pageNote + batchNote,
		to:         true,
		verb:       "encoded",
		toUsage:    "encode to the encoding `LABEL` (required), e.g. windows-1252, sjis",
		fatalUsage: "stop at the first character the encoding lacks (the default)",
	}
	convertCmd = conversion{
		synopsis: "-t LABEL [-f LABEL|auto] [-o OUTDIR] [-html|-fatal] [PATH...]",
		description: `Convert each PATH (standard input if none) from the encoding -f to the
encoding -t. By default invalid input becomes U+FFFD and a character the
target encoding cannot represent stops the conversion of that file with an
error. -html writes such characters as "&#N;" instead; -fatal also stops at
invalid input.

Without -o the output goes to standard output. With -o OUTDIR each file is
written under OUTDIR: a FILE operand as OUTDIR/its name, and the files of
a directory operand at their paths relative to that directory, so
'webenc convert -t utf-8 -o site.utf8 site' mirrors the tree site. With one
FILE operand and an -o that is not an existing directory, -o names the
output file. Each output is written to a temporary file in its directory
and renamed into place once complete (with the input's permissions), so a
failed conversion leaves no half-written file; converting into the input
tree itself (-o site site) is safe. With several inputs or a directory
operand, -o must name a directory (a usage error otherwise). When -o names
a directory, a file whose first 64 KiB look binary (control bytes make
more than 1% of them and nothing declares an encoding; with -f, UTF-16
text needs its byte order mark) is skipped with a message. Walking
a tree follows no symbolic link to a directory; a symbolic link to a file
of the tree is converted like the file, one to a file outside the tree is
skipped, and a dangling one is reported and skipped. The summary at the
end counts the files converted, skipped and failed, and the encodings
found.
` + autoNote + bomNote + pageNote + batchNote,
		from:       true,
		to:         true,
		tree:       true,
		verb:       "converted",
		fromUsage:  "convert from the encoding `LABEL`; auto: each file's own evidence decides",
		toUsage:    "convert to the encoding `LABEL` (required)",
		fatalUsage: "also stop at the first invalid byte sequence of the input",
	}
)

// autoNote tells how -f auto decides.
const autoNote = `
Without -f, or with -f auto, each file's own evidence decides its
encoding, as a browser decides for a page: a byte order mark, else the
encoding declaration the HTML prescan finds in the first 1024 bytes
(<meta charset>, <meta http-equiv="Content-Type">, <?xml encoding>), else
the content-based detector's guess from the first 64 KiB (as 'webenc sniff
-detect' prints it, UTF-16 without a byte order mark included); -v tells
which and with what confidence. A file that looks binary (control bytes
other than tab, line breaks, form feed and escape make more than 1% of its
first 64 KiB) is left alone: skipped with a message when -o names a
directory, otherwise a failure (exit status 1, nothing written for it), so
that 'webenc decode FILE > OUT' does not leave a script an empty OUT. When
-f names an encoding and the page's own declaration names another, a
warning says so and -f is used.

With -check-declared, the declared encoding (-f's, or in auto mode the
page's <meta> or XML declaration) is checked against the first 64 KiB:
when its decoder meets invalid bytes there and the detector is sure
(confidence 0.9 or more) of another encoding that decodes them without
error, that one is used, with a message (with -f) or on -v. A byte order
mark is never overridden.
`

// batchNote tells what the commands that take files do with several.
const batchNote = `
With several files a file that fails is reported and the others are still
done; the exit status is then 1. sniff, detect and convert -o walk a
directory operand; the other commands report it as an error of its own.
On a terminal, standard error shows the progress of a run of several
files.`

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
what was done to each file.
`

// runDecode is "webenc decode [-f LABEL|auto] [-fatal] [FILE...]".
func runDecode(c *cli, args []string) int { return c.convert(decodeCmd, args) }

// runEncode is "webenc encode -t LABEL [-html|-fatal] [FILE...]".
func runEncode(c *cli, args []string) int { return c.convert(encodeCmd, args) }

// runConvert is "webenc convert -t LABEL [-f LABEL|auto] [-o OUTDIR] [-html|-fatal] [PATH...]".
func runConvert(c *cli, args []string) int { return c.convert(convertCmd, args) }

// convert runs the subcommand cv: it parses args, resolves the labels and
// converts every file in turn.
func (c *cli) convert(cv conversion, args []string) int {
	fs := c.flagSet(cv.synopsis, cv.description)
	var fromLabel, to, outPath string
	if cv.from {
		fs.StringVar(&fromLabel, "f", "auto", cv.fromUsage)
	}
	if cv.to {
		fs.StringVar(&to, "t", "", cv.toUsage)
	}
	var html bool
	if cv.to {
		fs.BoolVar(&html, "html", false, `write characters the target encoding lacks as "&#N;" instead of failing`)
	}
	if cv.tree {
		fs.StringVar(&outPath, "o", "", "write the outputs under the directory `OUTDIR` at the inputs' relative paths (one FILE: OUTDIR may name the output file)")
	}
	fatal := fs.Bool("fatal", false, cv.fatalUsage)
	keep := fs.Bool("keep-declaration", false, "leave the page's encoding declaration as it is, add no byte order mark, and write the output from its first byte on (none is held back)")
	verbose := fs.Bool("v", false, "tell on standard error how each file's encoding was decided and what was done to its encoding declaration")
	var checkDeclared bool
	if cv.from {
		fs.BoolVar(&checkDeclared, "check-declared", false, "check the declared encoding (-f's, or the page's declaration) against the first 64 KiB: the detector overrides it when its decoder fails and another encoding decodes cleanly")
	}
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	if html && *fatal {
		return c.usageError("-html and -fatal exclude each other")
	}
	var dec, enc encoding.Encoding
	auto := cv.from && isAuto(fromLabel)
	if cv.from && !auto {
		if dec, st = c.encodingFlag("-f", fromLabel); st >= 0 {
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
	j := &job{c: c, cv: cv, fromLabel: fromLabel, auto: auto, dec: dec, enc: enc, out: out,
		dmode: whatwg.Replacement, emode: whatwg.Fatal, keep: *keep, verbose: *verbose, checkDeclared: checkDeclared}
	if *fatal && cv.from { // encode's -fatal is about the encoder only
		j.dmode = whatwg.Fatal
	}
	if html {
		j.emode = whatwg.HTML
	}
	opts := c.outputOptions(cv, outPath, files)
	if msg := opts.outFileProblem(files); msg != "" {
		return c.usageError("%s", msg)
	}
	// Binary files are left alone when the file's evidence decides and in
	// trees, not when -f names the encoding of one file.
	j.tree = opts.out != "" && !opts.outFile
	j.checkBinary = auto || j.tree
	window := sniffLen
	if j.checkBinary || checkDeclared {
		window = detectWindow // for the detector and the binary check
	}
	j.head = make([]byte, window)
	return c.runBatch(files, opts, j.do)
}

// job is what a run of decode, encode or convert does to each file.
type job struct {
	c           *cli
	cv          conversion
	fromLabel   string            // -f as given, for messages
	auto        bool              // each file's evidence decides its encoding
	dec         encoding.Encoding // -f's encoding; nil when auto or encode
	enc         encoding.Encoding // -t's encoding; nil for decode
	out         encoding.Encoding // the output encoding
	dmode       whatwg.ErrorMode
	emode       whatwg.ErrorMode
	keep        bool // -keep-declaration
	verbose     bool // -v
	checkBinary bool // leave alone files that look binary
	// checkDeclared is -check-declared: the content may override -f or
	// the page's declaration.
	checkDeclared bool
	tree          bool   // the outputs go to a directory
	head          []byte // for the start of each file, read before deciding
}

// do converts the file in, writing to w.
func (j *job) do(in *input, w io.Writer) (fileResult, error) {
	head, err := readHead(in, j.head)
	if err != nil {
		return fileResult{}, err
	}
	from, binary := j.source(in, head)
	if binary != "" {
		return leaveBinary(j.tree, binary, j.cv.verb, "name its encoding with -f to "+j.c.cmd+" it anyway")
	}
	// The Standard's decode: a byte order mark decides the input's
	// encoding, whatever -f says, and is dropped.
	bom := sniffBOM(in, head)
	if bom.enc != nil {
		if j.verbose || j.dec != nil && bom.enc != j.dec {
			j.c.message("webenc %s: %s: %s", j.c.cmd, in.name, bom.note(from))
		}
		from = bom.enc
	}
	res := fileResult{encoding: fmt.Sprint(from)}
	if !j.cv.from {
		res.encoding = "" // encode's input is UTF-8: nothing found
		if from == utf8Encoding {
			from = nil // and needs no decoder
		}
	}
	return res, j.convertFile(in, w, from, bom.size)
}

// source returns the encoding to decode in from, whose first bytes are
// head, before its byte order mark is looked at: -f's, or with auto the
// file's own evidence (nil for encode); or why in looks binary when it
// does and binary files are left alone. It tells on -v what decided, and
// warns when -f contradicts the page's declaration or the content
// overrides -f (-check-declared).
func (j *job) source(in *input, head []byte) (e encoding.Encoding, binary string) {
	if j.auto {
		f := evidence(head, "", charset.Options{Detect: true, CheckDeclared: j.checkDeclared})
		if f.binary != "" {
			return nil, f.binary
		}
		if j.verbose {
			j.c.message("webenc %s: %s: decoding as %s (%s)", j.c.cmd, in.name, f.enc, f.explain())
		}
		return f.enc, ""
	}
	if j.checkBinary {
		if why := binaryReason(head); why != "" {
			return nil, why
		}
	}
	if j.dec == nil {
		return nil, ""
	}
	if j.checkDeclared {
		// -f stands for the Content-Type: the declaration a crawler
		// checks.
		name, _ := htmlindex.Name(j.dec)
		if f := evidence(head, "text/plain; charset="+name, charset.Options{CheckDeclared: true}); f.source == charset.Overridden.String() {
			j.c.message("webenc %s: %s: -f %s but the content is not in %s: decoding as %s (%s)", j.c.cmd, in.name, j.fromLabel, j.dec, f.enc, f.describe())
			return f.enc, ""
		}
	}
	if w := contradiction(j.fromLabel, j.dec, head); w != "" {
		j.c.message("webenc %s: %s: %s", j.c.cmd, in.name, w)
	}
	return j.dec, ""
}

// isAuto reports whether the -f label asks to decide by the file's own
// evidence.
func isAuto(label string) bool { return strings.EqualFold(strings.TrimSpace(label), "auto") }

// outputOptions returns the batch options of the converting command cv
// with -o outPath and the operands files.
func (c *cli) outputOptions(cv conversion, outPath string, files []string) batchOptions {
	opts := batchOptions{verb: cv.verb, dirHint: "use 'webenc convert -o OUTDIR' to convert a tree"}
	if cv.tree {
		opts.dirHint = "use -o OUTDIR to convert a tree"
		opts.outputTo(outPath, files)
	}
	return opts
}

// convertFile decodes in with from (nil: the input is UTF-8), encodes
// with -t's encoding (none: UTF-8 out) and writes to w, rewriting the
// page's declaration to name the output encoding unless -keep-declaration;
// skipped is the length of the byte order mark dropped from in.
func (j *job) convertFile(in *input, w io.Writer, from encoding.Encoding, skipped int) error {
	c := j.c
	// A fresh decoder and encoder per file: each is a stream of its own.
	var d, e transform.Transformer
	if from != nil {
		d = whatwg.NewDecoder(from, j.dmode)
	}
	if j.enc != nil {
		e = whatwg.NewEncoder(j.enc, j.emode)
	}
	html := j.emode == whatwg.HTML
	if j.keep {
		return c.convertStream(in, w, d, e, html, skipped)
	}
	rec := &headRecorder{r: in.r}
	in.r = rec
	hw := newHeadWriter(w, j.out, rec)
	err := c.convertStream(in, hw, d, e, html, skipped)
	if ferr := hw.flush(); err == nil {
		err = ferr
	}
	if j.verbose {
		for _, n := range hw.notes {
			c.message("webenc %s: %s: %s", c.cmd, in.name, n)
		}
	}
	return err
}

// readHead reads the first len(buf) bytes of in into buf (fewer if in is
// shorter) and leaves in.r reading what follows them. A run reuses buf for
// every file, one at a time.
func readHead(in *input, buf []byte) ([]byte, error) {
	k, err := io.ReadFull(in.r, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	return buf[:k], nil
}

// byteOrderMark is the byte order mark an input starts with.
type byteOrderMark struct {
	enc  encoding.Encoding // the encoding it names; nil: no BOM
	size int               // its length in bytes, dropped from the input
}

// sniffBOM runs the Standard's "BOM sniff" on head, the first bytes of in
// (at least three unless in is shorter), which were read from in.r: when
// they start with a byte order mark it returns it, and in.r reads head
// without the mark and then the rest of in.
func sniffBOM(in *input, head []byte) byteOrderMark {
	var bom byteOrderMark
	if bom.enc = whatwg.BOMSniff(head); bom.enc != nil {
		bom.size = bomSize(bom.enc)
	}
	in.r = io.MultiReader(bytes.NewReader(head[bom.size:]), in.r)
	return bom
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
// error (st >= 0). A label of the replacement encoding is allowed, with a
// warning: it is what browsers do with it.
func (c *cli) encodingFlag(name, label string) (e encoding.Encoding, st int) {
	if label == "" {
		return nil, c.usageError("%s LABEL is required (e.g. %s windows-1252; 'webenc labels' lists them)", name, name)
	}
	e, err := lookup(label)
	if err != nil {
		return nil, c.usageError("%s: %v", name, err)
	}
	if name == "-f" && isReplacement(e) {
		c.message("webenc %s: warning: -f %s: %s", c.cmd, label, replacementNote(label))
	}
	return e, -1
}

// encoderFlag is encodingFlag for an encoding to encode to.
func (c *cli) encoderFlag(name, label string) (e encoding.Encoding, st int) {
	e, st = c.encodingFlag(name, label)
	if st < 0 && isReplacement(e) {
		return nil, c.usageError("%s %s: the replacement encoding has no encoder (it only protects readers from dangerous encodings); use utf-8", name, label)
	}
	return e, st
}

// isReplacement reports whether e is the replacement encoding.
func isReplacement(e encoding.Encoding) bool {
	n, _ := htmlindex.Name(e)
	return n == "replacement"
}

// replacementNote tells what decoding with label, a label of the
// replacement encoding, does, and what to do instead.
func replacementNote(label string) string {
	if strings.EqualFold(strings.TrimSpace(label), "replacement") {
		return "the replacement encoding decodes every non-empty input to a single U+FFFD"
	}
	return fmt.Sprintf("the Standard maps this label to the replacement encoding, so every non-empty input decodes to a single U+FFFD, as in browsers (which refuse %s to protect readers from it). webenc has no %s decoder: to read such text use a converter that has one (e.g. iconv -f %s), or -f auto if the file is really in another encoding",
		label, strings.ToUpper(label), strings.ToUpper(label))
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

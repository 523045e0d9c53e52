package main

import (
	"bytes"
	"fmt"
	"io"

	"golang.org/x/text/encoding"

	"github.com/webenc/webenc/whatwg/charset"
	"github.com/webenc/webenc/whatwg/htmlindex"
)

// The converting commands keep pages truthful: the encoding declaration
// the HTML prescan finds at the start of the output (<meta charset>, the
// charset= of <meta http-equiv="Content-Type">, or <?xml … encoding>) is
// rewritten to name the output encoding, and a page converted to UTF-16
// gets a byte order mark, which is how browsers recognise UTF-16 (the
// prescan ignores declarations in UTF-16 pages). It is done on the output,
// where a browser will look, by holding back its first headUnits code units:
// constant memory, whatever the size of the stream.

// headUnits is how much of the output's start is held back, in code units
// of the output encoding: the prescan's 1024 bytes, plus room for a name
// longer than the label it replaces (the longest names, x-mac-cyrillic and
// x-user-defined, have 14 bytes).
const headUnits = 1024 + 64

// headWriter holds back the start of one output stream, rewrites its
// declaration, and then passes everything through.
type headWriter struct {
	w      io.Writer
	name   string // the output encoding's name, to write in the declaration
	enc    encoding.Encoding
	unit   int  // bytes per code unit: 1, or 2 for UTF-16
	big    bool // UTF-16BE
	buf    []byte
	done   bool
	inHead *headRecorder // the input's start, for the notes
	notes  []string      // what was done, for -v
}

// newHeadWriter returns a headWriter for output in e written to w. in
// records the start of the input, to tell in the notes where the input's
// own declaration went.
func newHeadWriter(w io.Writer, e encoding.Encoding, in *headRecorder) *headWriter {
	h := &headWriter{w: w, name: fmt.Sprint(e), enc: e, unit: 1, inHead: in}
	switch h.name {
	case "UTF-16LE":
		h.unit = 2
	case "UTF-16BE":
		h.unit, h.big = 2, true
	}
	h.buf = make([]byte, 0, headUnits*h.unit+2)
	return h
}

// Write holds p back until the head is complete, then writes it through.
func (h *headWriter) Write(p []byte) (int, error) {
	if h.done {
		return h.w.Write(p)
	}
	n := min(len(p), cap(h.buf)-len(h.buf))
	h.buf = append(h.buf, p[:n]...)
	if len(h.buf) < cap(h.buf) {
		return len(p), nil
	}
	if err := h.flush(); err != nil {
		return 0, err
	}
	if _, err := h.w.Write(p[n:]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush rewrites the head held back and writes it. It is called when the
// head is complete, or at the end of the stream (also after an error, so
// that the output before the error is kept).
func (h *headWriter) flush() error {
	if h.done {
		return nil
	}
	h.done = true
	var out []byte
	if h.unit == 2 {
		out = h.rewriteUTF16(h.buf)
	} else {
		out = h.rewrite(h.buf)
	}
	h.buf = nil
	_, err := h.w.Write(out)
	return err
}

// rewrite rewrites the declaration in head, output in an ASCII-compatible
// encoding, and checks what the prescan makes of the result. A UTF-8 byte
// order mark (a U+FEFF at the start of the text, e.g. from a UTF-16 page
// decoded) is skipped: it makes browsers ignore the declaration, but XML
// parsers read it, so it must not lie either.
func (h *headWriter) rewrite(head []byte) []byte {
	skip := 0
	if h.name == "UTF-8" && bytes.HasPrefix(head, []byte("\xEF\xBB\xBF")) {
		skip = 3
	}
	bom, head := head[:skip:skip], head[skip:]
	d, label, ok := h.declarationToRewrite(head)
	if !ok {
		return append(bom, head...)
	}
	out, _ := charset.RewriteDeclaration(head, h.name)
	done := fmt.Sprintf("rewrote the %s to %q (byte offset %d)", describe(d, label), h.name, skip+d.Start)
	nd, ok := charset.FindDeclaration(out)
	switch {
	case !ok:
		h.note("%s, but that moves the declaration's end past byte 1024, where the prescan stops: the page will sniff as windows-1252 unless its Content-Type says %s",
			done, h.name)
	case nd.Encoding != h.enc:
		h.note("%s, but the prescan reads %s in a <meta> as %s: the page will sniff as %s", done, h.name, nd.Encoding, nd.Encoding)
	default:
		h.note("%s", done)
	}
	return append(bom, out...)
}

// rewriteUTF16 rewrites the declaration in head, UTF-16 output, and puts a
// byte order mark in front of a page that has none. The prescan reads only
// ASCII-compatible bytes, so the declaration is found in a view of the
// text with one byte per code unit (non-ASCII units shown as 0xFF), where
// offsets are code units; its label is ASCII.
func (h *headWriter) rewriteUTF16(head []byte) []byte {
	bom := []byte{0xFF, 0xFE}
	if h.big {
		bom = []byte{0xFE, 0xFF}
	}
	hasBOM := bytes.HasPrefix(head, bom)
	text := head
	if hasBOM {
		text = head[2:]
	}
	view := make([]byte, len(text)/2)
	for i := range view {
		u := uint16(text[2*i]) | uint16(text[2*i+1])<<8
		if h.big {
			u = u<<8 | u>>8
		}
		view[i] = 0xFF
		if u < 0x80 {
			view[i] = byte(u)
		}
	}
	_, found := charset.FindDeclaration(view)
	var out []byte
	switch {
	case hasBOM:
		out = append(out, bom...)
		h.note("starts with a %s byte order mark already", h.name)
	case found || startsWithMarkup(view):
		out = append(out, bom...)
		h.note("wrote a %s byte order mark first: browsers recognise a UTF-16 page by it (the prescan ignores declarations in UTF-16)", h.name)
	default:
		h.note("does not start with '<': not a page, so no byte order mark was added")
	}
	d, label, ok := h.declarationToRewrite(view)
	if !ok {
		return append(out, text...)
	}
	out = append(out, text[:2*d.Start]...)
	for i := 0; i < len(h.name); i++ {
		if h.big {
			out = append(out, 0, h.name[i])
		} else {
			out = append(out, h.name[i], 0)
		}
	}
	h.note("rewrote the %s to %q (code unit %d)", describe(d, label), h.name, d.Start)
	return append(out, text[2*d.End:]...)
}

// declarationToRewrite finds the declaration in view (the output as the
// prescan sees it) and its label; ok is false, with a note saying why,
// when there is nothing to rewrite.
func (h *headWriter) declarationToRewrite(view []byte) (d charset.Declaration, label string, ok bool) {
	d, ok = charset.FindDeclaration(view)
	if !ok {
		h.noteNone()
		return d, "", false
	}
	label = string(view[d.Start:d.End])
	if h.names(label) {
		h.note("the %s already names %s: left as it is", describe(d, label), h.name)
		return d, label, false
	}
	return d, label, true
}

// noteNone notes that the output declares no encoding, and where the
// input's declaration, if any, went.
func (h *headWriter) noteNone() {
	if d, ok := charset.FindDeclaration(h.inHead.head); ok {
		h.note("the input's %s is not within the first 1024 bytes of the output, where the prescan looks: left as it is",
			describe(d, string(h.inHead.head[d.Start:d.End])))
		return
	}
	h.note("declares no encoding in its first 1024 bytes (no <meta charset>, <meta http-equiv=\"Content-Type\"> or <?xml encoding>): nothing to rewrite")
}

func (h *headWriter) note(format string, a ...any) {
	h.notes = append(h.notes, fmt.Sprintf(format, a...))
}

// describe names the declaration d whose label is label, for the notes
// (after "the").
func describe(d charset.Declaration, label string) string {
	if d.Source == charset.XMLDeclaration {
		return fmt.Sprintf("XML declaration's encoding %q", label)
	}
	return fmt.Sprintf("<meta> declaration %q", label)
}

// startsWithMarkup reports whether text, after ASCII whitespace, starts
// with "<".
func startsWithMarkup(text []byte) bool {
	t := bytes.TrimLeft(text, "\t\n\f\r ")
	return len(t) > 0 && t[0] == '<'
}

// headRecorder records the first 1024 bytes read through it.
type headRecorder struct {
	r    io.Reader
	head []byte
}

func (h *headRecorder) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if k := min(n, 1024-len(h.head)); k > 0 {
		h.head = append(h.head, p[:k]...)
	}
	return n, err
}

// names reports whether label is a label of the output encoding.
func (h *headWriter) names(label string) bool {
	e, err := htmlindex.Get(label)
	return err == nil && e == h.enc
}

// Package codec holds the machinery shared by every webenc encoding: the
// error modes, the public error types, the Encoding value that connects a
// codec to golang.org/x/text/encoding and to package whatwg, the HTML-mode
// encoder wrapper, and small byte-level helpers for the hot loops.
//
// Nothing here knows about a particular encoding.
package codec

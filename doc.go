// Package webenc implements the WHATWG Encoding Standard as codecs for
// golang.org/x/text/encoding. The codecs live in the packages under whatwg/;
// this package holds only the go:generate line that rebuilds the tables.
package webenc

//go:generate go run gen.go

// Command webenc converts text between the encodings of the WHATWG Encoding
// Standard, in the spirit of iconv, converts whole directory trees, and
// tells which encoding a web page uses, following the HTML Standard's
// encoding sniffing algorithm and, for pages that declare nothing, a
// content-based detector.
//
// This comment is webenc's manual; "webenc help" prints its overview and
// "webenc help COMMAND" (or "webenc COMMAND -h") the help of a command.
//
// # Usage
//
//	webenc decode  [-f LABEL|auto] [-fatal] [-check-declared] [-keep-declaration] [-v] [FILE...]
//	webenc encode  -t LABEL [-html|-fatal] [-keep-declaration] [-v] [FILE...]
//	webenc convert -t LABEL [-f LABEL|auto] [-o OUTDIR] [-html|-fatal] [-check-declared] [-keep-declaration] [-v] [PATH...]
//	webenc sniff   [-content-type VALUE] [-detect] [-check-declared] [-tld TLD] [PATH...]
//	webenc detect  [-content-type VALUE] [-check-declared] [-tld TLD] [PATH...]
//	webenc labels  [LABEL]
//	webenc fix     [-explain] [-o OUTDIR] [PATH...]
//	webenc help    [COMMAND]
//
// decode converts to UTF-8, encode from UTF-8, convert from any encoding
// to any other; sniff tells which encoding a page is in and why, detect is
// "sniff -detect"; labels lists the encodings and their labels; fix
// undoes mojibake in UTF-8 text (package mojibake; -explain reports each
// repair on standard error).
//
// # Labels
//
// A LABEL is any of the Standard's labels, matched ASCII case-insensitively
// ("latin1", "sjis", "utf-16le", ...); "webenc labels" lists them and
// "webenc labels LABEL" shows one encoding. As in browsers, "latin1",
// "iso-8859-1" and "ascii" mean windows-1252. An unknown label is a usage
// error that names the closest known labels; for names other software uses
// (cp932, utf-7, ...) a second line says what to use instead. Labels of
// the replacement encoding (iso-2022-kr, hz-gb-2312, iso-2022-cn, ...)
// decode every non-empty input to one U+FFFD, as in browsers: -f warns so;
// -t refuses them (replacement has no encoder).
//
// # Inputs and outputs
//
// With no FILE, or with "-", the input is standard input. decode, encode
// and convert without -o write to standard output; every file is converted
// on its own (a fresh decoder and encoder) and streamed in constant memory,
// so inputs of any size work.
//
// convert -o OUTDIR writes each output under OUTDIR instead: a FILE
// operand as OUTDIR/its name, and the files of a directory operand at
// their paths relative to that directory ("webenc convert -t utf-8 -o
// site.utf8 site" mirrors site). With a single FILE operand (or standard
// input) and an -o that is not an existing directory, -o names the output
// file. Each output is written to a temporary file in its directory and
// renamed into place when complete, with the input's permissions, so a
// failed or interrupted conversion leaves no half-written file and an
// earlier output stays as it was; converting a tree into itself
// (-o site site) is therefore safe. Two inputs that would write the same
// output are refused (the second fails).
//
// With several inputs or a directory operand, -o must name a directory: an
// existing file there is a usage error (exit status 2), said once. When -o
// names a directory, a file whose first 64 KiB look binary (control bytes
// other than tab, line breaks, form feed and escape make more than 1% of
// them, and nothing declares an encoding: package charset's
// Result.Binary) is skipped with a message; in auto mode UTF-16 text
// without a byte order mark is detected, with -f it needs its byte order
// mark. Walking a tree
// follows no symbolic link to a directory; a symbolic link to a regular
// file inside the tree is converted like that file; one that points out of
// the tree is skipped, and a dangling one is reported and skipped. Other
// special files (FIFOs, sockets, devices) are skipped.
//
// # Which encoding: -f, auto, byte order marks
//
// decode and convert decode from -f. Without -f, or with -f auto, each
// file's own evidence decides, as a browser decides for a page: a byte
// order mark; else the encoding declaration the HTML prescan finds in the
// first 1024 bytes (<meta charset>, <meta http-equiv="Content-Type">, or an
// XML declaration); else the content-based detector's guess from the first
// 64 KiB; a file without non-ASCII bytes is windows-1252, which decodes it
// like any ASCII-compatible encoding. -v says which step decided and, for
// a guess, with what confidence ("decoding as Shift_JIS (detected,
// confidence 0.99)"). The detector also recognises UTF-16LE and UTF-16BE
// without a byte order mark, as Windows tools write them (browsers do not).
// In auto mode a binary-looking file is left alone: skipped in a tree
// (-o OUTDIR), a failure (exit status 1, no output) otherwise, so that
// "webenc decode FILE > OUT" does not leave an empty OUT unnoticed.
//
// -check-declared checks the declared encoding (-f's, or in auto mode the
// page's declaration; sniff's -content-type too) against the first 64 KiB,
// as a crawler that distrusts servers does: when its decoder meets invalid
// bytes and the detector is sure (0.9 or more) of another encoding that
// decodes them cleanly, that encoding is used ("detected, confidence 0.99,
// overriding the declared UTF-8, which the content is not in"). A byte
// order mark is never overridden.
//
// When -f names an encoding and the page declares another, a warning on
// standard error says so, and -f is used:
//
//	webenc decode: page.html: -f windows-1252 but the page declares shift_jis (meta at byte 120); decoding as windows-1252
//
// A byte order mark at the start of an input (EF BB BF, FF FE or FE FF)
// decides its encoding, UTF-8, UTF-16LE or UTF-16BE, whatever -f says, and
// is dropped: the Standard's decode, as browsers do. When it overrides -f
// a message says so; -v also tells when it agrees. For encode, whose input
// is UTF-8, a UTF-16 byte order mark makes it read UTF-16.
//
// # Errors
//
// Errors follow the Standard's error modes. Decoding replaces invalid input
// with U+FFFD unless -fatal is given, which stops at the first invalid byte
// sequence and reports its byte offset and bytes. Encoding stops at the
// first character the encoding cannot represent and reports it with its
// line, column and byte offset, unless -html is given, which writes it as
// an HTML character reference "&#N;" (what browsers do in form
// submissions). -html and -fatal exclude each other. On standard output,
// output written before an error is kept; when standard output and
// standard error are the same terminal or file, the message starts on a
// line of its own. With -o the failed file's output is not written.
//
// # Web pages stay truthful
//
// decode, encode and convert rewrite the encoding declaration the HTML
// prescan finds in the first 1024 bytes of the output (<meta charset>, the
// charset= of <meta http-equiv="Content-Type">, or an XML declaration's
// encoding) to name the output encoding, and a page converted to UTF-16
// gets a byte order mark. -keep-declaration leaves the bytes as they are;
// -v tells what was done.
//
// # sniff and detect
//
// "webenc sniff" prints, for each page, the encoding the HTML Standard's
// sniffing algorithm decides, whether it is certain or tentative, and what
// decided:
//
//	FILE: ENCODING (certain|tentative, from SOURCE)
//
// SOURCE is bom, content-type (the charset of -content-type VALUE, an HTTP
// header), meta, xml-declaration, or default (nothing declared:
// windows-1252). With -detect (or "webenc detect"), a page that declares
// nothing gets the content-based detector's guess from its first 64 KiB
// and its confidence instead of the default:
//
//	FILE: ENCODING (tentative, detected, confidence 0.99)
//
// and a page without non-ASCII bytes keeps the default ("from default;
// -detect found no evidence"), as does a file that looks binary ("from
// default; -detect: looks binary, a NUL byte at offset 8"). -check-declared
// lets the content override a declaration, as for decode. -tld TLD
// (implies -detect) tells the detector the top-level domain the page came
// from ("jp", "ru", ...).
// A directory operand stands for the files of its tree.
//
// # Several files
//
// decode, encode, convert and sniff take any number of operands and follow
// the same conventions. A file that fails (unreadable, invalid input with
// -fatal, a character the target lacks without -html) is reported on
// standard error and the others are still done; the exit status is then 1.
// A directory operand is walked by sniff, detect and convert -o; for
// decode, encode and convert without -o it is an error of that operand
// ("is a directory; use 'webenc convert -o OUTDIR' to convert a tree").
// When standard error is a terminal, a run of several files shows its
// progress there (files done / total, bytes read). A run of several files
// ends with a summary on standard error when it writes into a directory or
// when a file failed or was skipped:
//
//	webenc convert: 1000 files, 1.1 GiB: 998 converted, 2 skipped, 0 failed; encodings: windows-1252 238, Shift_JIS 58, ...
//
// # Exit status
//
//	0    success (files of a tree skipped as binary or as symbolic links do not count as failures)
//	1    a file failed: conversion or I/O error (invalid input with -fatal,
//	     an unencodable character without -html, an unreadable file, a
//	     failed write, a binary file decoded to standard output); the
//	     other files were still done
//	2    usage error (unknown command or flag, missing or unknown label)
//	128+N  ended by signal N (130 for Ctrl-C); the output being written is removed
//
// # Examples
//
// A windows-1252 text to UTF-8, and a page by its own declaration:
//
//	webenc decode -f windows-1252 notes.txt
//	webenc decode page.html
//
// Which encoding do pages use, and why; guess for undeclared ones:
//
//	webenc sniff page.html
//	webenc detect -tld jp old/
//
// A whole site to UTF-8, each file by its own evidence, into site.utf8:
//
//	webenc convert -t utf-8 -o site.utf8 site
//
// A Shift_JIS page to EUC-JP (its <meta> rewritten):
//
//	webenc convert -f shift_jis -t euc-jp page.html > page-euc.html
//
// UTF-8 to windows-1252, unencodable characters as character references:
//
//	webenc encode -html -t windows-1252 page.html > page-1252.html
package main

// Command webenc converts text between the encodings of the WHATWG Encoding
// Standard, in the spirit of iconv, and tells which encoding a web page
// uses, following the HTML Standard's encoding sniffing algorithm.
//
// Usage:
//
//	webenc decode  -f LABEL [-fatal] [FILE...]          LABEL → UTF-8
//	webenc encode  -t LABEL [-html|-fatal] [FILE...]    UTF-8 → LABEL
//	webenc convert -f LABEL -t LABEL [-html|-fatal] [FILE...]
//	webenc sniff   [-content-type VALUE] [-detect] [-tld TLD] [FILE...]
//	webenc labels  [LABEL]
//
// A LABEL is any of the Standard's labels, matched ASCII
// case-insensitively ("latin1", "sjis", "utf-16le", ...); "webenc labels"
// lists them. With no FILE, or with "-", the input is standard input; the
// output goes to standard output. Every file is converted on its own (a
// fresh decoder and encoder) and streamed in constant memory, so inputs of
// any size work.
//
// A byte order mark at the start of an input (EF BB BF, FF FE or FE FF)
// decides its encoding, UTF-8, UTF-16LE or UTF-16BE, whatever -f says, and
// is dropped: the Standard's decode, as browsers do.
//
// Errors follow the Standard's error modes. Decoding replaces invalid input
// with U+FFFD unless -fatal is given, which stops at the first invalid byte
// sequence and reports its byte offset and bytes. Encoding stops at the
// first character the encoding cannot represent and reports it with its
// line, column and byte offset, unless -html is given, which writes it as
// an HTML character reference "&#N;" (what browsers do in form
// submissions). Output written before an error is kept; when standard
// output and standard error are the same terminal or file, the message
// starts on a line of its own.
//
// The converting commands keep web pages truthful: the encoding
// declaration the HTML prescan finds in the first 1024 bytes of the output
// (<meta charset>, the charset= of <meta http-equiv="Content-Type">, or an
// XML declaration's encoding) is rewritten to name the output encoding,
// and a page converted to UTF-16 gets a byte order mark.
// -keep-declaration leaves the bytes as they are; -v tells what was done.
//
// "webenc sniff" prints, for each page, the encoding the HTML Standard's
// sniffing algorithm decides, whether it is certain or tentative, and what
// decided: a byte order mark, the -content-type, a <meta>, an XML
// declaration, or the default. With -detect (and -tld, a hint), a page
// that declares nothing gets the content-based detector's guess and its
// confidence instead of the default.
//
// Exit status:
//
//	0  success
//	1  conversion or I/O error (invalid input with -fatal, an unencodable
//	   character without -html, an unreadable file, a failed write)
//	2  usage error (unknown subcommand or flag, missing or unknown label)
//
// Every subcommand prints its help with -h.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"reflect"
	"strings"
	"syscall"
)

// Exit statuses.
const (
	exitOK    = 0 // success
	exitError = 1 // conversion or I/O error
	exitUsage = 2 // usage error
)

func main() {
	temps := &tempFiles{}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go temps.removeOnSignal(sig, os.Exit)
	os.Exit(runWith(temps, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(c *cli, args []string) int
}

// commands lists the subcommands in the order the usage shows them.
var commands = []command{
	{"decode", "convert from an encoding to UTF-8", runDecode},
	{"encode", "convert from UTF-8 to an encoding", runEncode},
	{"convert", "convert from one encoding to another", runConvert},
	{"sniff", "tell which encoding an HTML page uses, and why", runSniff},
	{"detect", "sniff -detect: guess the encoding of pages that declare none", runDetect},
	{"labels", "list the encodings and their labels", runLabels},
}

// cli is one invocation: its streams.
type cli struct {
	stdin  io.Reader
	stdout *outputTracker
	stderr io.Writer
	// shared is true when standard output and standard error go to the
	// same place (a terminal, or 2>&1): messages then start on a line of
	// their own.
	shared bool
	cmd    string // the subcommand, for messages
	// terminal is true when standard error is a terminal, which shows
	// the progress of batches.
	terminal bool
	// temps records the temporary output files being written.
	temps *tempFiles
	// clearProgress, when not nil, takes a progress line off the
	// terminal before a message.
	clearProgress func()
}

// outputTracker remembers the last byte written to standard output.
type outputTracker struct {
	w    io.Writer
	last byte
	n    int64
}

func (o *outputTracker) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if n > 0 {
		o.last, o.n = p[n-1], o.n+int64(n)
	}
	return n, err
}

// message writes a line to standard error. When standard output goes to
// the same place and its output so far does not end a line (an error in
// the middle of a conversion), it starts a new line first, so that the
// message does not run on from the output.
func (c *cli) message(format string, a ...any) {
	if c.clearProgress != nil {
		c.clearProgress()
	}
	if c.shared && c.stdout.n > 0 && c.stdout.last != '\n' {
		fmt.Fprintln(c.stderr)
		c.stdout.last = '\n'
	}
	fmt.Fprintf(c.stderr, format+"\n", a...)
}

// sameDestination reports whether the writers a and b write to the same
// place: the same value, or files (terminals, pipes) that are the same.
func sameDestination(a, b io.Writer) bool {
	fa, ok1 := a.(*os.File)
	fb, ok2 := b.(*os.File)
	if ok1 && ok2 {
		sa, err1 := fa.Stat()
		sb, err2 := fb.Stat()
		return err1 == nil && err2 == nil && os.SameFile(sa, sb)
	}
	return reflect.TypeOf(a) == reflect.TypeOf(b) && reflect.TypeOf(a).Comparable() && a == b
}

// run runs webenc with args (without the program name) and returns the exit
// status. Tests call it in-process; passing the same writer as stdout and
// stderr gives what a terminal shows.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(nil, args, stdin, stdout, stderr)
}

// runWith is run recording the temporary files it writes in temps (nil:
// not recorded), for main to remove them when a signal ends the program.
func runWith(temps *tempFiles, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: &outputTracker{w: stdout}, stderr: stderr, shared: sameDestination(stdout, stderr), terminal: isTerminal(stderr), temps: temps}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) > 1 {
			// "webenc help CMD" is "webenc CMD -h".
			return run([]string{args[1], "-h"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return exitOK
	}
	for _, cmd := range commands {
		if cmd.name == name {
			c.cmd = name
			return cmd.run(c, args[1:])
		}
	}
	fmt.Fprintf(stderr, "webenc: unknown command %q\n", name)
	if s := closest(name, commandNames(), 2); len(s) > 0 {
		fmt.Fprintf(stderr, "Did you mean %s?\n", strings.Join(s, " or "))
	}
	fmt.Fprintln(stderr, "Run 'webenc -h' for usage.")
	return exitUsage
}

func commandNames() []string {
	var names []string
	for _, cmd := range commands {
		names = append(names, cmd.name)
	}
	return names
}

// usage prints the top-level usage.
func usage(w io.Writer) {
	fmt.Fprint(w, `webenc converts text between the encodings of the WHATWG Encoding Standard.

Usage:
  webenc decode  -f LABEL [-fatal] [FILE...]          LABEL → UTF-8
  webenc encode  -t LABEL [-html|-fatal] [FILE...]    UTF-8 → LABEL
  webenc convert -f LABEL -t LABEL [-html|-fatal] [FILE...]
  webenc sniff   [-content-type VALUE] [-detect] [-tld TLD] [FILE...]
  webenc labels  [LABEL]

Commands:
`)
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", cmd.name, cmd.summary)
	}
	fmt.Fprint(w, `
With no FILE, or with "-", webenc reads standard input. Output goes to
standard output. A LABEL is any of the Standard's labels, e.g. latin1,
windows-1252, sjis, gbk, utf-16le ('webenc labels' lists them all).
A byte order mark at the start of a file decides its encoding, whatever -f
says, and is dropped (the Standard's decode, as in browsers).

decode, encode and convert rewrite a web page's encoding declaration
(<meta charset>, <meta http-equiv="Content-Type">, <?xml encoding>) to name
the output encoding, and put a byte order mark in front of a page converted
to UTF-16 (-keep-declaration: leave the bytes alone; -v: say what was done).

Exit status: 0 success; 1 conversion or I/O error (invalid input with
-fatal, a character the encoding lacks without -html, an unreadable file);
2 usage error (bad command, flag or label).

Run 'webenc COMMAND -h' for the help of a command.
`)
}

// flagSet returns a FlagSet for the current subcommand whose usage prints
// synopsis, description and the flags.
func (c *cli) flagSet(synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet("webenc "+c.cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports errors itself
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: webenc %s %s\n\n%s\n", c.cmd, synopsis, description)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parse parses args with fs, allowing flags after the operands (as in
// "webenc decode page.html -f sjis"); "--" ends the flags. It returns the
// operands, or a non-negative exit status: exitOK after -h (the help went
// to stdout), exitUsage after an error (reported on stderr).
func (c *cli) parse(fs *flag.FlagSet, args []string) ([]string, int) {
	var operands []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(c.stdout)
			fs.Usage()
			return nil, exitOK
		}
		if err != nil {
			return nil, c.usageError("%v", err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return operands, -1
		}
		// fs.Parse stops at the first operand or after "--".
		if len(args)-len(rest) > 0 && args[len(args)-len(rest)-1] == "--" {
			return append(operands, rest...), -1
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// usageError reports a usage error and returns exitUsage.
func (c *cli) usageError(format string, a ...any) int {
	c.message("webenc %s: %s", c.cmd, fmt.Sprintf(format, a...))
	fmt.Fprintf(c.stderr, "Run 'webenc %s -h' for usage.\n", c.cmd)
	return exitUsage
}

// fail reports a conversion or I/O error and returns exitError.
func (c *cli) fail(format string, a ...any) int {
	c.message("webenc %s: %s", c.cmd, fmt.Sprintf(format, a...))
	return exitError
}

// input is one input file, opened.
type input struct {
	name string // for messages: the path, or "stdin"
	r    io.Reader
	f    *os.File // to close; nil for stdin
}

// open opens the input operand name ("-" is standard input).
func (c *cli) open(name string) (*input, error) {
	if name == "-" {
		return &input{name: "stdin", r: c.stdin}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return &input{name: name, r: f, f: f}, nil
}

func (in *input) close() {
	if in.f != nil {
		in.f.Close()
	}
}

// operandsOrStdin returns files, or "-" when there are none.
func operandsOrStdin(files []string) []string {
	if len(files) == 0 {
		return []string{"-"}
	}
	return files
}

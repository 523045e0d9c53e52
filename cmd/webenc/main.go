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
	{"fix", "undo mojibake (text decoded with the wrong encoding)", runFix},
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

// usage prints the top-level usage: the overview of the manual.
func usage(w io.Writer) {
	fmt.Fprint(w, `webenc converts text between the encodings of the WHATWG Encoding Standard,
converts whole directory trees, and tells which encoding a web page uses.

Usage:
  webenc COMMAND [FLAGS] [FILE...]

Commands:
`)
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", cmd.name, cmd.summary)
	}
	fmt.Fprintf(w, "  %-8s %s\n", "help", "this overview; 'webenc help COMMAND': the help of a command")
	fmt.Fprint(w, `
With no FILE, or with "-", webenc reads standard input. Output goes to
standard output, or with 'convert -o OUTDIR' into a directory that mirrors
the inputs (each file written whole or not at all). A LABEL is any of the
Standard's labels, e.g. latin1, windows-1252, sjis, gbk, utf-16le ('webenc
labels' lists them all).

decode and convert without -f (or with -f auto) decide each file's encoding
by its own evidence, as browsers do: a byte order mark, a <meta> or XML
declaration, else the content-based detector (-v says which). A byte order
mark decides the encoding whatever -f says, and is dropped; when -f
contradicts a page's declaration a warning says so.

decode, encode and convert rewrite a web page's encoding declaration
(<meta charset>, <meta http-equiv="Content-Type">, <?xml encoding>) to name
the output encoding, and put a byte order mark in front of a page converted
to UTF-16 (-keep-declaration: leave the bytes alone; -v: say what was done).

With several files, a file that fails is reported and the others are still
done. A directory is walked by sniff, detect and convert -o, and is an error
of its own elsewhere. On a terminal, progress shows on standard error; a
summary ends a run that writes a tree or has failures.

Exit status: 0 success; 1 conversion or I/O error (invalid input with
-fatal, a character the encoding lacks without -html, an unreadable file),
after the other files were done; 2 usage error (bad command, flag or label);
128+N ended by signal N (the output being written is removed).

Examples:
  webenc decode page.html                      # by the page's own evidence
  webenc decode -f windows-1252 notes.txt
  webenc convert -t utf-8 -o site.utf8 site    # a whole tree
  webenc convert -f sjis -t euc-jp page.html > page-euc.html
  webenc detect -tld jp old/

Run 'webenc help COMMAND' (or 'webenc COMMAND -h') for the help of a command.
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

package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/mojibake"
)

// runFix is "webenc fix": undo mojibake in UTF-8 text (package mojibake).
func runFix(c *cli, args []string) int {
	fs := c.flagSet("[-explain] [-o OUT] [FILE...]", `Undo mojibake in each FILE (standard input if none), UTF-8 text that was
decoded with the wrong encoding somewhere ("CrÃ¨me brÃ»lÃ©e" -> "Crème
brûlée", "Ïðèâåò" -> "Привет"), and write the repaired text to standard
output (or OUT). Clean text is written unchanged, byte for byte; invalid
UTF-8 is left as it is. Each file is repaired line by line in constant
memory.

With -explain, each repair is also reported on standard error as
"FILE: bytes START–END: encoded as ENCODING, decoded as ENCODING"
(byte offsets in the input, END exclusive); -explain reads each file whole.`)
	explain := fs.Bool("explain", false, "report each repair on standard error")
	outName := fs.String("o", "", "write to `OUT` instead of standard output")
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	var w io.Writer = c.stdout
	var out *bufio.Writer
	if *outName != "" {
		f, err := os.Create(*outName)
		if err != nil {
			return c.fail("%v", err)
		}
		defer f.Close()
		out = bufio.NewWriter(f)
		w = out
	}
	st = c.each(files, func(in *input) error {
		if !*explain {
			_, err := io.Copy(w, transform.NewReader(in.r, mojibake.NewFixer()))
			return err
		}
		b, err := io.ReadAll(in.r)
		if err != nil {
			return err
		}
		fixed, steps := mojibake.Explain(string(b))
		for _, s := range steps {
			fmt.Fprintf(c.stderr, "%s: %s\n", in.name, s)
		}
		_, err = io.WriteString(w, fixed)
		return err
	})
	if out != nil {
		if err := out.Flush(); err != nil && st == exitOK {
			return c.fail("%v", err)
		}
	}
	return st
}

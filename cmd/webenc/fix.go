package main

import (
	"bytes"
	"io"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/mojibake"
)

// runFix is "webenc fix": undo mojibake in UTF-8 text (package mojibake),
// with the batch conventions of the converting commands.
func runFix(c *cli, args []string) int {
	fs := c.flagSet("[-explain] [-o OUTDIR] [PATH...]", `Undo mojibake in each FILE (standard input if none): UTF-8 text that was
decoded with the wrong encoding somewhere ("CrÃ¨me brÃ»lÃ©e" -> "Crème
brûlée", "Ïðèâåò" -> "Привет"). The repaired text goes to standard output,
or with -o to files as convert -o writes them (a directory operand is then
walked). A file that looks binary (control bytes other than tab, line
breaks, form feed and escape make more than 1% of its first 64 KiB, UTF-16
without a byte order mark included) is left alone, as decode leaves it:
skipped when -o names a directory, a failure (exit status 1) otherwise.
Clean text is written unchanged, byte for byte; invalid UTF-8 is left as
it is. Each file is repaired line by line in constant memory.

With -explain, each repair is also reported on standard error as
"FILE: bytes START–END: encoded as ENCODING, decoded as ENCODING"
(byte offsets in the input, END exclusive); -explain reads each file whole.`)
	explain := fs.Bool("explain", false, "report each repair on standard error (reads each file whole)")
	outPath := fs.String("o", "", "write the outputs under the directory `OUTDIR` at the inputs' relative paths (one FILE: OUTDIR may name the output file)")
	files, st := c.parse(fs, args)
	if st >= 0 {
		return st
	}
	opts := batchOptions{verb: "fixed", dirHint: "use -o OUTDIR to fix a tree"}
	opts.outputTo(*outPath, files)
	if msg := opts.outFileProblem(files); msg != "" {
		return c.usageError("%s", msg)
	}
	tree := opts.out != "" && !opts.outFile
	buf := make([]byte, detectWindow)
	return c.runBatch(files, opts, func(in *input, w io.Writer) (fileResult, error) {
		head, err := readHead(in, buf)
		if err != nil {
			return fileResult{}, err
		}
		if why := binaryReason(head); why != "" {
			return leaveBinary(tree, why, "fixed", "")
		}
		r := io.MultiReader(bytes.NewReader(head), in.r)
		if !*explain {
			_, err := io.Copy(w, transform.NewReader(r, mojibake.NewFixer()))
			return fileResult{}, err
		}
		b, err := io.ReadAll(r)
		if err != nil {
			return fileResult{}, err
		}
		fixed, steps := mojibake.Explain(string(b))
		for _, s := range steps {
			c.message("%s: %s", in.name, s)
		}
		_, err = io.WriteString(w, fixed)
		return fileResult{}, err
	})
}

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The batch conventions, shared by every command that takes files: each
// operand is done in turn; a file that fails is reported and the rest are
// still done (exit status 1 at the end); a directory is walked when the
// command can take a tree and is an error of that operand otherwise;
// outputs into a directory are written to a temporary file and renamed;
// progress goes to a terminal; a summary ends a run of many files.

// batchOptions says how a command treats its operands.
type batchOptions struct {
	// walk makes a directory operand stand for the files of its tree.
	// Without it a directory is an error of that operand, explained by
	// dirHint.
	walk    bool
	dirHint string
	// out, when not empty, is where outputs go: a directory that mirrors
	// the inputs, or (outFile) the one output file. Empty: standard output.
	out     string
	outFile bool
	// verb says what was done to a file, for the summary ("converted").
	verb string
	// summary asks for the summary even when every file succeeded.
	summary bool
}

// fileResult is what a command tells the batch about one file it did.
type fileResult struct {
	// skipped, when not empty, says why the file was left alone (e.g.
	// "binary (a NUL byte at offset 8): skipped"); nothing is written for
	// it.
	skipped string
	// encoding is the encoding the file was found to be in, for the
	// summary; empty when it does not apply.
	encoding string
}

// batchFunc does one file: it reads in and writes its output, if any, to
// w (standard output, or a temporary file the batch renames into place
// when it returns no error and does not skip the file).
type batchFunc func(in *input, w io.Writer) (fileResult, error)

// batchItem is one file to do.
type batchItem struct {
	path string // to open; "-" is standard input
	rel  string // the output's path relative to the output directory
	// problem, when not empty, is why the file cannot be done (a
	// dangling symlink, a directory that is not walked); fail tells
	// whether that is a failure or only a skip.
	problem string
	fail    bool
}

// batch is one run of a command over its operands.
type batch struct {
	c         *cli
	opts      batchOptions
	items     []batchItem
	done      int
	bytes     int64
	converted int
	skipped   int
	failed    int
	found     map[string]int
	outputs   map[string]string // output path → input, to refuse a second write
	progress  bool              // stderr is a terminal: show progress
	shown     bool              // a progress line is on the terminal
	lastShow  time.Time
}

// runBatch runs do on every file of operands (standard input if there are
// none) with the batch conventions and returns the exit status.
func (c *cli) runBatch(operands []string, opts batchOptions, do batchFunc) int {
	b := &batch{c: c, opts: opts, found: map[string]int{}, outputs: map[string]string{}}
	// Progress shares the terminal with standard output only when the
	// output goes to files: it would break into the text otherwise.
	b.progress = c.terminal && (opts.out != "" || !c.shared)
	for _, op := range operandsOrStdin(operands) {
		b.items = append(b.items, b.expand(op)...)
	}
	c.clearProgress = b.clear
	defer func() { c.clearProgress = nil }()
	for _, it := range b.items {
		b.one(it, do)
		b.done++
		b.showProgress()
	}
	b.clear()
	if len(b.items) > 1 && (opts.summary || b.failed > 0 || b.skipped > 0) {
		b.printSummary()
	}
	if b.failed > 0 {
		return exitError
	}
	return exitOK
}

// outputTo sets the options for -o out (when not empty) with operands:
// out is a directory that mirrors the inputs, walked, unless there is one
// operand, not a directory, and out is not an existing directory, when out
// is that operand's output file.
func (opts *batchOptions) outputTo(out string, operands []string) {
	if out == "" {
		return
	}
	opts.out, opts.walk, opts.summary = out, true, true
	if info, err := os.Stat(out); err == nil && info.IsDir() || len(operands) > 1 {
		return
	}
	for _, op := range operands {
		if info, err := os.Stat(op); err == nil && info.IsDir() {
			return
		}
	}
	opts.outFile = true
}

// outFileProblem says what is wrong with -o when it names an existing
// file (not a directory) while the operands need a directory: several of
// them, or a directory; "" when nothing is.
func (opts *batchOptions) outFileProblem(operands []string) string {
	if opts.out == "" || opts.outFile {
		return ""
	}
	if info, err := os.Stat(opts.out); err != nil || info.IsDir() {
		return "" // a directory, or one to be made
	}
	return fmt.Sprintf("-o %s is a file: with several inputs or a directory, -o names the output directory", opts.out)
}

// leaveBinary is the outcome of a file that looks binary (why says so):
// skipped in a tree, where the outputs are the text files of the input
// tree, and a failure otherwise, where the caller expects an output. verb
// says what was not done ("decoded"); hint, when not empty, what to do.
func leaveBinary(tree bool, why, verb, hint string) (fileResult, error) {
	if tree {
		return fileResult{skipped: "binary (" + why + "): skipped"}, nil
	}
	msg := fmt.Sprintf("binary (%s): not %s", why, verb)
	if hint != "" {
		msg += "; " + hint
	}
	return fileResult{}, errors.New(msg)
}

// expand returns the files operand op stands for: itself, or with
// opts.walk the regular files of its tree in lexical order.
func (b *batch) expand(op string) []batchItem {
	if op == "-" {
		return []batchItem{{path: op, rel: "stdin"}}
	}
	info, err := os.Stat(op)
	if err != nil || !info.IsDir() {
		// Opening reports what is wrong with it.
		return []batchItem{{path: op, rel: filepath.Base(op)}}
	}
	if !b.opts.walk {
		return []batchItem{{path: op, problem: "is a directory; " + b.opts.dirHint, fail: true}}
	}
	var items []batchItem
	root, rootErr := realPath(op)
	err = filepath.WalkDir(op, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(op, path)
		if err != nil {
			items = append(items, batchItem{path: path, rel: rel, problem: errorText(err, path), fail: true})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if path != op && b.isOutputDir(path) {
				return fs.SkipDir // do not convert the outputs of this run
			}
			return nil
		}
		it := batchItem{path: path, rel: rel}
		switch mode := d.Type(); {
		case mode&fs.ModeSymlink != 0:
			it.problem = symlinkProblem(path, root, rootErr)
		case !mode.IsRegular():
			it.problem = "not a regular file (" + mode.String() + "): skipped"
		}
		items = append(items, it)
		return nil
	})
	if err != nil {
		items = append(items, batchItem{path: op, problem: err.Error(), fail: true})
	}
	return items
}

// symlinkProblem tells why the symbolic link path, met in the tree whose
// real path is root, is not converted; "" when it is: a link to a regular
// file inside the tree is read like that file. Links to directories are
// never followed and links out of the tree are skipped, so that a walk
// stays inside the tree it was given.
func symlinkProblem(path, root string, rootErr error) string {
	target, err := realPath(path)
	if err != nil {
		dest, _ := os.Readlink(path)
		return fmt.Sprintf("dangling symbolic link to %q: skipped", dest)
	}
	if rootErr != nil || !within(target, root) {
		return fmt.Sprintf("symbolic link to %s, outside the tree: skipped", target)
	}
	info, err := os.Stat(target)
	switch {
	case err != nil:
		return err.Error()
	case info.IsDir():
		return "symbolic link to a directory: not followed"
	case !info.Mode().IsRegular():
		return "symbolic link to a file that is not regular: skipped"
	}
	return ""
}

// realPath is the absolute path of path with every symbolic link
// resolved.
func realPath(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// within reports whether path is root or below it (both clean and absolute).
func within(path, root string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// isOutputDir reports whether dir is the output directory of this run.
func (b *batch) isOutputDir(dir string) bool {
	if b.opts.out == "" || b.opts.outFile {
		return false
	}
	a, err1 := os.Stat(dir)
	o, err2 := os.Stat(b.opts.out)
	return err1 == nil && err2 == nil && os.SameFile(a, o)
}

// one does the file it and records the outcome.
func (b *batch) one(it batchItem, do batchFunc) {
	name := it.path
	if name == "-" {
		name = "stdin"
	}
	if it.problem != "" {
		b.report(name, it.problem, it.fail)
		return
	}
	in, err := b.c.open(it.path)
	if err != nil {
		b.report(name, errorText(err, it.path), true)
		return
	}
	defer in.close()
	counted := &countingReader{r: in.r}
	in.r = counted
	res, err := b.write(it, in, do)
	b.bytes += counted.n
	switch {
	case err != nil:
		b.report(in.name, err.Error(), true)
	case res.skipped != "":
		b.report(in.name, res.skipped, false)
	default:
		b.converted++
		if res.encoding != "" {
			b.found[res.encoding]++
		}
	}
}

// write runs do on in with the output where the options say.
func (b *batch) write(it batchItem, in *input, do batchFunc) (fileResult, error) {
	if b.opts.out == "" {
		return do(in, b.c.stdout)
	}
	dest := b.opts.out
	if !b.opts.outFile {
		if it.path == "-" {
			return fileResult{}, errors.New("standard input has no name to write under the output directory; give -o FILE")
		}
		dest = filepath.Join(b.opts.out, it.rel)
	}
	if prev, ok := b.outputs[dest]; ok {
		return fileResult{}, fmt.Errorf("%s would overwrite the output of %s; convert them in separate runs", dest, prev)
	}
	b.outputs[dest] = in.name
	out := &atomicFile{dest: dest, mode: 0o644, temps: b.c.temps}
	if in.f != nil {
		if info, err := in.f.Stat(); err == nil {
			out.mode = info.Mode().Perm()
		}
	}
	res, err := do(in, out)
	if err != nil || res.skipped != "" {
		out.abort()
		return res, err
	}
	return res, out.commit()
}

// report tells about a file that failed (fail) or was skipped.
func (b *batch) report(name, problem string, fail bool) {
	if fail {
		b.failed++
	} else {
		b.skipped++
	}
	b.c.message("webenc %s: %s: %s", b.c.cmd, name, problem)
}

// errorText is the message of err about the file at path, without the
// operation and path os.Open puts in front.
func errorText(err error, path string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err.Error()
	}
	return err.Error()
}

// printSummary tells what the run did.
func (b *batch) printSummary() {
	verb := b.opts.verb
	if verb == "" {
		verb = "done"
	}
	line := fmt.Sprintf("webenc %s: %d files, %s: %d %s, %d skipped, %d failed",
		b.c.cmd, len(b.items), byteSize(b.bytes), b.converted, verb, b.skipped, b.failed)
	if len(b.found) > 0 {
		names := make([]string, 0, len(b.found))
		for n := range b.found {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool {
			if b.found[names[i]] != b.found[names[j]] {
				return b.found[names[i]] > b.found[names[j]]
			}
			return names[i] < names[j]
		})
		for i, n := range names {
			names[i] = fmt.Sprintf("%s %d", n, b.found[n])
		}
		line += "; encodings: " + strings.Join(names, ", ")
	}
	b.c.message("%s", line)
}

// showProgress puts "files done / total, bytes" on the terminal, at most
// ten times a second.
func (b *batch) showProgress() {
	if !b.progress || len(b.items) < 2 || time.Since(b.lastShow) < 100*time.Millisecond && b.done < len(b.items) {
		return
	}
	b.lastShow = time.Now()
	fmt.Fprintf(b.c.stderr, "\r\033[Kwebenc %s: %d/%d files, %s", b.c.cmd, b.done, len(b.items), byteSize(b.bytes))
	b.shown = true
}

// clear removes the progress line, so that a message can take its place.
func (b *batch) clear() {
	if b.shown {
		fmt.Fprint(b.c.stderr, "\r\033[K")
		b.shown = false
	}
}

// byteSize renders n bytes for people.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// atomicFile is an output file written to a temporary file in its
// directory and renamed into place by commit, so that a failed or
// interrupted conversion leaves no half-written file. The directory and
// the temporary file are made at the first write, so a skipped input
// leaves nothing behind.
type atomicFile struct {
	dest  string
	mode  fs.FileMode
	temps *tempFiles
	f     *os.File
	err   error
}

func (a *atomicFile) Write(p []byte) (int, error) {
	if a.f == nil && a.err == nil {
		a.err = a.create()
	}
	if a.err != nil {
		return 0, a.err
	}
	return a.f.Write(p)
}

// create makes the temporary file beside dest.
func (a *atomicFile) create() error {
	dir := filepath.Dir(a.dest)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := a.temps.createTemp(a.dest)
	a.f = f
	return err
}

// commit renames the output into place (an empty output too).
func (a *atomicFile) commit() error {
	if a.f == nil && a.err == nil {
		a.err = a.create()
	}
	if a.err != nil {
		return a.err
	}
	err := a.f.Chmod(a.mode)
	if cerr := a.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.f.Name(), a.dest)
	}
	if err != nil {
		os.Remove(a.f.Name())
	}
	a.temps.forget(a.f.Name())
	return err
}

// abort removes the temporary file.
func (a *atomicFile) abort() {
	if a.f != nil {
		a.f.Close()
		os.Remove(a.f.Name())
		a.temps.forget(a.f.Name())
	}
}

// tempFiles records the temporary files being written, so that a signal
// that ends the program (Ctrl-C) does not leave them behind. A nil
// *tempFiles records nothing.
type tempFiles struct {
	mu    sync.Mutex
	paths map[string]bool
}

// createTemp creates a temporary file beside dest and records it.
func (t *tempFiles) createTemp(dest string) (*os.File, error) {
	if t != nil {
		t.mu.Lock()
		defer t.mu.Unlock()
	}
	pattern := "." + filepath.Base(dest) + ".webenc-*"
	if len(pattern) > 200 {
		pattern = ".webenc-*" // a name near the file system's limit of 255 bytes
	}
	f, err := os.CreateTemp(filepath.Dir(dest), pattern)
	if err == nil && t != nil {
		if t.paths == nil {
			t.paths = map[string]bool{}
		}
		t.paths[f.Name()] = true
	}
	return f, err
}

// forget stops recording path, renamed into place or removed.
func (t *tempFiles) forget(path string) {
	if t != nil {
		t.mu.Lock()
		delete(t.paths, path)
		t.mu.Unlock()
	}
}

// removeOnSignal waits for a signal on sig, removes the temporary files
// and calls exit with 128 plus the signal's number, as shells report a
// program a signal ended. The lock stays held: no file is created after.
func (t *tempFiles) removeOnSignal(sig <-chan os.Signal, exit func(int)) {
	s := <-sig
	t.mu.Lock()
	for p := range t.paths {
		os.Remove(p)
	}
	code := 128 + 2
	if n, ok := s.(syscall.Signal); ok {
		code = 128 + int(n)
	}
	exit(code)
}

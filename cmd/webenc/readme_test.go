package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestREADMEExamples runs the command-line examples of README.md,
// CONTRIBUTING.md and docs/*.md and compares what they print with what the
// files show. The examples are the ```console blocks: a line "$ COMMAND"
// followed by the lines a terminal shows (standard output and standard
// error together, as written). A COMMAND is "webenc ARGS" or "go run
// ./cmd/webenc ARGS", optionally fed by "printf 'TEXT' |", piped into more
// webenc commands or "od -An -tx1", and optionally ending in "> FILE" (a
// file later commands of the same document can read).
func TestREADMEExamples(t *testing.T) {
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, doc := range append([]string{"../../README.md", "../../CONTRIBUTING.md"}, docs...) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		examples := consoleExamples(string(text))
		total += len(examples)
		name := strings.TrimPrefix(doc, "../../")
		tmp := t.TempDir()
		t.Run(name, func(t *testing.T) {
			t.Chdir("../..") // the documents' commands run from the module root
			for _, ex := range examples {
				got, err := runShellLine(ex.command, tmp)
				if err != nil {
					t.Errorf("%s:%d: %s: %v", name, ex.line, ex.command, err)
					continue
				}
				if !strings.HasSuffix(got, "\n") && got != "" {
					got += "\n" // the shell's prompt would start a new line
				}
				if got != ex.output {
					t.Errorf("%s:%d: $ %s\nthe document shows:\n%s\nthe command prints:\n%s", name, ex.line, ex.command, ex.output, got)
				}
			}
		})
	}
	if total < 8 {
		t.Fatalf("found %d examples in the documents' console blocks; the parser or the documents changed", total)
	}
}

// consoleExample is one "$ command" of a console block and what the README
// shows it printing.
type consoleExample struct {
	line    int // of the command in README.md
	command string
	output  string
}

// consoleExamples returns the examples of text's ```console blocks.
func consoleExamples(text string) []consoleExample {
	var out []consoleExample
	in := false
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```console"):
			in = true
		case in && strings.HasPrefix(line, "```"):
			in = false
		case in && strings.HasPrefix(line, "$ "):
			out = append(out, consoleExample{line: i + 1, command: strings.TrimPrefix(line, "$ ")})
		case in && len(out) > 0:
			out[len(out)-1].output += line + "\n"
		}
	}
	return out
}

// runShellLine runs one README command line in-process and returns what a
// terminal shows. Files written with "> FILE" go to dir.
func runShellLine(line, dir string) (string, error) {
	var terminal bytes.Buffer
	redirect := ""
	if i := strings.LastIndex(line, " > "); i >= 0 {
		redirect, line = strings.TrimSpace(line[i+3:]), line[:i]
	}
	var stdin []byte
	stages := strings.Split(line, " | ")
	for n, stage := range stages {
		words, err := splitWords(stage)
		if err != nil {
			return "", err
		}
		last := n == len(stages)-1
		switch {
		case len(words) == 2 && words[0] == "printf" && n == 0:
			s, err := printfText(words[1])
			if err != nil {
				return "", err
			}
			stdin = []byte(s)
			continue
		case strings.Join(words, " ") == "od -An -tx1":
			stdin = []byte(hexDump(stdin))
			if last {
				terminal.Write(stdin)
			}
			continue
		}
		goRun := len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/webenc"
		switch {
		case goRun:
			words = words[3:]
		case len(words) > 0 && words[0] == "webenc":
			words = words[1:]
		default:
			return "", fmt.Errorf("cannot run %q", stage)
		}
		for i, w := range words {
			if fileExists(filepath.Join(dir, w)) {
				words[i] = filepath.Join(dir, w)
			}
		}
		var stdout bytes.Buffer
		var st int
		switch {
		case last && redirect == "":
			// A terminal: standard output and standard error together.
			st = run(words, bytes.NewReader(stdin), &terminal, &terminal)
		default:
			st = run(words, bytes.NewReader(stdin), &stdout, &terminal)
		}
		if goRun && st != 0 {
			fmt.Fprintf(&terminal, "exit status %d\n", st)
		}
		stdin = stdout.Bytes()
	}
	if redirect != "" {
		if err := os.WriteFile(filepath.Join(dir, redirect), stdin, 0o644); err != nil {
			return "", err
		}
	}
	return strings.ReplaceAll(terminal.String(), dir+string(filepath.Separator), ""), nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// splitWords splits a command into words as a POSIX shell does for the
// README's commands: blanks separate words, and '…' and "…" quote.
func splitWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unterminated quote in %q", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += 1 + j
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// printfText interprets printf's format escapes \n, \\ and \xHH (the
// README's printf commands use no % directives).
func printfText(format string) (string, error) {
	if strings.Contains(format, "%") {
		return "", fmt.Errorf("printf %q: %% directives are not supported", format)
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '\\' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		switch format[i] {
		case 'n':
			b.WriteByte('\n')
		case '\\':
			b.WriteByte('\\')
		case 'x':
			if i+2 >= len(format) {
				return "", fmt.Errorf("printf %q: short \\x", format)
			}
			v, err := strconv.ParseUint(format[i+1:i+3], 16, 8)
			if err != nil {
				return "", fmt.Errorf("printf %q: %v", format, err)
			}
			b.WriteByte(byte(v))
			i += 2
		default:
			return "", fmt.Errorf("printf %q: unsupported escape", format)
		}
	}
	return b.String(), nil
}

// hexDump is what "od -An -tx1" prints: 16 bytes per line, each as " xx".
func hexDump(b []byte) string {
	var s strings.Builder
	for len(b) > 0 {
		n := min(16, len(b))
		for _, c := range b[:n] {
			fmt.Fprintf(&s, " %02x", c)
		}
		s.WriteByte('\n')
		b = b[n:]
	}
	return s.String()
}

// TestREADMEShellHelpers checks the helpers against what a POSIX shell,
// printf and od do, written by hand.
func TestREADMEShellHelpers(t *testing.T) {
	words, err := splitWords(`sniff -content-type 'text/html; charset=EUC-JP' "a b"c d`)
	if err != nil || strings.Join(words, "|") != "sniff|-content-type|text/html; charset=EUC-JP|a bc|d" {
		t.Errorf("splitWords = %q, %v", words, err)
	}
	if s, err := printfText(`Gr\xC3\xBC\\n\n`); err != nil || s != "Grü\\n\n" {
		t.Errorf("printfText = %q, %v", s, err)
	}
	if s := hexDump([]byte("0123456789abcdefg")); s != " 30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66\n 67\n" {
		t.Errorf("hexDump = %q", s)
	}
	ex := consoleExamples("x\n```console\n$ webenc a\nout 1\n\nout 2\n$ webenc b\n```\n$ not\n```sh\n$ no\n```\n")
	if len(ex) != 2 || ex[0].command != "webenc a" || ex[0].output != "out 1\n\nout 2\n" || ex[1].output != "" || ex[0].line != 3 {
		t.Errorf("consoleExamples = %+v", ex)
	}
}

package webenc

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// Every relative link of the module's Markdown files resolves: the file or
// directory exists and a #fragment names a heading of the target, as
// GitHub makes heading anchors.
func TestMarkdownLinks(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files := append([]string{"README.md", "CONTRIBUTING.md"}, docs...)
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	n := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(stripCode(string(text)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			n++
			path, frag, _ := strings.Cut(target, "#")
			if path == "" {
				path = f
			} else {
				path = filepath.Join(filepath.Dir(f), path)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %q: %v", f, target, err)
				continue
			}
			if frag == "" {
				continue
			}
			body, err := os.ReadFile(path)
			if err != nil || !anchors(string(body))[frag] {
				t.Errorf("%s: link %q: no heading with anchor #%s in %s", f, target, frag, path)
			}
		}
	}
	if n < 10 {
		t.Errorf("found only %d relative links; the parser or the documents changed", n)
	}
}

// stripCode removes fenced code blocks, whose brackets are not links.
func stripCode(s string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// text: lower case, punctuation but '-' and '_' removed, spaces made '-',
// and "-1", "-2", … after repeats.
func anchors(s string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, line := range strings.Split(stripCode(s), "\n") {
		h := strings.TrimLeft(line, "#")
		if h == line || !strings.HasPrefix(h, " ") {
			continue
		}
		var a strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				a.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
				a.WriteRune(r)
			}
		}
		id := a.String()
		if k := seen[id]; k > 0 {
			out[id+"-"+strconv.Itoa(k)] = true
		} else {
			out[id] = true
		}
		seen[id]++
	}
	return out
}

// anchors follows GitHub on the kinds of headings the documents have.
func TestAnchors(t *testing.T) {
	a := anchors("# Switching from x/text\n## x/net/html/charset → whatwg/charset\n```\n# not\n```\n## Naming an encoding: x/text's indexes, MIME\n## C1 bytes\n## C1 bytes\n")
	for _, want := range []string{"switching-from-xtext", "xnethtmlcharset--whatwgcharset", "naming-an-encoding-xtexts-indexes-mime", "c1-bytes", "c1-bytes-1"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not"] {
		t.Error("a heading inside a code block got an anchor")
	}
}

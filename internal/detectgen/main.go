// Command detectgen writes whatwg/charset/internal/detect/tables, the statistics of webenc's
// content-based encoding detector (whatwg/charset/internal/detect), from the
// Wikipedia corpus (../shared/corpus/wikipedia) and the UDHR corpus beside
// it (../shared/corpus/udhr).
//
//	go run ./internal/detectgen [-corpus DIR] [-udhr DIR] [-check]
//	go run ./internal/detectgen -exclude udhr/pol -out /tmp/tables.go
//
// Run it from the module root. With -check it writes nothing and exits 1 if
// the committed tables differ from what the corpus gives. When the corpus is
// absent it says so and exits 0. Running it twice changes nothing.
// -exclude leaves one text out of training, with its language's dictionary
// and CLDR words when no other text of the language trains, for
// internal/detecteval's leave-one-language-out run (lolo.sh);
// -exclude-source leaves a whole source (udhr, wiki) out, for its
// leave-one-source-out run (lolo.sh -source). Some languages also train on the words of a
// Debian hunspell dictionary (dicts.go; -dicts names their folder,
// /usr/share/hunspell by default; Welsh's is aspell-cy's word list in
// /usr/share/aspell), which scripts/detect-dicts.sh installs
// at the versions the generated header names, and some on the words of
// CLDR's localized names (cldr.go; -cldr names the folder
// scripts/detect-cldr.sh unpacks the npm packages into).
//
// Languages: internal/detecteval's Inventory decides which family of
// encodings serves each text (the HTML Standard's locale table, then
// which encodings can write the text) and which texts train: the
// Wikipedia texts and one UDHR translation of every other language its
// family serves. One model per family is trained on the first
// TrainPercent (70) percent of each of its texts, cut at the next line
// break, put in the form the family's first encoding writes it in
// (detecteval.Form); the rest of each text is held back for evaluation
// (whatwg/charset's TestDetectAccuracy, `go run ./bench -detect`,
// internal/detecteval's TestSecondSet). LANG.html is never read.
//
// The model, per family: every decoded character belongs to a class
// (the most frequent letters, punctuation and symbols of the family's
// text, case-folded, each get their own class; everything else falls into
// generic classes such as "space", "ASCII punctuation", "letter of another
// script", "box drawing", "C1 control"); costs are quantized negative log2
// probabilities of a class given the previous class (a class bigram model
// that backs off to the bigram of the generic classes — what follows a
// Latin letter, a letter of the main script, a space — times the class's
// share of its generic class, then to the class unigram), plus, for a character of a generic
// class, the log2 probability of the character within its class. For the
// CJK groups the bigram is over generic classes only and every
// double-byte pointer gets its own within-class cost (a unigram model with
// Good-Turing style smoothing).
//
// A single-byte family of several languages (and every Latin-script
// family) also gets a mixture of its languages (languageCosts): the
// languages are grouped by their non-ASCII letters into at most
// maxComponents components, each with the cost of every class of
// non-ASCII character and, for a Latin-script family, of every pair of
// ASCII letter symbols (asciiCosts: a..z case-folded, and one symbol for
// everything else), against a reference of the pairs over every
// Latin-script family's text (letterRef) that the other families give.
//
// Files: main.go (flags, generate), corpus.go (the families and their
// training texts), classes.go (the generic classes, case), train.go (the
// class model), mixture.go (the mixture of languages and the ASCII letter
// pairs), within.go (within-class costs), pointers.go (the double-byte
// pointer spaces), write.go (the generated source), dicts.go and cldr.go
// (the dictionaries' and CLDR's words).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"

	"github.com/webenc/webenc/internal/detecteval"
)

// main parses the flags and writes or checks the tables.
func main() {
	corpus := flag.String("corpus", filepath.Join("..", "shared", "corpus", "wikipedia"), "folder with the Wikipedia corpus's LANG.txt files")
	udhr := flag.String("udhr", "", "folder with the UDHR corpus (default: the corpus folder's sibling udhr)")
	out := flag.String("out", filepath.Join("whatwg", "charset", "internal", "detect", "tables", "tables.go"), "file to write")
	check := flag.Bool("check", false, "write nothing; fail if the committed tables differ")
	dicts := flag.String("dicts", filepath.Join("/usr", "share", "hunspell"), "folder with the hunspell dictionaries of the dictionaries list (scripts/detect-dicts.sh installs them)")
	cldrDir := flag.String("cldr", defaultCLDRDir(), "folder with the unpacked CLDR npm packages of cldrPackages (scripts/detect-cldr.sh fetches them there)")
	exclude := flag.String("exclude", "", "leave the text with this ID (e.g. udhr/pol) out of training, and its language's dictionary and CLDR words unless another text of the language trains (for a leave-one-language-out evaluation; write the tables elsewhere with -out)")
	excludeSource := flag.String("exclude-source", "", "leave every text of this source (udhr or wiki) out of training, keeping the dictionaries and CLDR words (for a leave-one-source-out evaluation; write the tables elsewhere with -out)")
	flag.Parse()
	if st, err := os.Stat(*corpus); err != nil || !st.IsDir() {
		fmt.Printf("detectgen: corpus %s not found; nothing to do\n", *corpus)
		return
	}
	if *udhr == "" {
		*udhr = detecteval.UDHRDir(*corpus)
	}
	if st, err := os.Stat(*udhr); err != nil || !st.IsDir() {
		fmt.Printf("detectgen: UDHR corpus %s not found; nothing to do\n", *udhr)
		return
	}
	src, err := generate(*corpus, *udhr, *dicts, *cldrDir, *exclude, *excludeSource)
	if err != nil {
		fmt.Fprintln(os.Stderr, "detectgen:", err)
		os.Exit(1)
	}
	if *check {
		old, err := os.ReadFile(*out)
		if err != nil || !bytes.Equal(old, src) {
			fmt.Fprintf(os.Stderr, "detectgen: %s differs from what %s gives; run go run ./internal/detectgen\n", *out, *corpus)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "detectgen:", err)
		os.Exit(1)
	}
}

// generate trains the model of every family on the corpus and returns the
// formatted source of the tables package.
func generate(wikiDir, udhrDir, dictDir, cldrDir, exclude, excludeSource string) ([]byte, error) {
	langs, err := detecteval.Inventory(wikiDir, udhrDir)
	if err != nil {
		return nil, err
	}
	heldOut := leaveOut(langs, exclude, excludeSource)
	groups, err := groupsOf(langs)
	if err != nil {
		return nil, err
	}
	t, err := trainGroups(groups, langs, heldOut, dictDir, cldrDir)
	if err != nil {
		return nil, err
	}
	var w bytes.Buffer
	writeHeader(&w, groups, t.dictIDs)
	writeDeclarations(&w)
	writeModels(&w, groups, t.models, t.asciiRef)
	writeSingleBytes(&w, t.models, t.index)
	for _, pt := range cjkPointerTables(t.models, t.index) {
		if err := pt.write(&w); err != nil {
			return nil, err
		}
	}
	src, err := format.Source(w.Bytes())
	if err != nil {
		return w.Bytes(), err
	}
	return src, nil
}

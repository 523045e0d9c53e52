package specdata

import (
	"fmt"
	"os"
)

// RequireEnv names the environment variable that makes missing data an
// error: with WEBENC_REQUIRE_DATA=1 (which .ci/run exports) a test that
// needs the Standard's data or the corpus fails instead of skipping, so CI
// cannot pass without running them.
const RequireEnv = "WEBENC_REQUIRE_DATA"

// Required reports whether missing data must fail the tests
// ($WEBENC_REQUIRE_DATA is 1).
func Required() bool { return os.Getenv(RequireEnv) == "1" }

// TB is the part of testing.TB the helpers below use (kept as an interface
// so that the generator, which imports this package, does not link
// package testing).
type TB interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
}

// Missing stops tb because what (e.g. "the Standard's data") is not at
// dir: it skips, or fails when Required, with a message that says how to
// provide it (env is the variable that overrides dir). Every test that
// needs data from outside the module goes through here, so none can skip
// silently in CI.
func Missing(tb TB, what, dir, env string) {
	tb.Helper()
	msg := fmt.Sprintf("%s not found at %s (or set $%s)", what, dir, env)
	if Required() {
		tb.Fatal(msg + "; failing because $" + RequireEnv + "=1")
	}
	tb.Skip(msg)
}

// WHATWG returns the folder of the Standard's data (WHATWGDir), or stops
// tb through Missing when it is absent, which happens only outside a clone
// (the module zip leaves third_party/whatwg out).
func WHATWG(tb TB) string {
	tb.Helper()
	return need(tb, WHATWGDir, "the WHATWG Encoding Standard's data (index files, encodings.json; a clone has it in "+WHATWGRel+")", "WEBENC_WHATWG")
}

// CorpusHelp says what the corpus is and how to get it; every test that
// skips for want of it says this once.
const CorpusHelp = "the corpus (Wikipedia and UDHR texts, not in the repository: " +
	"CONTRIBUTING.md, \"Test data\", says how to get it)"

// Corpus returns the folder of the benchmark corpus (CorpusDir), or stops
// tb through Missing when it is absent, counting the skip for Main.
func Corpus(tb TB) string {
	tb.Helper()
	dir, ok := CorpusDir()
	if !ok {
		if !Required() {
			corpusSkips.Add(1)
		}
		Missing(tb, CorpusHelp, dir, "WEBENC_CORPUS")
	}
	return dir
}

// need returns the folder locate finds, or stops tb through Missing.
func need(tb TB, locate func() (string, bool), what, env string) string {
	tb.Helper()
	dir, ok := locate()
	if !ok {
		Missing(tb, what, dir, env)
	}
	return dir
}

// CheckOptional is for tests and fuzz targets that still check something
// without the data but check more with it (e.g. against a reference built
// from the index files): it reports whether the Standard's data is
// present, and when it is absent and Required, fails tb.
func CheckOptional(tb TB) bool {
	tb.Helper()
	dir, ok := WHATWGDir()
	if !ok && Required() {
		tb.Fatal(fmt.Sprintf("the WHATWG Encoding Standard's data not found at %s (a clone has it in %s, or set $WEBENC_WHATWG); failing because $%s=1", dir, WHATWGRel, RequireEnv))
	}
	return ok
}

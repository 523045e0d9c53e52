package specdata

import (
	"strings"
	"testing"
)

// fakeTB records whether a helper skipped or failed, and stops there.
type fakeTB struct{ skipped, failed, msg string }

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Skip(args ...any)  { f.skipped = "skip"; f.msg = args[0].(string); panic(f) }
func (f *fakeTB) Fatal(args ...any) { f.failed = "fail"; f.msg = args[0].(string); panic(f) }

func run(fn func(TB)) (f *fakeTB) {
	f = &fakeTB{}
	defer func() { recover() }()
	fn(f)
	return f
}

// TestMissing checks that missing data skips by default and fails, with a
// message naming the variable, when WEBENC_REQUIRE_DATA=1.
func TestMissing(t *testing.T) {
	t.Setenv("WEBENC_WHATWG", t.TempDir()+"/absent")
	t.Setenv("WEBENC_CORPUS", t.TempDir()+"/absent")
	for _, req := range []string{"", "0", "1"} {
		t.Setenv(RequireEnv, req)
		for name, fn := range map[string]func(TB){
			"WHATWG":        func(tb TB) { WHATWG(tb) },
			"Corpus":        func(tb TB) { Corpus(tb) },
			"CheckOptional": func(tb TB) { CheckOptional(tb) },
		} {
			f := run(fn)
			switch {
			case req == "1" && (f.failed == "" || !strings.Contains(f.msg, RequireEnv+"=1")):
				t.Errorf("%s with %s=%q: did not fail with a clear message: %+v", name, RequireEnv, req, f)
			case req != "1" && f.failed != "":
				t.Errorf("%s with %s=%q: failed: %+v", name, RequireEnv, req, f)
			case req != "1" && name != "CheckOptional" && f.skipped == "":
				t.Errorf("%s with %s=%q: did not skip: %+v", name, RequireEnv, req, f)
			}
		}
	}
}

// TestPresent checks that present data neither skips nor fails.
func TestPresent(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("WEBENC_WHATWG", dir)
	t.Setenv(RequireEnv, "1")
	var got string
	f := run(func(tb TB) { got = WHATWG(tb) })
	if f.failed != "" || f.skipped != "" || got != dir {
		t.Errorf("WHATWG = %q, %+v; want %q", got, f, dir)
	}
	if f := run(func(tb TB) { CheckOptional(tb) }); f.failed != "" {
		t.Errorf("CheckOptional failed: %+v", f)
	}
}

package cjk_test

import (
	"slices"
	"testing"

	"golang.org/x/text/transform"

	"github.com/webenc/webenc/whatwg/internal/codectest"
)

// cjkResumeCase is a hand-written fatal-resume case: the input, the output
// of a fatal decoder resumed after each error with U+FFFD in its place, and
// the bytes consumed in all when each error was returned.
type cjkResumeCase struct {
	name string // the spec step
	in   string
	want string
	ends []int
}

// cjkCheckResumeCases runs hand-written fatal-resume cases through
// codectest.Resume (all the input at once), and the fatal decoder fed
// byte by byte against it.
func cjkCheckResumeCases(t *testing.T, newFatal, newRepl func() transform.Transformer, cases []cjkResumeCase) {
	t.Helper()
	for _, c := range cases {
		r := codectest.Resume(t, newFatal(), []byte(c.in), len(c.in)+1, 4*len(c.in)+64)
		if string(r.Out) != c.want || !slices.Equal(r.Ends, c.ends) {
			t.Errorf("%s: fatal resume %q = %q, errors ending at %v; want %q, %v", c.name, c.in, r.Out, r.Ends, c.want, c.ends)
		}
		codectest.CheckFatalResume(t, newFatal(), newRepl(), []byte(c.in))
		b := codectest.Resume(t, newFatal(), []byte(c.in), 1, 4*len(c.in)+64)
		if string(b.Out) != string(r.Out) || !codectest.SameErrors(b.Errs, r.Errs) {
			t.Errorf("%s: fatal resume %q byte by byte = %q %q; in one call %q %q", c.name, c.in, b.Out, b.Errs, r.Out, r.Errs)
		}
	}
}

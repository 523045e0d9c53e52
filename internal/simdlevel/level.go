// Package simdlevel chooses, once at start-up, the level of vector kernel
// forms that whatwg/internal/simd runs, and names it. It lies outside whatwg
// so that the bench, which cannot import whatwg/internal/simd, reports the
// level the codecs run.
package simdlevel

import (
	"os"
	"strings"
)

// A Level is a set of kernel forms: the process runs the forms of one
// level, chosen once at start-up (Current). Each level also runs the forms
// of the levels below it where it has none of its own.
type Level uint8

const (
	// Generic runs the pure-Go forms: every platform, and the purego
	// build.
	Generic Level = iota
	// AVX2 runs the AVX2 form of every kernel (amd64).
	AVX2
	// AVX512 adds the AVX-512 ASCII and UTF-8 forms (asciiAVX512,
	// utf8BlocksAVX512); UTF-16 runs the AVX2 forms.
	AVX512
	// AVX512VBMI adds the AVX-512 forms that permute and compress bytes:
	// single-byte decoding (decodeSBCSAVX512) and UTF-16
	// (utf16ToUTF8AVX512, utf8ToUTF16AVX512).
	AVX512VBMI
)

// A Feature is a CPU feature that a level's assembly uses, and whether this
// CPU has it.
type Feature struct {
	Name string
	Has  bool
}

// A Spec names a level and lists every CPU feature its forms, and those of
// the levels below it, use.
type Spec struct {
	Name     string
	Requires []Feature
}

// Missing returns the features of s this CPU lacks.
func (s Spec) Missing() []string {
	var out []string
	for _, f := range s.Requires {
		if !f.Has {
			out = append(out, f.Name)
		}
	}
	return out
}

// Supported reports whether this CPU has every feature level l requires.
func Supported(l Level) bool {
	return int(l) < len(Specs) && len(Specs[l].Missing()) == 0
}

// Env is the environment variable that lowers the level: set to a level's
// name (generic, avx2, avx512, avx512vbmi), it makes the process run that
// level if the CPU supports a higher one, so that one machine tests the
// forms of every level it has. It never raises the level.
const Env = "WEBENC_SIMD"

// current is the level this process runs and note what became of Env;
// both are set once at start-up and never written afterwards.
var current, note = Choose(os.Getenv(Env))

// Current returns the level this process runs.
func Current() Level { return current }

// Choose returns the highest level this CPU supports, or the one env names
// if that is lower, and a note on env for Kernels.
func Choose(env string) (Level, string) {
	best := Generic
	for best+1 < Level(len(Specs)) && Supported(best+1) {
		best++
	}
	if env == "" {
		return best, ""
	}
	for l, s := range Specs {
		if s.Name != env {
			continue
		}
		if Level(l) > best {
			return best, "; " + Env + "=" + env + " ignored: this CPU lacks " + strings.Join(s.Missing(), ", ")
		}
		return Level(l), "; lowered by " + Env + "=" + env
	}
	return best, "; " + Env + "=" + env + " ignored: not a level of this build"
}

// Kernels names the level this process runs, the features it requires and
// any effect of WEBENC_SIMD, for logs and the bench.
func Kernels() string {
	s := Specs[current]
	names := make([]string, len(s.Requires))
	for i, f := range s.Requires {
		names[i] = f.Name
	}
	if len(names) == 0 {
		return s.Name + " (pure Go)" + note
	}
	return s.Name + " (" + strings.Join(names, " ") + ")" + note
}

package simd

import (
	"os"
	"strings"
)

// A level is a set of kernel forms: the process runs the forms of one
// level, chosen once at start-up (cpuLevel). Each level also runs the forms
// of the levels below it where it has none of its own.
type level uint8

const (
	// levelGeneric runs the pure-Go forms: every platform, and the
	// purego build.
	levelGeneric level = iota
	// levelAVX2 runs the AVX2 form of every kernel (amd64).
	levelAVX2
	// levelAVX512 adds the AVX-512 ASCII forms (asciiAVX512) and the
	// UTF-16 decoding form that needs no VBMI (utf16ToUTF8AVX512BW).
	levelAVX512
	// levelAVX512VBMI adds the AVX-512 forms that permute and compress
	// bytes: single-byte decoding (decodeSBCSAVX512) and UTF-16
	// (utf16ToUTF8AVX512, utf8ToUTF16AVX512).
	levelAVX512VBMI
)

// A feature is a CPU feature that a level's assembly uses, and whether
// this CPU has it.
type feature struct {
	name string
	has  bool
}

// A levelSpec names a level and lists every CPU feature its forms, and
// those of the levels below it, use.
type levelSpec struct {
	name     string
	requires []feature
}

// missing returns the features of s this CPU lacks.
func (s levelSpec) missing() []string {
	var out []string
	for _, f := range s.requires {
		if !f.has {
			out = append(out, f.name)
		}
	}
	return out
}

// supported reports whether this CPU has every feature level l requires.
func supported(l level) bool {
	return int(l) < len(levelSpecs) && len(levelSpecs[l].missing()) == 0
}

// levelEnv is the environment variable that lowers the level: set to a
// level's name (generic, avx2, avx512, avx512vbmi), it makes the process
// run that level if the CPU supports a higher one, so that one machine
// tests the forms of every level it has. It never raises the level.
const levelEnv = "WEBENC_SIMD"

// cpuLevel is the level this process runs and levelNote what became of
// levelEnv; both are set once at start-up and never written afterwards.
var cpuLevel, levelNote = chooseLevel(os.Getenv(levelEnv))

// chooseLevel returns the highest level this CPU supports, or the one env
// names if that is lower, and a note on env for Kernels.
func chooseLevel(env string) (level, string) {
	best := levelGeneric
	for best+1 < level(len(levelSpecs)) && supported(best+1) {
		best++
	}
	if env == "" {
		return best, ""
	}
	for l, s := range levelSpecs {
		if s.name != env {
			continue
		}
		if level(l) > best {
			return best, "; " + levelEnv + "=" + env + " ignored: this CPU lacks " + strings.Join(s.missing(), ", ")
		}
		return level(l), "; lowered by " + levelEnv + "=" + env
	}
	return best, "; " + levelEnv + "=" + env + " ignored: not a level of this build"
}

// Kernels names the level this process runs, the features it requires and
// any effect of WEBENC_SIMD, for logs and the bench.
func Kernels() string {
	s := levelSpecs[cpuLevel]
	names := make([]string, len(s.requires))
	for i, f := range s.requires {
		names[i] = f.name
	}
	if len(names) == 0 {
		return s.name + " (pure Go)" + levelNote
	}
	return s.name + " (" + strings.Join(names, " ") + ")" + levelNote
}

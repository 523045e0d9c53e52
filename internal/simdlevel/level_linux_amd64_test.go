//go:build !purego

package simdlevel

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// cpuinfoFlag is the name /proc/cpuinfo gives each feature of Specs.
var cpuinfoFlag = map[string]string{
	"AVX2": "avx2", "BMI1": "bmi1", "BMI2": "bmi2", "POPCNT": "popcnt",
	"AVX512F": "avx512f", "AVX512BW": "avx512bw", "AVX512VL": "avx512vl",
	"AVX512VBMI": "avx512vbmi", "AVX512VBMI2": "avx512_vbmi2",
}

// TestLevelMatchesCPUInfo checks the levels against the flags the kernel
// reports in /proc/cpuinfo, not through golang.org/x/sys/cpu: every level
// whose features are all listed must be supported, and without
// WEBENC_SIMD the process must run the highest of them. On a host with
// AVX-512 this fails if the AVX-512 forms do not run.
func TestLevelMatchesCPUInfo(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("cannot read /proc/cpuinfo: %v", err)
	}
	var flags []string
	for line := range strings.Lines(string(info)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = strings.Fields(v)
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	best := Generic
	for l, s := range Specs {
		listed := true
		for _, f := range s.Requires {
			flag, ok := cpuinfoFlag[f.Name]
			if !ok {
				t.Fatalf("no /proc/cpuinfo flag for %s", f.Name)
			}
			listed = listed && slices.Contains(flags, flag)
		}
		if listed != Supported(Level(l)) {
			t.Errorf("level %s: /proc/cpuinfo lists all its features: %v; supported: %v", s.Name, listed, Supported(Level(l)))
		}
		if listed {
			best = Level(l)
		}
	}
	if os.Getenv(Env) == "" && current != best {
		t.Errorf("the process runs level %s; this CPU has %s", Specs[current].Name, Specs[best].Name)
	}
}

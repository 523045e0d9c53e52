package main

import (
	"bufio"
	"os"
	"strings"

	"github.com/webenc/webenc/internal/simdlevel"
)

// simdKernels names the level of vector kernels the codecs run in this
// process, its CPU features and any effect of WEBENC_SIMD
// (whatwg/internal/simd runs the level internal/simdlevel chooses), so that
// figures say which kernels made them.
func simdKernels() string { return simdlevel.Kernels() }

// cpuModel returns the CPU's model name from /proc/cpuinfo with its family
// and model numbers (a virtual machine's name can be as vague as "AMD
// EPYC"), or "unknown CPU" where there is none.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	fields := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() && s.Text() != "" { // the first processor's lines
		if k, v, ok := strings.Cut(s.Text(), ":"); ok {
			fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	name := fields["model name"]
	if name == "" {
		return "unknown CPU"
	}
	if fields["cpu family"] != "" {
		name += " (family " + fields["cpu family"] + ", model " + fields["model"] + ")"
	}
	return name
}

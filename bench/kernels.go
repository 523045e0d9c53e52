package main

import (
	"bufio"
	"os"
	"strings"
	_ "unsafe" // for go:linkname

	_ "github.com/webenc/webenc/whatwg/utf8" // links whatwg/internal/simd
)

// simdKernels is whatwg/internal/simd.Kernels: the level of vector kernels
// this process runs, its CPU features and any effect of WEBENC_SIMD. The
// bench lies outside whatwg, so it cannot import the internal package;
// the report names the level so that figures say which kernels made them.
//
//go:linkname simdKernels github.com/webenc/webenc/whatwg/internal/simd.Kernels
func simdKernels() string

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

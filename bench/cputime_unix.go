//go:build unix

package main

import "syscall"

// processCPU returns the CPU time the process has used (user and system),
// in seconds, and true: on a machine shared with other work it measures
// the work done, where wall time also counts the waits for a core.
func processCPU() (float64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9, true
}

//go:build unix

package fuzzbench

import "syscall"

// cpuTime returns the CPU time (user and system) the process has used, in
// nanoseconds, and true; on a machine shared with other work it measures
// the work done, where wall time also counts the waits for a core.
func cpuTime() (int64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
